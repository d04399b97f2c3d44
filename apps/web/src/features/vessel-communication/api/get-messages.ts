// GET /portcalls/:id/messages -> the thread, oldest first.
import { useQuery } from '@tanstack/react-query';
import type { TPortcallMessage } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { messageKeys } from './query-keys';

export const getMessages = (portcallId: number, signal?: AbortSignal): Promise<TPortcallMessage[]> =>
  api.get<TPortcallMessage[]>(`/portcalls/${portcallId}/messages`, undefined, signal);

export function useMessages(portcallId: number | null) {
  return useQuery({
    queryKey: messageKeys.thread(portcallId ?? 0),
    queryFn: ({ signal }) => getMessages(portcallId!, signal),
    enabled: portcallId !== null,
  });
}
