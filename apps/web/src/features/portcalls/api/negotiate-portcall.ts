// POST /portcalls/:id/negotiate {time, action, date_time?, delay_reason_code?, remark?, version}: one step on one time.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNegotiationRequest, TPortcall } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { refreshPortcall } from './refresh-portcall';

export type TNegotiatePortcallInput = { id: number; step: TNegotiationRequest };

export const negotiatePortcall = ({ id, step }: TNegotiatePortcallInput): Promise<TPortcall> => api.post<TPortcall>(`/portcalls/${id}/negotiate`, step);

export function useNegotiatePortcall() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: negotiatePortcall, onSuccess: (portcall) => refreshPortcall(queryClient, portcall) });
}
