// /voyage-center/reports/movement (movement_report_view): arrivals, departures and berth shifts in a period.
import { useState } from 'react';
import { Badge, Center, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMovementReportRow, TPortcallStatus } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { statusKey } from '@/entities/portcall/enum-labels';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { reportDownloadUrl, useMovementReport } from '../api/get-reports';
import { PeriodFilter, usePeriod } from './period-filter';
import { CardField, ReportFrame, ReportTable, VesselCell, useReportTerminal } from './report-frame';

const KIND_COLOURS = { arrival: 'harbor', departure: 'navy', shift: 'orange' } as const;

export function MovementReportScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const report = useReportTerminal();
  const period = usePeriod(report.timeZone);
  const params = period.params(report.terminal?.id);
  const periodKey = params ? `${params.terminal_id}|${params.from}|${params.to}` : '';
  // The page chosen belongs to its period: another period or terminal starts at its first page, without asking first
  // for the old page number of the new period.
  const [paging, setPaging] = useState({ periodKey, page: 1 });
  const page = paging.periodKey === periodKey ? paging.page : 1;
  const query = useMovementReport(params, page);
  const rows = query.data?.rows ?? [];
  const meta = query.data?.meta;
  const tz = report.timeZone;

  const kind = (r: TMovementReportRow) => (
    <Badge variant="light" color={KIND_COLOURS[r.kind]} radius="sm" tt="none">
      {t(`reports.movement.kinds.${r.kind}`)}
    </Badge>
  );
  // An arrival only has where it comes to, a departure only where it leaves from.
  const positions = (r: TMovementReportRow) => {
    if (r.from_position !== null && r.to_position !== null) return `${r.from_position} → ${r.to_position} m`;
    if (r.to_position !== null) return `→ ${r.to_position} m`;
    if (r.from_position !== null) return `${r.from_position} m →`;
    return '–';
  };

  const exportTable = {
    fileName: 'movement-report',
    columns: [
      { key: 'time', header: t('reports.columns.time') },
      { key: 'movement', header: t('reports.columns.movement') },
      { key: 'time_source', header: t('reports.columns.time_source') },
      { key: 'vessel', header: t('reports.columns.vessel') },
      { key: 'vessel_operator', header: t('portcalls.fields.vessel_operator_id') },
      { key: 'status', header: t('reports.columns.status') },
      { key: 'berth_section', header: t('reports.columns.berth_section') },
      { key: 'position', header: t('reports.columns.position') },
    ],
    rows: rows.map((r) => ({
      time: formatZonedDateTime(r.time, tz, locale),
      movement: t(`reports.movement.kinds.${r.kind}`),
      time_source: t(`reports.movement.sources.${r.time_source}`),
      vessel: r.vessel_name,
      vessel_operator: r.vessel_operator_name,
      status: t(statusKey(r.status as TPortcallStatus)),
      berth_section: r.berth_section ?? '',
      position: positions(r),
    })),
  };

  return (
    <ReportFrame
      view="movement_report_view"
      title={t('reports.movement.title')}
      description={t('reports.movement.description')}
      report={report}
      filters={<PeriodFilter period={period} />}
      exportTable={exportTable}
      downloads={params ? { csv: reportDownloadUrl('movement', params, 'csv', locale), xls: reportDownloadUrl('movement', params, 'xls', locale) } : null}
      state={{ isPending: report.isPending || (params !== null && query.isPending), isError: query.isError, isEmpty: rows.length === 0, rowCount: meta ? meta.total_count : null }}
    >
      <ReportTable label={t('navigation.movement_report')} testId="movement-table" headers={[t('reports.columns.time'), t('reports.columns.movement'), t('reports.columns.time_source'), t('reports.columns.vessel'), t('reports.columns.status'), t('reports.columns.berth_section'), t('reports.columns.position')]}>
        {rows.map((r, i) => (
          <Table.Tr key={`${r.portcall_id}-${r.kind}-${i}`} data-testid="movement-row">
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatZonedDateTime(r.time, tz, locale)}</Table.Td>
            <Table.Td>{kind(r)}</Table.Td>
            <Table.Td>{t(`reports.movement.sources.${r.time_source}`)}</Table.Td>
            <VesselCell vesselName={r.vessel_name} operatorName={r.vessel_operator_name} />
            <Table.Td>{t(statusKey(r.status as TPortcallStatus))}</Table.Td>
            <Table.Td>{r.berth_section ?? '–'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{positions(r)}</Table.Td>
          </Table.Tr>
        ))}
      </ReportTable>
      <Stack gap="sm" hiddenFrom="md" data-testid="movement-cards">
        {rows.map((r, i) => (
          <Paper key={`${r.portcall_id}-${r.kind}-${i}`} withBorder radius="lg" p="sm" data-testid="movement-card">
            <Stack gap={6}>
              <Text fw={600}>{r.vessel_name}</Text>
              {kind(r)}
              <CardField label={t('reports.columns.time')}>{formatZonedDateTime(r.time, tz, locale)}</CardField>
              <CardField label={t('reports.columns.time_source')}>{t(`reports.movement.sources.${r.time_source}`)}</CardField>
              <CardField label={t('reports.columns.berth_section')}>{r.berth_section ?? '–'}</CardField>
              <CardField label={t('reports.columns.position')}>{positions(r)}</CardField>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {meta && meta.total_pages > 1 && (
        <Center>
          <Pagination total={meta.total_pages} value={meta.page} onChange={(next) => setPaging({ periodKey, page: next })} size="sm" siblings={1} boundaries={1} data-testid="movement-pages" getControlProps={(control) => ({ 'aria-label': t(`reports.page_${control}`) })} />
        </Center>
      )}
    </ReportFrame>
  );
}
