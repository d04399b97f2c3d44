// The route tree: every screen of spec section 2 under /{locale}/, sign-in pages outside the shell.
import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { APP_ROUTES } from '@quayline/domain';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignInLayout } from '@/features/auth/components/sign-in-layout';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { LazyMapScreen } from '@/features/map';
import { ProtectedLayout } from './layout/protected-layout';
import { LocaleLayout } from './routes/locale-layout';
import { NotFoundScreen } from './routes/not-found-screen';
import { RootRedirect } from './routes/root-redirect';
import { ContentLoader } from '@/components/ui/content-loader';

/**
 * A screen loaded when it is first opened: the sign-in and the dashboard carry only what they use, and the berth
 * planner, the shift planner, the map, the lists and their date pickers arrive with their own screens.
 */
const screenLoaders: (() => Promise<unknown>)[] = [];

function onDemand<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ReactNode {
  screenLoaders.push(load);
  const Screen = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  return (
    <Suspense fallback={<ContentLoader />}>
      <Screen />
    </Suspense>
  );
}

/** Loads every on-demand screen now (tests render any route and should not wait for a module on first use). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(screenLoaders.map((load) => load()));
}

/** The screen of every view of the route table; a view without one answers 'not found'. */
const SCREENS: Partial<Record<string, ReactNode>> = {
  dashboard_view: <DashboardScreen />,
  settings_view: onDemand(() => import('@/features/settings/components/settings-screen'), 'SettingsScreen'),
  help_view: onDemand(() => import('@/features/help/components/help-screen'), 'HelpScreen'),
  portcall_planner_list: onDemand(() => import('@/features/portcalls/components/portcall-list-screen'), 'PortcallListScreen'),
  portcall_planner_view: onDemand(() => import('@/features/portcalls/components/portcall-details-screen'), 'PortcallDetailsScreen'),
  add_portcall: onDemand(() => import('@/features/portcalls/components/portcall-form-screens'), 'AddPortcallScreen'),
  edit_portcall: onDemand(() => import('@/features/portcalls/components/portcall-form-screens'), 'EditPortcallScreen'),
  task_view: onDemand(() => import('@/features/tasks/components/tasks-screen'), 'TasksScreen'),
  vessel_view: onDemand(() => import('@/features/vessel-communication/components/vessel-communication-screen'), 'VesselCommunicationScreen'),
  berth_view: onDemand(() => import('@/features/berth-planner/components/berth-planner-screen'), 'BerthPlannerScreen'),
  shift_view: onDemand(() => import('@/features/shift-planner'), 'ShiftPlannerScreen'),
  voyage_templates_view: onDemand(() => import('@/features/voyage-templates/components/voyage-templates-screen'), 'VoyageTemplatesScreen'),
  voyage_templates_add_view: onDemand(() => import('@/features/voyage-templates/components/template-form-screens'), 'AddVoyageTemplateScreen'),
  voyage_templates_edit_view: onDemand(() => import('@/features/voyage-templates/components/template-form-screens'), 'EditVoyageTemplateScreen'),
  service_center_view: onDemand(() => import('@/features/voyages/components/voyage-center-screen'), 'VoyageCenterScreen'),
  voyages_view: onDemand(() => import('@/features/voyages/components/voyages-screen'), 'VoyagesScreen'),
  voyages_edit_view: onDemand(() => import('@/features/voyages/components/voyage-edit-screen'), 'VoyageEditScreen'),
  reports_view: onDemand(() => import('@/features/reports/components/reports-screen'), 'ReportsScreen'),
  situation_report_view: onDemand(() => import('@/features/reports/components/situation-report-screen'), 'SituationReportScreen'),
  movement_report_view: onDemand(() => import('@/features/reports/components/movement-report-screen'), 'MovementReportScreen'),
  performance_report_view: onDemand(() => import('@/features/reports/components/performance-report-screen'), 'PerformanceReportScreen'),
  map_view: (
    <Suspense fallback={<ContentLoader />}>
      <LazyMapScreen />
    </Suspense>
  ),
};

function appScreenRoutes(): RouteObject[] {
  return APP_ROUTES.map((route) => {
    const path = route.path.slice(1);
    const screen = SCREENS[route.view];
    if (screen) return { path, element: screen };
    return { path, element: <NotFoundScreen /> };
  });
}

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    path: '/:locale',
    element: <LocaleLayout />,
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      {
        element: <SignInLayout />,
        children: [
          { path: 'login', element: <LoginForm /> },
          { path: 'forgot-password', element: <ForgotPasswordForm /> },
          { path: 'reset-password', element: <ResetPasswordForm /> },
          { path: 'change-password', element: <ChangePasswordForm /> },
        ],
      },
      { element: <ProtectedLayout />, children: appScreenRoutes() },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
