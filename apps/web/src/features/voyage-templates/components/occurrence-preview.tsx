// The next occurrences of the template as typed, computed here with the same rules the server generates by.
import { useMemo } from 'react';
import { Alert, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { generateOccurrences, TEMPLATE_PREVIEW_HORIZON_WEEKS, ZVoyageTemplateInput, type TLocale, type TTemplateCallClash, type TTemplateOccurrence, type TTemplatePreviewClashesRequest } from '@quayline/domain';
import { formatZonedDateTime, formatZonedSpan, zonedDay } from '@/lib/zoned-time';
import { buildTemplateRequest, type TTemplateFormValues } from '../utils/template-form-values';
import { useTerminalHolidays } from '../api/get-terminal-holidays';
import { usePreviewTemplateClashes } from '../api/preview-template-clashes';

const PREVIEW_COUNT = 5;
/** Problems elsewhere (name, operator...) do not stop the preview; these do. */
const PREVIEW_PATHS = /^(rotation|vessel_ids|recurrence|valid_from|valid_to|berth_window)/;

/** `templateId`: the stored template being edited, whose own calls are no clash. */
type TOccurrencePreviewProps = { values: TTemplateFormValues; terminalTimeZone: string; locale: TLocale; templateId?: number | undefined };

const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }) => Date.parse(a.from) < Date.parse(b.to) && Date.parse(a.to) > Date.parse(b.from);

export function OccurrencePreview({ values, terminalTimeZone, locale, templateId }: TOccurrencePreviewProps) {
  const { t } = useTranslation();
  const computed = useMemo((): { occurrences: TTemplateOccurrence[]; clashRequest: TTemplatePreviewClashesRequest | null } | null => {
    const { request, problems } = buildTemplateRequest(values);
    if (problems.some((p) => PREVIEW_PATHS.test(p.path))) return null;
    // Name, code and operator do not change when the service sails: stand-ins let the shared schema read the rest.
    const parsed = ZVoyageTemplateInput.safeParse({ ...request, terminal_id: 1, name: 'preview', code: 'preview', vessel_operator_id: 1 });
    if (!parsed.success) return null;
    const portTimeZones = new Map<number, string>();
    for (const stop of values.rotation) if (stop.port_id !== null && stop.port_time_zone) portTimeZones.set(stop.port_id, stop.port_time_zone);
    try {
      // The horizon counts from `from`: a template that starts later is previewed from its first valid day.
      const today = zonedDay(Date.now(), terminalTimeZone);
      const from = parsed.data.valid_from > today ? parsed.data.valid_from : today;
      const occurrences = generateOccurrences({ fields: parsed.data, terminalTimeZone, portTimeZones, from, horizonWeeks: TEMPLATE_PREVIEW_HORIZON_WEEKS }).slice(0, PREVIEW_COUNT);
      const { terminal_id: _t, name: _n, code: _c, vessel_operator_id: _o, ...placing } = parsed.data;
      // The server places and checks the same occurrences against the live berth plan (which only it can read).
      const clashRequest = values.terminal_id !== null && occurrences.length > 0 ? { template: { ...placing, terminal_id: values.terminal_id }, from, count: PREVIEW_COUNT, ...(templateId === undefined ? {} : { template_id: templateId }) } : null;
      return { occurrences, clashRequest };
    } catch {
      // A half-typed template the rules cannot read yet: say so instead of breaking the form.
      return null;
    }
  }, [values, terminalTimeZone, templateId]);
  const occurrences = computed?.occurrences ?? null;
  const clashCheck = usePreviewTemplateClashes(computed?.clashRequest ?? null);
  const clashesOf = (o: TTemplateOccurrence): TTemplateCallClash[] => clashCheck.data?.items.find((i) => i.occurrence_date === o.occurrence_date && i.berth_arrival === o.berth_arrival)?.clashes ?? [];
  const clashText = (c: TTemplateCallClash) =>
    c.other_vessel_name === null || c.other_berth_arrival === null || c.other_berth_departure === null
      ? t('voyageTemplates.form.preview_clash_occupied')
      : t('voyageTemplates.form.preview_clash', { vessel: c.other_vessel_name, time: formatZonedSpan(c.other_berth_arrival, c.other_berth_departure, terminalTimeZone, locale) });
  // The same rule as Generate's warning: a call whose berth stay overlaps a holiday of the terminal.
  const holidays = useTerminalHolidays(
    values.terminal_id !== null && occurrences && occurrences.length > 0
      ? { terminal_id: values.terminal_id, from: occurrences[0]!.berth_arrival, to: occurrences.reduce((last, o) => (o.berth_departure > last ? o.berth_departure : last), occurrences[0]!.berth_departure) }
      : null,
  ).data ?? [];
  const holidayOf = (o: TTemplateOccurrence) => holidays.find((h) => overlaps({ from: o.berth_arrival, to: o.berth_departure }, { from: h.starts_at, to: h.ends_at }));

  if (occurrences === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="preview-incomplete">
        {t('voyageTemplates.form.preview_incomplete')}
      </Text>
    );
  }
  if (occurrences.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="preview-none">
        {t('voyageTemplates.form.preview_none')}
      </Text>
    );
  }
  const vesselName = (id: number) => values.vessels.find((v) => v.id === id)?.name ?? String(id);
  const onHoliday = occurrences.filter((o) => holidayOf(o) !== undefined).length;
  const clashing = occurrences.filter((o) => clashesOf(o).length > 0).length;
  return (
    <>
      {clashing > 0 && (
        <Alert color="red" variant="light" p="xs" data-testid="preview-clashes">
          <Text size="sm">{t('voyageTemplates.form.preview_clashes', { count: clashing })}</Text>
        </Alert>
      )}
      {clashCheck.isChecking && (
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="preview-clash-checking">
          {t('voyageTemplates.form.preview_clash_checking')}
        </Text>
      )}
      {onHoliday > 0 && (
        <Alert color="orange" variant="light" p="xs" data-testid="preview-holidays">
          <Text size="sm">{t('voyageTemplates.form.preview_holidays', { count: onHoliday })}</Text>
        </Alert>
      )}
    <Table.ScrollContainer minWidth={520} type="native">
      <Table striped withTableBorder verticalSpacing={6} fz="sm" data-testid="preview-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('voyageTemplates.form.preview_voyage')}</Table.Th>
            <Table.Th>{t('voyageTemplates.form.preview_vessel')}</Table.Th>
            <Table.Th>{t('voyageTemplates.form.preview_arrival')}</Table.Th>
            <Table.Th>{t('voyageTemplates.form.preview_departure')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {occurrences.map((occurrence) => (
            <Table.Tr key={occurrence.occurrence_date} data-testid="preview-row">
              <Table.Td data-testid="preview-voyage">
                {occurrence.voyage_number_import} / {occurrence.voyage_number_export}
              </Table.Td>
              <Table.Td data-testid="preview-vessel">{vesselName(occurrence.vessel_id)}</Table.Td>
              <Table.Td data-testid="preview-arrival">
                {formatZonedDateTime(occurrence.berth_arrival, terminalTimeZone, locale)}
                {holidayOf(occurrence) && (
                  <Badge display="block" w="fit-content" mt={4} size="sm" color="orange" variant="light" style={{ textTransform: 'none' }} data-testid="preview-holiday">
                    {t('voyageTemplates.form.preview_holiday', { reason: holidayOf(occurrence)!.reason })}
                  </Badge>
                )}
                {clashesOf(occurrence).map((clash) => (
                  // Text, not a badge: a badge cuts a long vessel name and time off on a phone.
                  <Text key={clash.other_portcall_id ?? 'occupied'} size="xs" fw={600} c="red.8" mt={4} maw={260} data-testid="preview-clash">
                    {clashText(clash)}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td data-testid="preview-departure">{formatZonedDateTime(occurrence.berth_departure, terminalTimeZone, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
    </>
  );
}
