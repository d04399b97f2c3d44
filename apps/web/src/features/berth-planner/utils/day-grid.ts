// The days of the planner window in the terminal's time zone (never the browser's): DST days have 23 or 25 hours.
import { shiftsInWindow, type TShiftDefinition, type TShiftOccurrence } from '@quayline/domain';
import { addDays, startOfZonedDay, zonedDay } from '@/lib/zoned-time';

export type TPlannerDay = { date: string; start: number; end: number; hours: number; isWeekend: boolean };

const HOUR_MS = 3_600_000;

function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

function dayStart(date: string, timeZone: string): number {
  return Date.parse(startOfZonedDay(date, timeZone) ?? `${date}T00:00:00Z`);
}

export function buildPlannerDays(args: { firstDay: string; dayCount: number; timeZone: string }): TPlannerDay[] {
  const days: TPlannerDay[] = [];
  let start = dayStart(args.firstDay, args.timeZone);
  for (let i = 0; i < args.dayCount; i++) {
    const date = addDays(args.firstDay, i);
    const end = dayStart(addDays(date, 1), args.timeZone);
    const weekday = weekdayOf(date);
    days.push({ date, start, end, hours: Math.round((end - start) / HOUR_MS), isWeekend: weekday === 0 || weekday === 6 });
    start = end;
  }
  return days;
}

/** The first day shown: the ?from= day when valid, else today (in the zone) minus days_before. */
export function firstDayOfWindow(args: { from: string | null; now: number; timeZone: string; daysBefore: number }): string {
  if (args.from && /^\d{4}-\d{2}-\d{2}$/.test(args.from) && !Number.isNaN(Date.parse(`${args.from}T00:00:00Z`))) return args.from;
  return addDays(zonedDay(args.now, args.timeZone), -args.daysBefore);
}

/** Grid lines every `stepHours` counted from each day's midnight, so they restart at every local day. */
export function hourGridLines(days: readonly TPlannerDay[], stepHours: number): number[] {
  const out: number[] = [];
  const step = Math.max(1, stepHours) * HOUR_MS;
  for (const day of days) for (let t = day.start + step; t < day.end; t += step) out.push(t);
  return out;
}

export function shiftOccurrences(days: readonly TPlannerDay[], shifts: readonly TShiftDefinition[], timeZone: string): TShiftOccurrence[] {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last || shifts.length === 0) return [];
  return shiftsInWindow({ shifts, timeZone, from: first.start, to: last.end });
}
