import { checkPlan, tideLevelFunction } from '@quayline/berth-optimizer';
import { describe, expect, it } from 'vitest';
import { type TLiveCall, buildInstance, planOf, proposedPlaces, quaySections, tideTable } from './optimize-instance';

const H = 3_600_000;
const T0 = Date.parse('2027-05-01T00:00:00Z');
const call = (over: Partial<TLiveCall> & { id: number }): TLiveCall => ({
  vesselName: `V${over.id}`,
  arrivalMs: T0 + 10 * H,
  departureMs: T0 + 20 * H,
  start: 0,
  end: 200,
  lengthOverall: 199.9,
  draft: 10,
  requestedMs: null,
  liveArrivalMs: T0 + 10 * H,
  alongside: false,
  frozen: false,
  ...over,
});

describe('live data as an optimizer instance', () => {
  it('covers the quay with sections: blocked and buffer stretches are not berths, gaps are', () => {
    const sections = quaySections({
      length: 1000,
      clearance: 10,
      sections: [
        { id: 2, start: 450, end: 900, depth: 13, berthType: 'Berth' },
        { id: 1, start: 0, end: 400, depth: 15, berthType: 'Berth' },
        { id: 3, start: 400, end: 450, depth: 12, berthType: 'Buffer Zone' },
      ],
    });
    expect(sections.map((s) => [s.id, s.from, s.to, s.isBerth, s.depth])).toEqual([
      ['1', 0, 400, true, 15],
      ['3', 400, 450, false, 12],
      ['2', 450, 900, true, 13],
      ['gap-900', 900, 1000, true, null],
    ]);
  });

  it('samples the tide prediction as a table in hours from the window start, never above the prediction', () => {
    const heightAt = (ms: number) => 2 + Math.sin(((ms - T0) / H / 12.42) * 2 * Math.PI);
    const tide = tideTable(heightAt, T0, T0, T0 + 48 * H);
    const level = tideLevelFunction(tide);
    for (let h = 0; h <= 48; h += 0.37) expect(level(h)).toBeLessThanOrEqual(heightAt(T0 + h * H) + 1e-9);
    expect(level(3.105)).toBeCloseTo(heightAt(T0 + 3.105 * H), 1);
  });

  it('fixes calls alongside, frozen, already due or after the window, and moves the rest from their requested time', () => {
    const window = { startMs: T0, endMs: T0 + 7 * 24 * H, nowMs: T0 + 5 * H };
    const { instance, fixReasons } = buildInstance({
      name: 'test',
      window,
      quay: { length: 1000, clearance: 10, sections: [] },
      blockZones: [{ id: 9, start: 500, end: 600, fromMs: T0, toMs: T0 + 24 * H }],
      tideAt: null,
      calls: [
        call({ id: 1, alongside: true, arrivalMs: T0 + 2 * H }),
        call({ id: 2, frozen: true }),
        call({ id: 3, arrivalMs: T0 + 4 * H }),
        call({ id: 4, arrivalMs: T0 + 8 * 24 * H, departureMs: T0 + 9 * 24 * H }),
        call({ id: 5, requestedMs: T0 + 6 * H, start: null, end: null }),
        call({ id: 6, frozen: true, start: null, end: null }),
      ],
    });
    expect([...fixReasons]).toEqual([
      [1, 'alongside'],
      [2, 'frozen'],
      [3, 'started'],
      [4, 'after_window'],
      [5, null],
    ]);
    const free = instance.vessels.find((v) => v.id === '5')!;
    expect(free).toMatchObject({ arrival: 6, requestedStart: 6, earliestStart: 5, length: 199.9, preferredPosition: null, fixed: null, handling: { kind: 'hours', hours: 10 } });
    expect(instance.vessels.find((v) => v.id === '1')!.fixed).toEqual({ kind: 'berthed', berth: null, position: 0, start: 2, end: 20 });
    expect(instance.blockZones).toEqual([{ id: '9', start: 0, end: 24, where: { from: 500, to: 600 } }]);
  });

  it('rounds a plan up to whole minutes and centimetres, moving every start the same way', () => {
    const window = { startMs: T0, endMs: T0 + 24 * H, nowMs: 0 };
    const built = buildInstance({ name: 'r', window, quay: { length: 1000, clearance: 10, sections: [] }, blockZones: [], tideAt: null, calls: [call({ id: 1 }), call({ id: 2 })] });
    const plan = {
      calls: [
        { vesselId: '1', berth: null, position: 0, start: 10.0001, end: 20.0001 },
        { vesselId: '2', berth: null, position: 210.0001, start: 10.0001, end: 20.0001 },
      ],
      unassigned: [],
    };
    const places = proposedPlaces(built, plan, true);
    expect(places.get(1)).toEqual({ arrivalMs: T0 + 10 * H + 60_000, departureMs: T0 + 20 * H + 60_000, start: 0, end: 200 });
    expect(places.get(2)!.start).toBe(210.01);
    expect(checkPlan(built.instance, planOf(built, places, [])).isFeasible).toBe(true);
  });
});
