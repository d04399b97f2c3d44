// PUT /update_email_notification_setting?enable=&receive_time=&timezone= (query parameters, empty body).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { USER_DETAILS_QUERY_KEY } from '@/lib/user';
import { DAILY_TASK_SUMMARY_QUERY_KEY } from './get-daily-task-summary';

export type TEmailNotificationSettingInput = { enable: boolean; receive_time: string; timezone: string };

export const updateEmailNotificationSetting = ({ enable, receive_time, timezone }: TEmailNotificationSettingInput): Promise<unknown> =>
  api.put<unknown>('/update_email_notification_setting', undefined, { enable: enable ? 'true' : 'false', receive_time, timezone });

export function useUpdateEmailNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailNotificationSetting,
    onSuccess: () => {
      // Not awaited: the settings form remounts with the refetched user, and the caller's success popup must come first.
      void queryClient.invalidateQueries({ queryKey: DAILY_TASK_SUMMARY_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY });
    },
  });
}
