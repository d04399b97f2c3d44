// The app language as a TLocale for the pickers: the URL's language, which i18next already follows.
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type TLocale } from '@quayline/domain';

export function useDateLocale(): TLocale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
