// GET /voyages/:id -> one voyage the user may see, with its schedule and its port calls at the terminal.
import { useQuery } from '@tanstack/react-query';
import type { TVoyage } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageKeys } from './query-keys';

export const getVoyage = (id: number, signal?: AbortSignal): Promise<TVoyage> => api.get<TVoyage>(`/voyages/${id}`, undefined, signal);

export function useVoyage(id: number | null) {
  return useQuery({ queryKey: voyageKeys.detail(id ?? 0), queryFn: ({ signal }) => getVoyage(id!, signal), enabled: id !== null });
}
