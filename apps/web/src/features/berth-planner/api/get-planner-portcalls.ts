// Every port call of the window from GET /berth_plan/portcalls (large pages; /portcalls pages at most 100, and
// 20 round trips for 2,000 calls would miss the planner's first-render budget).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaged, TPlannerPortcall, TPortcall } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

/** Pages after the first (a window of more than 2,500 calls) are fetched this many at a time. */
const PARALLEL_PAGES = 2;

export type TPlannerWindow = { terminalId: number; from: string; to: string };

const getPage = (w: TPlannerWindow, page: number, signal?: AbortSignal) =>
  api.get<TPaged<TPlannerPortcall>>('/berth_plan/portcalls', { terminal_id: w.terminalId, from: w.from, to: w.to, page }, signal);

export async function getPlannerPortcalls(w: TPlannerWindow, signal?: AbortSignal): Promise<TPlannerPortcall[]> {
  const first = await getPage(w, 1, signal);
  const items = [...first.items];
  const rest = Array.from({ length: Math.max(0, first.meta.total_pages - 1) }, (_, i) => i + 2);
  for (let i = 0; i < rest.length; i += PARALLEL_PAGES) {
    const pages = await Promise.all(rest.slice(i, i + PARALLEL_PAGES).map((p) => getPage(w, p, signal)));
    for (const page of pages) items.push(...page.items);
  }
  // A call moving between pages while we read could appear twice.
  return [...new Map(items.map((c) => [c.id, c])).values()];
}

export const plannerPortcallsQuery = (w: TPlannerWindow) =>
  queryOptions({ queryKey: plannerKeys.portcalls(w.terminalId, w.from, w.to), queryFn: ({ signal }) => getPlannerPortcalls(w, signal), staleTime: 30_000 });

export function usePlannerPortcalls(w: TPlannerWindow | null, refreshMinutes: number) {
  return useQuery({ ...plannerPortcallsQuery(w ?? { terminalId: 0, from: '', to: '' }), enabled: w !== null, refetchInterval: refreshMinutes * 60_000 });
}

export const getOnePortcall = (id: number): Promise<TPortcall> => api.get<TPortcall>(`/portcalls/${id}`);
