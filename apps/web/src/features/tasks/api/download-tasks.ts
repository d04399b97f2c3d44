// GET /portcall-tasks-list/download?type&filter&format=csv|xlsx&timezone: a file the browser saves (session cookie).
import { API_PREFIX, type TTaskFilter } from '@quayline/domain';
import { toQueryString } from '@/lib/api-client';
import type { TTaskType } from './get-tasks';

export const TASK_DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;
export type TTaskDownloadFormat = (typeof TASK_DOWNLOAD_FORMATS)[number];

export function taskDownloadUrl({ type, filter, format, timezone }: { type: TTaskType; filter: TTaskFilter; format: TTaskDownloadFormat; timezone: string }): string {
  return `${API_PREFIX}/portcall-tasks-list/download${toQueryString({ type, filter, format, timezone })}`;
}
