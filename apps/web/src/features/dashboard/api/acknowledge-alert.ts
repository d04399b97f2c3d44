// POST /dashboard/alerts/acknowledge {key}: for this user only; the alert lists and counts are asked for again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export const acknowledgeAlert = (key: string): Promise<unknown> => api.post<unknown>('/dashboard/alerts/acknowledge', { key });

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acknowledgeAlert, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...dashboardKeys.live, 'alerts'] }) });
}
