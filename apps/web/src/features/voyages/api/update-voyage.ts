// PUT /voyages/:id {..fields, version}; a stale version answers 409 CONFLICT with payload.current.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVoyage, TVoyageUpdateRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageKeys } from './query-keys';

export type TUpdateVoyageInput = { id: number; changes: TVoyageUpdateRequest };

export const updateVoyage = ({ id, changes }: TUpdateVoyageInput): Promise<TVoyage> => api.put<TVoyage>(`/voyages/${id}`, changes);

export function useUpdateVoyage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVoyage,
    onSuccess: (voyage) => {
      queryClient.setQueryData(voyageKeys.detail(voyage.id), voyage);
      void queryClient.invalidateQueries({ queryKey: voyageKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['portcalls'] });
    },
  });
}
