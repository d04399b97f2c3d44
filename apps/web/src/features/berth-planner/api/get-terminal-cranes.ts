// GET /terminal_cranes?terminal_id: the quay cranes for the cranes panel.
import { useQuery } from '@tanstack/react-query';
import type { TTerminalCrane } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

export function useTerminalCranes(terminalId: number | null, isEnabled: boolean) {
  return useQuery({
    queryKey: plannerKeys.cranes(terminalId ?? 0),
    queryFn: ({ signal }) => api.get<TTerminalCrane[]>('/terminal_cranes', { terminal_id: terminalId }, signal),
    enabled: terminalId !== null && isEnabled,
    staleTime: 5 * 60_000,
  });
}
