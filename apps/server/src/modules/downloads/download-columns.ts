// Column keys of the downloads; their headers are the `downloadColumns.calls` texts of the language files.
import type { TLocale } from '@quayline/domain';
import { translatedText } from '../translations/translation-files';

export const PORTCALL_COLUMNS = ['vessel', 'imo', 'status', 'operator', 'agent', 'berth_arrival', 'berth_arrival_label', 'berth_departure', 'berth_departure_label', 'position', 'pilot_boarding_place', 'pilot_boarding_place_arrival', 'voyage_import', 'voyage_export', 'service', 'moves'] as const;
export const AUDIT_COLUMNS = ['when', 'vessel', 'event', 'field', 'old_value', 'new_value', 'by', 'acting_for'] as const;
export const TASK_COLUMNS = ['vessel', 'imo', 'status', 'berth_arrival', 'berth_departure', 'reasons'] as const;
export const DRAFT_COLUMNS = ['vessel', 'imo', 'berth_arrival', 'draft_berth_arrival', 'berth_departure', 'draft_berth_departure', 'position', 'draft_position', 'frozen'] as const;
type Column = (typeof PORTCALL_COLUMNS)[number] | (typeof AUDIT_COLUMNS)[number] | (typeof TASK_COLUMNS)[number] | (typeof DRAFT_COLUMNS)[number];

export function headersFor(locale: TLocale, columns: readonly Column[]): { key: string; header: string }[] {
  return columns.map((key) => ({ key, header: translatedText(locale, `downloadColumns.calls.${key}`) ?? key }));
}
