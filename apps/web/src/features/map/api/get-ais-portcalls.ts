// GET /ais/portcalls_list -> the calls of a terminal with their vessel's last AIS position, prediction and recent track.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAisPortcallsList } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { mapKeys, type TAisListFilter } from './query-keys';

/** Hours of track drawn behind the selected vessel. */
export const TRACK_HOURS = 6;

export const getAisPortcalls = (terminalId: number, filter: TAisListFilter, signal?: AbortSignal): Promise<TAisPortcallsList> =>
  api.get<TAisPortcallsList>(
    '/ais/portcalls_list',
    { terminal_id: terminalId, statuses: filter.statuses || undefined, watched_only: filter.isWatchedOnly ? 'true' : undefined, track_hours: TRACK_HOURS },
    signal,
  );

export function useAisPortcalls(terminalId: number | null, filter: TAisListFilter) {
  return useQuery({
    queryKey: mapKeys.portcallList(terminalId ?? 0, filter),
    queryFn: ({ signal }) => getAisPortcalls(terminalId!, filter, signal),
    enabled: terminalId !== null,
    // Positions arrive over the realtime channel; a changed filter keeps the old vessels on screen until the new answer.
    placeholderData: keepPreviousData,
  });
}
