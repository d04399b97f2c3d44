// POST /schedule_providers/fetch_voyages {terminal_id, provider?}: fetch now; answers the run (or one run per provider).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TScheduleProviderKind, TSyncRun } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { scheduleProviderKeys, voyageKeys } from './query-keys';

export type TFetchVoyagesInput = { terminal_id: number; provider?: TScheduleProviderKind };

/** The runs of the answer, whether the server sends one run or a list of them. */
export const runsOf = (answer: TSyncRun | TSyncRun[] | { runs: TSyncRun[] }): TSyncRun[] =>
  Array.isArray(answer) ? answer : 'runs' in answer ? answer.runs : [answer];

export const fetchVoyages = async (input: TFetchVoyagesInput): Promise<TSyncRun[]> =>
  runsOf(await api.post<TSyncRun | TSyncRun[] | { runs: TSyncRun[] }>('/schedule_providers/fetch_voyages', input));

export function useFetchVoyages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchVoyages,
    // A failed fetch is recorded with the provider too, so status and runs are asked for again either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleProviderKeys.all });
      void queryClient.invalidateQueries({ queryKey: voyageKeys.all });
    },
  });
}
