// GET /tasks?type=open|closed&filter=all|upcoming|departed&page&per_page -> {items: [{portcall, reasons}], meta}.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TASKS_PAGE_SIZE, type TPageMeta, type TPortcall, type TTaskFilter, type TTaskReason } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { taskKeys } from './query-keys';

export const TASK_TYPES = ['open', 'closed'] as const;
export type TTaskType = (typeof TASK_TYPES)[number];
export type TTaskListQuery = { type: TTaskType; filter: TTaskFilter; page: number };
export type TTask = { portcall: TPortcall; reasons: TTaskReason[] };
export type TTaskPage = { items: TTask[]; meta: TPageMeta & { type: 'portcall_tasks' } };

export const getTasks = ({ type, filter, page }: TTaskListQuery, signal?: AbortSignal): Promise<TTaskPage> =>
  api.get<TTaskPage>('/tasks', { type, filter, page, per_page: TASKS_PAGE_SIZE }, signal);

export function useTasks(query: TTaskListQuery) {
  return useQuery({ queryKey: taskKeys.list(query), queryFn: ({ signal }) => getTasks(query, signal), placeholderData: keepPreviousData });
}
