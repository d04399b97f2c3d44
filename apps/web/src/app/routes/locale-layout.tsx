// /:locale/* — accepts en, de, fr, es; a known page without a locale gets one; anything else is not found (in English).
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { APP_ROUTES, DEFAULT_LOCALE, isLocale, SIGN_IN_ROUTES } from '@quayline/domain';
import { preferredLocale } from '@/lib/locale';
import { setStoredLocale } from '@/lib/storage';
import { NotFoundScreen } from './not-found-screen';
import { TranslationsGate } from './translations-gate';

const KNOWN_PATHS = new Set<string>([...APP_ROUTES.map((route) => route.path), ...Object.values(SIGN_IN_ROUTES)]);

export function LocaleLayout() {
  const { locale } = useParams();
  const location = useLocation();
  const isValid = isLocale(locale);

  useEffect(() => {
    if (isValid) setStoredLocale(locale);
  }, [isValid, locale]);

  if (!isValid) {
    const path = location.pathname.replace(/\/+$/, '');
    if (KNOWN_PATHS.has(path)) return <Navigate to={`/${preferredLocale()}${path}${location.search}`} replace />;
    return (
      <TranslationsGate locale={DEFAULT_LOCALE}>
        <NotFoundScreen />
      </TranslationsGate>
    );
  }
  return (
    <TranslationsGate locale={locale}>
      <Outlet />
    </TranslationsGate>
  );
}
