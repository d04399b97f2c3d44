// Acting for a colleague from the shell: the candidate list, start, return, and the switch of everything the
// tab holds (query cache, realtime socket) from one person to the other.
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProxyCandidate, TStartProxySessionResponse, TUserDetails } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { getRealtimeClient } from '@/lib/realtime-client';
import { setProxyToken } from '@/lib/storage';
import { TRANSLATIONS_QUERY_KEY, USER_DETAILS_QUERY_KEY, getUserDetails } from '@/lib/user';

export const PROXY_CANDIDATES_QUERY_KEY = ['proxy-candidates'] as const;

export const proxyCandidatesQuery = (isEnabled: boolean) =>
  queryOptions({ queryKey: PROXY_CANDIDATES_QUERY_KEY, queryFn: ({ signal }) => api.get<TProxyCandidate[]>('/proxy_session/candidates', undefined, signal), enabled: isEnabled, staleTime: 60_000 });

export function useProxyCandidates(isEnabled: boolean) {
  return useQuery(proxyCandidatesQuery(isEnabled));
}

/**
 * The tab now belongs to another person: the socket reconnects with the new cookie, the user's details are put
 * in place first (so the shell never flashes a loader), and every other cached answer is reset and refetched.
 */
export async function switchSession(queryClient: QueryClient, details?: TUserDetails): Promise<TUserDetails> {
  getRealtimeClient().restart();
  const next = details ?? (await getUserDetails());
  queryClient.setQueryData(USER_DETAILS_QUERY_KEY, next);
  await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== TRANSLATIONS_QUERY_KEY && query.queryKey[0] !== USER_DETAILS_QUERY_KEY[0] });
  return next;
}

/** Starts acting; the caller closes its dialog first and then calls switchSession, so the dialog never shows the colleague's (empty) list. */
export function useStartProxy() {
  return useMutation({
    mutationFn: (userId: number) => api.post<TStartProxySessionResponse>('/proxy_session', { user_id: userId }),
    onSuccess: (result) => setProxyToken(result.token),
  });
}

export function useReturnToOwnSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<TUserDetails>('/proxy_session'),
    onSuccess: async (own) => {
      setProxyToken(null);
      await switchSession(queryClient, own);
    },
  });
}

export const fullNameOf = (person: { first_name: string; last_name: string; email: string }): string => `${person.first_name} ${person.last_name}`.trim() || person.email;
