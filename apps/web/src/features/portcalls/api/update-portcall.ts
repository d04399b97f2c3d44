// PUT /portcalls/:id {..changed fields, version}; a stale version answers 409 CONFLICT with payload.current.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPortcall, TPortcallUpdateRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { refreshPortcall } from './refresh-portcall';

export type TUpdatePortcallInput = { id: number; changes: TPortcallUpdateRequest };

export const updatePortcall = ({ id, changes }: TUpdatePortcallInput): Promise<TPortcall> => api.put<TPortcall>(`/portcalls/${id}`, changes);

export function useUpdatePortcall() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePortcall, onSuccess: (portcall) => refreshPortcall(queryClient, portcall) });
}
