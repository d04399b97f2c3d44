// overall_performance: port performance KPIs of a period as charts (one per unit) with the same numbers in a table.
import { useState } from 'react';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Alert, Badge, Button, Group, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_CHART_TYPES,
  KPI_GROUPINGS,
  KPI_PERIODS,
  OVERALL_KPI_UNITS,
  OVERALL_KPIS,
  type TDashboardPerformanceSettings,
  type TKpiGrouping,
  type TKpiPeriod,
  type TKpiUnit,
  type TLocale,
  type TOverallKpi,
  type TOverallPerformance,
} from '@quayline/domain';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useCurrentTerminal } from '@/lib/terminals';
import { addDays, formatDay, formatZonedDateTime, startOfZonedDay, zonedDay } from '@/lib/zoned-time';
import { useOverallPerformance } from '../api/get-overall-performance';
import { useDashboardSettings } from '../hooks/use-dashboard-settings';
import { formatKpi, kpiKey, NO_VALUE } from '@/lib/kpi-format';
import { formatNumber } from '@/lib/number-format';
import { WidgetFrame } from './widget-frame';
import { PerformanceChartTooltip } from './performance-chart-tooltip';
import { isPlannedSeries, performanceChartRows, performanceSeries, PLANNED_DASH } from '../utils/performance-chart-data';
import { DateField } from '@/components/date-inputs';

type TChartType = (typeof DASHBOARD_CHART_TYPES)[number];
const CHARTS = { bar: BarChart, line: LineChart, area: AreaChart } as const;

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** Day groups in the locale's date pattern (the server's label is ISO); other groups as the server names them. */
function groupText(t: TFunction, row: TOverallPerformance['rows'][number], locale: TLocale): string {
  if (row.group_key === 'none') return t('dashboard.performance.no_section');
  return DAY_KEY.test(row.group_key) ? formatDay(row.group_key, locale) : row.group_label;
}

function knownKpis(ids: readonly string[]): TOverallKpi[] {
  return OVERALL_KPIS.filter((k) => ids.includes(k));
}

/** Hidden from screen readers, a drawing must not take the keyboard focus either (Recharts 3 makes each a tab stop). */
function withoutTabStop(chartType: TChartType) {
  const props = { accessibilityLayer: false };
  if (chartType === 'bar') return { barChartProps: props };
  if (chartType === 'line') return { lineChartProps: props };
  return { areaChartProps: props };
}

/** A planned bar is lighter and outlined with a dash in its KPI's colour. */
function plannedBarProps(series: { name: string; color?: string }) {
  if (!isPlannedSeries(series.name)) return {};
  const [colour] = (series.color ?? 'gray').split('.');
  return { stroke: `var(--mantine-color-${colour}-6)`, strokeOpacity: 1, strokeWidth: 1.5, strokeDasharray: PLANNED_DASH };
}

/**
 * A zero stays visible (a sliver of a bar, a point on the line) while a group without data is a gap. Bars decide by
 * the row, not by the drawn value: in a KPI's stack an empty twin and a zero look alike.
 */
function gapsApartFromZero(chartType: TChartType, rows: readonly Record<string, unknown>[]) {
  if (chartType !== 'bar') return { connectNulls: false };
  return {
    barProps: (series: { name: string; color?: string }) => ({
      ...plannedBarProps(series),
      minPointSize: (_value: number | null | undefined, index: number) => (rows[index]?.[series.name] === 0 ? 2 : 0),
    }),
  };
}

function PerformanceCharts({ data, chartType }: { data: TOverallPerformance; chartType: TChartType }) {
  const { t } = useTranslation();
  const units = [...new Set(data.kpis.map((k) => data.units[k] ?? OVERALL_KPI_UNITS[k]))] as TKpiUnit[];
  const locale = useLocale();
  const input = data.rows.map((row) => ({ label: groupText(t, row, locale), planned: row.planned, values: row.values }));
  const hasPlanned = input.some((row) => row.planned);
  const Chart = CHARTS[chartType];
  return (
    // The table below holds the same numbers for screen readers, so the drawings stay out of their way.
    <SimpleGrid cols={{ base: 1, md: units.length > 1 ? 2 : 1 }} spacing="md" aria-hidden data-testid="performance-charts">
      {units.map((unit) => {
        const kpis = data.kpis.filter((k) => (data.units[k] ?? OVERALL_KPI_UNITS[k]) === unit);
        const rows = performanceChartRows(input, kpis, chartType);
        const series = performanceSeries(kpis, { chartType, hasPlanned, label: (k) => t(kpiKey(k)), plannedLabel: (name) => t('dashboard.performance.planned_series', { name }) });
        return (
          <Stack key={unit} gap={4} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600}>
              {t(`dashboard.performance.axis.${unit}`)}
            </Text>
            <Chart
              h={220}
              data={rows}
              dataKey="group"
              withLegend
              legendProps={{ verticalAlign: 'bottom', height: hasPlanned ? 64 : 40 }}
              series={series}
              tickLine="y"
              valueFormatter={(value: number) => formatNumber(value, locale, unit === 'percent' ? 1 : 2)}
              {...gapsApartFromZero(chartType, rows)}
              tooltipProps={{ content: ({ label }) => <PerformanceChartTooltip row={rows.find((r) => r.group === label)} kpis={kpis} unit={unit} /> }}
              {...withoutTabStop(chartType)}
            />
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

function PerformanceTable({ data }: { data: TOverallPerformance }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const unitOf = (k: TOverallKpi) => data.units[k] ?? OVERALL_KPI_UNITS[k];
  return (
    <Table.ScrollContainer minWidth={Math.max(480, 160 + data.kpis.length * 130)} type="native">
      <Table striped verticalSpacing="xs" data-testid="performance-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`dashboard.performance.groupings.${data.grouping}`)}</Table.Th>
            <Table.Th ta="right">{t('dashboard.performance.calls')}</Table.Th>
            {data.kpis.map((k) => (
              <Table.Th key={k} ta="right">
                {t(kpiKey(k))}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((row) => (
            <Table.Tr key={row.group_key} data-testid="performance-row">
              <Table.Td>
                {groupText(t, row, locale)}
                {row.planned && (
                  <Badge ml="xs" size="xs" variant="outline" color="gray" data-testid="performance-row-planned">
                    {t('dashboard.performance.planned')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{row.counts.calls}</Table.Td>
              {data.kpis.map((k) => (
                <Table.Td key={k} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatKpi(t, locale, row.values[k], unitOf(k))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="performance-totals">
            <Table.Th>{t('dashboard.performance.whole_period')}</Table.Th>
            <Table.Th ta="right">{data.totals.counts.calls}</Table.Th>
            {data.kpis.map((k) => (
              <Table.Th key={k} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatKpi(t, locale, data.totals.values[k], unitOf(k))}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

export function OverallPerformanceWidget() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const terminal = useCurrentTerminal();
  const { performance, save } = useDashboardSettings();
  const timeZone = terminal.data?.time_zone ?? 'Europe/Berlin';
  const today = zonedDay(Date.now(), timeZone);
  // A custom period is one question, so it lives here and is not saved; the calendar periods are.
  const [customPeriod, setCustomPeriod] = useState<{ from: string; to: string } | null>(null);
  const [isTableShown, setTableShown] = useState(false);
  const period: TKpiPeriod = customPeriod ? 'custom' : performance.period;
  const kpis = knownKpis(performance.kpis);
  const savePerformance = (patch: Partial<TDashboardPerformanceSettings>) => save({ dashboard_performance_settings: { ...performance, ...patch } });

  const params =
    terminal.data === undefined
      ? null
      : {
          terminal_id: terminal.data.id,
          period,
          grouping: performance.grouping,
          kpis,
          ...(customPeriod
            ? { from: startOfZonedDay(customPeriod.from, timeZone) ?? undefined, to: startOfZonedDay(addDays(customPeriod.to, 1), timeZone) ?? undefined }
            : {}),
        };
  const result = useOverallPerformance(params);

  const fieldErrors = isApiError(result.error) ? result.error.fieldErrors : [];
  const errorAt = (path: string) => fieldErrors.find((e) => e.path === path || e.path.endsWith(`.${path}`))?.message;
  const periodError = fieldErrors.filter((e) => !customPeriod || !['from', 'to'].some((p) => e.path === p || e.path.endsWith(`.${p}`))).map((e) => e.message)[0];
  const otherError = result.isError && fieldErrors.length === 0 ? errorText(result.error) : null;

  const controls = (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        size="xs"
        w={150}
        label={t('dashboard.performance.period')}
        data={KPI_PERIODS.map((p) => ({ value: p, label: t(`dashboard.performance.periods.${p}`) }))}
        value={period}
        allowDeselect={false}
        onChange={(value) => {
          if (value === 'custom') setCustomPeriod({ from: addDays(today, -30), to: today });
          else if (value) {
            setCustomPeriod(null);
            savePerformance({ period: value as TDashboardPerformanceSettings['period'] });
          }
        }}
        error={periodError}
        data-testid="performance-period"
      />
      {customPeriod && (
        <>
          <DateField clearable size="xs" w={150} label={t('dashboard.performance.from')} value={customPeriod.from} onChange={(next) => setCustomPeriod({ ...customPeriod, from: next })} error={errorAt('from')} data-testid="performance-from" />
          <DateField clearable size="xs" w={150} label={t('dashboard.performance.to')} value={customPeriod.to} onChange={(next) => setCustomPeriod({ ...customPeriod, to: next })} error={errorAt('to')} data-testid="performance-to" />
        </>
      )}
      <Select
        size="xs"
        w={170}
        label={t('dashboard.performance.grouping')}
        data={KPI_GROUPINGS.map((g) => ({ value: g, label: t(`dashboard.performance.groupings.${g}`) }))}
        value={performance.grouping}
        allowDeselect={false}
        onChange={(value) => value && savePerformance({ grouping: value as TKpiGrouping })}
        data-testid="performance-grouping"
      />
      <Stack gap={2}>
        <Text size="xs" fw={500} component="span" id="performance-chart-type-label">
          {t('dashboard.performance.chart_type')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="performance-chart-type-label"
          data={DASHBOARD_CHART_TYPES.map((c) => ({ value: c, label: t(`dashboard.performance.chart_types.${c}`) }))}
          value={performance.chart_type}
          onChange={(value) => savePerformance({ chart_type: value as TChartType })}
          data-testid="performance-chart-type"
        />
      </Stack>
      <MultiSelect
        size="xs"
        w={{ base: '100%', sm: 360 }}
        label={t('dashboard.performance.kpis')}
        data={OVERALL_KPIS.map((k) => ({ value: k, label: t(kpiKey(k)) }))}
        value={kpis}
        onChange={(value) => savePerformance({ kpis: knownKpis(value) })}
        data-testid="performance-kpis"
      />
    </Group>
  );

  const data = result.data && !result.isError ? result.data : undefined;
  return (
    <WidgetFrame
      widget="overall_performance"
      icon={<IconChartBar size={20} />}
      actions={
        <Button variant="default" size="compact-sm" leftSection={<IconTable size={16} />} onClick={() => setTableShown((v) => !v)} aria-pressed={isTableShown} data-testid="performance-table-toggle">
          {isTableShown ? t('dashboard.performance.hide_table') : t('dashboard.performance.show_table')}
        </Button>
      }
    >
      <Stack gap="md">
        {controls}
        {kpis.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('dashboard.performance.none_chosen')}
          </Text>
        ) : otherError ? (
          <Alert color="orange" variant="light" role="alert" title={t('dashboard.load_failed')}>
            {otherError}
          </Alert>
        ) : data ? (
          <>
            <Text size="xs" c="dimmed" data-testid="performance-span">
              {t('dashboard.performance.span', { from: formatZonedDateTime(data.period.from, data.time_zone, locale), to: formatZonedDateTime(data.period.to, data.time_zone, locale), zone: data.time_zone })}
            </Text>
            {data.rows.length === 0 ? (
              <Text c="dimmed" size="sm">
                {NO_VALUE}
              </Text>
            ) : (
              <div style={{ opacity: result.isPlaceholderData ? 0.7 : 1 }}>
                <PerformanceCharts data={data} chartType={performance.chart_type} />
              </div>
            )}
            {isTableShown && <PerformanceTable data={data} />}
          </>
        ) : null}
      </Stack>
    </WidgetFrame>
  );
}
