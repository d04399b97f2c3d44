// PUT /update_canvas_settings {type, value}; the user is fetched again afterwards (spec 7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateCanvasSettingRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { USER_DETAILS_QUERY_KEY } from '@/lib/user';

export const updateCanvasSettings = (input: TUpdateCanvasSettingRequest): Promise<unknown> => api.put<unknown>('/update_canvas_settings', input);

export function useUpdateCanvasSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCanvasSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY }),
  });
}
