// The user's dashboard layout from /user_details: widgets shown in order, hidden ones, and the changes saved through update_dashboard_settings.
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_WIDGETS, DEFAULT_DASHBOARD_SETTINGS, POPUP_AUTO_CLOSE_MS, type TDashboardSettings } from '@quayline/domain';
import { useUserDetails } from '@/lib/user';
import { useUpdateDashboardSettings } from '../api/update-dashboard-settings';

export type TDashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

export function useDashboardSettings() {
  const { t } = useTranslation();
  const { data: user } = useUserDetails();
  const update = useUpdateDashboardSettings();
  const shown: TDashboardWidget[] = user?.dashboard_allowed_widgets ?? DEFAULT_DASHBOARD_SETTINGS.dashboard_allowed_widgets;
  const hidden = DASHBOARD_WIDGETS.filter((w) => !shown.includes(w));
  const performance = user?.dashboard_performance_settings ?? DEFAULT_DASHBOARD_SETTINGS.dashboard_performance_settings;
  const portcallKpis = user?.portcall_kpi_settings ?? DEFAULT_DASHBOARD_SETTINGS.portcall_kpi_settings;

  const save = (patch: Partial<TDashboardSettings>) =>
    update.mutate(patch, {
      onError: () => notifications.show({ id: 'dashboard-settings-failed', color: 'red', message: t('dashboard.settings.save_failed'), autoClose: POPUP_AUTO_CLOSE_MS }),
    });

  const setWidgets = (widgets: TDashboardWidget[]) => save({ dashboard_allowed_widgets: widgets });
  const hide = (widget: TDashboardWidget) => setWidgets(shown.filter((w) => w !== widget));
  // A widget shown again goes to the end, where the user will look for it.
  const show = (widget: TDashboardWidget) => setWidgets([...shown.filter((w) => w !== widget), widget]);
  const move = (widget: TDashboardWidget, by: -1 | 1) => {
    const from = shown.indexOf(widget);
    const to = from + by;
    if (from < 0 || to < 0 || to >= shown.length) return;
    const next = [...shown];
    next.splice(from, 1);
    next.splice(to, 0, widget);
    setWidgets(next);
  };
  const reset = () => save({ dashboard_allowed_widgets: [...DASHBOARD_WIDGETS], dashboard_performance_settings: DEFAULT_DASHBOARD_SETTINGS.dashboard_performance_settings });

  return { shown, hidden, performance, portcallKpis, hide, show, move, reset, save };
}
