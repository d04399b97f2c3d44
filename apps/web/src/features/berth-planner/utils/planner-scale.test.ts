import { describe, expect, it } from 'vitest';
import { createScale, metreToPx, planToScreen, pxToMetre, pxToTime, screenDeltaToPlan, screenToPlan, timeToPx } from './planner-scale';

const start = Date.parse('2026-07-15T00:00:00Z');
const args = { windowStart: start, windowEnd: start + 2 * 86_400_000, quayLength: 1400, zoomPercent: 100 };

describe('planner scale', () => {
  it('maps time to width (0.2 px a minute after the 20 px left buffer) and metres to height (1 px a metre after the 8 px top buffer)', () => {
    const s = createScale({ ...args, isSwitched: false });
    expect(timeToPx(s, start)).toBe(20);
    expect(timeToPx(s, start + 60 * 60_000)).toBe(32);
    expect(metreToPx(s, 0)).toBe(8);
    expect(metreToPx(s, 250)).toBe(258);
    expect(s.width).toBe(2 * 1440 * 0.2 + 40);
    expect(s.height).toBe(1400 + 16);
    expect(planToScreen(s, { from: start, to: start + 10 * 3_600_000, start: 100, end: 300 })).toEqual({ left: 20, top: 108, width: 120, height: 200 });
  });

  it('swaps the axes: time runs down after the top buffer, the quay across after the left buffer', () => {
    const s = createScale({ ...args, isSwitched: true });
    expect(planToScreen(s, { from: start, to: start + 10 * 3_600_000, start: 100, end: 300 })).toEqual({ left: 120, top: 8, width: 200, height: 120 });
    expect(s.width).toBe(1400 + 40);
    expect(screenToPlan(s, 120, 8)).toEqual({ ms: start, metre: 100 });
    expect(screenDeltaToPlan(s, 50, 12)).toEqual({ ms: 3_600_000, metres: 50 });
  });

  it('round-trips pixels and plan values and applies the zoom to both axes', () => {
    const s = createScale({ ...args, isSwitched: false, zoomPercent: 200 });
    expect(timeToPx(s, start + 3_600_000)).toBe(20 + 24);
    expect(metreToPx(s, 100)).toBe(8 + 200);
    expect(pxToTime(s, timeToPx(s, start + 123_456_000))).toBeCloseTo(start + 123_456_000, -1);
    expect(pxToMetre(s, metreToPx(s, 777))).toBeCloseTo(777);
    expect(screenDeltaToPlan(s, 24, 10)).toEqual({ ms: 3_600_000, metres: 5 });
  });
});
