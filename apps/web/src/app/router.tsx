// The route tree: every screen of spec section 2 under /{locale}/, sign-in pages outside the shell.
import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { APP_ROUTES } from '@quayline/domain';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignInLayout } from '@/features/auth/components/sign-in-layout';
import { BerthPlannerScreen } from '@/features/berth-planner/components/berth-planner-screen';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { LazyMapScreen } from '@/features/map';
import { PortcallDetailsScreen } from '@/features/portcalls/components/portcall-details-screen';
import { AddPortcallScreen, EditPortcallScreen } from '@/features/portcalls/components/portcall-form-screens';
import { PortcallListScreen } from '@/features/portcalls/components/portcall-list-screen';
import { MovementReportScreen } from '@/features/reports/components/movement-report-screen';
import { PerformanceReportScreen } from '@/features/reports/components/performance-report-screen';
import { ReportsScreen } from '@/features/reports/components/reports-screen';
import { SituationReportScreen } from '@/features/reports/components/situation-report-screen';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { ShiftPlannerScreen } from '@/features/shift-planner';
import { TasksScreen } from '@/features/tasks/components/tasks-screen';
import { VesselCommunicationScreen } from '@/features/vessel-communication/components/vessel-communication-screen';
import { AddVoyageTemplateScreen, EditVoyageTemplateScreen } from '@/features/voyage-templates/components/template-form-screens';
import { VoyageTemplatesScreen } from '@/features/voyage-templates/components/voyage-templates-screen';
import { VoyageCenterScreen } from '@/features/voyages/components/voyage-center-screen';
import { VoyageEditScreen } from '@/features/voyages/components/voyage-edit-screen';
import { VoyagesScreen } from '@/features/voyages/components/voyages-screen';
import { ProtectedLayout } from './layout/protected-layout';
import { LocaleLayout } from './routes/locale-layout';
import { NotFoundScreen } from './routes/not-found-screen';
import { RootRedirect } from './routes/root-redirect';
import { ContentLoader } from '@/components/ui/content-loader';

/** The screen of every view of the route table; a view without one answers 'not found'. */
const SCREENS: Partial<Record<string, ReactNode>> = {
  dashboard_view: <DashboardScreen />,
  settings_view: <SettingsScreen />,
  portcall_planner_list: <PortcallListScreen />,
  portcall_planner_view: <PortcallDetailsScreen />,
  add_portcall: <AddPortcallScreen />,
  edit_portcall: <EditPortcallScreen />,
  task_view: <TasksScreen />,
  vessel_view: <VesselCommunicationScreen />,
  berth_view: <BerthPlannerScreen />,
  shift_view: <ShiftPlannerScreen />,
  voyage_templates_view: <VoyageTemplatesScreen />,
  voyage_templates_add_view: <AddVoyageTemplateScreen />,
  voyage_templates_edit_view: <EditVoyageTemplateScreen />,
  service_center_view: <VoyageCenterScreen />,
  voyages_view: <VoyagesScreen />,
  voyages_edit_view: <VoyageEditScreen />,
  reports_view: <ReportsScreen />,
  situation_report_view: <SituationReportScreen />,
  movement_report_view: <MovementReportScreen />,
  performance_report_view: <PerformanceReportScreen />,
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
