// GET /portcalls/:id/jit_messages -> what Quayline sent about the call to connected JIT systems, with its delivery.
import { useQuery } from '@tanstack/react-query';
import type { TPortcallJitMessage } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export function usePortcallJitMessages(id: number) {
  return useQuery({ queryKey: [...portcallKeys.detail(id), 'jit-messages'], queryFn: ({ signal }) => api.get<TPortcallJitMessage[]>(`/portcalls/${id}/jit_messages`, undefined, signal) });
}
