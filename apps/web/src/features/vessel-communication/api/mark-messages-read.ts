// PUT /portcalls/:id/messages/read -> {state}; the call's icon in every cached state map follows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessageIconState } from '@quayline/domain';
import { api } from '@/lib/api-client';
import type { TMessageStates } from './get-message-states';
import { messageKeys } from './query-keys';

export const markMessagesRead = (portcallId: number): Promise<{ state: TMessageIconState }> => api.put<{ state: TMessageIconState }>(`/portcalls/${portcallId}/messages/read`);

export function setMessageState(states: TMessageStates | undefined, portcallId: number, state: TMessageIconState): TMessageStates | undefined {
  const key = String(portcallId);
  if (!states || !(key in states) || states[key] === state) return states;
  return { ...states, [key]: state };
}

export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSuccess: ({ state }, portcallId) => {
      queryClient.setQueriesData<TMessageStates>({ queryKey: messageKeys.statesAll() }, (states) => setMessageState(states, portcallId, state));
    },
  });
}
