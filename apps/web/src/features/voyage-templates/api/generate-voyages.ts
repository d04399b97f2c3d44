// POST /voyage_templates/:id/generate {from?, horizon_weeks} -> how many voyages and calls it created (idempotent).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGenerateVoyagesResult } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageTemplateKeys } from './query-keys';

export type TGenerateVoyagesInput = { id: number; from: string; horizon_weeks: number };

export const generateVoyages = ({ id, ...body }: TGenerateVoyagesInput): Promise<TGenerateVoyagesResult> =>
  api.post<TGenerateVoyagesResult>(`/voyage_templates/${id}/generate`, body);

export function useGenerateVoyages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateVoyages,
    // Future voyage counts and generated-until dates changed; the voyages and port-call lists are other features' caches.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: voyageTemplateKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['voyages'] });
      void queryClient.invalidateQueries({ queryKey: ['portcalls'] });
    },
  });
}
