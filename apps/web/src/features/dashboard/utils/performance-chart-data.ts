// Chart rows and series of the performance widget: measured and planned figures drawn apart, a gap kept a gap.
import type { TOverallKpi } from '@quayline/domain';

export type TPerformanceChartType = 'bar' | 'line' | 'area';

export const CHART_COLOURS = ['harbor', 'orange', 'violet', 'teal', 'red', 'blue'] as const;
const PLANNED_SUFFIX = '__planned';
/** The dash of a planned line and of a planned bar's outline. */
export const PLANNED_DASH = '6 4';

export function plannedKey(kpi: TOverallKpi): string {
  return `${kpi}${PLANNED_SUFFIX}`;
}

export function isPlannedSeries(name: string): boolean {
  return name.endsWith(PLANNED_SUFFIX);
}

export type TPerformanceInputRow = { label: string; planned: boolean; values: Record<string, number | null> };
export type TPerformanceChartRow = { group: string; planned: boolean; values: Record<string, number | null> } & Record<string, unknown>;

/**
 * Each KPI in two keys, measured and planned, so each is drawn in its own style. A missing value stays null (a gap,
 * never 0). A planned line starts at the last measured point so that the two read as one course.
 */
export function performanceChartRows(rows: readonly TPerformanceInputRow[], kpis: readonly TOverallKpi[], chartType: TPerformanceChartType): TPerformanceChartRow[] {
  return rows.map((row, index) => {
    const out: TPerformanceChartRow = { group: row.label, planned: row.planned, values: row.values };
    const bridgesToPlan = chartType !== 'bar' && !row.planned && rows[index + 1]?.planned === true;
    for (const kpi of kpis) {
      const value = row.values[kpi] ?? null;
      out[kpi] = row.planned ? null : value;
      out[plannedKey(kpi)] = row.planned || bridgesToPlan ? value : null;
    }
    return out;
  });
}

export type TPerformanceSeries = { name: string; label: string; color: string; stackId?: string; strokeDasharray?: string };

/**
 * The measured series of each KPI and, when some group is planned, its planned twin: a lighter dashed line (lighter so
 * the legend tells them apart too), or a lighter bar with a dashed outline in the same slot (one stack per KPI, since a
 * group is either measured or planned).
 */
export function performanceSeries(
  kpis: readonly TOverallKpi[],
  args: { chartType: TPerformanceChartType; hasPlanned: boolean; label: (kpi: TOverallKpi) => string; plannedLabel: (name: string) => string },
): TPerformanceSeries[] {
  return kpis.flatMap((kpi, index) => {
    const colour = CHART_COLOURS[index % CHART_COLOURS.length]!;
    const measured: TPerformanceSeries = { name: kpi, label: args.label(kpi), color: `${colour}.6`, ...(args.chartType === 'bar' ? { stackId: kpi } : {}) };
    if (!args.hasPlanned) return [measured];
    const planned: TPerformanceSeries =
      args.chartType === 'bar'
        ? { name: plannedKey(kpi), label: args.plannedLabel(measured.label), color: `${colour}.2`, stackId: kpi }
        : { name: plannedKey(kpi), label: args.plannedLabel(measured.label), color: `${colour}.4`, strokeDasharray: PLANNED_DASH };
    return [measured, planned];
  });
}
