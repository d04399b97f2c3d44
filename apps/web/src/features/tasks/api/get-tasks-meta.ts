// GET /tasks_meta -> {open: {total, upcoming, departed}, closed: {...}, per_page}: the counts on the tabs and filters.
import { useQuery } from '@tanstack/react-query';
import type { TTaskFilter } from '@quayline/domain';
import { api } from '@/lib/api-client';
import type { TTaskType } from './get-tasks';
import { taskKeys } from './query-keys';

export type TTaskCounts = { total: number; upcoming: number; departed: number };
export type TTasksMeta = Record<TTaskType, TTaskCounts> & { per_page: number };

export const getTasksMeta = (signal?: AbortSignal): Promise<TTasksMeta> => api.get<TTasksMeta>('/tasks_meta', undefined, signal);

export function useTasksMeta() {
  return useQuery({ queryKey: taskKeys.meta(), queryFn: ({ signal }) => getTasksMeta(signal) });
}

/** The count of one filter: 'all' is the total. */
export const countOf = (counts: TTaskCounts | undefined, filter: TTaskFilter): number | undefined =>
  counts === undefined ? undefined : filter === 'all' ? counts.total : counts[filter];
