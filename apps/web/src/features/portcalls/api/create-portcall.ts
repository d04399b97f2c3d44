// POST /portcalls -> 201 with the stored port call; the terminal plans, the vessel side requests.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPortcall, TPortcallCreateRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export const createPortcall = (input: TPortcallCreateRequest): Promise<TPortcall> => api.post<TPortcall>('/portcalls', input);

export function useCreatePortcall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPortcall,
    onSuccess: (portcall) => {
      queryClient.setQueryData(portcallKeys.detail(portcall.id), portcall);
      void queryClient.invalidateQueries({ queryKey: portcallKeys.lists() });
    },
  });
}
