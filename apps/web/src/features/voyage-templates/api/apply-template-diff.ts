// POST /voyage_templates/:id/apply_diff {template_version, voyage_ids, add_voyage_numbers}: applies the chosen items.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApplyTemplateDiffRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageTemplateKeys } from './query-keys';

export type TApplyTemplateDiffInput = { id: number; request: z.input<typeof ZApplyTemplateDiffRequest> };

export const applyTemplateDiff = ({ id, request }: TApplyTemplateDiffInput): Promise<unknown> => api.post<unknown>(`/voyage_templates/${id}/apply_diff`, request);

export function useApplyTemplateDiff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyTemplateDiff,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: voyageTemplateKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['voyages'] });
      void queryClient.invalidateQueries({ queryKey: ['portcalls'] });
    },
  });
}
