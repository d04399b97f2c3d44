// Equipment bookings of the form: a unit of the terminal and its booked window (terminal wall-clock); free units suggested by the server.
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/hooks/use-error-text';
import { fromZonedInputValue } from '@/lib/zoned-time';
import { prefillEquipmentDetails, useCargoHandlingEquipments, type TFreeEquipment } from '../api/planning';
import { emptyEquipmentRow, type TEquipmentRowValues } from '../utils/form-values';
import { DateTimeField } from '@/components/date-inputs';

export const MAX_EQUIPMENT_ROWS = 100;

type TEquipmentBookingsEditorProps = {
  rows: TEquipmentRowValues[];
  onChange: (rows: TEquipmentRowValues[]) => void;
  errorOf: (path: string) => string | undefined;
  timeZone: string;
  terminalId: number | null;
  /** The window new bookings start with and free units are looked up for: cargo operations, else the berth window (wall-clock). */
  window: { start: string; end: string };
};

export function EquipmentBookingsEditor({ rows, onChange, errorOf, timeZone, terminalId, window }: TEquipmentBookingsEditorProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const equipmentQuery = useCargoHandlingEquipments(terminalId);
  const [free, setFree] = useState<{ busy: boolean; items: TFreeEquipment[] | null; error: string | null }>({ busy: false, items: null, error: null });
  const options = (equipmentQuery.data?.items ?? []).map((e) => ({ value: String(e.id), label: `${e.name} (${e.equipment_number})` }));
  // A stored booking may name a unit the list does not hold (another page): keep it choosable.
  for (const row of rows) {
    if (row.cargo_handling_equipment_id !== null && !options.some((o) => o.value === String(row.cargo_handling_equipment_id))) {
      options.push({ value: String(row.cargo_handling_equipment_id), label: t('portcalls.record_id', { id: row.cargo_handling_equipment_id }) });
    }
  }
  const update = (index: number, patch: Partial<TEquipmentRowValues>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const startIso = window.start ? fromZonedInputValue(window.start, timeZone) : null;
  const endIso = window.end ? fromZonedInputValue(window.end, timeZone) : null;
  const canSuggest = terminalId !== null && startIso !== null && endIso !== null && Date.parse(endIso) > Date.parse(startIso);

  const suggest = async () => {
    if (!canSuggest) return;
    setFree({ busy: true, items: null, error: null });
    try {
      const items = await prefillEquipmentDetails({ terminal_id: terminalId, start_time: startIso, end_time: endIso });
      setFree({ busy: false, items, error: null });
    } catch (error) {
      setFree({ busy: false, items: null, error: errorText(error) });
    }
  };
  const booked = new Set(rows.map((r) => r.cargo_handling_equipment_id));
  const freeToBook = (free.items ?? []).filter((item) => !booked.has(item.cargo_handling_equipment_id));

  return (
    <Stack gap="sm" data-testid="equipment-bookings">
      {rows.map((row, index) => {
        const path = (field: string) => `equipment_details.${index}.${field}`;
        return (
          <Paper key={row.key} withBorder radius="md" p="sm" bg="gray.0" data-testid="equipment-row">
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={650} c="navy.9">
                {t('portcalls.equipment_form.row', { number: index + 1 })}
              </Text>
              <ActionIcon variant="subtle" color="red" onClick={() => onChange(rows.filter((_, i) => i !== index))} aria-label={t('portcalls.equipment_form.remove_row', { number: index + 1 })} data-testid="equipment-row-remove">
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
              <Select
                size="sm"
                label={t('portcalls.equipment_form.equipment')}
                placeholder={t('portcalls.equipment_form.pick')}
                data={options}
                searchable
                required
                value={row.cargo_handling_equipment_id === null ? null : String(row.cargo_handling_equipment_id)}
                onChange={(value) => update(index, { cargo_handling_equipment_id: value === null ? null : Number(value) })}
                error={errorOf(path('cargo_handling_equipment_id'))}
                data-testid="equipment-unit"
              />
              <DateTimeField size="sm" label={t('portcalls.equipment_form.start')} description={timeZone} required value={row.start_time} onChange={(next) => update(index, { start_time: next })} error={errorOf(path('start_time'))} data-testid="equipment-start" />
              <DateTimeField size="sm" label={t('portcalls.equipment_form.end')} description={timeZone} required value={row.end_time} onChange={(next) => update(index, { end_time: next })} error={errorOf(path('end_time'))} data-testid="equipment-end" />
            </SimpleGrid>
          </Paper>
        );
      })}
      <Group gap="sm">
        <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} onClick={() => onChange([...rows, emptyEquipmentRow(window.start, window.end)])} disabled={rows.length >= MAX_EQUIPMENT_ROWS} data-testid="equipment-add">
          {t('portcalls.equipment_form.add_row')}
        </Button>
        <Tooltip label={t('portcalls.equipment_form.window_needed')} disabled={canSuggest}>
          <Button variant="default" size="sm" leftSection={<IconSparkles size={16} />} onClick={() => void suggest()} loading={free.busy} disabled={!canSuggest} data-testid="equipment-suggest">
            {t('portcalls.equipment_form.suggest')}
          </Button>
        </Tooltip>
      </Group>
      {free.error && (
        <Text size="sm" c="red" role="alert">
          {free.error}
        </Text>
      )}
      {free.items && (
        <Stack gap={6} data-testid="equipment-free">
          <Text size="sm" c="dimmed">
            {freeToBook.length ? t('portcalls.equipment_form.suggest_window') : t('portcalls.equipment_form.none_free')}
          </Text>
          <Group gap={6}>
            {freeToBook.map((item) => (
              <Badge
                key={item.cargo_handling_equipment_id}
                component="button"
                type="button"
                variant="light"
                size="lg"
                style={{ cursor: 'pointer', textTransform: 'none' }}
                leftSection={<IconPlus size={12} />}
                onClick={() => onChange([...rows, emptyEquipmentRow(window.start, window.end, item.cargo_handling_equipment_id)])}
                data-testid="equipment-free-unit"
              >
                {item.equipment_name} ({item.equipment_number})
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
