// The tier table of one cargo row (spec section 3): users type the cells; row subtotals, column totals and the
// row's discharge / load / restow are computed with computeCargoQuantities, never typed.
import type { ReactNode } from 'react';
import { Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/number-format';
import { fullKindKey, type TFullKind } from '@/entities/portcall/enum-labels';
import { useLocale } from '@/hooks/use-locale';
import {
  CARGO_OPERATIONS,
  CONTAINER_FULL_KINDS,
  CONTAINER_SIZES,
  VEHICLE_FULL_KINDS,
  VEHICLE_KINDS,
  ZCargoQuantities,
  computeCargoQuantities,
  type TCargoOperation,
  type TCargoQuantitiesInput,
  type TQuantityTotals,
} from '@quayline/domain';

export const TIER_CHOICES = ['none', '1', '2', '3-containers', '3-vehicles', '4-containers', '4-vehicles'] as const;
export type TTierChoice = (typeof TIER_CHOICES)[number];

const TIER_LABEL_KEYS = {
  none: 'portcalls.tiers.none',
  '1': 'portcalls.tiers.tier_1',
  '2': 'portcalls.tiers.tier_2',
  '3-containers': 'portcalls.tiers.tier_3_containers',
  '3-vehicles': 'portcalls.tiers.tier_3_vehicles',
  '4-containers': 'portcalls.tiers.tier_4_containers',
  '4-vehicles': 'portcalls.tiers.tier_4_vehicles',
} as const satisfies Record<TTierChoice, string>;
export const tierLabelKey = (choice: TTierChoice) => TIER_LABEL_KEYS[choice];

export function tierChoiceOf(q: TCargoQuantitiesInput | null): TTierChoice {
  if (!q) return 'none';
  if (q.tier === 1 || q.tier === 2) return String(q.tier) as TTierChoice;
  return `${q.tier}-${q.unit}`;
}

const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const perOperation = <T,>(make: () => T) => ({ discharge: make(), load: make(), restow: make() });

/** A blank table of the chosen tier; tier 1 starts from the row's current numbers. */
export function emptyQuantities(choice: TTierChoice, current: Record<TCargoOperation, number>): TCargoQuantitiesInput | null {
  switch (choice) {
    case 'none':
      return null;
    case '1':
      return { tier: 1, values: { ...current } };
    case '2':
      return { tier: 2, full: zeros(CARGO_OPERATIONS), empty: zeros(CARGO_OPERATIONS) };
    case '3-containers':
      return { tier: 3, unit: 'containers', values: perOperation(() => ({ full: zeros(CONTAINER_SIZES), empty: zeros(CONTAINER_SIZES) })) };
    case '3-vehicles':
      return { tier: 3, unit: 'vehicles', values: perOperation(() => ({ full: zeros(VEHICLE_KINDS), empty: zeros(VEHICLE_KINDS) })) };
    case '4-containers':
      return {
        tier: 4,
        unit: 'containers',
        values: perOperation(() => ({ full: Object.fromEntries(CONTAINER_FULL_KINDS.map((k) => [k, zeros(CONTAINER_SIZES)])) as Record<(typeof CONTAINER_FULL_KINDS)[number], Record<(typeof CONTAINER_SIZES)[number], number>>, empty: zeros(CONTAINER_SIZES) })),
      };
    case '4-vehicles':
      return {
        tier: 4,
        unit: 'vehicles',
        values: perOperation(() => ({ full: Object.fromEntries(VEHICLE_FULL_KINDS.map((k) => [k, zeros(VEHICLE_KINDS)])) as Record<(typeof VEHICLE_FULL_KINDS)[number], Record<(typeof VEHICLE_KINDS)[number], number>>, empty: zeros(VEHICLE_KINDS) })),
      };
  }
}

/** The totals of a table, or null while it does not parse. */
export function quantityTotals(q: TCargoQuantitiesInput | null): TQuantityTotals | null {
  if (!q) return null;
  const parsed = ZCargoQuantities.safeParse(q);
  return parsed.success ? computeCargoQuantities(parsed.data) : null;
}

type TPath = (string | number)[];
const getAt = (obj: unknown, path: TPath): number => {
  let cur = obj as Record<string | number, unknown> | undefined;
  for (const key of path) cur = cur?.[key] as Record<string | number, unknown> | undefined;
  return typeof cur === 'number' ? cur : 0;
};
const setAt = <T,>(obj: T, path: TPath, value: number): T => {
  const copy = structuredClone(obj) as Record<string | number, unknown>;
  let cur = copy;
  for (const key of path.slice(0, -1)) cur = cur[key] as Record<string | number, unknown>;
  cur[path[path.length - 1]!] = value;
  return copy as T;
};
/** A typed cell: a whole number from 0; blank or invalid counts as 0. */
const cellValue = (text: string) => {
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? Math.min(1_000_000, Math.floor(n)) : 0;
};

type TCargoTierTableProps = { quantities: TCargoQuantitiesInput; onChange: (next: TCargoQuantitiesInput) => void; rowNumber: number };

export function CargoTierTable({ quantities, onChange, rowNumber }: TCargoTierTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const totals = quantityTotals(quantities);
  const n = (value: number | undefined) => (value === undefined ? '-' : formatNumber(value, locale, 0));
  const opLabel = (op: TCargoOperation) => t(`portcalls.cargo.${op}`);
  const columnLabel = (key: string) => (key in { cars: 1, trucks: 1, trailers: 1, others: 1 } ? t(`portcalls.tiers.${key as (typeof VEHICLE_KINDS)[number]}`) : `${key}′`);

  const cell = (path: TPath, label: string) => (
    <Table.Td key={path.join('.')} p={4}>
      <TextInput
        size="xs"
        type="number"
        min={0}
        step={1}
        w={76}
        value={String(getAt(quantities, path))}
        onChange={(e) => onChange(setAt(quantities, path, cellValue(e.currentTarget.value)))}
        aria-label={`${t('portcalls.cargo.row', { number: rowNumber })}: ${label}`}
        data-testid={`tier-cell-${path.join('-')}`}
        styles={{ input: { textAlign: 'right' } }}
      />
    </Table.Td>
  );
  const computed = (value: string, testId: string, bold = false) => (
    <Table.Td key={testId} ta="right" fw={bold ? 700 : 600} bg="gray.1" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Table.Td>
  );
  const head = (cols: ReactNode[]) => (
    <Table.Thead>
      <Table.Tr>{cols.map((c, i) => (<Table.Th key={i} ta={i === 0 ? 'left' : 'right'} fz="xs">{c}</Table.Th>))}</Table.Tr>
    </Table.Thead>
  );
  const wrap = (minWidth: number, table: ReactNode, key?: string) => (
    <Table.ScrollContainer key={key} minWidth={minWidth} type="native">
      {table}
    </Table.ScrollContainer>
  );

  let body: ReactNode;
  if (quantities.tier === 1) {
    body = wrap(
      360,
      <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid="tier-table">
        {head([t('portcalls.tiers.quantity'), ...CARGO_OPERATIONS.map(opLabel), t('portcalls.tiers.column_total')])}
        <Table.Tbody>
          <Table.Tr>
            <Table.Td fz="sm">{t('portcalls.tiers.quantity')}</Table.Td>
            {CARGO_OPERATIONS.map((op) => cell(['values', op], opLabel(op)))}
            {computed(n(totals?.total), 'tier-total', true)}
          </Table.Tr>
        </Table.Tbody>
      </Table>,
    );
  } else if (quantities.tier === 2) {
    const rowOf = (kind: 'full' | 'empty') => (
      <Table.Tr key={kind}>
        <Table.Td fz="sm">{t(`portcalls.tiers.${kind}`)}</Table.Td>
        {CARGO_OPERATIONS.map((op) => cell([kind, op], `${t(`portcalls.tiers.${kind}`)}, ${opLabel(op)}`))}
        {computed(n(totals?.[kind] ? CARGO_OPERATIONS.reduce((s, op) => s + totals[kind]![op], 0) : undefined), `tier-subtotal-${kind}`)}
      </Table.Tr>
    );
    body = wrap(
      400,
      <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid="tier-table">
        {head(['', ...CARGO_OPERATIONS.map(opLabel), t('portcalls.tiers.subtotal')])}
        <Table.Tbody>
          {rowOf('full')}
          {rowOf('empty')}
          <Table.Tr>
            <Table.Td fz="sm" fw={600}>{t('portcalls.tiers.column_total')}</Table.Td>
            {CARGO_OPERATIONS.map((op) => computed(n(totals?.[op]), `tier-column-${op}`))}
            {computed(n(totals?.total), 'tier-total', true)}
          </Table.Tr>
        </Table.Tbody>
      </Table>,
    );
  } else {
    const isContainers = quantities.unit === 'containers';
    const columns: readonly string[] = isContainers ? CONTAINER_SIZES : VEHICLE_KINDS;
    const fullKinds: readonly string[] = quantities.tier === 4 ? (isContainers ? CONTAINER_FULL_KINDS : VEHICLE_FULL_KINDS) : [];
    const rowSum = (path: TPath) => columns.reduce((s, c) => s + getAt(quantities, [...path, c]), 0);
    const inputRow = (op: TCargoOperation, path: TPath, label: string) => (
      <Table.Tr key={path.join('.')}>
        <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>{label}</Table.Td>
        {columns.map((c) => cell([...path, c], `${opLabel(op)}, ${label}, ${columnLabel(c)}`))}
        {computed(n(rowSum(path)), `tier-rowsum-${path.join('-')}`)}
      </Table.Tr>
    );
    body = (
      <Stack gap="xs">
        {CARGO_OPERATIONS.map((op) =>
          wrap(
            140 + columns.length * 84 + 90,
            <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid={`tier-table-${op}`}>
              {head([opLabel(op), ...columns.map(columnLabel), t('portcalls.tiers.subtotal')])}
              <Table.Tbody>
                {quantities.tier === 3
                  ? inputRow(op, ['values', op, 'full'], t('portcalls.tiers.full'))
                  : [
                      ...fullKinds.map((kind) => inputRow(op, ['values', op, 'full', kind], t(fullKindKey(kind as TFullKind)))),
                      <Table.Tr key="full-subtotal">
                        <Table.Td fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{t('portcalls.tiers.full_subtotal')}</Table.Td>
                        {columns.map((c) => computed(n(fullKinds.reduce((s, kind) => s + getAt(quantities, ['values', op, 'full', kind, c]), 0)), `tier-fullcol-${op}-${c}`))}
                        {computed(n(totals?.full?.[op]), `tier-full-${op}`)}
                      </Table.Tr>,
                    ]}
                {inputRow(op, ['values', op, 'empty'], t('portcalls.tiers.empty'))}
                <Table.Tr>
                  <Table.Td fz="sm" fw={600}>{t('portcalls.tiers.column_total')}</Table.Td>
                  {columns.map((c) => computed(n(totals?.columns?.[op][c]), `tier-column-${op}-${c}`))}
                  {computed(n(totals?.[op]), `tier-op-total-${op}`, true)}
                </Table.Tr>
              </Table.Tbody>
            </Table>,
            op,
          ),
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={6} data-testid="tier-table-box">
      {body}
      <Text size="sm" fw={650} ta="right" data-testid="tier-table-total">
        {t('portcalls.tiers.table_total', { total: n(totals?.total) })}
      </Text>
    </Stack>
  );
}
