import { describe, expect, it } from 'vitest';
import { buildPlannerDays } from './day-grid';
import { nextBollard, snapSpan, snapTime, snapToBollard } from './snapping';

const days = buildPlannerDays({ firstDay: '2026-10-24', dayCount: 3, timeZone: 'Europe/Berlin' });
const at = (iso: string) => Date.parse(iso);

describe('snapping', () => {
  it('snaps an instant to the nearest 2-hour step of its local day', () => {
    // 24 Oct is summer time: local midnight is 22:00Z the day before.
    expect(new Date(snapTime(at('2026-10-24T07:40:00Z'), days, 120)).toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(new Date(snapTime(at('2026-10-24T06:50:00Z'), days, 120)).toISOString()).toBe('2026-10-24T06:00:00.000Z');
  });

  it('restarts the steps at every local midnight, also on the 25-hour day', () => {
    // 25 Oct runs from 22:00Z (24th) to 23:00Z (25th); its last step is one hour long.
    expect(new Date(snapTime(at('2026-10-25T22:40:00Z'), days, 120)).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(new Date(snapTime(at('2026-10-25T23:50:00Z'), days, 120)).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(new Date(snapTime(at('2026-10-26T00:10:00Z'), days, 120)).toISOString()).toBe('2026-10-26T01:00:00.000Z');
  });

  it('snaps positions to the nearest bollard and keeps the vessel on the quay', () => {
    const bollards = [5, 30, 55, 80];
    expect(snapToBollard(41, bollards)).toBe(30);
    expect(snapToBollard(43, bollards)).toBe(55);
    expect(snapToBollard(12.4, [])).toBe(12);
    expect(snapSpan(41, 100, bollards, 1000)).toEqual({ start: 30, end: 130 });
    expect(snapSpan(79, 100, bollards, 150)).toEqual({ start: 50, end: 150 });
    expect(nextBollard(30, 1, bollards, 50)).toBe(55);
    expect(nextBollard(30, -1, bollards, 50)).toBe(5);
    expect(nextBollard(80, 1, bollards, 50)).toBe(130);
  });
});
