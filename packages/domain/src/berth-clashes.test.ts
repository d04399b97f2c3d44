import { describe, expect, it } from 'vitest';
import { type TPlanQuay, type TPlannedCall, clashDraftOf, clashingPairs, clashesWithPlan, findPlanClashes, planQuayOf, plannedCallOf, summarisePlanClashes } from './berth-clashes';
import { createRng } from './random';

const H = 3_600_000;
const QUAY: TPlanQuay = {
  length: 1000,
  clearance: 15,
  sections: [
    { id: 1, start: 0, end: 500, depth: 16, berthType: 'Berth' },
    { id: 2, start: 500, end: 550, depth: 12, berthType: 'Buffer Zone' },
    { id: 3, start: 550, end: 1000, depth: 11, berthType: 'Berth' },
  ],
  blockZones: [{ id: 9, start: 800, end: 900, from: 10 * H, to: 20 * H }],
};
const call = (id: number, start: number, end: number, from: number, to: number, draft = 10): TPlannedCall => ({ id, start, end, from: from * H, to: to * H, draft });

describe('berth plan clashes', () => {
  it('finds nothing in a clean plan, and touching in time is no clash', () => {
    expect(findPlanClashes([call(1, 0, 200, 0, 10), call(2, 0, 200, 10, 20), call(3, 215, 400, 0, 10)], QUAY)).toEqual([]);
  });

  it('reports calls closer than the clearance', () => {
    expect(findPlanClashes([call(1, 0, 200, 0, 10), call(2, 210, 400, 5, 15)], QUAY)).toEqual([{ kind: 'overlap', callIds: [1, 2] }]);
  });

  it('reports block zones, non-berth sections, the quay ends and shallow water', () => {
    const clashes = findPlanClashes([call(1, 820, 980, 12, 18), call(2, 450, 700, 0, 5), call(3, 900, 1050, 30, 40), call(4, 600, 780, 30, 40, 11.5)], QUAY);
    expect(clashes).toEqual(
      expect.arrayContaining([
        { kind: 'block_zone', callIds: [1], blockZoneId: 9 },
        { kind: 'not_a_berth', callIds: [2], sectionId: 2 },
        { kind: 'outside_quay', callIds: [3] },
        { kind: 'too_shallow', callIds: [4], sectionId: 3, at: 'arrival', waterDepth: 11, draft: 11.5 },
      ]),
    );
  });

  it('lets the tide lift a deep-draft vessel over a shallow section, but not at low water on departure', () => {
    const tideAt = (t: number) => (t < 35 * H ? 1 : -0.2);
    expect(findPlanClashes([call(1, 600, 780, 30, 34, 11.5)], { ...QUAY, tideAt })).toEqual([]);
    expect(findPlanClashes([call(1, 600, 780, 30, 40, 11.5)], { ...QUAY, tideAt })).toEqual([{ kind: 'too_shallow', callIds: [1], sectionId: 3, at: 'departure', waterDepth: 10.8, draft: 11.5 }]);
  });

  it('agrees with the all-pairs check on random plans', () => {
    const rng = createRng(42);
    const calls = Array.from({ length: 300 }, (_, i) => {
      const start = rng.int(0, 800);
      const from = rng.int(0, 24 * 14);
      return call(i + 1, start, start + rng.int(100, 200), from, from + rng.int(6, 36), 8);
    });
    const quay = { ...QUAY, sections: [{ id: 1, start: 0, end: 1000, depth: 16, berthType: 'Berth' as const }], blockZones: [] };
    const swept = findPlanClashes(calls, quay).map((c) => c.callIds.join('-')).sort();
    const brute: string[] = [];
    for (const a of calls) for (const b of calls) if (a.id < b.id && a.from < b.to && b.from < a.to && a.start < b.end + 15 && b.start < a.end + 15) brute.push(`${a.id}-${b.id}`);
    expect(swept).toEqual(brute.sort());
    expect(brute.length).toBeGreaterThan(0);
  });

  it('summarises the clashes a screen shows: the count, every call in one, the first few in order', () => {
    const rng = createRng(7);
    const calls = Array.from({ length: 120 }, (_, i) => {
      const start = rng.int(-20, 900);
      const from = rng.int(0, 24 * 7);
      return call(i + 1, start, start + rng.int(100, 200), from, from + rng.int(6, 36), rng.int(8, 14));
    });
    const all = findPlanClashes(calls, QUAY);
    const summary = summarisePlanClashes(calls, QUAY, 10);
    expect(summary.total).toBe(all.length);
    expect(summary.first).toEqual(all.slice(0, 10));
    expect([...summary.callIds].sort((a, b) => a - b)).toEqual([...new Set(all.flatMap((c) => c.callIds))].sort((a, b) => a - b));
    expect(new Set(all.map((c) => c.kind)).size).toBeGreaterThan(1);
    // Pairs kept from before the block zones changed give the same summary as a fresh sweep.
    const pairs = clashingPairs(calls, QUAY.clearance);
    const quayWithoutZones = { ...QUAY, blockZones: [] };
    expect(summarisePlanClashes(calls, quayWithoutZones, 10, pairs)).toEqual(summarisePlanClashes(calls, quayWithoutZones, 10));
    expect(pairs.length).toBe(2 * all.filter((c) => c.kind === 'overlap').length);
  });
});

describe('one clash rule for every screen', () => {
  it('holds a call to the deeper declared draft, and without one to its vessel\u2019s maximum', () => {
    expect(clashDraftOf({ draftInbound: 11, draftOutbound: 12.4, vesselMaxDraft: 14 })).toBe(12.4);
    expect(clashDraftOf({ draftInbound: 0, draftOutbound: 0, vesselMaxDraft: 14 })).toBe(14);
    expect(clashDraftOf({ draftInbound: 0, draftOutbound: 0, vesselMaxDraft: null })).toBe(0);
  });

  it('reads a planner call and the terminal quay as the clash rules do, so a call without a draft is too deep for shallow water', () => {
    const call = { id: 7, berth_start_position: 700, berth_end_position: 500, berth_arrival: '2027-01-01T00:00:00Z', berth_departure: '2027-01-01T10:00:00Z', draft_inbound: 0, draft_outbound: 0, vessel_max_draft: 14 };
    const planned = plannedCallOf(call)!;
    expect(planned).toEqual({ id: 7, start: 500, end: 700, from: Date.parse(call.berth_arrival), to: Date.parse(call.berth_departure), draft: 14 });
    expect(plannedCallOf({ ...call, berth_start_position: null })).toBeNull();
    const quay = planQuayOf({
      terminal: { quay_length_m: 1000, min_clearance_m: 10, sections: [{ id: 1, start_position_m: 0, end_position_m: 1000, water_depth_m: 13.25, berth_type: 'Berth' }] },
      blockZones: [],
    });
    expect(findPlanClashes([planned], quay).map((c) => c.kind)).toEqual(['too_shallow']);
  });
});

describe('clashesWithPlan', () => {
  const call = (id: number, start: number, end: number, from: number, to: number) => ({ id, start, end, from, to, draft: 0 });
  it('names the plan calls a new call comes too close to, by the clearance, and never the new calls against each other', () => {
    const plan = [call(7, 0, 200, 0, 10), call(8, 300, 500, 0, 10), call(9, 0, 200, 20, 30)];
    const candidates = [call(1, 205, 295, 5, 15), call(2, 205, 295, 5, 15), call(3, 600, 800, 0, 10), call(4, 0, 100, 10, 20)];
    // 205 is within 10 m of 7's end and 295 of 8's start; 3 lies apart; 4 berths as 7 leaves and leaves as 9 comes.
    expect(clashesWithPlan(candidates, plan, 10)).toEqual([[7, 8], [7, 8], [], []]);
    expect(clashesWithPlan(candidates, plan, 0)).toEqual([[], [], [], []]);
  });
});
