// GET /blocked_zones?terminal_id&from&to: closed stretches of quay overlapping the window.
import { useQuery } from '@tanstack/react-query';
import type { TBlockedZone } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

export function useBlockedZones(terminalId: number | null, from: string, to: string) {
  return useQuery({
    queryKey: plannerKeys.blockedZones(terminalId ?? 0, from, to),
    queryFn: ({ signal }) => api.get<TBlockedZone[]>('/blocked_zones', { terminal_id: terminalId, from, to }, signal),
    enabled: terminalId !== null && from !== '',
    staleTime: 60_000,
  });
}
