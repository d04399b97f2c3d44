// GET /portcall-tasks-list/download?list&filter&type=csv|xlsx&locale&timezone: a file the browser saves (session cookie),
// in the language of the screen it is asked from.
import { API_PREFIX, type TLocale, type TTaskFilter } from '@quayline/domain';
import { toQueryString } from '@/lib/api-client';
import type { TTaskType } from './get-tasks';

export const TASK_DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;
export type TTaskDownloadFormat = (typeof TASK_DOWNLOAD_FORMATS)[number];

export function taskDownloadUrl({ type, filter, format, locale, timezone }: { type: TTaskType; filter: TTaskFilter; format: TTaskDownloadFormat; locale: TLocale; timezone: string }): string {
  return `${API_PREFIX}/portcall-tasks-list/download${toQueryString({ list: type, filter, type: format, locale, timezone })}`;
}
