// GET/PUT /terminals/:id/ais_settings: how AIS-detected actual times are used and which prediction the terminal prefers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTerminalAisSettings, ZTerminalAisSettingsUpdate } from '@quayline/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { mapKeys } from './query-keys';

export type TAisSettingsUpdate = z.infer<typeof ZTerminalAisSettingsUpdate>;

export const getAisSettings = (terminalId: number, signal?: AbortSignal): Promise<TTerminalAisSettings> =>
  api.get<TTerminalAisSettings>(`/terminals/${terminalId}/ais_settings`, undefined, signal);
export const updateAisSettings = (terminalId: number, update: TAisSettingsUpdate): Promise<TTerminalAisSettings> =>
  api.put<TTerminalAisSettings>(`/terminals/${terminalId}/ais_settings`, update);

export function useAisSettings(terminalId: number | null) {
  return useQuery({ queryKey: mapKeys.settings(terminalId ?? 0), queryFn: ({ signal }) => getAisSettings(terminalId!, signal), enabled: terminalId !== null });
}

export function useUpdateAisSettings(terminalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TAisSettingsUpdate) => updateAisSettings(terminalId, update),
    onSuccess: (settings) => queryClient.setQueryData(mapKeys.settings(terminalId), settings),
  });
}
