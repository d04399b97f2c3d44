// Column keys of the shift-plan and shift-report downloads; their headers are the `downloadColumns.shifts` texts of the language files.
import type { TLocale } from '@quayline/domain';
import { translatedText } from '../translations/translation-files';

export const SHIFT_PLAN_COLUMNS = [
  'date', 'shift', 'shift_start', 'shift_end', 'vessel', 'imo', 'position', 'card_start', 'card_end', 'cargo_type', 'cargo_sub_type', 'product',
  'discharge', 'load', 'restow', 'total', 'gangs', 'resource_per_shift', 'total_resources', 'equipment', 'contact_name', 'contact_phone', 'contact_mail', 'comments', 'actual_moves',
] as const;
export const SHIFT_REPORT_COLUMNS = [
  'date', 'shift', 'shift_start', 'shift_end', 'working_hours', 'closed', 'calls', 'vessels', 'gangs', 'gangs_available', 'equipment', 'planned_moves', 'actual_moves', 'planned_per_hour', 'actual_per_hour', 'actual_per_gang_hour',
] as const;
export type TShiftPlanColumn = (typeof SHIFT_PLAN_COLUMNS)[number];
export type TShiftReportColumn = (typeof SHIFT_REPORT_COLUMNS)[number];
type TColumn = TShiftPlanColumn | TShiftReportColumn | 'sheet_plan' | 'sheet_report';

export function shiftHeaders(locale: TLocale, columns: readonly TColumn[]): { key: string; header: string }[] {
  return columns.map((key) => ({ key, header: translatedText(locale, `downloadColumns.shifts.${key}`) ?? key }));
}
