// PUT /schedule_providers {terminal_id, provider, base_url, credentials?, ..., version?}: create or change one configuration.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TScheduleProvider, TScheduleProviderInput } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { scheduleProviderKeys } from './query-keys';

export const updateScheduleProvider = (input: TScheduleProviderInput): Promise<TScheduleProvider> => api.put<TScheduleProvider>('/schedule_providers', input);

export function useUpdateScheduleProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScheduleProvider,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: scheduleProviderKeys.providers(input.terminal_id) }),
  });
}
