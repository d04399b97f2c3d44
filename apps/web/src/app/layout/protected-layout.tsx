// Gate of the signed-in area: loads /user_details; a 401 sends the visitor to /{locale}/login.
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPageError, FullPageLoader } from '@/components/ui/full-page-state';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useReloadAfterLostReplay } from '@/lib/use-reload-after-lost-replay';
import { clearSession } from '@/lib/storage';
import { useUserDetails } from '@/lib/user';
import { AppLayout } from './app-layout';

function RedirectToLogin({ locale }: { locale: string }) {
  // The stored token no longer opens a session; drop it so it is not sent again.
  useEffect(() => clearSession(), []);
  return <Navigate to={`/${locale}/login`} replace />;
}

export function ProtectedLayout() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const userQuery = useUserDetails();
  useReloadAfterLostReplay();

  if (userQuery.isPending) return <FullPageLoader label={t('app.loading')} />;
  if (userQuery.isError) {
    if (isApiError(userQuery.error) && userQuery.error.isUnauthorized) return <RedirectToLogin locale={locale} />;
    return <FullPageError message={errorText(userQuery.error) ?? t('errors.generic')} retryLabel={t('common.retry')} onRetry={() => void userQuery.refetch()} />;
  }
  return (
    <AppLayout user={userQuery.data}>
      <Outlet />
    </AppLayout>
  );
}
