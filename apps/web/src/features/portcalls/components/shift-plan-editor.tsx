// The shift plan of the form: shifts prefilled over the cargo window by the server, then edited (cargo type, sub-type and
// product, volumes, gangs, resources, contact, equipment numbers).
import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/number-format';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { fromZonedInputValue, toZonedInputValue } from '@/lib/zoned-time';
import { prefillShiftDetails } from '../api/planning';
import { CARGO_TYPES } from '@quayline/domain';
import { cargoTypeKey } from '@/entities/portcall/enum-labels';
import { emptyShiftRow, parseNumberField, shiftTotalResources, type TShiftRowValues } from '../utils/form-values';
import { DateTimeField } from '@/components/date-inputs';
import { useLocale } from '@/hooks/use-locale';

export const MAX_SHIFT_ROWS = 200;

type TShiftPlanEditorProps = {
  rows: TShiftRowValues[];
  onChange: (rows: TShiftRowValues[]) => void;
  errorOf: (path: string) => string | undefined;
  timeZone: string;
  terminalId: number | null;
  /** The call's cargo window (wall-clock) and its moves, what the prefill spreads over the terminal's shifts. */
  cargoWindow: { start: string; end: string };
  moves: { discharge: number; load: number; restow: number };
};

/** The shift's quantity (discharge + load + restow) as typed, or null while one of them is not a valid number. */
export function shiftRowQuantity(row: Pick<TShiftRowValues, 'discharge' | 'load' | 'restow'>): number | null {
  const parts = [row.discharge, row.load, row.restow].map((value) => parseNumberField(value, { min: 0, max: 1_000_000, isInteger: true, blank: 'zero' }));
  return parts.every((p) => p.ok) ? parts.reduce((sum, p) => sum + ((p.ok && p.value) || 0), 0) : null;
}

export function ShiftPlanEditor({ rows, onChange, errorOf, timeZone, terminalId, cargoWindow, moves }: TShiftPlanEditorProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const [prefill, setPrefill] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const update = (index: number, patch: Partial<TShiftRowValues>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const start = cargoWindow.start ? fromZonedInputValue(cargoWindow.start, timeZone) : null;
  const end = cargoWindow.end ? fromZonedInputValue(cargoWindow.end, timeZone) : null;
  const canPrefill = terminalId !== null && start !== null && end !== null && Date.parse(end) > Date.parse(start);
  const totals = rows.map(shiftTotalResources);
  const allResources = totals.every((v) => v !== null) ? totals.reduce<number>((s, v) => s + (v ?? 0), 0) : null;

  const run = async () => {
    if (!canPrefill) return;
    setPrefill({ busy: true, error: null });
    try {
      const shifts = await prefillShiftDetails({ terminal_id: terminalId, cargo_operations_start: start, cargo_operations_end: end, ...moves });
      onChange(
        shifts.map((s) =>
          emptyShiftRow(s.shift_number, {
            terminal_shift_id: s.terminal_shift_id ?? null,
            start_time: toZonedInputValue(s.start_time, timeZone),
            end_time: toZonedInputValue(s.end_time, timeZone),
            discharge: String(s.discharge),
            load: String(s.load),
            restow: String(s.restow),
          }),
        ),
      );
      setPrefill({ busy: false, error: null });
    } catch (error) {
      setPrefill({ busy: false, error: errorText(error) });
    }
  };

  return (
    <Stack gap="sm" data-testid="shift-plan">
      <Group gap="sm">
        <Tooltip label={canPrefill ? t('portcalls.shift_form.prefill_replaces') : t('portcalls.shift_form.prefill_needs')}>
          <Button variant="light" size="sm" leftSection={<IconCalendarPlus size={16} />} onClick={() => void run()} loading={prefill.busy} disabled={!canPrefill} data-testid="shift-prefill">
            {t('portcalls.shift_form.prefill')}
          </Button>
        </Tooltip>
        <Button variant="default" size="sm" leftSection={<IconPlus size={16} />} onClick={() => onChange([...rows, emptyShiftRow(Math.min(10, rows.length + 1), { start_time: cargoWindow.start, end_time: cargoWindow.end })])} disabled={rows.length >= MAX_SHIFT_ROWS} data-testid="shift-add">
          {t('portcalls.shift_form.add_row')}
        </Button>
      </Group>
      {prefill.error && (
        <Text size="sm" c="red" role="alert">
          {prefill.error}
        </Text>
      )}
      {rows.map((row, index) => {
        const path = (field: string) => `portcall_shift_details.${index}.${field}`;
        const total = totals[index] ?? null;
        const quantity = shiftRowQuantity(row);
        const number = (field: 'discharge' | 'load' | 'restow' | 'gangs' | 'resource_per_shift', label: string) => (
          <TextField size="sm" type="number" min={0} step={1} label={label} value={row[field]} onChange={(e) => update(index, { [field]: e.currentTarget.value })} error={errorOf(path(field))} data-testid={`shift-${field}`} />
        );
        return (
          <Paper key={row.key} withBorder radius="md" p="sm" bg="gray.0" data-testid="shift-row">
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={650} c="navy.9">
                {t('portcalls.shifts.number', { number: row.shift_number || '-' })}
              </Text>
              <ActionIcon variant="subtle" color="red" onClick={() => onChange(rows.filter((_, i) => i !== index))} aria-label={t('portcalls.shift_form.remove_row', { number: index + 1 })} data-testid="shift-row-remove">
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
              <TextField size="sm" type="number" min={1} max={10} label={t('portcalls.shift_form.shift_number')} value={row.shift_number} onChange={(e) => update(index, { shift_number: e.currentTarget.value })} error={errorOf(path('shift_number'))} />
              <DateTimeField clearable size="sm" label={t('portcalls.shift_form.start')} description={timeZone} value={row.start_time} onChange={(next) => update(index, { start_time: next })} error={errorOf(path('start_time'))} />
              <DateTimeField clearable size="sm" label={t('portcalls.shift_form.end')} description={timeZone} value={row.end_time} onChange={(next) => update(index, { end_time: next })} error={errorOf(path('end_time'))} />
              {number('gangs', t('portcalls.shift_form.gangs'))}
              <Select
                size="sm"
                label={t('portcalls.cargo.type')}
                data={CARGO_TYPES.map((type) => ({ value: type, label: t(cargoTypeKey(type)) }))}
                value={row.cargo_type}
                onChange={(value) => update(index, { cargo_type: value as TShiftRowValues['cargo_type'] })}
                clearable
                error={errorOf(path('cargo_type'))}
                data-testid="shift-cargo_type"
              />
              <TextField size="sm" label={t('portcalls.cargo.sub_type')} maxLength={255} value={row.cargo_sub_type} onChange={(e) => update(index, { cargo_sub_type: e.currentTarget.value })} error={errorOf(path('cargo_sub_type'))} data-testid="shift-cargo_sub_type" />
              <TextField size="sm" label={t('portcalls.cargo.product_type')} maxLength={255} value={row.product_name} onChange={(e) => update(index, { product_name: e.currentTarget.value })} error={errorOf(path('product_name'))} data-testid="shift-product_name" />
              {number('discharge', t('portcalls.cargo.discharge'))}
              {number('load', t('portcalls.cargo.load'))}
              {number('restow', t('portcalls.cargo.restow'))}
              <TextInput size="sm" label={t('portcalls.shift_form.shift_quantity')} value={quantity === null ? '-' : formatNumber(quantity, locale, 0)} readOnly tabIndex={-1} variant="filled" data-testid="shift-quantity" />
              {number('resource_per_shift', t('portcalls.shift_form.resource_per_shift'))}
              <TextInput size="sm" label={t('portcalls.shift_form.total_resources')} value={total === null ? '-' : formatNumber(total, locale, 0)} readOnly tabIndex={-1} variant="filled" styles={{ input: { fontWeight: 700 } }} data-testid="shift-total-resources" />
              <TextField size="sm" label={t('portcalls.shift_form.contact_name')} maxLength={255} value={row.contact_person_name} onChange={(e) => update(index, { contact_person_name: e.currentTarget.value })} error={errorOf(path('contact_person.contact_person_name'))} />
              <TextField size="sm" type="tel" label={t('portcalls.shift_form.contact_phone')} maxLength={40} value={row.contact_person_phone} onChange={(e) => update(index, { contact_person_phone: e.currentTarget.value })} error={errorOf(path('contact_person.contact_person_phone'))} />
              <TextField size="sm" type="email" label={t('portcalls.shift_form.contact_mail')} maxLength={255} value={row.contact_person_mail} onChange={(e) => update(index, { contact_person_mail: e.currentTarget.value })} error={errorOf(path('contact_person.contact_person_mail'))} />
              <TagsInput
                size="sm"
                label={t('portcalls.shift_form.equipment_numbers')}
                description={t('portcalls.shift_form.equipment_numbers_hint')}
                value={row.equipment_numbers}
                onChange={(value) => update(index, { equipment_numbers: value.slice(0, 50) })}
                error={errorOf(path('shift_equipment_details'))}
                style={{ gridColumn: '1 / -1' }}
              />
              <TextField size="sm" label={t('portcalls.shift_form.comments')} maxLength={1000} value={row.comments} onChange={(e) => update(index, { comments: e.currentTarget.value })} error={errorOf(path('comments'))} style={{ gridColumn: '1 / -1' }} />
            </SimpleGrid>
          </Paper>
        );
      })}
      {rows.length > 0 && (
        <Text size="sm" fw={600} ta="right" data-testid="shift-all-resources">
          {t('portcalls.shift_form.all_resources', { total: allResources === null ? '-' : formatNumber(allResources, locale, 0) })}
        </Text>
      )}
    </Stack>
  );
}
