// A KPI value with its unit in the user's language; no data is a dash, never 0.
import type { TFunction } from 'i18next';
import type { TKpiUnit, TLocale, TOverallKpi, TPortcallKpi } from '@quayline/domain';
import { formatNumber } from '@/lib/number-format';

export const NO_VALUE = '–';

export function formatKpi(t: TFunction, locale: TLocale, value: number | null | undefined, unit: TKpiUnit): string {
  if (value === null || value === undefined) return NO_VALUE;
  const text = formatNumber(value, locale, unit === 'percent' ? 1 : 2);
  return t(`dashboard.units.${unit}`, { value: text });
}

/** `kpiLabelKey` of the domain, typed as a key of the translation set. */
export const kpiKey = (kpi: TOverallKpi | TPortcallKpi) => `dashboard.kpi.${kpi}` as const;
