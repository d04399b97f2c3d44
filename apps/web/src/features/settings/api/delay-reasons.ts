// POST/PUT/DELETE /delay_reasons: the terminal operators keep their terminal's delay codes and names.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateDelayReasonRequest, TDelayReason, TUpdateDelayReasonRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { delayReasonKeys } from '@/lib/delay-reasons';

export function useDelayReasonActions(terminalId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: delayReasonKeys.list(terminalId) });
  return {
    create: useMutation({ mutationFn: (input: TCreateDelayReasonRequest) => api.post<TDelayReason>('/delay_reasons', input), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, ...input }: TUpdateDelayReasonRequest & { id: number }) => api.put<TDelayReason>(`/delay_reasons/${id}`, input), onSettled: refresh }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<TDelayReason>(`/delay_reasons/${id}`), onSuccess: refresh }),
  };
}
