// GET /dashboard/alerts: alerts computed on read, grouped per vessel and rule; time-driven rules have no event, so the
// groups are also asked for every minute. One group's alerts are asked for when it is opened (`?group=`).
import { useQuery } from '@tanstack/react-query';
import type { TDashboardAlerts } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export type TAlertList = TDashboardAlerts;
export const ALERTS_REFETCH_MS = 60_000;
/** Groups asked for at once; the widget shows the first few and the rest behind a button. */
export const ALERT_GROUPS_PER_PAGE = 20;

export const getAlerts = (args: { includeAcknowledged: boolean; page: number; group?: string }, signal?: AbortSignal): Promise<TAlertList> =>
  api.get<TAlertList>(
    '/dashboard/alerts',
    { include_acknowledged: String(args.includeAcknowledged), page: args.page, per_page: ALERT_GROUPS_PER_PAGE, ...(args.group ? { group: args.group } : {}) },
    signal,
  );

export function useAlerts(includeAcknowledged: boolean, page: number) {
  return useQuery({ queryKey: dashboardKeys.alerts(includeAcknowledged, page), queryFn: ({ signal }) => getAlerts({ includeAcknowledged, page }, signal), refetchInterval: ALERTS_REFETCH_MS });
}

/** The alerts of one opened group. */
export function useAlertGroup(group: string, includeAcknowledged: boolean, isOpen: boolean) {
  return useQuery({ queryKey: dashboardKeys.alertGroup(group, includeAcknowledged), queryFn: ({ signal }) => getAlerts({ includeAcknowledged, page: 1, group }, signal), enabled: isOpen });
}
