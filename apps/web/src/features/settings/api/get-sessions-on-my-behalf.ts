// GET /proxy_sessions/on_my_behalf: recent sessions in which a colleague acted for the signed-in user.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProxySessionOnMyBehalf } from '@quayline/domain';
import { api } from '@/lib/api-client';

export const sessionsOnMyBehalfQuery = () =>
  queryOptions({ queryKey: ['proxy-sessions-on-my-behalf'], queryFn: ({ signal }) => api.get<TProxySessionOnMyBehalf[]>('/proxy_sessions/on_my_behalf', undefined, signal) });

export function useSessionsOnMyBehalf() {
  return useQuery(sessionsOnMyBehalfQuery());
}
