import { describe, expect, it } from 'vitest';
import { addLocalDays, formatLocalDay, localTimeToInstant, parseLocalDay, shiftsInWindow, zoneOffsetMinutes } from './shift-calendar';

const SHIFTS = [
  { id: 1, shift_number: 1, name: 'Early', start_time: '06:00', end_time: '14:00' },
  { id: 2, shift_number: 2, name: 'Late', start_time: '14:00', end_time: '22:00' },
  { id: 3, shift_number: 3, name: 'Night', start_time: '22:00', end_time: '06:00' },
];
const iso = (ms: number) => new Date(ms).toISOString();

describe('shift calendar', () => {
  it('knows Berlin offsets in winter and summer', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(60);
    expect(zoneOffsetMinutes(Date.parse('2026-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(iso(localTimeToInstant({ year: 2026, month: 7, day: 15 }, '06:00', 'Europe/Berlin'))).toBe('2026-07-15T04:00:00.000Z');
  });

  it('gives three shifts a day that tile the day', () => {
    const from = Date.parse('2026-07-15T04:00:00Z');
    const occ = shiftsInWindow({ shifts: SHIFTS, timeZone: 'Europe/Berlin', from, to: from + 86_400_000 });
    expect(occ.map((o) => [o.name, iso(o.start), iso(o.end)])).toEqual([
      ['Early', '2026-07-15T04:00:00.000Z', '2026-07-15T12:00:00.000Z'],
      ['Late', '2026-07-15T12:00:00.000Z', '2026-07-15T20:00:00.000Z'],
      ['Night', '2026-07-15T20:00:00.000Z', '2026-07-16T04:00:00.000Z'],
    ]);
  });

  it('the night shift is 7 hours on the spring-forward night and 9 on the fall-back night', () => {
    const spring = shiftsInWindow({ shifts: SHIFTS, timeZone: 'Europe/Berlin', from: Date.parse('2026-03-28T21:00:00Z'), to: Date.parse('2026-03-29T03:00:00Z') }).find((o) => o.name === 'Night')!;
    expect((spring.end - spring.start) / 3_600_000).toBe(7);
    const autumn = shiftsInWindow({ shifts: SHIFTS, timeZone: 'Europe/Berlin', from: Date.parse('2026-10-24T21:00:00Z'), to: Date.parse('2026-10-25T04:00:00Z') }).find((o) => o.name === 'Night')!;
    expect((autumn.end - autumn.start) / 3_600_000).toBe(9);
  });
});

describe('local days', () => {
  it('count across month and year ends, both ways, and read and write YYYY-MM-DD', () => {
    expect(formatLocalDay(addLocalDays(parseLocalDay('2026-12-31'), 1))).toBe('2027-01-01');
    expect(formatLocalDay(addLocalDays(parseLocalDay('2028-03-01'), -1))).toBe('2028-02-29');
    expect(formatLocalDay(addLocalDays({ year: 2026, month: 11, day: 24 }, 14))).toBe('2026-12-08');
  });
});
