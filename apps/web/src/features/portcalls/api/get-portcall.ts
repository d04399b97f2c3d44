// GET /portcalls/:id -> one port call the user may see (404 otherwise).
import { useQuery } from '@tanstack/react-query';
import type { TPortcall } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export const getPortcall = (id: number, signal?: AbortSignal): Promise<TPortcall> => api.get<TPortcall>(`/portcalls/${id}`, undefined, signal);

export function usePortcall(id: number | null) {
  return useQuery({
    queryKey: portcallKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getPortcall(id!, signal),
    enabled: id !== null,
  });
}
