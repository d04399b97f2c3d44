// GET /portcalls/:id/timestamps: the negotiation chain behind the selected card's requested/proposed/accepted windows.
import { useQuery } from '@tanstack/react-query';
import type { TPortcallTimestamp } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

export function usePortcallTimestamps(id: number | null) {
  return useQuery({
    queryKey: plannerKeys.timestamps(id ?? 0),
    queryFn: ({ signal }) => api.get<TPortcallTimestamp[]>(`/portcalls/${id}/timestamps`, undefined, signal),
    enabled: id !== null,
  });
}
