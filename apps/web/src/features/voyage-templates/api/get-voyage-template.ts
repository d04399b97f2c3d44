// GET /voyage_templates/:id -> one template the user may see (404 otherwise).
import { useQuery } from '@tanstack/react-query';
import type { TVoyageTemplate } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageTemplateKeys } from './query-keys';

export const getVoyageTemplate = (id: number, signal?: AbortSignal): Promise<TVoyageTemplate> => api.get<TVoyageTemplate>(`/voyage_templates/${id}`, undefined, signal);

export function useVoyageTemplate(id: number | null) {
  return useQuery({ queryKey: voyageTemplateKeys.detail(id ?? 0), queryFn: ({ signal }) => getVoyageTemplate(id!, signal), enabled: id !== null });
}
