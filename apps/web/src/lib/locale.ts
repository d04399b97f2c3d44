// Which locale to open when the URL does not say: the stored one, then the browser's languages, then English.
import { DEFAULT_LOCALE, isLocale, type TLocale } from '@quayline/domain';
import { getStoredLocale } from './storage';

export function detectBrowserLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): TLocale | null {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}

export function preferredLocale(): TLocale {
  return getStoredLocale() ?? detectBrowserLocale() ?? DEFAULT_LOCALE;
}

/** Replaces the locale segment of a path such as /de/berth-planner. */
export function switchLocaleInPath(pathname: string, locale: TLocale): string {
  const parts = pathname.split('/');
  if (parts.length > 1 && isLocale(parts[1])) parts[1] = locale;
  else parts.splice(1, 0, locale);
  return parts.join('/') || `/${locale}`;
}

/** The path after /{locale}, e.g. /voyage-center/voyages for /fr/voyage-center/voyages. */
export function stripLocale(pathname: string): string {
  const parts = pathname.split('/');
  if (parts.length > 1 && isLocale(parts[1])) return '/' + parts.slice(2).join('/');
  return pathname;
}
