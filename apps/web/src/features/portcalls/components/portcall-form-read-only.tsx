// What the port-call form shows of the fields the viewer may not change (PORTCALL_FIELD_PERMISSIONS): their values, no
// inputs, and who sets them. Nothing here is sent with a save.
import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPortcall } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { PriseStatusBadge } from '../prise/prise-badges';
import type { TPortcallFormValues } from '../utils/form-values';

function ReadOnlyValue({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The vessel side sees what the terminal set, without fields to change it. */
export function TerminalFieldsReadOnly({ values, valueText }: { values: TPortcallFormValues; valueText: (field: string, value: unknown) => string }) {
  const { t } = useTranslation();
  const position = values.berth_start_position && values.berth_end_position ? t('portcalls.position_range', { start: values.berth_start_position, end: values.berth_end_position }) : t('portcalls.not_set');
  return (
    <Stack gap="sm" data-testid="terminal-fields-read-only">
      <Text size="sm" c="dimmed">
        {t('portcalls.form.terminal_only_hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <ReadOnlyValue label={t('portcalls.list.position')}>{position}</ReadOnlyValue>
        <ReadOnlyValue label={t('portcalls.fields.berth_orientation')}>{valueText('berth_orientation', values.berth_orientation)}</ReadOnlyValue>
        <ReadOnlyValue label={t('portcalls.fields.card_colour')}>{valueText('card_colour', values.card_colour)}</ReadOnlyValue>
        <ReadOnlyValue label={t('portcalls.fields.is_dummy')}>{valueText('is_dummy', values.is_dummy)}</ReadOnlyValue>
      </SimpleGrid>
      <ReadOnlyValue label={t('portcalls.fields.berth_comment')}>{valueText('berth_comment', values.berth_comment)}</ReadOnlyValue>
    </Stack>
  );
}

/** The PRISE status, code and message as the port authority's answer left them: the PRISE workflow writes them, nobody here. */
export function PriseFieldsReadOnly({ call }: { call: TPortcall | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="prise-fields-read-only">
      <Text size="sm" c="dimmed">
        {t('portcalls.form.prise_workflow_hint')}
      </Text>
      {call && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <ReadOnlyValue label={t('portcalls.fields.prise_status')} testId="read-only-prise-status">
            {call.prise_status ? <PriseStatusBadge status={call.prise_status} /> : t('portcalls.not_set')}
          </ReadOnlyValue>
          <ReadOnlyValue label={t('portcalls.fields.prise_code')}>{call.prise_code || t('portcalls.not_set')}</ReadOnlyValue>
          <ReadOnlyValue label={t('portcalls.fields.prise_message')}>{call.prise_message || t('portcalls.not_set')}</ReadOnlyValue>
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** What the terminal planned for the call, line by line, under who plans it; `empty` when there is nothing yet. */
function TerminalPlanLines({ hint, empty, lines, testId, rowTestId, children }: { hint: string; empty: string; lines: { key: number; text: string }[]; testId: string; rowTestId: string; children?: ReactNode }) {
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      {children}
      {lines.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        lines.map((line) => (
          <Text size="sm" key={line.key} data-testid={rowTestId}>
            {line.text}
          </Text>
        ))
      )}
    </Stack>
  );
}

/** The terminal's crane and equipment bookings of the call, as they stand. */
export function EquipmentBookingsReadOnly({ call, timeZone }: { call: TPortcall; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (iso: string) => formatZonedDateTime(iso, timeZone, locale);
  const lines = call.equipment_details.map((b) => ({ key: b.id, text: t('portcalls.form.equipment_line', { equipment: `${b.equipment_name} (${b.equipment_number})`, from: when(b.start_time), to: when(b.end_time) }) }));
  return <TerminalPlanLines hint={t('portcalls.form.terminal_books_hint')} empty={t('portcalls.form.no_equipment')} lines={lines} testId="equipment-read-only" rowTestId="equipment-read-only-row" />;
}

/** The terminal's shift plan of the call and whether its cards follow the cargo, as they stand. */
export function ShiftPlanReadOnly({ call, timeZone, valueText }: { call: TPortcall; timeZone: string; valueText: (field: string, value: unknown) => string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (iso: string) => formatZonedDateTime(iso, timeZone, locale);
  const lines = call.portcall_shift_details.map((card) => ({ key: card.id, text: t('portcalls.form.shift_line', { number: card.shift_number, from: when(card.start_time), to: when(card.end_time), gangs: card.gangs }) }));
  return (
    <TerminalPlanLines hint={t('portcalls.form.terminal_plans_hint')} empty={t('portcalls.form.no_shifts')} lines={lines} testId="shift-plan-read-only" rowTestId="shift-read-only-row">
      <ReadOnlyValue label={t('portcalls.fields.sync_shift_cargo_volumes')}>{valueText('sync_shift_cargo_volumes', call.sync_shift_cargo_volumes)}</ReadOnlyValue>
    </TerminalPlanLines>
  );
}
