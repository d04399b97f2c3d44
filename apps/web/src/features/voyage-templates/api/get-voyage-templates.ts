// GET /voyage_templates?q&page&per_page -> the templates the user may see, 10 a page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { VOYAGE_TEMPLATES_PAGE_SIZE, type TPaged, type TVoyageTemplate } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageTemplateKeys, type TTemplateListQuery } from './query-keys';

export const getVoyageTemplates = (query: TTemplateListQuery, signal?: AbortSignal): Promise<TPaged<TVoyageTemplate>> =>
  api.get<TPaged<TVoyageTemplate>>('/voyage_templates', { q: query.q?.trim() || undefined, page: query.page, per_page: VOYAGE_TEMPLATES_PAGE_SIZE }, signal);

export function useVoyageTemplates(query: TTemplateListQuery) {
  return useQuery({ queryKey: voyageTemplateKeys.list(query), queryFn: ({ signal }) => getVoyageTemplates(query, signal), placeholderData: keepPreviousData });
}
