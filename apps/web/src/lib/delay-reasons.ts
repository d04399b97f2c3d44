// GET /delay_reasons?terminal_id: a terminal's delay codes with its own names, for the negotiation picker, the chain
// of steps and the settings screen that keeps them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TDelayReason, delayReasonLabel } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { api } from './api-client';

export const delayReasonKeys = { list: (terminalId: number) => ['delay-reasons', terminalId] as const };

// Kept by the terminal's planners now and then; five minutes like the rest of the terminal's master data.
const DELAY_REASONS_STALE_MS = 5 * 60_000;

export const delayReasonsQuery = (terminalId: number) =>
  queryOptions({ queryKey: delayReasonKeys.list(terminalId), queryFn: ({ signal }) => api.get<TDelayReason[]>('/delay_reasons', { terminal_id: terminalId }, signal), staleTime: DELAY_REASONS_STALE_MS });

export function useDelayReasons(terminalId: number | null | undefined) {
  return useQuery({ ...delayReasonsQuery(terminalId ?? 0), enabled: typeof terminalId === 'number' });
}

/** "CODE — name" in the reader's language; a code the terminal's list does not know (an import, the API) stays bare. */
export function useDelayReasonLabel(terminalId: number | null | undefined): (code: string) => string {
  const locale = useLocale();
  const { data } = useDelayReasons(terminalId);
  return (code) => delayReasonLabel(code, data, locale);
}
