// Routes of spec section 2 with their view identifiers and heading keys; breadcrumbs are built from this map.
export type TRouteInfo = { path: string; view: string; headingKey: string };

/** Paths are relative to /{locale}. Order matters only for display in the side navigation. */
export const APP_ROUTES: readonly TRouteInfo[] = [
  { path: '/dashboard', view: 'dashboard_view', headingKey: 'navigation.dashboard' },
  { path: '/vessel-communication', view: 'vessel_view', headingKey: 'navigation.vessel_communication' },
  { path: '/portcall-tasks', view: 'task_view', headingKey: 'navigation.tasks' },
  { path: '/berth-planner', view: 'berth_view', headingKey: 'navigation.berth_planner' },
  { path: '/shift-planner', view: 'shift_view', headingKey: 'navigation.shift_planner' },
  { path: '/portcall-planner', view: 'portcall_planner_list', headingKey: 'navigation.portcall_planner' },
  { path: '/portcall-planner/details', view: 'portcall_planner_view', headingKey: 'navigation.portcall_details' },
  { path: '/portcall-planner/portcall/add', view: 'add_portcall', headingKey: 'navigation.add_portcall' },
  { path: '/portcall-planner/portcall/edit', view: 'edit_portcall', headingKey: 'navigation.edit_portcall' },
  { path: '/voyage-center', view: 'service_center_view', headingKey: 'navigation.voyage_center' },
  { path: '/voyage-center/voyages', view: 'voyages_view', headingKey: 'navigation.voyages' },
  { path: '/voyage-center/voyages/edit', view: 'voyages_edit_view', headingKey: 'navigation.edit_voyage' },
  { path: '/voyage-center/voyage-templates', view: 'voyage_templates_view', headingKey: 'navigation.voyage_templates' },
  { path: '/voyage-center/voyage-templates/add', view: 'voyage_templates_add_view', headingKey: 'navigation.create_template' },
  { path: '/voyage-center/voyage-templates/edit', view: 'voyage_templates_edit_view', headingKey: 'navigation.edit_template' },
  { path: '/voyage-center/reports', view: 'reports_view', headingKey: 'navigation.reports' },
  { path: '/voyage-center/reports/situation', view: 'situation_report_view', headingKey: 'navigation.situation_report' },
  { path: '/voyage-center/reports/movement', view: 'movement_report_view', headingKey: 'navigation.movement_report' },
  { path: '/voyage-center/reports/performance', view: 'performance_report_view', headingKey: 'navigation.performance_report' },
  { path: '/map', view: 'map_view', headingKey: 'navigation.map' },
  { path: '/user-settings', view: 'settings_view', headingKey: 'navigation.settings' },
  { path: '/help', view: 'help_view', headingKey: 'navigation.help' },
] as const;

export const SIGN_IN_ROUTES = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  changePassword: '/change-password',
} as const;

const HEADING_BY_PATH = new Map(APP_ROUTES.map((r) => [r.path, r.headingKey]));

export function findRoute(path: string): TRouteInfo | undefined {
  return APP_ROUTES.find((r) => r.path === path);
}

/** Each cumulative prefix of the path that has a heading becomes one crumb (spec 2). */
export function buildBreadcrumbs(pathWithoutLocale: string): { path: string; headingKey: string }[] {
  const parts = pathWithoutLocale.split('/').filter(Boolean);
  const crumbs: { path: string; headingKey: string }[] = [];
  for (let i = 1; i <= parts.length; i++) {
    const prefix = '/' + parts.slice(0, i).join('/');
    const headingKey = HEADING_BY_PATH.get(prefix);
    if (headingKey) crumbs.push({ path: prefix, headingKey });
  }
  return crumbs;
}
