// GET /portcall_message_states?portcall_ids=1,2,3 -> {"1": "new" | "none" | "all_read"}: the icon of each call in the list.
import { useQuery } from '@tanstack/react-query';
import type { TMessageIconState } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { messageKeys } from './query-keys';

export type TMessageStates = Record<string, TMessageIconState>;

/** The server reads at most 2000 characters of ids; 200 ids a request stays well below. */
const IDS_PER_REQUEST = 200;

export async function getMessageStates(ids: readonly number[], signal?: AbortSignal): Promise<TMessageStates> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) chunks.push(ids.slice(i, i + IDS_PER_REQUEST));
  const answers = await Promise.all(chunks.map((chunk) => api.get<TMessageStates>('/portcall_message_states', { portcall_ids: chunk.join(',') }, signal)));
  return Object.assign({}, ...answers) as TMessageStates;
}

export function useMessageStates(ids: readonly number[]) {
  return useQuery({
    queryKey: messageKeys.states(ids),
    queryFn: ({ signal }) => getMessageStates(ids, signal),
    enabled: ids.length > 0,
    // New ids (another page loaded) must not blank the icons already shown.
    placeholderData: (previous) => previous,
  });
}
