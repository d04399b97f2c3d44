// Cargo detail rows of the form: add, remove, fold and unfold rows; discharge, load and restow give a total that is
// computed, never typed. A folded row shows a one-line summary; a row with an error stays open so the error is seen.
import { useState } from 'react';
import { ActionIcon, Button, Collapse, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconChevronDown, IconClockPlay, IconFoldDown, IconFoldUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CARGO_TYPES, MOVE_COUNT_UNITS, cargoOperationsHours, cargoTotal, type TCargoQuantitiesInput } from '@quayline/domain';
import { formatNumber } from '@/lib/number-format';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { fromZonedInputValue, toZonedInputValue } from '@/lib/zoned-time';
import { prefillCargoOpsDuration } from '../api/planning';
import { CargoTierTable, emptyQuantities, quantityTotals, TIER_CHOICES, tierChoiceOf, tierLabelKey, type TTierChoice } from './cargo-tier-table';
import { emptyCargoRow, parseNumberField, tierTotals, type TCargoRowValues } from '../utils/form-values';
import { cargoTypeKey, unitKey } from '@/entities/portcall/enum-labels';
import { DateTimeField } from '@/components/date-inputs';
import { useLocale } from '@/hooks/use-locale';

export const MAX_CARGO_ROWS = 50;

type TCargoDetailsEditorProps = {
  rows: TCargoRowValues[];
  onChange: (rows: TCargoRowValues[]) => void;
  errorOf: (path: string) => string | undefined;
  timeZone: string;
};

const quantity = (value: string) => {
  const parsed = parseNumberField(value, { min: 0, max: 1_000_000, blank: 'zero' });
  return parsed.ok ? parsed.value : null;
};

/** The row's total, or null while one of its numbers is not a valid quantity. */
export function rowTotal(row: Pick<TCargoRowValues, 'discharge' | 'load' | 'restow' | 'quantities'>): number | null {
  const fromTier = tierTotals(row);
  if (fromTier) return cargoTotal(fromTier);
  const discharge = quantity(row.discharge);
  const load = quantity(row.load);
  const restow = quantity(row.restow);
  if (discharge === null || load === null || restow === null) return null;
  return cargoTotal({ discharge, load, restow });
}

/** The row's discharge, load and restow follow its table, so switching the table off keeps the last figures. */
function withQuantities(quantities: TCargoQuantitiesInput | null): Partial<TCargoRowValues> {
  const totals = quantityTotals(quantities);
  return totals ? { quantities, discharge: String(totals.discharge), load: String(totals.load), restow: String(totals.restow) } : { quantities };
}

/** Asks the server how long the row's moves take and sets its end from its start. */
function PrefillDurationButton({ row, timeZone, onEnd }: { row: TCargoRowValues; timeZone: string; onEnd: (end: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const [state, setState] = useState<{ busy: boolean; error: string | null; hours: number | null }>({ busy: false, error: null, hours: null });
  const moveCount = parseNumberField(row.move_count, { min: 0, max: 1_000_000, blank: 'zero' });
  const unitsPerHour = parseNumberField(row.units_per_hour, { min: 0, max: 10_000, blank: 'null' });
  const intensity = parseNumberField(row.crane_intensity, { min: 0.1, max: 20, blank: 'null' });
  const start = row.cargo_operations_start.trim() ? fromZonedInputValue(row.cargo_operations_start, timeZone) : null;
  const ready = moveCount.ok && unitsPerHour.ok && unitsPerHour.value !== null && unitsPerHour.value > 0 && intensity.ok && start !== null;
  const run = async () => {
    if (!ready) return;
    setState({ busy: true, error: null, hours: null });
    try {
      const answer = await prefillCargoOpsDuration({ move_count: moveCount.value ?? 0, units_per_hour: unitsPerHour.value!, crane_intensity: intensity.value ?? 1, cargo_operations_start: start });
      if (answer.cargo_operations_end) onEnd(toZonedInputValue(answer.cargo_operations_end, timeZone));
      setState({ busy: false, error: null, hours: answer.hours });
    } catch (error) {
      setState({ busy: false, error: errorText(error), hours: null });
    }
  };
  return (
    <Stack gap={2}>
      <Tooltip label={t('portcalls.tiers.prefill_duration_needs')} disabled={ready}>
        <Button variant="light" size="xs" leftSection={<IconClockPlay size={16} />} onClick={() => void run()} loading={state.busy} disabled={!ready} data-testid="cargo-prefill-duration" style={{ alignSelf: 'flex-start' }}>
          {t('portcalls.tiers.prefill_duration')}
        </Button>
      </Tooltip>
      {state.hours !== null && (
        <Text size="xs" c="dimmed">
          {t('portcalls.tiers.prefill_duration_done', { hours: formatNumber(state.hours, locale, 2) })}
        </Text>
      )}
      {state.error && (
        <Text size="xs" c="red" role="alert">
          {state.error}
        </Text>
      )}
    </Stack>
  );
}

/** The row's fields that can carry an error: a folded row with one of them opens. */
const ROW_FIELDS = ['cargo_type', 'cargo_sub_type', 'product_type', 'move_count', 'discharge', 'load', 'restow', 'units_per_hour', 'crane_intensity', 'cargo_operations_start', 'cargo_operations_end', 'comment', 'quantities'] as const;

export function CargoDetailsEditor({ rows, onChange, errorOf, timeZone }: TCargoDetailsEditorProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const update = (index: number, patch: Partial<TCargoRowValues>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const chooseTier = (index: number, row: TCargoRowValues, choice: TTierChoice) => {
    const current = { discharge: quantity(row.discharge) ?? 0, load: quantity(row.load) ?? 0, restow: quantity(row.restow) ?? 0 };
    update(index, withQuantities(emptyQuantities(choice, { discharge: Math.floor(current.discharge), load: Math.floor(current.load), restow: Math.floor(current.restow) })));
  };
  const totals = rows.map(rowTotal);
  const grandTotal = totals.every((v) => v !== null) ? totals.reduce<number>((sum, v) => sum + (v ?? 0), 0) : null;
  const anyOpen = rows.some((row) => row.isExpanded);

  return (
    <Stack gap="sm" data-testid="cargo-details">
      {rows.map((row, index) => {
        const path = (field: string) => `cargo_details.${index}.${field}`;
        const total = totals[index] ?? null;
        const tier = tierTotals(row);
        const moveCount = quantity(row.move_count);
        const unitsPerHour = parseNumberField(row.units_per_hour, { min: 0, max: 10_000, blank: 'null' });
        const intensity = parseNumberField(row.crane_intensity, { min: 0.1, max: 20, blank: 'null' });
        const hours =
          moveCount !== null && unitsPerHour.ok && intensity.ok
            ? cargoOperationsHours({ moveCount, unitsPerHour: unitsPerHour.value, craneIntensity: intensity.value ?? 1 })
            : null;
        const hasError = ROW_FIELDS.some((field) => errorOf(path(field)) !== undefined);
        const isOpen = row.isExpanded || hasError;
        const bodyId = `cargo-row-body-${row.key}`;
        const rowName = t('portcalls.cargo.row', { number: index + 1 });
        return (
          <Paper key={row.key} withBorder radius="md" p="sm" bg="gray.0" data-testid="cargo-row" data-expanded={isOpen}>
            <Stack gap={isOpen ? 'sm' : 0}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => update(index, { isExpanded: !isOpen })}
                    disabled={hasError}
                    aria-expanded={isOpen}
                    aria-controls={bodyId}
                    aria-label={t(isOpen ? 'portcalls.cargo.collapse_row' : 'portcalls.cargo.expand_row', { number: index + 1 })}
                    data-testid="cargo-row-toggle"
                  >
                    <IconChevronDown size={18} style={{ transform: isOpen ? undefined : 'rotate(-90deg)', transition: 'transform 150ms ease' }} />
                  </ActionIcon>
                  <Text size="sm" fw={650} c="navy.9" style={{ whiteSpace: 'nowrap' }}>
                    {rowName}
                  </Text>
                  {!isOpen && (
                    <Text size="sm" c="dimmed" truncate="end" data-testid="cargo-row-summary">
                      {t('portcalls.cargo.row_summary', { type: t(cargoTypeKey(row.cargo_type)), total: total === null ? '-' : formatNumber(total, locale, 0), unit: t(unitKey(row.move_count_unit)) })}
                    </Text>
                  )}
                </Group>
                <Tooltip label={t('portcalls.cargo.remove_row')}>
                  <ActionIcon variant="subtle" color="red" onClick={() => onChange(rows.filter((_, i) => i !== index))} aria-label={t('portcalls.cargo.remove_row_number', { number: index + 1 })} data-testid="cargo-row-remove">
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Collapse in={isOpen} id={bodyId} transitionDuration={150}>
                <Stack gap="sm">
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
                    <Select
                      size="sm"
                      label={t('portcalls.cargo.type')}
                      data={CARGO_TYPES.map((type) => ({ value: type, label: t(cargoTypeKey(type)) }))}
                      value={row.cargo_type}
                      onChange={(value) => value && update(index, { cargo_type: value as TCargoRowValues['cargo_type'] })}
                      allowDeselect={false}
                      error={errorOf(path('cargo_type'))}
                      data-testid="cargo-type"
                    />
                    <TextField size="sm" label={t('portcalls.cargo.sub_type')} value={row.cargo_sub_type} onChange={(e) => update(index, { cargo_sub_type: e.currentTarget.value })} error={errorOf(path('cargo_sub_type'))} />
                    <TextField size="sm" label={t('portcalls.cargo.product_type')} value={row.product_type} onChange={(e) => update(index, { product_type: e.currentTarget.value })} error={errorOf(path('product_type'))} />
                    <Select
                      size="sm"
                      label={t('portcalls.cargo.move_count_unit')}
                      data={MOVE_COUNT_UNITS.map((unit) => ({ value: unit, label: t(unitKey(unit)) }))}
                      value={row.move_count_unit}
                      onChange={(value) => value && update(index, { move_count_unit: value as TCargoRowValues['move_count_unit'] })}
                      allowDeselect={false}
                    />
                    {(['discharge', 'load', 'restow'] as const).map((operation) =>
                      tier ? (
                        <TextInput
                          key={operation}
                          size="sm"
                          label={t(`portcalls.cargo.${operation}`)}
                          description={t('portcalls.cargo.from_tier_table')}
                          value={formatNumber(tier[operation], locale, 0)}
                          readOnly
                          variant="filled"
                          data-testid={`cargo-${operation}`}
                        />
                      ) : (
                        <TextField
                          key={operation}
                          size="sm"
                          type="number"
                          min={0}
                          label={t(`portcalls.cargo.${operation}`)}
                          value={row[operation]}
                          onChange={(e) => update(index, { [operation]: e.currentTarget.value })}
                          error={errorOf(path(operation))}
                          data-testid={`cargo-${operation}`}
                        />
                      ),
                    )}
                    <TextInput
                      size="sm"
                      label={t('portcalls.cargo.total')}
                      description={t('portcalls.cargo.total_hint')}
                      value={total === null ? '-' : formatNumber(total, locale, 0)}
                      readOnly
                      tabIndex={-1}
                      variant="filled"
                      styles={{ input: { fontWeight: 700 } }}
                      data-testid="cargo-total"
                    />
                    <TextField size="sm" type="number" min={0} label={t('portcalls.cargo.move_count')} value={row.move_count} onChange={(e) => update(index, { move_count: e.currentTarget.value })} error={errorOf(path('move_count'))} />
                    <TextField size="sm" type="number" min={0} label={t('portcalls.cargo.units_per_hour')} value={row.units_per_hour} onChange={(e) => update(index, { units_per_hour: e.currentTarget.value })} error={errorOf(path('units_per_hour'))} />
                    <TextField
                      size="sm"
                      type="number"
                      min={0.1}
                      step={0.1}
                      label={t('portcalls.cargo.crane_intensity')}
                      value={row.crane_intensity}
                      onChange={(e) => update(index, { crane_intensity: e.currentTarget.value })}
                      error={errorOf(path('crane_intensity'))}
                    />
                    <TextInput size="sm" label={t('portcalls.cargo.operations_hours')} value={hours === null ? '-' : formatNumber(hours, locale, 1)} readOnly tabIndex={-1} variant="filled" />
                    <DateTimeField clearable
                      size="sm"
                      label={t('portcalls.fields.cargo_operations_start')}
                      value={row.cargo_operations_start}
                      onChange={(next) => update(index, { cargo_operations_start: next })}
                      error={errorOf(path('cargo_operations_start'))}
                      description={timeZone}
                    />
                    <DateTimeField clearable
                      size="sm"
                      label={t('portcalls.fields.cargo_operations_end')}
                      value={row.cargo_operations_end}
                      onChange={(next) => update(index, { cargo_operations_end: next })}
                      error={errorOf(path('cargo_operations_end'))}
                      description={timeZone}
                    />
                    <TextField size="sm" label={t('portcalls.cargo.comment')} value={row.comment} maxLength={1000} onChange={(e) => update(index, { comment: e.currentTarget.value })} error={errorOf(path('comment'))} style={{ gridColumn: '1 / -1' }} />
                  </SimpleGrid>
                  <PrefillDurationButton row={row} timeZone={timeZone} onEnd={(end) => update(index, { cargo_operations_end: end })} />
                  <Select
                    size="sm"
                    label={t('portcalls.tiers.label')}
                    data={TIER_CHOICES.map((choice) => ({ value: choice, label: t(tierLabelKey(choice)) }))}
                    value={tierChoiceOf(row.quantities)}
                    onChange={(value) => value && chooseTier(index, row, value as TTierChoice)}
                    allowDeselect={false}
                    maw={420}
                    error={errorOf(path('quantities'))}
                    data-testid="cargo-tier"
                  />
                  {row.quantities && <CargoTierTable quantities={row.quantities} rowNumber={index + 1} onChange={(next) => update(index, withQuantities(next))} />}
                </Stack>
              </Collapse>
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} onClick={() => onChange([...rows, emptyCargoRow()])} disabled={rows.length >= MAX_CARGO_ROWS} data-testid="cargo-add">
            {t('portcalls.cargo.add_row')}
          </Button>
          {rows.length > 1 && (
            <Button
              variant="subtle"
              size="sm"
              leftSection={anyOpen ? <IconFoldUp size={16} /> : <IconFoldDown size={16} />}
              onClick={() => onChange(rows.map((row) => ({ ...row, isExpanded: !anyOpen })))}
              data-testid="cargo-toggle-all"
            >
              {t(anyOpen ? 'portcalls.cargo.collapse_all' : 'portcalls.cargo.expand_all')}
            </Button>
          )}
        </Group>
        {rows.length > 0 && (
          <Text size="sm" fw={600} data-testid="cargo-grand-total">
            {t('portcalls.cargo.grand_total', { total: grandTotal === null ? '-' : formatNumber(grandTotal, locale, 0) })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
