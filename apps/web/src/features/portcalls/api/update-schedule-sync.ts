// PUT /portcalls/:id/schedule_sync {version, active}: stop or resume schedule sync for one call (audited); the call is fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TScheduleSyncRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export type TUpdateScheduleSyncInput = { id: number; request: TScheduleSyncRequest };

export const updateScheduleSync = ({ id, request }: TUpdateScheduleSyncInput): Promise<unknown> => api.put<unknown>(`/portcalls/${id}/schedule_sync`, request);

export function useUpdateScheduleSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScheduleSync,
    // Also after a 409: the screen then shows the version that won.
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: portcallKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: portcallKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: portcallKeys.audits(id) });
    },
  });
}
