// The user's linked terminals (GET /terminals) as the time zone each port call is shown in, and their realtime channels.
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIMEZONE, type TTerminal } from '@quayline/domain';
import { api } from './api-client';

/** Same key and shape as the port-call feature's terminal list, so both read one cached answer. */
export const TERMINALS_QUERY_KEY = ['terminals', 'list'] as const;
const TERMINALS_STALE_MS = 5 * 60_000;

export const getLinkedTerminals = (signal?: AbortSignal): Promise<TTerminal[]> => api.get<TTerminal[]>('/terminals', undefined, signal);

export function useLinkedTerminals() {
  return useQuery({ queryKey: TERMINALS_QUERY_KEY, queryFn: ({ signal }) => getLinkedTerminals(signal), staleTime: TERMINALS_STALE_MS });
}

/** `zoneOf(terminalId)`: that terminal's zone, else the first linked terminal's, else Europe/Berlin (spec 9). */
export function useTerminalTimeZones(): { zoneOf: (terminalId?: number | null) => string; defaultZone: string } {
  const { data } = useLinkedTerminals();
  const defaultZone = data?.[0]?.time_zone ?? DEFAULT_TIMEZONE;
  const zoneOf = useCallback(
    (terminalId?: number | null) => (terminalId ? data?.find((t) => t.id === terminalId)?.time_zone : undefined) ?? defaultZone,
    [data, defaultZone],
  );
  return { zoneOf, defaultZone };
}
