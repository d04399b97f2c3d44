// POST /voyages: a voyage typed in by hand; its terminal row creates the port call.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVoyage, TVoyageCreateRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageKeys } from './query-keys';

export const createVoyage = (input: TVoyageCreateRequest): Promise<TVoyage> => api.post<TVoyage>('/voyages', input);

export function useCreateVoyage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoyage,
    onSuccess: (voyage) => {
      queryClient.setQueryData(voyageKeys.detail(voyage.id), voyage);
      void queryClient.invalidateQueries({ queryKey: voyageKeys.lists() });
      // The terminal call it created or moved shows in the port-call lists.
      void queryClient.invalidateQueries({ queryKey: ['portcalls'] });
    },
  });
}
