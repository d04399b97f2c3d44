// GET/PUT /portcalls/:id/prise_notice and POST /portcalls/:id/prise_notice/submit: the call's PRISE pre-arrival notice.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPriseNotice, TPriseNoticeUpdateRequest, TPriseSubmitRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from '../api/query-keys';

/** Under the port-call keys, so whatever refreshes a whole call refreshes its notice too. */
export const priseNoticeKey = (portcallId: number) => [...portcallKeys.all, 'prise-notice', portcallId] as const;

const path = (portcallId: number) => `/portcalls/${portcallId}/prise_notice`;

export const getPriseNotice = (portcallId: number, signal?: AbortSignal): Promise<TPriseNotice> => api.get<TPriseNotice>(path(portcallId), undefined, signal);
export const updatePriseNotice = ({ portcallId, changes }: { portcallId: number; changes: TPriseNoticeUpdateRequest }): Promise<TPriseNotice> =>
  api.put<TPriseNotice>(path(portcallId), changes);
export const submitPriseNotice = ({ portcallId, request }: { portcallId: number; request: TPriseSubmitRequest }): Promise<TPriseNotice> =>
  api.post<TPriseNotice>(`${path(portcallId)}/submit`, request);

export function usePriseNotice(portcallId: number) {
  return useQuery({ queryKey: priseNoticeKey(portcallId), queryFn: ({ signal }) => getPriseNotice(portcallId, signal) });
}

/** Both writes answer the notice as it now is; the call's own PRISE fields may have moved with it. */
function useNoticeWrite<TInput extends { portcallId: number }>(write: (input: TInput) => Promise<TPriseNotice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (notice, { portcallId }) => {
      queryClient.setQueryData(priseNoticeKey(portcallId), notice);
      void queryClient.invalidateQueries({ queryKey: portcallKeys.detail(portcallId) });
      void queryClient.invalidateQueries({ queryKey: portcallKeys.lists() });
    },
  });
}

export const useUpdatePriseNotice = () => useNoticeWrite(updatePriseNotice);
export const useSubmitPriseNotice = () => useNoticeWrite(submitPriseNotice);
