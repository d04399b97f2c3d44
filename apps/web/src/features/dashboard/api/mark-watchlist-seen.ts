// PUT /dashboard/watchlist/:portcall_id/seen: the changes of a pinned call count from now on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWatchlistItem } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { WATCHLIST_QUERY_KEY, type TWatchlist } from '@/lib/watchlist';

export const markWatchlistSeen = (portcallId: number): Promise<TWatchlistItem> => api.put<TWatchlistItem>(`/dashboard/watchlist/${portcallId}/seen`);

export function useMarkWatchlistSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWatchlistSeen,
    onSuccess: (item) =>
      queryClient.setQueryData<TWatchlist>(WATCHLIST_QUERY_KEY, (list) => (list ? { items: list.items.map((i) => (i.portcall_id === item.portcall_id ? item : i)) } : list)),
  });
}
