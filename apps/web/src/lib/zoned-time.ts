// Wall-clock times in a terminal's time zone: shown and typed there, sent and stored as ISO 8601 UTC.
import type { TLocale } from '@quayline/domain';
import { applyDateFormat } from './date-formats';

type TWallClock = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockAt(instantMs: number, timeZone: string): TWallClock & { second: number } {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instantMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/** Minutes the zone is ahead of UTC at an instant (Europe/Berlin: 60 in winter, 120 in summer). */
function offsetMinutes(instantMs: number, timeZone: string): number {
  const w = wallClockAt(instantMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An ISO instant as the value of an <input type="datetime-local"> in the zone: 'YYYY-MM-DDTHH:mm'. */
export function toZonedInputValue(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = wallClockAt(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The wall-clock value of a datetime-local input in the zone as an ISO UTC instant; null when blank or malformed. */
export function fromZonedInputValue(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes find the offset that applies at the resulting instant, also across a DST change.
  let instant = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  const second = offsetMinutes(instant, timeZone);
  instant = asUtc - second * 60_000;
  return new Date(instant).toISOString();
}

/** A calendar day 'YYYY-MM-DD' in the zone for an instant. */
export function zonedDay(instantMs: number, timeZone: string): string {
  const w = wallClockAt(instantMs, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Midnight at the start of a calendar day in the zone, as ISO UTC. */
export function startOfZonedDay(day: string, timeZone: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? fromZonedInputValue(`${day}T00:00`, timeZone) : null;
}

/** The locale's date format (date-formats.ts) and HH:mm, in the zone; '' for no time. */
export function formatZonedDateTime(iso: string | null | undefined, timeZone: string, locale: TLocale): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = wallClockAt(ms, timeZone);
  return `${applyDateFormat(locale, w.year, w.month, w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** A calendar day in the locale's pattern. */
export function formatDay(day: string, locale: TLocale): string {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return applyDateFormat(locale, year, month, d);
}

/** A stay from one instant to another: "12-12-2030 06:00–18:00" within one day, both dates when it spans days. */
export function formatZonedSpan(fromIso: string, toIso: string, timeZone: string, locale: TLocale): string {
  const from = formatZonedDateTime(fromIso, timeZone, locale);
  const to = formatZonedDateTime(toIso, timeZone, locale);
  const [fromDay] = from.split(' ');
  const [toDay, toTime] = to.split(' ');
  return fromDay === toDay ? `${from}–${toTime}` : `${from}–${to}`;
}
