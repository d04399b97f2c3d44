// The route tree: every screen of spec section 2 under /{locale}/, sign-in pages outside the shell.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { APP_ROUTES } from '@quayline/domain';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignInLayout } from '@/features/auth/components/sign-in-layout';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { ProtectedLayout } from './layout/protected-layout';
import { LocaleLayout } from './routes/locale-layout';
import { NotFoundScreen } from './routes/not-found-screen';
import { RootRedirect } from './routes/root-redirect';
import { isUpcomingView, UpcomingScreen } from './routes/upcoming-screen';

function appScreenRoutes(): RouteObject[] {
  return APP_ROUTES.map((route) => {
    const path = route.path.slice(1);
    if (route.view === 'settings_view') return { path, element: <SettingsScreen /> };
    if (isUpcomingView(route.view)) return { path, element: <UpcomingScreen key={route.view} route={route} view={route.view} /> };
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
