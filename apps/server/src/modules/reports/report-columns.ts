// File columns of the reports; their headers come from the `reports.columns` texts the screens show, so file and screen agree.
import { OVERALL_KPI_UNITS, type TKpiUnit, type TLocale, type TOverallKpi, kpiLabelKey } from '@quayline/domain';
import { translatedText } from '../translations/translation-files';

export const SITUATION_COLUMNS = ['situation', 'vessel', 'imo', 'status', 'operator', 'agent', 'berth_section', 'position', 'bollards', 'berth_arrival', 'berth_arrival_label', 'berth_departure', 'berth_departure_label', 'pbp_arrival', 'pbp_arrival_label', 'cargo_types', 'discharge', 'load', 'restow', 'total_moves', 'remarks'] as const;
export const MOVEMENT_COLUMNS = ['movement', 'time', 'time_source', 'time_label', 'vessel', 'imo', 'status', 'operator', 'berth_section', 'from_position', 'to_position'] as const;
export const PERFORMANCE_COLUMNS = ['grouping', 'group', 'calls'] as const;
type TColumn = (typeof SITUATION_COLUMNS)[number] | (typeof MOVEMENT_COLUMNS)[number] | (typeof PERFORMANCE_COLUMNS)[number];
/** Columns whose values are local times; their header names the zone. */
const TIME_COLUMNS: readonly TColumn[] = ['berth_arrival', 'berth_departure', 'pbp_arrival', 'time'];

const UNIT_SUFFIX: Record<TKpiUnit, string> = { percent: '%', hours: 'h', moves_per_hour: 'moves/h', cranes: 'cranes' };


export function reportHeaders(locale: TLocale, columns: readonly TColumn[], timeZone: string): { key: string; header: string }[] {
  return columns.map((key) => {
    const text = translatedText(locale, `reports.columns.${key}`) ?? key;
    return { key, header: TIME_COLUMNS.includes(key) ? `${text} (${timeZone})` : text };
  });
}

export function kpiHeaders(locale: TLocale, kpis: readonly TOverallKpi[]): { key: string; header: string }[] {
  return kpis.map((kpi) => ({ key: kpi, header: `${translatedText(locale, kpiLabelKey(kpi)) ?? kpi} (${UNIT_SUFFIX[OVERALL_KPI_UNITS[kpi]]})` }));
}
