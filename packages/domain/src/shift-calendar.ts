// Terminal shifts as real instants: local shift times in the terminal's zone, correct on the 23- and 25-hour days.
import type { TLocalizedNames } from './schemas/master-data';

/** Offset of a zone from UTC at an instant, in minutes (Berlin summer: +120). */
// Building a DateTimeFormat costs far more than using one; the planner asks for offsets thousands of times a render.
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export function zoneOffsetMinutes(instantMs: number, timeZone: string): number {
  const parts = offsetFormatter(timeZone).formatToParts(new Date(instantMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/** The instant of a local wall-clock time; a time skipped by DST moves forward, a repeated one takes the first. */
export function localTimeToInstant(date: { year: number; month: number; day: number }, hhmm: string, timeZone: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const guess = Date.UTC(date.year, date.month - 1, date.day, h, m);
  const first = guess - zoneOffsetMinutes(guess, timeZone) * 60_000;
  const second = guess - zoneOffsetMinutes(first, timeZone) * 60_000;
  return Math.min(first, second);
}

export function localDateOf(instantMs: number, timeZone: string): { year: number; month: number; day: number } {
  const parts = offsetFormatter(timeZone).formatToParts(new Date(instantMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** A calendar day in some zone, as the shift calendar counts days. */
export type TLocalDay = { year: number; month: number; day: number };
const pad2 = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM-DD. */
export const formatLocalDay = (d: TLocalDay): string => `${d.year}-${pad2(d.month)}-${pad2(d.day)}`;
/** From YYYY-MM-DD (checked by the caller's schema). */
export function parseLocalDay(date: string): TLocalDay {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}
/** The day `days` later (or earlier), across month and year ends. */
export function addLocalDays(d: TLocalDay, days: number): TLocalDay {
  const at = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

export type TShiftDefinition = { id?: number; shift_number: number; name: string; names?: TLocalizedNames | undefined; start_time: string; end_time: string };
export type TShiftOccurrence = { shift_number: number; name: string; names?: TLocalizedNames | undefined; terminal_shift_id: number | null; start: number; end: number };

/** Every shift occurrence overlapping [from, to), in order. A shift ending at or before its start runs past midnight. */
export function shiftsInWindow(args: { shifts: readonly TShiftDefinition[]; timeZone: string; from: number; to: number }): TShiftOccurrence[] {
  const out: TShiftOccurrence[] = [];
  const firstDay = localDateOf(args.from - 86_400_000, args.timeZone);
  for (let d = 0; d < 400; d++) {
    const day = new Date(Date.UTC(firstDay.year, firstDay.month - 1, firstDay.day + d));
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    if (localTimeToInstant(date, '00:00', args.timeZone) >= args.to) break;
    for (const s of args.shifts) {
      const start = localTimeToInstant(date, s.start_time.slice(0, 5), args.timeZone);
      const endsNextDay = s.end_time.slice(0, 5) <= s.start_time.slice(0, 5);
      const endDate = endsNextDay ? new Date(Date.UTC(date.year, date.month - 1, date.day + 1)) : day;
      const end = localTimeToInstant({ year: endDate.getUTCFullYear(), month: endDate.getUTCMonth() + 1, day: endDate.getUTCDate() }, s.end_time.slice(0, 5), args.timeZone);
      if (start < args.to && end > args.from) out.push({ shift_number: s.shift_number, name: s.name, ...(s.names ? { names: s.names } : {}), terminal_shift_id: s.id ?? null, start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
