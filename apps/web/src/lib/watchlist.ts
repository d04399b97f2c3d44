// The user's watch list (GET/POST /dashboard/watchlist, DELETE /dashboard/watchlist/:id): shared by the dashboard and the pin button.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWatchlistItem } from '@quayline/domain';
import { api } from './api-client';

export type TWatchlist = { items: TWatchlistItem[] };

export const WATCHLIST_QUERY_KEY = ['dashboard', 'watchlist'] as const;

export const getWatchlist = (signal?: AbortSignal): Promise<TWatchlist> => api.get<TWatchlist>('/dashboard/watchlist', undefined, signal);
export const pinPortcall = (portcallId: number): Promise<TWatchlist> => api.post<TWatchlist>('/dashboard/watchlist', { portcall_id: portcallId });
export const unpinPortcall = (portcallId: number): Promise<TWatchlist> => api.delete<TWatchlist>(`/dashboard/watchlist/${portcallId}`);

export function useWatchlist() {
  return useQuery({ queryKey: WATCHLIST_QUERY_KEY, queryFn: ({ signal }) => getWatchlist(signal) });
}

/** Pins or unpins; both answer the whole list, which replaces the cached one. */
export function useTogglePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ portcallId, isPinned }: { portcallId: number; isPinned: boolean }) => (isPinned ? pinPortcall(portcallId) : unpinPortcall(portcallId)),
    onSuccess: (list) => queryClient.setQueryData(WATCHLIST_QUERY_KEY, list),
  });
}
