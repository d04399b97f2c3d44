// GET /dashboard/overall_performance: port performance KPIs of a period, grouped by time, vessel operator or berth section.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TKpiGrouping, TKpiPeriod, TOverallKpi, TOverallPerformance } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export type TOverallPerformanceParams = { terminal_id: number; period: TKpiPeriod; grouping: TKpiGrouping; kpis: TOverallKpi[]; from?: string | undefined; to?: string | undefined };

export const getOverallPerformance = ({ kpis, ...params }: TOverallPerformanceParams, signal?: AbortSignal): Promise<TOverallPerformance> =>
  api.get<TOverallPerformance>('/dashboard/overall_performance', { ...params, kpis: kpis.join(',') }, signal);

export function useOverallPerformance(params: TOverallPerformanceParams | null) {
  return useQuery({
    queryKey: dashboardKeys.overallPerformance(params ?? { terminal_id: 0, period: 'month', grouping: 'day', kpis: [] }),
    queryFn: ({ signal }) => getOverallPerformance(params!, signal),
    enabled: params !== null && params.kpis.length > 0,
    placeholderData: keepPreviousData,
  });
}
