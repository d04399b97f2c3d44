// GET /terminals (the user's linked terminals), /terminals/current_terminal and /terminals/:id (with geometry), for every feature.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTerminal, TTerminalCrane, TTerminalDetail } from '@quayline/domain';
import { api } from './api-client';

export const terminalKeys = {
  list: ['terminals', 'list'] as const,
  current: ['terminals', 'current'] as const,
  detail: (id: number) => ['terminals', 'detail', id] as const,
  cranes: (id: number) => ['terminals', 'cranes', id] as const,
};

export const getLinkedTerminals = (signal?: AbortSignal): Promise<TTerminal[]> => api.get<TTerminal[]>('/terminals', undefined, signal);
export const getCurrentTerminal = (signal?: AbortSignal): Promise<TTerminalDetail> => api.get<TTerminalDetail>('/terminals/current_terminal', undefined, signal);
export const getTerminal = (id: number, signal?: AbortSignal): Promise<TTerminalDetail> => api.get<TTerminalDetail>(`/terminals/${id}`, undefined, signal);

// Master data changes rarely; five minutes keeps screens from asking again on every visit.
const TERMINALS_STALE_MS = 5 * 60_000;

export function useLinkedTerminals() {
  return useQuery({ queryKey: terminalKeys.list, queryFn: ({ signal }) => getLinkedTerminals(signal), staleTime: TERMINALS_STALE_MS });
}

export const currentTerminalQuery = () => queryOptions({ queryKey: terminalKeys.current, queryFn: ({ signal }) => getCurrentTerminal(signal), staleTime: TERMINALS_STALE_MS });

export function useCurrentTerminal(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...currentTerminalQuery(), enabled: options.isEnabled ?? true });
}

export function useTerminal(id: number | null) {
  return useQuery({ queryKey: terminalKeys.detail(id ?? 0), queryFn: ({ signal }) => getTerminal(id!, signal), enabled: id !== null, staleTime: TERMINALS_STALE_MS });
}

/** GET /terminal_cranes?terminal_id: the quay cranes (the planner's cranes panel, and the norm of plausibility warnings). */
export function useTerminalCranes(terminalId: number | null, isEnabled = true) {
  return useQuery({
    queryKey: terminalKeys.cranes(terminalId ?? 0),
    queryFn: ({ signal }) => api.get<TTerminalCrane[]>('/terminal_cranes', { terminal_id: terminalId }, signal),
    enabled: terminalId !== null && isEnabled,
    staleTime: TERMINALS_STALE_MS,
  });
}
