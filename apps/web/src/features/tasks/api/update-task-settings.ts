// PUT /portal_user_portcall_task_settings {enabled_reasons}; the task lists and counts follow the new choice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TTaskSettings } from './get-task-settings';
import { taskKeys } from './query-keys';

export const updateTaskSettings = (input: TTaskSettings): Promise<TTaskSettings> => api.put<TTaskSettings>('/portal_user_portcall_task_settings', input);

export function useUpdateTaskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaskSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(taskKeys.settings(), saved);
      return queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
