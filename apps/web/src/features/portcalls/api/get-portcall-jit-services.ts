// GET /portcalls/:id/jit_services -> the call's DCSA JIT services (towage, mooring, readiness, ...) with their timestamps.
import { useQuery } from '@tanstack/react-query';
import type { TPortcallJitService } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export function usePortcallJitServices(id: number) {
  return useQuery({ queryKey: [...portcallKeys.detail(id), 'jit-services'], queryFn: ({ signal }) => api.get<TPortcallJitService[]>(`/portcalls/${id}/jit_services`, undefined, signal) });
}
