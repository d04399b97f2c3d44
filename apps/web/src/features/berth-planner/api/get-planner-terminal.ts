// GET /terminals (linked), /terminals/current_terminal and /terminals/:id: the quay the planner draws.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTerminalDetail } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

const STALE_MS = 5 * 60_000;

/** The terminal named in the address, else the user's current one. */
export const plannerTerminalQuery = (requestedId: number | null) =>
  queryOptions<TTerminalDetail, Error, TTerminalDetail, readonly unknown[]>({
    queryKey: requestedId === null ? plannerKeys.currentTerminal : plannerKeys.terminal(requestedId),
    queryFn: ({ signal }) => api.get<TTerminalDetail>(requestedId === null ? '/terminals/current_terminal' : `/terminals/${requestedId}`, undefined, signal),
    staleTime: STALE_MS,
  });

export function usePlannerTerminal(requestedId: number | null) {
  return useQuery(plannerTerminalQuery(requestedId));
}
