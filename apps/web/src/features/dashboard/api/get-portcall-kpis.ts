// GET /dashboard/portcall_kpis?page&per_page=6&kpis: the chosen per-call KPIs of recent and current calls.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PORTCALL_KPIS_PAGE_SIZE, type TPortcallKpi, type TPortcallKpis } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export type TPortcallKpisQuery = { page: number; kpis: TPortcallKpi[] };

export const getPortcallKpis = ({ page, kpis }: TPortcallKpisQuery, signal?: AbortSignal): Promise<TPortcallKpis> =>
  api.get<TPortcallKpis>('/dashboard/portcall_kpis', { page, per_page: PORTCALL_KPIS_PAGE_SIZE, kpis: kpis.join(',') }, signal);

export function usePortcallKpis(query: TPortcallKpisQuery) {
  return useQuery({ queryKey: dashboardKeys.portcallKpis(query), queryFn: ({ signal }) => getPortcallKpis(query, signal), placeholderData: keepPreviousData, enabled: query.kpis.length > 0 });
}
