// GET /blocked_zones?terminal_id&from&to: closed stretches of quay overlapping the window.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBlockedZone } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

export const blockedZonesQuery = (terminalId: number, from: string, to: string) =>
  queryOptions({
    queryKey: plannerKeys.blockedZones(terminalId, from, to),
    queryFn: ({ signal }) => api.get<TBlockedZone[]>('/blocked_zones', { terminal_id: terminalId, from, to }, signal),
    staleTime: 60_000,
  });

export function useBlockedZones(terminalId: number | null, from: string, to: string) {
  return useQuery({ ...blockedZonesQuery(terminalId ?? 0, from, to), enabled: terminalId !== null && from !== '' });
}
