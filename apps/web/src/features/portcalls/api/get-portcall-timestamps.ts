// GET /portcalls/:id/timestamps -> the negotiation chain of all four times, oldest first.
import { useQuery } from '@tanstack/react-query';
import type { TPortcallTimestamp } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export const getPortcallTimestamps = (id: number, signal?: AbortSignal): Promise<TPortcallTimestamp[]> =>
  api.get<TPortcallTimestamp[]>(`/portcalls/${id}/timestamps`, undefined, signal);

export function usePortcallTimestamps(id: number | null) {
  return useQuery({ queryKey: portcallKeys.timestamps(id ?? 0), queryFn: ({ signal }) => getPortcallTimestamps(id!, signal), enabled: id !== null });
}
