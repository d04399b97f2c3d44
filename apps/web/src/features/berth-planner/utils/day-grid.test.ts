import { describe, expect, it } from 'vitest';
import { buildPlannerDays, firstDayOfWindow, hourGridLines } from './day-grid';

describe('planner day grid', () => {
  it('gives the autumn DST day 25 hours in Europe/Berlin', () => {
    const days = buildPlannerDays({ firstDay: '2026-10-24', dayCount: 3, timeZone: 'Europe/Berlin' });
    expect(days.map((d) => [d.date, d.hours])).toEqual([
      ['2026-10-24', 24],
      ['2026-10-25', 25],
      ['2026-10-26', 24],
    ]);
    expect(new Date(days[1]!.start).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(new Date(days[1]!.end).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(days[1]!.isWeekend).toBe(true);
    expect(days[2]!.isWeekend).toBe(false);
  });

  it('gives the spring DST day 23 hours and keeps the days back to back', () => {
    const days = buildPlannerDays({ firstDay: '2027-03-27', dayCount: 3, timeZone: 'Europe/Berlin' });
    expect(days.map((d) => d.hours)).toEqual([24, 23, 24]);
    for (let i = 1; i < days.length; i++) expect(days[i]!.start).toBe(days[i - 1]!.end);
  });

  it('uses the terminal zone, not the browser zone', () => {
    const ny = buildPlannerDays({ firstDay: '2026-11-01', dayCount: 1, timeZone: 'America/New_York' });
    expect(ny[0]!.hours).toBe(25);
    expect(new Date(ny[0]!.start).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('starts the window days_before today unless ?from names a day', () => {
    const now = Date.parse('2026-11-23T03:30:00Z');
    expect(firstDayOfWindow({ from: null, now, timeZone: 'Europe/Berlin', daysBefore: 7 })).toBe('2026-11-16');
    expect(firstDayOfWindow({ from: '2026-10-25', now, timeZone: 'Europe/Berlin', daysBefore: 7 })).toBe('2026-10-25');
    expect(firstDayOfWindow({ from: 'tomorrow', now, timeZone: 'Europe/Berlin', daysBefore: 7 })).toBe('2026-11-16');
  });

  it('draws hour lines every step from each local midnight', () => {
    const days = buildPlannerDays({ firstDay: '2026-10-25', dayCount: 1, timeZone: 'Europe/Berlin' });
    const lines = hourGridLines(days, 2);
    expect(lines).toHaveLength(12);
    expect(new Date(lines[0]!).toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });
});
