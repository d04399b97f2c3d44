// i18next set-up. Screen texts come from the server (GET /translations/{locale}); only the few words needed
// when that download itself fails ship with the bundle, in the 'bootstrap' namespace.
import i18next, { type i18n as TI18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type TLocale } from '@quayline/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { TRANSLATIONS_QUERY_KEY } from './user';

export type TTranslationTree = { [key: string]: string | TTranslationTree };

export const BOOTSTRAP_RESOURCES = {
  en: { load_failed: 'Quayline could not load its texts. Check your connection and try again.', retry: 'Try again' },
  de: { load_failed: 'Quayline konnte seine Texte nicht laden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.', retry: 'Erneut versuchen' },
  fr: { load_failed: 'Quayline n’a pas pu charger ses textes. Vérifiez votre connexion et réessayez.', retry: 'Réessayer' },
  es: { load_failed: 'Quayline no pudo cargar sus textos. Compruebe su conexión e inténtelo de nuevo.', retry: 'Reintentar' },
} as const satisfies Record<TLocale, Record<string, string>>;

export function createI18n(initial?: { locale: TLocale; translation: TTranslationTree }): TI18n {
  const instance = i18next.createInstance();
  const resources: Record<string, Record<string, object>> = {};
  for (const [locale, bootstrap] of Object.entries(BOOTSTRAP_RESOURCES)) resources[locale] = { bootstrap };
  if (initial) resources[initial.locale] = { ...resources[initial.locale], translation: initial.translation };
  void instance.use(initReactI18next).init({
    lng: initial?.locale ?? DEFAULT_LOCALE,
    fallbackLng: false,
    ns: ['translation', 'bootstrap'],
    defaultNS: 'translation',
    resources,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

export const fetchTranslations = (locale: TLocale, signal?: AbortSignal): Promise<TTranslationTree> =>
  api.get<TTranslationTree>(`/translations/${locale}`, undefined, signal);

/** Texts of a release do not change while the tab is open. */
export const translationsQuery = (locale: TLocale) =>
  queryOptions({ queryKey: [TRANSLATIONS_QUERY_KEY, locale], queryFn: ({ signal }) => fetchTranslations(locale, signal), staleTime: Infinity, gcTime: Infinity });
