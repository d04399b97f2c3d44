import { describe, expect, it } from 'vitest';
import { computeCargoProgress } from './cargo-progress';

const shift = (start: string, end: string, discharge: number, load = 0, restow = 0) => ({ start_time: start, end_time: end, discharge, load, restow });

describe('computeCargoProgress', () => {
  const cargoDetails = [
    { discharge: 300, load: 200, restow: 20 },
    { discharge: 60, load: 20, restow: 0 },
  ];
  const shifts = [shift('2026-05-04T06:00:00Z', '2026-05-04T14:00:00Z', 150, 50, 0), shift('2026-05-04T14:00:00Z', '2026-05-04T22:00:00Z', 100, 100, 0), shift('2026-05-04T22:00:00Z', '2026-05-05T06:00:00Z', 110, 70, 20)];

  it('counts only shifts that have ended and projects the end from the actual rate', () => {
    // total 600; the first shift ended: 200 done in 8 h = 25/h; 400 left = 16 h after 14:00.
    const p = computeCargoProgress({ cargoDetails, shifts, cargoOperationsStart: '2026-05-04T06:00:00Z', now: new Date('2026-05-04T15:00:00Z') });
    expect(p).toEqual({ total_volume: 600, actual_volume: 200, remaining_volume: 400, cargo_progress_percentage: 33.3, actual_rate_per_hour: 25, projected_end: '2026-05-05T06:00:00.000Z' });
  });

  it('counts the moves the foreman recorded for an ended shift instead of its plan', () => {
    const recorded = [{ ...shifts[0]!, actual_moves: 160 }, ...shifts.slice(1)];
    const p = computeCargoProgress({ cargoDetails, shifts: recorded, cargoOperationsStart: '2026-05-04T06:00:00Z', now: new Date('2026-05-04T15:00:00Z') });
    expect(p).toMatchObject({ actual_volume: 160, remaining_volume: 440, actual_rate_per_hour: 20 });
  });

  it('measures the rate from the start of cargo operations, not from the first shift', () => {
    // 400 done between 10:00 and 22:00 = 33.3/h; 200 left = 6 h.
    const p = computeCargoProgress({ cargoDetails, shifts, cargoOperationsStart: '2026-05-04T10:00:00Z', now: new Date('2026-05-04T22:00:00Z') });
    expect(p.actual_volume).toBe(400);
    expect(p.projected_end).toBe('2026-05-05T04:00:00.000Z');
  });

  it('has no rate or projection before a shift has ended, and 0 % without planned volume', () => {
    expect(computeCargoProgress({ cargoDetails, shifts, cargoOperationsStart: null, now: new Date('2026-05-04T13:59:00Z') })).toMatchObject({ actual_volume: 0, remaining_volume: 600, cargo_progress_percentage: 0, projected_end: null });
    expect(computeCargoProgress({ cargoDetails: [], shifts: [], cargoOperationsStart: null, now: new Date() })).toMatchObject({ total_volume: 0, cargo_progress_percentage: 0 });
  });

  it('measures a call without cargo volumes against its shift plan', () => {
    // No cargo lines: the plan is the shifts' 600; two shifts ended (400 done), whatever time has passed in the third.
    const p = computeCargoProgress({ cargoDetails: [{ discharge: 0, load: 0, restow: 0 }], shifts, cargoOperationsStart: null, now: new Date('2026-05-05T05:00:00Z') });
    expect(p).toMatchObject({ total_volume: 600, actual_volume: 400, remaining_volume: 200, cargo_progress_percentage: 66.7 });
  });

  it('follows volumes, not the clock: a long shift half over adds nothing until it ends', () => {
    const long = [shift('2026-05-04T06:00:00Z', '2026-05-05T06:00:00Z', 600)];
    const at = (iso: string) => computeCargoProgress({ cargoDetails, shifts: long, cargoOperationsStart: '2026-05-04T06:00:00Z', now: new Date(iso) }).cargo_progress_percentage;
    expect(at('2026-05-04T18:00:00Z')).toBe(0);
    expect(at('2026-05-05T06:00:00Z')).toBe(100);
  });

  it('never reports more done than planned', () => {
    const p = computeCargoProgress({ cargoDetails: [{ discharge: 100, load: 0, restow: 0 }], shifts, cargoOperationsStart: null, now: new Date('2026-05-06T00:00:00Z') });
    expect(p).toMatchObject({ actual_volume: 100, remaining_volume: 0, cargo_progress_percentage: 100, projected_end: '2026-05-05T06:00:00.000Z' });
  });
});
