// POST /dashboard/alerts/acknowledge {key} and /acknowledge_group {group}: for this user only; the alert groups and
// counts are asked for again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export const acknowledgeAlert = (key: string): Promise<unknown> => api.post<unknown>('/dashboard/alerts/acknowledge', { key });
export const acknowledgeAlertGroup = (group: string): Promise<unknown> => api.post<unknown>('/dashboard/alerts/acknowledge_group', { group });

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acknowledgeAlert, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...dashboardKeys.live, 'alerts'] }) });
}

export function useAcknowledgeAlertGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acknowledgeAlertGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...dashboardKeys.live, 'alerts'] }) });
}
