// Loads the server's texts for a locale into i18next before showing anything in that locale.
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLocale } from '@quayline/domain';
import { FullPageError, FullPageLoader } from '@/components/ui/full-page-state';
import { fetchTranslations } from '@/lib/i18n';
import { TRANSLATIONS_QUERY_KEY } from '@/lib/user';

export function TranslationsGate({ locale, children }: { locale: TLocale; children: ReactNode }) {
  const { i18n } = useTranslation();
  const { t: tBootstrap } = useTranslation('bootstrap', { lng: locale });
  const hasBundle = i18n.hasResourceBundle(locale, 'translation');
  const [readyLocale, setReadyLocale] = useState<TLocale | null>(() => (hasBundle && i18n.language === locale ? locale : null));
  const translationsQuery = useQuery({
    queryKey: [TRANSLATIONS_QUERY_KEY, locale],
    queryFn: ({ signal }) => fetchTranslations(locale, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    // Texts already in i18next (bundled in tests, or loaded earlier in this tab) need no download.
    enabled: !hasBundle,
  });

  useEffect(() => {
    let isCancelled = false;
    if (translationsQuery.data) i18n.addResourceBundle(locale, 'translation', translationsQuery.data, true, true);
    if (i18n.hasResourceBundle(locale, 'translation')) {
      void i18n.changeLanguage(locale).then(() => {
        if (!isCancelled) setReadyLocale(locale);
      });
      document.documentElement.lang = locale;
    }
    return () => {
      isCancelled = true;
    };
  }, [i18n, locale, translationsQuery.data]);

  // While a second locale downloads, the screen stays in the previous one instead of flashing a loader.
  if (readyLocale) return <>{children}</>;
  if (translationsQuery.isError) {
    return <FullPageError message={tBootstrap('load_failed')} retryLabel={tBootstrap('retry')} onRetry={() => void translationsQuery.refetch()} />;
  }
  return <FullPageLoader />;
}
