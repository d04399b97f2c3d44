// Query keys of the dashboard; a port-call change invalidates the live widgets (`live`), never the KPI history.
import type { TPortcallKpisQuery } from './get-portcall-kpis';
import type { TOverallPerformanceParams } from './get-overall-performance';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  live: ['dashboard', 'live'] as const,
  userStats: (terminalId: number | undefined) => ['dashboard', 'live', 'user-stats', terminalId ?? null] as const,
  alerts: (includeAcknowledged: boolean, page: number) => ['dashboard', 'live', 'alerts', includeAcknowledged, page] as const,
  alertGroup: (group: string, includeAcknowledged: boolean) => ['dashboard', 'live', 'alerts', 'group', group, includeAcknowledged] as const,
  cargoProgress: (page: number) => ['dashboard', 'live', 'cargo-progress', page] as const,
  alertSettings: (terminalId: number) => ['dashboard', 'alert-settings', terminalId] as const,
  portcallKpis: (query: TPortcallKpisQuery) => ['dashboard', 'kpis', 'portcall', query] as const,
  overallPerformance: (params: TOverallPerformanceParams) => ['dashboard', 'kpis', 'overall', params] as const,
};
