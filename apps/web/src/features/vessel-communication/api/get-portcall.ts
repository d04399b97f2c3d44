// GET /portcalls/:id: the header of a thread whose port call is not among the loaded list (a link from elsewhere).
import { useQuery } from '@tanstack/react-query';
import type { TPortcall } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { messageKeys } from './query-keys';

export const getPortcall = (id: number, signal?: AbortSignal): Promise<TPortcall> => api.get<TPortcall>(`/portcalls/${id}`, undefined, signal);

export function useThreadPortcall(id: number | null, isEnabled: boolean) {
  return useQuery({ queryKey: [...messageKeys.all, 'portcall', id ?? 0], queryFn: ({ signal }) => getPortcall(id!, signal), enabled: id !== null && isEnabled });
}
