// The user's linked terminals as the time zone each port call is shown in.
import { useCallback } from 'react';
import { DEFAULT_TIMEZONE } from '@quayline/domain';
import { useLinkedTerminals } from './terminals';

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
