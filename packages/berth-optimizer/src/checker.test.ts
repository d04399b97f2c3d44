import { describe, expect, it } from 'vitest';
import { type TViolationKind, checkPlan } from './checker';
import { parseInstance } from './instance-format';
import type { TCall, TPlan } from './model';

const discrete = parseInstance({
  quay: { kind: 'discrete', berths: [{ id: 'B1', open: [0, 100], length: 250, depth: 12 }, { id: 'B2', open: [[0, 40], [50, 100]] }] },
  block_zones: [{ id: 'Z1', berth: 'B2', start: 20, end: 30 }],
  // Water 1 m above datum, except from about 10.5 h to 20.5 h when it is 1 m below.
  tide: { samples: [[0, 1], [10, 1], [11, -1], [20, -1], [21, 1], [100, 1]] },
  vessels: [
    { id: 'A', arrival: 0, draft: 12.5, length: 200, handling: { B1: 5, B2: 6 } },
    { id: 'B', arrival: 2, earliest_start: 4, length: 180, handling: { B1: 4 } },
    { id: 'C', arrival: 0, length: 300, handling: { B1: 3, B2: 3 } },
    { id: 'F', arrival: 0, handling: { B2: 6 }, frozen: { berth: 'B2', start: 0 } },
  ],
}).instance;

const call = (vesselId: string, berth: string | null, start: number, end: number): TCall => ({ vesselId, berth, position: null, start, end });
const validDiscrete: TPlan = { calls: [call('A', 'B1', 0, 5), call('B', 'B1', 5, 9), call('C', 'B2', 6, 9), call('F', 'B2', 0, 6)], unassigned: [] };

const continuous = parseInstance({
  quay: {
    kind: 'continuous',
    length: 600,
    clearance: 10,
    sections: [{ id: 'S1', from: 0, to: 300, depth: 15 }, { id: 'S2', from: 300, to: 350, berth: false }, { id: 'S3', from: 350, to: 600, depth: 12, open: [[-10, 50]] }],
  },
  block_zones: [{ id: 'Z1', from: 400, to: 500, start: 10, end: 20 }],
  vessels: [
    { id: 'P', arrival: 0, length: 200, draft: 11, handling: 10 },
    { id: 'Q', arrival: 0, length: 80, draft: 13, handling: { S1: 8 } },
    { id: 'R', arrival: 0, length: 100, draft: 9, handling: 6, berthed: { position: 450, start: -4 } },
  ],
}).instance;

const at = (vesselId: string, position: number, start: number, end: number): TCall => ({ vesselId, berth: null, position, start, end });
const validContinuous: TPlan = { calls: [at('P', 0, 0, 10), at('Q', 210, 0, 8), at('R', 450, -4, 2)], unassigned: [] };

const kinds = (report: ReturnType<typeof checkPlan>): TViolationKind[] => report.violations.map((v) => v.kind);
const withCall = (plan: TPlan, replacement: TCall): TPlan => ({ ...plan, calls: plan.calls.map((c) => (c.vesselId === replacement.vesselId ? replacement : c)) });

describe('the plan checker', () => {
  it('accepts valid plans on both kinds of quay and counts what it checked', () => {
    const d = checkPlan(discrete, validDiscrete);
    expect(d.violations).toEqual([]);
    expect(d.isFeasible).toBe(true);
    expect(d.checks['pairs of calls apart in time or space (with clearance)']).toBeGreaterThan(0);
    expect(checkPlan(continuous, validContinuous).violations).toEqual([]);
  });

  it('rejects a call for a vessel the instance does not have', () => {
    expect(kinds(checkPlan(discrete, { ...validDiscrete, calls: [...validDiscrete.calls, call('X', 'B1', 50, 55)] }))).toEqual(['unknown_vessel']);
  });

  it('rejects a vessel planned twice', () => {
    expect(kinds(checkPlan(discrete, { ...validDiscrete, unassigned: ['C'] }))).toEqual(['duplicate_vessel']);
  });

  it('rejects a plan that forgets a vessel', () => {
    expect(kinds(checkPlan(discrete, { ...validDiscrete, calls: validDiscrete.calls.filter((c) => c.vesselId !== 'C') }))).toEqual(['missing_vessel']);
  });

  it('rejects leaving a frozen call out', () => {
    expect(kinds(checkPlan(discrete, { calls: validDiscrete.calls.filter((c) => c.vesselId !== 'F'), unassigned: ['F'] }))).toEqual(['fixed_unassigned']);
  });

  it('rejects moving a frozen or a berthed call', () => {
    expect(kinds(checkPlan(discrete, withCall(validDiscrete, call('F', 'B2', 50, 56))))).toEqual(['fixed_moved']);
    expect(kinds(checkPlan(continuous, withCall(validContinuous, at('R', 460, -4, 2))))).toEqual(['fixed_moved']);
  });

  it('rejects a call without a berth or position', () => {
    expect(kinds(checkPlan(discrete, withCall(validDiscrete, call('C', null, 6, 9))))).toEqual(['no_place']);
    expect(kinds(checkPlan(continuous, withCall(validContinuous, { ...at('P', 0, 0, 10), position: null })))).toEqual(['no_place']);
  });

  it('rejects a berth the quay does not have', () => {
    expect(kinds(checkPlan(discrete, withCall(validDiscrete, call('C', 'B3', 6, 9))))).toEqual(['unknown_berth']);
  });

  it('rejects a berth or section missing from the vessel’s handling', () => {
    expect(kinds(checkPlan(discrete, withCall(validDiscrete, call('B', 'B2', 9, 13))))).toEqual(['cannot_serve']);
    expect(kinds(checkPlan(continuous, withCall(validContinuous, at('Q', 360, 20, 28))))).toContain('cannot_serve');
  });

  it('rejects a vessel longer than its berth', () => {
    expect(kinds(checkPlan(discrete, withCall(validDiscrete, call('C', 'B1', 9, 12))))).toEqual(['too_long']);
  });

  it('rejects a vessel off the quay', () => {
    expect(kinds(checkPlan(continuous, withCall(validContinuous, at('P', -5, 0, 10))))).toEqual(['outside_quay']);
    expect(kinds(checkPlan(continuous, withCall(validContinuous, at('P', 450, 30, 40))))).toEqual(['outside_quay']);
  });

  it('rejects a vessel over a stretch where no vessel may berth', () => {
    expect(kinds(checkPlan(continuous, withCall(validContinuous, at('P', 250, 20, 30))))).toEqual(['not_a_berth']);
  });

  it('rejects berthing before arrival or the earliest start', () => {
    expect(kinds(checkPlan(discrete, withCall(withCall(validDiscrete, call('A', 'B2', 9, 15)), call('B', 'B1', 3, 7))))).toEqual(['before_ready']);
  });

  it('rejects a stay that does not match the handling time there', () => {
    expect(kinds(checkPlan(discrete, withCall(validDiscrete, call('B', 'B1', 5, 8))))).toEqual(['wrong_duration']);
    // Over a slower stretch a vessel takes longer: handling by section is the slowest section's.
    expect(kinds(checkPlan(continuous, withCall(validContinuous, at('P', 0, 0, 9))))).toEqual(['wrong_duration']);
  });

  it('rejects a stay outside the availability windows', () => {
    expect(kinds(checkPlan(discrete, withCall(validDiscrete, call('C', 'B2', 38, 41))))).toEqual(['closed']);
    expect(kinds(checkPlan(continuous, withCall(validContinuous, at('P', 380, 45, 55))))).toEqual(['closed']);
  });

  it('does not hold a berthed call to windows or depth at a berthing that is already past', () => {
    const { instance } = parseInstance({
      quay: { kind: 'discrete', berths: [{ id: 'B1', open: [0, 100], depth: 12 }] },
      tide: { samples: [[-10, -1], [0, 1]] },
      vessels: [{ id: 'R', arrival: -12, draft: 12.5, handling: { B1: 10 }, berthed: { berth: 'B1', start: -8 } }],
    });
    expect(checkPlan(instance, { calls: [call('R', 'B1', -8, 2)], unassigned: [] }).violations).toEqual([]);
  });

  it('rejects a call in a block zone', () => {
    expect(kinds(checkPlan(discrete, withCall(validDiscrete, call('C', 'B2', 18, 21))))).toEqual(['block_zone']);
    expect(kinds(checkPlan(continuous, withCall(validContinuous, at('P', 380, 15, 25))))).toEqual(['block_zone']);
  });

  it('rejects water too shallow at arrival or at departure for the tide then', () => {
    const arrival = checkPlan(discrete, withCall(validDiscrete, call('A', 'B1', 12, 17)));
    expect(arrival.violations).toMatchObject([{ kind: 'too_shallow', at: 'arrival', waterDepth: 11, required: 12.5 }]);
    const departure = checkPlan(discrete, { ...validDiscrete, calls: [call('A', 'B1', 9, 14), call('B', 'B1', 4, 8), call('C', 'B2', 6, 9), call('F', 'B2', 0, 6)] });
    expect(departure.violations).toMatchObject([{ kind: 'too_shallow', at: 'departure' }]);
    expect(kinds(checkPlan(continuous, withCall(validContinuous, at('Q', 360, 20, 28))))).toContain('too_shallow');
  });

  it('rejects two vessels at one berth at once, but not one leaving as the next arrives', () => {
    expect(checkPlan(discrete, withCall(validDiscrete, call('B', 'B1', 4, 8))).violations).toMatchObject([{ kind: 'overlap', vesselIds: ['A', 'B'] }]);
    expect(checkPlan(discrete, withCall(validDiscrete, call('C', 'B2', 6, 9))).isFeasible).toBe(true);
  });

  it('rejects vessels closer than the clearance, but not exactly the clearance apart', () => {
    expect(checkPlan(continuous, withCall(validContinuous, at('Q', 205, 0, 8))).violations).toMatchObject([{ kind: 'overlap', vesselIds: ['P', 'Q'] }]);
    expect(checkPlan(continuous, withCall(validContinuous, at('Q', 210, 0, 8))).isFeasible).toBe(true);
  });
});
