// Port performance KPIs (docs/kpis.md): ids, units, translation keys, period and grouping rules, and the pure helpers around them.
import { PORTCALL_KPIS } from './schemas/settings';

export const KPI_UNITS = ['percent', 'hours', 'moves_per_hour', 'cranes'] as const;
export type TKpiUnit = (typeof KPI_UNITS)[number];

/** The KPIs of `dashboard/overall_performance`, in display order; each is defined in docs/kpis.md under the same id. */
export const OVERALL_KPI_UNITS = {
  berth_utilisation: 'percent',
  waiting_time_avg: 'hours',
  waiting_time_p90: 'hours',
  berth_on_arrival_rate: 'percent',
  arrival_punctuality_1h: 'percent',
  arrival_punctuality_3h: 'percent',
  departure_punctuality_1h: 'percent',
  departure_punctuality_3h: 'percent',
  turnaround_avg: 'hours',
  turnaround_p90: 'hours',
  gross_berth_productivity: 'moves_per_hour',
  cargo_operations_rate: 'moves_per_hour',
  terminal_response_median: 'hours',
  terminal_response_p90: 'hours',
  vessel_side_response_median: 'hours',
  vessel_side_response_p90: 'hours',
  agreed_before_arrival_rate: 'percent',
  eta_accuracy_24h: 'hours',
} as const satisfies Record<string, TKpiUnit>;
export type TOverallKpi = keyof typeof OVERALL_KPI_UNITS;
export const OVERALL_KPIS = Object.keys(OVERALL_KPI_UNITS) as [TOverallKpi, ...TOverallKpi[]];

export type TPortcallKpi = (typeof PORTCALL_KPIS)[number];
/** Units of the per-call KPIs chosen in `portcall_kpi_settings`. */
export const PORTCALL_KPI_UNITS: Record<TPortcallKpi, TKpiUnit> = {
  waiting_time: 'hours',
  berth_productivity: 'moves_per_hour',
  on_time_arrival: 'hours',
  crane_intensity: 'cranes',
  turnaround_time: 'hours',
};

/** Translation key of a KPI's name, e.g. `dashboard.kpi.berth_utilisation`. */
export function kpiLabelKey(kpi: TOverallKpi | TPortcallKpi): string {
  return `dashboard.kpi.${kpi}`;
}

export const KPI_PERIODS = ['day', 'week', 'month', 'custom'] as const;
export type TKpiPeriod = (typeof KPI_PERIODS)[number];
export const KPI_GROUPINGS = ['day', 'week', 'month', 'vessel_operator', 'berth_section'] as const;
export type TKpiGrouping = (typeof KPI_GROUPINGS)[number];
export type TKpiTimeGrouping = Extract<TKpiGrouping, 'day' | 'week' | 'month'>;
export function isTimeGrouping(grouping: TKpiGrouping): grouping is TKpiTimeGrouping {
  return grouping === 'day' || grouping === 'week' || grouping === 'month';
}

/** Waiting up to this long still counts as berth on arrival; no public standard fixes it (research notes 1b). */
export const BERTH_ON_ARRIVAL_MAX_WAIT_HOURS = 1;
/** Punctuality windows around the accepted time, in hours either side. */
export const PUNCTUALITY_TOLERANCES_HOURS = [1, 3] as const;
/** ETA accuracy judges the time the call showed this many hours before it berthed. */
export const ETA_ACCURACY_HORIZON_HOURS = 24;
export const MAX_CUSTOM_PERIOD_YEARS = 3;
export const PORTCALL_KPIS_PAGE_SIZE = 6;
/** Per-call KPIs list calls that berthed or departed this long ago at most, plus the ones in port or arriving. */
export const PORTCALL_KPIS_LOOKBACK_DAYS = 30;

/** The same instant `years` calendar years later in UTC (29 February falls back to 28 February). */
export function addUtcYears(date: Date, years: number): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(date.getUTCFullYear() + years);
  if (next.getUTCMonth() !== date.getUTCMonth()) next.setUTCDate(0);
  return next;
}

export type TPeriodProblem = { path: 'from' | 'to'; message: string };

/** Why a custom period cannot be answered, or null when it can. */
export function customPeriodProblem(from: Date | undefined, to: Date | undefined): TPeriodProblem | null {
  if (!from) return { path: 'from', message: 'A custom period needs from' };
  if (!to) return { path: 'to', message: 'A custom period needs to' };
  if (to.getTime() <= from.getTime()) return { path: 'to', message: 'to must be after from' };
  if (to.getTime() > addUtcYears(from, MAX_CUSTOM_PERIOD_YEARS).getTime()) return { path: 'to', message: `A period may span at most ${MAX_CUSTOM_PERIOD_YEARS} years` };
  return null;
}

/** Splits `a,b,c`; unknown ids come back separately so the caller can name them. */
export function parseKpiList<T extends string>(text: string | undefined, known: readonly T[]): { kpis: T[]; unknown: string[] } {
  if (text === undefined || text.trim() === '') return { kpis: [...known], unknown: [] };
  const parts = [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
  const kpis = parts.filter((p): p is T => (known as readonly string[]).includes(p));
  return { kpis, unknown: parts.filter((p) => !(known as readonly string[]).includes(p)) };
}

/** Linear-interpolation percentile, the same as SQL `percentile_cont(p)`: used to check the SQL by hand, and by the docs. */
export function percentileCont(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** KPI values travel rounded to two decimals; null stays null (no data is not zero). */
export function roundKpi(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
}
