// GET /terminals (the user's linked terminals), /terminals/current_terminal and /terminals/:id (with geometry).
import { useQuery } from '@tanstack/react-query';
import type { TTerminal, TTerminalDetail } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { masterDataKeys } from './query-keys';

export const getTerminals = (signal?: AbortSignal): Promise<TTerminal[]> => api.get<TTerminal[]>('/terminals', undefined, signal);
export const getCurrentTerminal = (signal?: AbortSignal): Promise<TTerminalDetail> => api.get<TTerminalDetail>('/terminals/current_terminal', undefined, signal);
export const getTerminal = (id: number, signal?: AbortSignal): Promise<TTerminalDetail> => api.get<TTerminalDetail>(`/terminals/${id}`, undefined, signal);

// Master data changes rarely; five minutes keeps screens from asking again on every visit.
const MASTER_DATA_STALE_MS = 5 * 60_000;

export function useTerminals() {
  return useQuery({ queryKey: masterDataKeys.terminals, queryFn: ({ signal }) => getTerminals(signal), staleTime: MASTER_DATA_STALE_MS });
}

export function useCurrentTerminal() {
  return useQuery({ queryKey: masterDataKeys.currentTerminal, queryFn: ({ signal }) => getCurrentTerminal(signal), staleTime: MASTER_DATA_STALE_MS });
}

export function useTerminal(id: number | null) {
  return useQuery({ queryKey: masterDataKeys.terminal(id ?? 0), queryFn: ({ signal }) => getTerminal(id!, signal), enabled: id !== null, staleTime: MASTER_DATA_STALE_MS });
}
