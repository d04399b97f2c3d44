// GET /schedule_providers?terminal_id= -> the terminal's provider configurations with their fetch status.
import { useQuery } from '@tanstack/react-query';
import type { TScheduleProvider } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { scheduleProviderKeys } from './query-keys';

export const getScheduleProviders = (terminalId: number, signal?: AbortSignal): Promise<TScheduleProvider[]> =>
  api.get<TScheduleProvider[]>('/schedule_providers', { terminal_id: terminalId }, signal);

export function useScheduleProviders(terminalId: number | null, isEnabled = true) {
  return useQuery({
    queryKey: scheduleProviderKeys.providers(terminalId ?? 0),
    queryFn: ({ signal }) => getScheduleProviders(terminalId!, signal),
    enabled: isEnabled && terminalId !== null,
  });
}
