// POST /schedule_providers/upload {terminal_id, format, source, content}: a schedule file read in the browser; answers the run.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TSyncRun, ZScheduleUploadRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { runsOf } from './fetch-voyages';
import { scheduleProviderKeys, voyageKeys } from './query-keys';

export type TScheduleUploadInput = z.input<typeof ZScheduleUploadRequest>;

export const uploadSchedule = async (input: TScheduleUploadInput): Promise<TSyncRun[]> =>
  runsOf(await api.post<TSyncRun | TSyncRun[]>('/schedule_providers/upload', input));

export function useUploadSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSchedule,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleProviderKeys.allRuns() });
      void queryClient.invalidateQueries({ queryKey: voyageKeys.all });
    },
  });
}
