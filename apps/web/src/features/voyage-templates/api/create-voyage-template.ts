// POST /voyage_templates -> 201 with the stored template; creating one changes no voyage until it is generated.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVoyageTemplate, TVoyageTemplateInput } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageTemplateKeys } from './query-keys';

export const createVoyageTemplate = (input: TVoyageTemplateInput): Promise<TVoyageTemplate> => api.post<TVoyageTemplate>('/voyage_templates', input);

export function useCreateVoyageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoyageTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(voyageTemplateKeys.detail(template.id), template);
      void queryClient.invalidateQueries({ queryKey: voyageTemplateKeys.lists() });
    },
  });
}
