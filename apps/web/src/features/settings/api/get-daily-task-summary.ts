// GET /daily_task_summary: the signed-in user's digest as the mail would carry it now.
import { useQuery } from '@tanstack/react-query';
import type { TDailyTaskSummary } from '@quayline/domain';
import { api } from '@/lib/api-client';

export const DAILY_TASK_SUMMARY_QUERY_KEY = ['daily-task-summary'] as const;

export const getDailyTaskSummary = (signal?: AbortSignal): Promise<TDailyTaskSummary> => api.get<TDailyTaskSummary>('/daily_task_summary', undefined, signal);

export function useDailyTaskSummary() {
  return useQuery({ queryKey: DAILY_TASK_SUMMARY_QUERY_KEY, queryFn: ({ signal }) => getDailyTaskSummary(signal) });
}
