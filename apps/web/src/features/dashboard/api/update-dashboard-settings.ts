// PUT /update_dashboard_settings with the changed keys; answers the user details, which replace the cached ones.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDashboardSettings, TUserDetails } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { USER_DETAILS_QUERY_KEY } from '@/lib/user';

export const updateDashboardSettings = (patch: Partial<TDashboardSettings>): Promise<TUserDetails> => api.put<TUserDetails>('/update_dashboard_settings', patch);

export function useUpdateDashboardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDashboardSettings,
    // Shown at once; a failed save rolls back to what the server holds.
    onMutate: (patch) => {
      const previous = queryClient.getQueryData<TUserDetails>(USER_DETAILS_QUERY_KEY);
      if (previous) queryClient.setQueryData<TUserDetails>(USER_DETAILS_QUERY_KEY, { ...previous, ...patch });
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(USER_DETAILS_QUERY_KEY, context.previous);
    },
    onSuccess: (user) => queryClient.setQueryData(USER_DETAILS_QUERY_KEY, user),
  });
}
