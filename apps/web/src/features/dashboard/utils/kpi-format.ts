// A KPI value with its unit in the user's language; no data is a dash, never 0.
import type { TFunction } from 'i18next';
import { formatNumber, type TKpiUnit, type TOverallKpi, type TPortcallKpi } from '@quayline/domain';

export const NO_VALUE = '–';

export function formatKpi(t: TFunction, value: number | null | undefined, unit: TKpiUnit): string {
  if (value === null || value === undefined) return NO_VALUE;
  const text = formatNumber(value, unit === 'percent' ? 1 : 2);
  return t(`dashboard.units.${unit}`, { value: text });
}

/** Minutes as `2 h 05 min` style text, sign dropped (the caller says early or late). */
export function formatMinutes(t: TFunction, minutes: number): string {
  const total = Math.abs(Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return t('dashboard.duration.minutes', { minutes: rest });
  return t('dashboard.duration.hours_minutes', { hours: formatNumber(hours, 0), minutes: String(rest).padStart(2, '0') });
}

/** `kpiLabelKey` of the domain, typed as a key of the translation set. */
export const kpiKey = (kpi: TOverallKpi | TPortcallKpi) => `dashboard.kpi.${kpi}` as const;
