// GET and PUT /dashboard/alert_settings?terminal_id: a terminal's alert thresholds (terminal operators only).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAlertSettings } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export type TAlertSettingsPayload = { terminal_id: number; settings: TAlertSettings; is_default: boolean; updated_at: string | null };

export const getAlertSettings = (terminalId: number, signal?: AbortSignal): Promise<TAlertSettingsPayload> =>
  api.get<TAlertSettingsPayload>('/dashboard/alert_settings', { terminal_id: terminalId }, signal);
export const updateAlertSettings = ({ terminalId, settings }: { terminalId: number; settings: TAlertSettings }): Promise<TAlertSettingsPayload> =>
  api.put<TAlertSettingsPayload>('/dashboard/alert_settings', settings, { terminal_id: terminalId });

export function useAlertSettings(terminalId: number | null) {
  return useQuery({ queryKey: dashboardKeys.alertSettings(terminalId ?? 0), queryFn: ({ signal }) => getAlertSettings(terminalId!, signal), enabled: terminalId !== null });
}

export function useUpdateAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(dashboardKeys.alertSettings(saved.terminal_id), saved);
      // Thresholds decide which alerts exist.
      return queryClient.invalidateQueries({ queryKey: [...dashboardKeys.live, 'alerts'] });
    },
  });
}
