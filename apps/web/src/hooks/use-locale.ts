// The locale of the current URL (/{locale}/...); English outside a valid locale prefix.
import { useParams } from 'react-router';
import { DEFAULT_LOCALE, isLocale, type TLocale } from '@quayline/domain';

export function useLocale(): TLocale {
  const { locale } = useParams();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}
