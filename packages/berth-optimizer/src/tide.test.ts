import { describe, expect, it } from 'vitest';
import type { TTide } from './model';
import { TideOracle, tideLevelFunction } from './tide';

/** The earliest start on a fine grid with the water deep enough at both ends. */
function bruteForce(level: (t: number) => number, need: number, from: number, duration: number): number {
  for (let s = from; s < from + 400; s += 0.01) if (level(s) >= need && level(s + duration) >= need) return s;
  return Infinity;
}

const harmonic: TTide = { kind: 'harmonic', mean: 1.4, constituents: [{ amplitude: 1.1, period: 12.42, phase: 3 }, { amplitude: 0.35, period: 12, phase: 7 }] };
const table: TTide = { kind: 'table', points: [[0, 0.5], [6, 2.5], [12, 0.4], [18, 2.2], [24, 0.6], [30, 2.4], [36, 0.3]] };

describe('the tide', () => {
  it('interpolates a table linearly and holds it flat outside', () => {
    const level = tideLevelFunction(table);
    expect(level(3)).toBeCloseTo(1.5);
    expect(level(-5)).toBe(0.5);
    expect(level(99)).toBe(0.3);
    expect(tideLevelFunction(null)(5)).toBe(0);
  });

  for (const [name, tide] of [['harmonic', harmonic], ['table', table]] as const) {
    it(`finds the earliest start with water at berthing and at departure (${name})`, () => {
      const oracle = new TideOracle(tide);
      const level = tideLevelFunction(tide);
      for (const need of [0.2, 1, 1.8, 2.3]) {
        for (const from of [0, 4.3, 11, 20.5]) {
          for (const duration of [1, 5, 13]) {
            const s = oracle.earliestStart(need, from, duration);
            const expected = bruteForce(level, need, from, duration);
            if (!Number.isFinite(s)) {
              // Only where the level is never reached twice that far apart (or beyond the table's end).
              expect(expected === Infinity || expected > from + 300).toBe(true);
              continue;
            }
            expect(s).toBeGreaterThanOrEqual(from);
            expect(level(s)).toBeGreaterThanOrEqual(need);
            expect(level(s + duration)).toBeGreaterThanOrEqual(need);
            // Never later than a fine scan finds (up to the micro-hour kept inside window edges); it may be
            // earlier, in a window narrower than the scan's step.
            expect(s).toBeLessThanOrEqual(expected + 1e-5);
          }
        }
      }
    });
  }

  it('answers at once when the water is always or never deep enough', () => {
    const oracle = new TideOracle(harmonic);
    expect(oracle.earliestStart(-0.5, 7, 10)).toBe(7);
    expect(oracle.earliestStart(3.5, 7, 10)).toBe(Infinity);
  });
});
