// Numbers and durations in the reader's language: one home, so the same figure reads the same on every screen
// (3.091 and 0,50 in German, 3,091 and 0.50 in English; durations as "7 d 13 h" or "3 h 09 min").
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TLocale } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: TLocale, decimals: number): Intl.NumberFormat {
  const key = `${locale}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(key, format);
  }
  return format;
}

/** A measured figure with exactly `decimals` places (1 by default), grouped the reader's way; -0 reads 0. */
export function formatNumber(value: number, locale: TLocale, decimals = 1): string {
  const isZero = Number(value.toFixed(decimals)) === 0;
  return numberFormat(locale, decimals).format(isZero ? 0 : value);
}

/** Something counted (moves, calls, gangs): never decimals. */
export const formatCount = (value: number, locale: TLocale): string => formatNumber(Math.round(value), locale, 0);

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

type TDurationKey = 'format.duration.minutes' | 'format.duration.hours_minutes' | 'format.duration.days_hours';
export type TDurationText = { key: TDurationKey; values: Record<string, string> };

/**
 * A duration without its sign (the sentence says early or late): "45 min", "3 h 09 min" under a day, "7 d 13 h"
 * from a day on, where the minutes no longer matter. Whole minutes, rounded once, so an alert and the details agree.
 * As a key and its values for screens that fill templates themselves (the planner's cards).
 */
export function durationText(minutes: number, locale: TLocale): TDurationText {
  const total = Math.abs(Math.round(minutes));
  if (total >= MINUTES_PER_DAY) {
    const days = Math.floor(total / MINUTES_PER_DAY);
    const hours = Math.floor((total % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
    return { key: 'format.duration.days_hours', values: { days: formatCount(days, locale), hours: String(hours) } };
  }
  if (total >= MINUTES_PER_HOUR) {
    const hours = Math.floor(total / MINUTES_PER_HOUR);
    return { key: 'format.duration.hours_minutes', values: { hours: String(hours), minutes: String(total % MINUTES_PER_HOUR).padStart(2, '0') } };
  }
  return { key: 'format.duration.minutes', values: { minutes: String(total) } };
}

export function formatDuration(minutes: number, t: TFunction, locale: TLocale): string {
  const { key, values } = durationText(minutes, locale);
  const lookUp = t as unknown as (key: TDurationKey, values: Record<string, string>) => string;
  return lookUp(key, values);
}

export type TNumberFormatter = {
  locale: TLocale;
  number: (value: number, decimals?: number) => string;
  count: (value: number) => string;
  duration: (minutes: number) => string;
};

export function numberFormatter(t: TFunction, locale: TLocale): TNumberFormatter {
  return {
    locale,
    number: (value, decimals) => formatNumber(value, locale, decimals),
    count: (value) => formatCount(value, locale),
    duration: (minutes) => formatDuration(minutes, t, locale),
  };
}

/** The formatter of the current screen's language. */
export function useNumberFormat(): TNumberFormatter {
  const { t } = useTranslation();
  return numberFormatter(t, useLocale());
}
