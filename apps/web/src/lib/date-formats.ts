// The spec's date and time formats per language, in dayjs tokens, and the parser for what people type into the pickers.
// One list for display (zoned-time.ts) and input (components/date-inputs), so a field shows what the lists show.
import type { TLocale } from '@quayline/domain';

/** Day first everywhere; only the separator differs (DD-MM-YYYY in English, DD.MM.YYYY in German, DD/MM/YYYY in French and Spanish). */
export const DATE_FORMATS: Record<TLocale, string> = {
  en: 'DD-MM-YYYY',
  de: 'DD.MM.YYYY',
  fr: 'DD/MM/YYYY',
  es: 'DD/MM/YYYY',
};

/** 24-hour clock in every language: the spec's HH:mm, and terminals work in shifts around the clock. */
export const TIME_FORMAT = 'HH:mm';

export const dateTimeFormat = (locale: TLocale): string => `${DATE_FORMATS[locale]} ${TIME_FORMAT}`;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A pattern such as DD.MM.YYYY filled with a calendar day. */
export function applyDateFormat(locale: TLocale, year: number, month: number, day: number): string {
  return DATE_FORMATS[locale].replace('DD', pad(day)).replace('MM', pad(month)).replace('YYYY', pad(year, 4));
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// Typing is lenient about the separator (people type 24.11.2026 in an English screen too) and also takes the ISO
// form YYYY-MM-DD, which is what a pasted value from an export or another tool usually is. Day-first is the only
// order the app's languages use, so 03/04/2026 is always 3 April.
const DAY_FIRST = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/;
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** A typed day as 'YYYY-MM-DD', the value of a native date input; null when it is not a real calendar day. */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  const dayFirst = DAY_FIRST.exec(trimmed);
  const yearFirst = YEAR_FIRST.exec(trimmed);
  let year: number, month: number, day: number;
  if (dayFirst) [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else if (yearFirst) [year, month, day] = [Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])];
  else return null;
  return isCalendarDay(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/** A typed time of day as 'HH:mm'; null outside 00:00–23:59. */
export function parseTypedTime(text: string): string | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : null;
}

/** A typed day and time as 'YYYY-MM-DDTHH:mm', the value of a native datetime-local input; the ISO 'T' form is taken too. */
export function parseTypedDateTime(text: string): string | null {
  const parts = text.trim().split(/\s+|T(?=\d{1,2}:)/);
  if (parts.length !== 2) return null;
  const [dayText = '', timeText = ''] = parts;
  const day = parseTypedDay(dayText);
  const time = parseTypedTime(timeText);
  return day && time ? `${day}T${time}` : null;
}

/** A datetime-local value 'YYYY-MM-DDTHH:mm' written in the locale's format; '' for anything else. */
export function formatWallClock(value: string, locale: TLocale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!match) return '';
  return `${applyDateFormat(locale, Number(match[1]), Number(match[2]), Number(match[3]))} ${match[4]}`;
}
