// GET /voyages?state&service&vessel_id&vessel_operator_id&source&sync&page&per_page -> {items, meta}, 10 a page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { VOYAGES_PAGE_SIZE, type TPaged, type TVoyage, type TVoyageListQuery } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageKeys } from './query-keys';

export type TVoyageListFilters = Omit<TVoyageListQuery, 'per_page' | 'template_id'> & { per_page?: number };

export const getVoyages = (filters: TVoyageListFilters, signal?: AbortSignal): Promise<TPaged<TVoyage>> =>
  api.get<TPaged<TVoyage>>('/voyages', { per_page: VOYAGES_PAGE_SIZE, ...filters }, signal);

export function useVoyages(filters: TVoyageListFilters, isEnabled = true) {
  return useQuery({ queryKey: voyageKeys.list(filters), queryFn: ({ signal }) => getVoyages(filters, signal), placeholderData: keepPreviousData, enabled: isEnabled });
}
