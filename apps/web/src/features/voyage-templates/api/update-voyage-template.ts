// PUT /voyage_templates/:id {..fields, version}; a stale version answers 409 CONFLICT with payload.current.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVoyageTemplate, TVoyageTemplateUpdateRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageTemplateKeys } from './query-keys';

export type TUpdateVoyageTemplateInput = { id: number; changes: TVoyageTemplateUpdateRequest };

export const updateVoyageTemplate = ({ id, changes }: TUpdateVoyageTemplateInput): Promise<TVoyageTemplate> => api.put<TVoyageTemplate>(`/voyage_templates/${id}`, changes);

export function useUpdateVoyageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVoyageTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(voyageTemplateKeys.detail(template.id), template);
      void queryClient.invalidateQueries({ queryKey: voyageTemplateKeys.lists() });
      void queryClient.removeQueries({ queryKey: voyageTemplateKeys.diff(template.id) });
    },
  });
}
