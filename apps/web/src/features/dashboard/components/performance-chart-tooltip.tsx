// The tooltip of a performance chart: every KPI of the group, "no data" for a gap, and whether the figures are planned.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TKpiUnit, TOverallKpi } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatKpi, kpiKey } from '@/lib/kpi-format';
import { CHART_COLOURS, type TPerformanceChartRow } from '../utils/performance-chart-data';

export function PerformanceChartTooltip({ row, kpis, unit }: { row: TPerformanceChartRow | undefined; kpis: readonly TOverallKpi[]; unit: TKpiUnit }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!row) return null;
  return (
    <Paper withBorder shadow="md" p="xs" radius="sm" data-testid="performance-tooltip" data-planned={row.planned}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={600}>
            {row.group}
          </Text>
          {row.planned && (
            <Badge size="xs" variant="outline" color="gray">
              {t('dashboard.performance.planned')}
            </Badge>
          )}
        </Group>
        {kpis.map((kpi, index) => {
          const value = row.values[kpi] ?? null;
          return (
            <Group key={kpi} gap="xs" justify="space-between" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <span style={{ width: 10, height: 10, borderRadius: 2, background: `var(--mantine-color-${CHART_COLOURS[index % CHART_COLOURS.length]}-6)` }} />
                <Text size="xs">{t(kpiKey(kpi))}</Text>
              </Group>
              <Text size="xs" fw={500} c={value === null ? 'dimmed' : undefined} data-testid={`performance-tooltip-${kpi}`}>
                {value === null ? t('dashboard.performance.no_data') : formatKpi(t, locale, value, unit)}
              </Text>
            </Group>
          );
        })}
        {row.planned && (
          <Text size="xs" c="dimmed">
            {t('dashboard.performance.planned_note')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
