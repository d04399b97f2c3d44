// POST /portcalls/:id/messages {body} (1 to 2000 characters) -> the whole thread, which replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPortcallMessage } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { messageKeys } from './query-keys';

export type TPostMessageInput = { portcallId: number; body: string };

export const postMessage = ({ portcallId, body }: TPostMessageInput): Promise<TPortcallMessage[]> =>
  api.post<TPortcallMessage[]>(`/portcalls/${portcallId}/messages`, { body });

export function usePostMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMessage,
    onSuccess: (thread, { portcallId }) => {
      queryClient.setQueryData(messageKeys.thread(portcallId), thread);
      return queryClient.invalidateQueries({ queryKey: messageKeys.statesAll() });
    },
  });
}
