// Numbers and durations as each language writes them, with the texts of the real language files.
import { describe, expect, it } from 'vitest';
import type { TLocale } from '@quayline/domain';
import en from '../../../server/src/modules/translations/locales/en.json';
import de from '../../../server/src/modules/translations/locales/de.json';
import fr from '../../../server/src/modules/translations/locales/fr.json';
import es from '../../../server/src/modules/translations/locales/es.json';
import { createI18n, type TTranslationTree } from './i18n';
import { durationText, formatCount, formatDuration, formatNumber } from './number-format';

const BUNDLES: Record<TLocale, TTranslationTree> = { en, de, fr, es };
const tOf = (locale: TLocale) => createI18n({ locale, translation: BUNDLES[locale] }).t;
// French groups with a narrow no-break space; compared as a plain space.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatNumber', () => {
  it.each([
    ['en', '3,091', '0.50', '-12.3'],
    ['de', '3.091', '0,50', '-12,3'],
    ['fr', '3 091', '0,50', '-12,3'],
    ['es', '3091', '0,50', '-12,3'],
  ] as const)('writes %s numbers with its own separators', (locale, count, hours, negative) => {
    expect(plain(formatCount(3091, locale))).toBe(count);
    expect(formatNumber(0.5, locale, 2)).toBe(hours);
    expect(plain(formatNumber(-12.34, locale, 1)).replace('\u2212', '-')).toBe(negative);
  });

  it('groups large Spanish figures and counts without decimals', () => {
    expect(formatCount(12345.6, 'es')).toBe('12.346');
    expect(formatCount(2.4, 'de')).toBe('2');
  });

  it('never writes a negative zero', () => {
    expect(formatNumber(-0.01, 'en', 1)).toBe('0.0');
    expect(formatCount(-0.2, 'de')).toBe('0');
  });
});

describe('formatDuration', () => {
  it.each([
    ['en', '45 min', '3 h 09 min', '7 d 13 h'],
    ['de', '45 Min.', '3 Std. 09 Min.', '7 T 13 Std.'],
    ['fr', '45 minutes', '3 h 09 minutes', '7 j 13 h'],
    ['es', '45 minutos', '3 h 09 minutos', '7 días 13 h'],
  ] as const)('writes %s durations in minutes, hours and days', (locale, minutes, hours, days) => {
    const t = tOf(locale);
    expect(formatDuration(45, t, locale)).toBe(minutes);
    expect(formatDuration(189, t, locale)).toBe(hours);
    expect(formatDuration(7 * 1440 + 13 * 60 + 42, t, locale)).toBe(days);
  });

  it('drops the sign and rounds to the whole minute once, so an alert and the details say the same', () => {
    const t = tOf('en');
    expect(formatDuration(-189, t, 'en')).toBe('3 h 09 min');
    expect(formatDuration(188.6, t, 'en')).toBe('3 h 09 min');
    expect(formatDuration(1120, t, 'en')).toBe('18 h 40 min');
    expect(durationText(59.4, 'en')).toEqual({ key: 'format.duration.minutes', values: { minutes: '59' } });
    expect(durationText(1440, 'en')).toEqual({ key: 'format.duration.days_hours', values: { days: '1', hours: '0' } });
  });
});
