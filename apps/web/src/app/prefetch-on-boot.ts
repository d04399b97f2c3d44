// On a fresh load, asks for what the addressed screen will need at once and side by side, rather than one gate after
// another (texts, then the user, then the screen's own data). The gates and screens read the same cached queries.
import type { QueryClient } from '@tanstack/react-query';
import { APP_ROUTES, isLocale, SIGN_IN_ROUTES } from '@quayline/domain';
import { prefetchBerthPlanner } from '@/features/berth-planner/api/prefetch-planner';
import { prefetchShiftPlanner } from '@/features/shift-planner/api/prefetch-shift-planner';
import { translationsQuery } from '@/lib/i18n';
import { userDetailsQuery } from '@/lib/user';

const SIGN_IN_PATHS = new Set<string>(Object.values(SIGN_IN_ROUTES));
const BERTH_PLANNER_PATH = APP_ROUTES.find((route) => route.view === 'berth_view')?.path;
const SHIFT_PLANNER_PATH = APP_ROUTES.find((route) => route.view === 'shift_view')?.path;

export function prefetchOnBoot(queryClient: QueryClient, location: { pathname: string; search: string }): void {
  const [, locale, ...rest] = location.pathname.replace(/\/+$/, '').split('/');
  if (!isLocale(locale)) return;
  const path = `/${rest.join('/')}`;
  void queryClient.prefetchQuery(translationsQuery(locale));
  if (SIGN_IN_PATHS.has(path) || !APP_ROUTES.some((route) => route.path === path)) return;
  void queryClient.prefetchQuery(userDetailsQuery());
  if (path === BERTH_PLANNER_PATH) void prefetchBerthPlanner(queryClient, new URLSearchParams(location.search));
  if (path === SHIFT_PLANNER_PATH) void prefetchShiftPlanner(queryClient, new URLSearchParams(location.search));
}
