import { z } from 'zod';

export const LOCALES = ['en', 'de', 'fr', 'es'] as const;
export const ZLocale = z.enum(LOCALES);
export type TLocale = z.infer<typeof ZLocale>;
export const DEFAULT_LOCALE: TLocale = 'en';
export const LOCALE_NAMES: Record<TLocale, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

export function isLocale(value: string | undefined | null): value is TLocale {
  return !!value && (LOCALES as readonly string[]).includes(value);
}
