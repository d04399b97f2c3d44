// /voyage-center/reports/performance (performance_report_view): the KPIs of docs/kpis.md per vessel operator and per berth section.
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TKpiUnit, TOverallKpi, TOverallPerformance } from '@quayline/domain';
import { formatKpi } from '@/lib/kpi-format';
import { reportDownloadUrl, usePerformanceReport } from '../api/get-reports';
import { PeriodFilter, usePeriod } from './period-filter';
import { CardField, ReportFrame, useReportTerminal } from './report-frame';
import { useLocale } from '@/hooks/use-locale';

/** KPIs down the side, one column per group and the total: 18 KPIs read better as rows than as columns. */
function KpiTable({ part, title, testId }: { part: TOverallPerformance; title: string; testId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const groups = [...part.rows.map((r) => ({ key: r.group_key, label: r.group_label, values: r.values, calls: r.counts.calls })), { key: 'total', label: t('reports.performance.total'), values: part.totals.values, calls: part.totals.counts.calls }];
  const unitOf = (kpi: TOverallKpi) => (part.units[kpi] ?? 'hours') as TKpiUnit;
  const name = (kpi: TOverallKpi) => t(`dashboard.kpi.${kpi}`);
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {/* A keyboard user scrolls a table wider than the screen (long German headers) once it takes the focus. */}
      <Stack visibleFrom="md" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
        <Table striped verticalSpacing={6} fz="sm" data-testid={`${testId}-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {groups.map((g) => (
                <Table.Th key={g.key} ta="right" data-testid={`${testId}-group`}>
                  {g.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('reports.columns.calls')}</Table.Th>
              {groups.map((g) => (
                <Table.Td key={g.key} ta="right">
                  {g.calls}
                </Table.Td>
              ))}
            </Table.Tr>
            {part.kpis.map((kpi) => (
              <Table.Tr key={kpi} data-testid={`${testId}-kpi`}>
                <Table.Th fw={500}>{name(kpi)}</Table.Th>
                {groups.map((g) => (
                  <Table.Td key={g.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatKpi(t, locale, g.values[kpi], unitOf(kpi))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="sm" hiddenFrom="md">
        {groups.map((g) => (
          <Paper key={g.key} withBorder radius="md" p="sm" data-testid={`${testId}-card`}>
            <Stack gap={4}>
              <Text fw={600}>{g.label}</Text>
              <CardField label={t('reports.columns.calls')}>{g.calls}</CardField>
              {part.kpis.map((kpi) => (
                <CardField key={kpi} label={name(kpi)}>
                  {formatKpi(t, locale, g.values[kpi], unitOf(kpi))}
                </CardField>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}

export function PerformanceReportScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const report = useReportTerminal();
  const period = usePeriod(report.timeZone);
  const params = period.params(report.terminal?.id);
  const query = usePerformanceReport(params);
  const data = query.data;
  return (
    <ReportFrame
      view="performance_report_view"
      title={t('reports.performance.title')}
      description={t('reports.performance.description')}
      report={report}
      filters={<PeriodFilter period={period} />}
      downloads={params ? { csv: reportDownloadUrl('performance', params, 'csv', locale), xls: reportDownloadUrl('performance', params, 'xls', locale) } : null}
      state={{ isPending: report.isPending || (params !== null && query.isPending), isError: query.isError, isEmpty: !data || data.by_vessel_operator.totals.counts.calls === 0, rowCount: null }}
    >
      {data && (
        <Stack gap="md">
          <KpiTable part={data.by_vessel_operator} title={t('reports.performance.by_vessel_operator')} testId="performance-operators" />
          <KpiTable part={data.by_berth_section} title={t('reports.performance.by_berth_section')} testId="performance-sections" />
        </Stack>
      )}
    </ReportFrame>
  );
}
