// /voyage-center/reports/situation (situation_report_view): calls in port at a cut-off or due within the next hours.
import { useState } from 'react';
import { Badge, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SITUATION_HOURS_AHEAD_DEFAULT, isCargoType, type TPortcallStatus, type TSituationReportRow, type TTimeLabel } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatCount } from '@/lib/number-format';
import { cargoTypeKey, statusKey } from '@/entities/portcall/enum-labels';
import { formatZonedDateTime, fromZonedInputValue, toZonedInputValue } from '@/lib/zoned-time';
import { reportDownloadUrl, useSituationReport } from '../api/get-reports';
import { CardField, ReportFrame, ReportTable, VesselCell, useReportTerminal } from './report-frame';
import { DateTimeField } from '@/components/date-inputs';

const HOURS_AHEAD_CHOICES = [6, 12, 24, 48, 72, 168];

function TimeWithLabel({ time, timeZone }: { time: { value: string | null; label: string | null }; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!time.value) return <>–</>;
  return (
    <>
      {formatZonedDateTime(time.value, timeZone, locale)}
      {time.label && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({t(`portcalls.time_labels.${time.label as TTimeLabel}`)})
        </Text>
      )}
    </>
  );
}

const position = (r: TSituationReportRow) => (r.berth_start_position === null ? '–' : `${r.berth_start_position}–${r.berth_end_position} m`);
const bollards = (r: TSituationReportRow) => (r.start_bollard ? `${r.start_bollard}–${r.end_bollard ?? ''}` : '');

export function SituationReportScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const report = useReportTerminal();
  const [cutOff, setCutOff] = useState(() => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString());
  const [hoursAhead, setHoursAhead] = useState(SITUATION_HOURS_AHEAD_DEFAULT);
  const params = report.terminal ? { terminal_id: report.terminal.id, cut_off: cutOff, hours_ahead: hoursAhead } : null;
  const query = useSituationReport(params);
  const rows = query.data?.rows ?? [];
  const tz = report.timeZone;

  const situation = (r: TSituationReportRow) => (
    <Badge variant="light" color={r.situation === 'in_port' ? 'harbor' : 'gray'} radius="sm" tt="none">
      {t(`reports.situation.${r.situation}`)}
    </Badge>
  );
  const n = (v: number) => formatCount(v, locale);
  const cargo = (r: TSituationReportRow) => (r.total_moves > 0 ? `${n(r.total_moves)} (${n(r.discharge)} / ${n(r.load)} / ${n(r.restow)})` : '–');
  // Cargo types arrive as the code list's values ("Container (boxes)") and are shown in the reader's language.
  const cargoTypes = (r: TSituationReportRow) => r.cargo_types.map((c) => (isCargoType(c) ? t(cargoTypeKey(c)) : c)).join(', ');

  const timeText = (time: { value: string | null; label: string | null }) =>
    time.value ? `${formatZonedDateTime(time.value, tz, locale)}${time.label ? ` (${t(`portcalls.time_labels.${time.label as TTimeLabel}`)})` : ''}` : '';
  const exportTable = {
    fileName: 'situation-report',
    columns: [
      { key: 'situation', header: t('reports.columns.situation') },
      { key: 'vessel', header: t('reports.columns.vessel') },
      { key: 'vessel_operator', header: t('portcalls.fields.vessel_operator_id') },
      { key: 'status', header: t('reports.columns.status') },
      { key: 'berth_section', header: t('reports.columns.berth_section') },
      { key: 'position', header: t('reports.columns.position') },
      { key: 'berth_arrival', header: t('reports.columns.berth_arrival') },
      { key: 'berth_departure', header: t('reports.columns.berth_departure') },
      { key: 'total_moves', header: t('reports.columns.total_moves') },
      { key: 'remarks', header: t('reports.columns.remarks') },
    ],
    rows: rows.map((r) => ({
      situation: t(`reports.situation.${r.situation}`),
      vessel: r.vessel_name,
      vessel_operator: r.vessel_operator_name,
      status: t(statusKey(r.status as TPortcallStatus)),
      berth_section: r.berth_section ?? '',
      position: `${position(r)} ${bollards(r)}`.trim(),
      berth_arrival: timeText(r.berth_arrival),
      berth_departure: timeText(r.berth_departure),
      total_moves: [cargo(r), cargoTypes(r)].filter(Boolean).join(' · '),
      remarks: r.remarks ?? '',
    })),
  };

  return (
    <ReportFrame
      view="situation_report_view"
      title={t('reports.situation.title')}
      description={t('reports.situation.description')}
      report={report}
      filters={
        <>
          <DateTimeField
            size="sm"
            label={t('reports.cut_off')}
            value={toZonedInputValue(cutOff, tz)}
            onChange={(wallClock) => {
              const next = fromZonedInputValue(wallClock, tz);
              if (next) setCutOff(next);
            }}
            w={{ base: '100%', xs: 220 }}
            data-testid="report-cut-off"
          />
          <Select
            label={t('reports.hours_ahead')}
            value={String(hoursAhead)}
            onChange={(next) => next && setHoursAhead(Number(next))}
            data={HOURS_AHEAD_CHOICES.map((h) => ({ value: String(h), label: t('dashboard.units.hours', { value: formatCount(h, locale) }) }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 140 }}
            data-testid="report-hours-ahead"
          />
        </>
      }
      exportTable={exportTable}
      downloads={params ? { csv: reportDownloadUrl('situation', params, 'csv', locale), xls: reportDownloadUrl('situation', params, 'xls', locale) } : null}
      state={{ isPending: report.isPending || (params !== null && query.isPending), isError: query.isError, isEmpty: rows.length === 0, rowCount: query.data ? rows.length : null }}
    >
      <ReportTable label={t('navigation.situation_report')} testId="situation-table" headers={[t('reports.columns.situation'), t('reports.columns.vessel'), t('reports.columns.status'), t('reports.columns.berth_section'), t('reports.columns.position'), t('reports.columns.berth_arrival'), t('reports.columns.berth_departure'), t('reports.columns.total_moves'), t('reports.columns.remarks')]}>
        {rows.map((r) => (
          <Table.Tr key={r.portcall_id} data-testid="situation-row">
            <Table.Td>{situation(r)}</Table.Td>
            <VesselCell vesselName={r.vessel_name} operatorName={r.vessel_operator_name} />
            <Table.Td>{t(statusKey(r.status as TPortcallStatus))}</Table.Td>
            <Table.Td>{r.berth_section ?? '–'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {position(r)}
              {bollards(r) && (
                <Text size="xs" c="dimmed">
                  {bollards(r)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <TimeWithLabel time={r.berth_arrival} timeZone={tz} />
            </Table.Td>
            <Table.Td>
              <TimeWithLabel time={r.berth_departure} timeZone={tz} />
            </Table.Td>
            <Table.Td>
              {cargo(r)}
              {r.cargo_types.length > 0 && (
                <Text size="xs" c="dimmed">
                  {cargoTypes(r)}
                </Text>
              )}
            </Table.Td>
            <Table.Td maw={240}>{r.remarks ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </ReportTable>
      <Stack gap="sm" hiddenFrom="md" data-testid="situation-cards">
        {rows.map((r) => (
          <Paper key={r.portcall_id} withBorder radius="lg" p="sm" data-testid="situation-card">
            <Stack gap={6}>
              <Text fw={600}>{r.vessel_name}</Text>
              {situation(r)}
              <CardField label={t('reports.columns.status')}>{t(statusKey(r.status as TPortcallStatus))}</CardField>
              <CardField label={t('reports.columns.berth_section')}>{r.berth_section ?? '–'}</CardField>
              <CardField label={t('reports.columns.position')}>{`${position(r)} ${bollards(r)}`.trim()}</CardField>
              <CardField label={t('reports.columns.berth_arrival')}>
                <TimeWithLabel time={r.berth_arrival} timeZone={tz} />
              </CardField>
              <CardField label={t('reports.columns.berth_departure')}>
                <TimeWithLabel time={r.berth_departure} timeZone={tz} />
              </CardField>
              <CardField label={t('reports.columns.total_moves')}>{cargo(r)}</CardField>
              {r.remarks && <CardField label={t('reports.columns.remarks')}>{r.remarks}</CardField>}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </ReportFrame>
  );
}
