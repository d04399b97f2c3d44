// GET/POST /dcsa_counterparties and rotate/revoke: the carriers' and agents' JIT systems a terminal operator connects.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDcsaCounterparty, TDcsaCounterpartyCreate, TDcsaCounterpartyWithKey } from '@quayline/domain';
import { api } from '@/lib/api-client';

const KEY = ['dcsa-counterparties'] as const;

export const counterpartiesQuery = () => queryOptions({ queryKey: KEY, queryFn: ({ signal }) => api.get<TDcsaCounterparty[]>('/dcsa_counterparties', undefined, signal) });

export function useCounterparties(isEnabled: boolean) {
  return useQuery({ ...counterpartiesQuery(), enabled: isEnabled });
}

export function useCounterpartyActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({ mutationFn: (input: TDcsaCounterpartyCreate) => api.post<TDcsaCounterpartyWithKey>('/dcsa_counterparties', input), onSuccess: refresh }),
    rotate: useMutation({ mutationFn: (id: number) => api.post<TDcsaCounterpartyWithKey>(`/dcsa_counterparties/${id}/rotate`), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (id: number) => api.post<TDcsaCounterparty>(`/dcsa_counterparties/${id}/revoke`), onSuccess: refresh }),
  };
}
