// /dashboard (dashboard_view): the user's widgets in their order, refreshed live on port-call events.
import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { realtimeChannels } from '@quayline/domain';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { PORTCALL_MESSAGE_EVENT, PORTCALL_UPDATED_EVENT, usePortcallEvents } from '@/lib/use-portcall-events';
import { useRealtimeChannel } from '@/lib/use-realtime-channel';
import { useUserDetails } from '@/lib/user';
import { WATCHLIST_QUERY_KEY } from '@/lib/watchlist';
import { dashboardKeys } from '../api/query-keys';
import { type TDashboardWidget, useDashboardSettings } from '../hooks/use-dashboard-settings';
import { AlertsWidget } from './alerts-widget';
import { CargoProgressWidget } from './cargo-progress-widget';
import { OverallPerformanceWidget } from './overall-performance-widget';
import { PortcallKpisWidget } from './portcall-kpis-widget';
import { UserStatsWidget } from './user-stats-widget';
import { WatchlistWidget } from './watchlist-widget';
import { WidgetSettingsMenu } from './widget-settings-menu';

const ALERTS_CHANGED_EVENT = 'dashboard.alerts_changed';
const ALERT_ACKNOWLEDGED_EVENT = 'dashboard.alert_acknowledged';

const WIDGETS: Record<TDashboardWidget, () => ReactNode> = {
  user_stats: () => <UserStatsWidget />,
  watchlist: () => <WatchlistWidget />,
  alerts: () => <AlertsWidget />,
  cargo_operation_progress: () => <CargoProgressWidget />,
  portcall_kpis: () => <PortcallKpisWidget />,
  overall_performance: () => <OverallPerformanceWidget />,
};

export function DashboardScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { defaultZone } = useTerminalTimeZones();
  const settings = useDashboardSettings();
  const { data: user } = useUserDetails();

  // Alerts are computed on read (docs/dashboard.md): any change of a visible call may raise or clear one, so the live widgets ask again.
  usePortcallEvents((event) => {
    if (event.event === ALERTS_CHANGED_EVENT) {
      void queryClient.invalidateQueries({ queryKey: [...dashboardKeys.live, 'alerts'] });
      return;
    }
    if (event.event !== PORTCALL_UPDATED_EVENT && event.event !== PORTCALL_MESSAGE_EVENT) return;
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.live });
    void queryClient.invalidateQueries({ queryKey: WATCHLIST_QUERY_KEY });
  });
  // An acknowledgement in another tab of the same user.
  useRealtimeChannel(user ? realtimeChannels.user(user.id) : null, (event) => {
    if (event.event === ALERT_ACKNOWLEDGED_EVENT) void queryClient.invalidateQueries({ queryKey: [...dashboardKeys.live, 'alerts'] });
  });

  return (
    <Stack gap={0} data-testid="screen-dashboard_view">
      <PageHeader title={t('navigation.dashboard')} description={t('dashboard.description', { zone: defaultZone })} actions={<WidgetSettingsMenu settings={settings} />} />
      {settings.shown.length === 0 ? (
        <EmptyState icon={<IconLayoutDashboard size={32} stroke={1.5} />} title={t('dashboard.all_hidden.title')} description={t('dashboard.all_hidden.description')} testId="dashboard-all-hidden" />
      ) : (
        <Stack gap="lg" data-testid="dashboard-widgets">
          {settings.shown.map((widget) => (
            <div key={widget} data-testid={`widget-${widget}`} data-widget={widget} style={{ minWidth: 0 }}>
              {WIDGETS[widget]()}
            </div>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
