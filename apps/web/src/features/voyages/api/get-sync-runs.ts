// GET /schedule_providers/runs?terminal_id&page&per_page -> the recent sync runs with what each changed, newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaged, TSyncRun } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { scheduleProviderKeys } from './query-keys';

export const SYNC_RUNS_PAGE_SIZE = 10;

export const getSyncRuns = (terminalId: number, page: number, signal?: AbortSignal): Promise<TPaged<TSyncRun>> =>
  api.get<TPaged<TSyncRun>>('/schedule_providers/runs', { terminal_id: terminalId, page, per_page: SYNC_RUNS_PAGE_SIZE }, signal);

export function useSyncRuns(terminalId: number | null, page: number, isEnabled = true) {
  return useQuery({
    queryKey: scheduleProviderKeys.runs(terminalId ?? 0, page),
    queryFn: ({ signal }) => getSyncRuns(terminalId!, page, signal),
    enabled: isEnabled && terminalId !== null,
    placeholderData: keepPreviousData,
  });
}
