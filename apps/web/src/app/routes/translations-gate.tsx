// Loads the server's texts for a locale into i18next before showing anything in that locale.
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLocale } from '@quayline/domain';
import { FullPageError, FullPageLoader } from '@/components/ui/full-page-state';
import { translationsQuery } from '@/lib/i18n';

export function TranslationsGate({ locale, children }: { locale: TLocale; children: ReactNode }) {
  const { i18n } = useTranslation();
  const { t: tBootstrap } = useTranslation('bootstrap', { lng: locale });
  const hasBundle = i18n.hasResourceBundle(locale, 'translation');
  const [readyLocale, setReadyLocale] = useState<TLocale | null>(() => (hasBundle && i18n.language === locale ? locale : null));
  const textsQuery = useQuery({
    ...translationsQuery(locale),
    // Texts already in i18next (bundled in tests, or loaded earlier in this tab) need no download.
    enabled: !hasBundle,
  });

  useEffect(() => {
    let isCancelled = false;
    if (textsQuery.data) i18n.addResourceBundle(locale, 'translation', textsQuery.data, true, true);
    if (i18n.hasResourceBundle(locale, 'translation')) {
      void i18n.changeLanguage(locale).then(() => {
        if (!isCancelled) setReadyLocale(locale);
      });
      document.documentElement.lang = locale;
    }
    return () => {
      isCancelled = true;
    };
  }, [i18n, locale, textsQuery.data]);

  // While a second locale downloads, the screen stays in the previous one instead of flashing a loader.
  if (readyLocale) return <>{children}</>;
  if (textsQuery.isError) {
    return <FullPageError message={tBootstrap('load_failed')} retryLabel={tBootstrap('retry')} onRetry={() => void textsQuery.refetch()} />;
  }
  return <FullPageLoader />;
}
