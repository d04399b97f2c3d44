// GET /terminals (linked), /terminals/current_terminal and /terminals/:id: the quay the planner draws.
import { useQuery } from '@tanstack/react-query';
import type { TTerminalDetail } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

const STALE_MS = 5 * 60_000;

export function usePlannerTerminal(requestedId: number | null) {
  const current = useQuery({
    queryKey: plannerKeys.currentTerminal,
    queryFn: ({ signal }) => api.get<TTerminalDetail>('/terminals/current_terminal', undefined, signal),
    staleTime: STALE_MS,
    enabled: requestedId === null,
  });
  const byId = useQuery({
    queryKey: plannerKeys.terminal(requestedId ?? 0),
    queryFn: ({ signal }) => api.get<TTerminalDetail>(`/terminals/${requestedId}`, undefined, signal),
    staleTime: STALE_MS,
    enabled: requestedId !== null,
  });
  return requestedId === null ? current : byId;
}
