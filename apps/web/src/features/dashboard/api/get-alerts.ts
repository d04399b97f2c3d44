// GET /dashboard/alerts: alerts computed on read; time-driven rules have no event, so the list is also asked for every minute.
import { useQuery } from '@tanstack/react-query';
import type { TDashboardAlert } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export type TAlertList = { items: TDashboardAlert[]; unacknowledged_count: number };
export const ALERTS_REFETCH_MS = 60_000;

export const getAlerts = (includeAcknowledged: boolean, signal?: AbortSignal): Promise<TAlertList> =>
  api.get<TAlertList>('/dashboard/alerts', { include_acknowledged: String(includeAcknowledged) }, signal);

export function useAlerts(includeAcknowledged: boolean) {
  return useQuery({ queryKey: dashboardKeys.alerts(includeAcknowledged), queryFn: ({ signal }) => getAlerts(includeAcknowledged, signal), refetchInterval: ALERTS_REFETCH_MS });
}
