// GET /portal_user_portcall_task_settings -> {enabled_reasons}: which kinds of task the user wants to see.
import { useQuery } from '@tanstack/react-query';
import type { TTaskReason } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { taskKeys } from './query-keys';

export type TTaskSettings = { enabled_reasons: TTaskReason[] };

export const getTaskSettings = (signal?: AbortSignal): Promise<TTaskSettings> => api.get<TTaskSettings>('/portal_user_portcall_task_settings', undefined, signal);

export function useTaskSettings() {
  return useQuery({ queryKey: taskKeys.settings(), queryFn: ({ signal }) => getTaskSettings(signal) });
}
