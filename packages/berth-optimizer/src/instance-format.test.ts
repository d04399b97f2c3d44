import { describe, expect, it } from 'vitest';
import { InstanceFormatError, parseInstance, parseInstanceJson, toInstanceDocument } from './instance-format';
import { evaluatePlan } from './objective';
import { solve } from './solver';
import { checkPlan } from './checker';
import { generateTerminalInstance } from './generate';

// The plain discrete form of docs/optimizer.md, quoted unchanged: instances from other sources are fed in as they are.
const PLAIN = `{"quay":{"kind":"discrete","berths":[{"id":"B1","open":[0,168]}]},"vessels":[{"id":"V1","arrival":3,"latest_departure":60,"weight":2,"handling":{"B1":10,"B2":14}}]}`;

const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InstanceFormatError);
    return (error as InstanceFormatError).issues.join('\n');
  }
  throw new Error('expected an InstanceFormatError');
};

describe('the JSON instance format', () => {
  it('accepts the plain discrete form of the issue unchanged', () => {
    const { instance, warnings } = parseInstanceJson(PLAIN);
    expect(instance.quay).toEqual({ kind: 'discrete', berths: [{ id: 'B1', open: [[0, 168]], length: null, depth: null, productivity: 1 }], underKeelClearance: 0 });
    expect(instance.vessels[0]).toMatchObject({ id: 'V1', arrival: 3, latestDeparture: 60, weight: 2, handling: { kind: 'by_place', hours: { B1: 10, B2: 14 } } });
    // B2 is not on this quay, so the vessel can only use B1; the parser says so rather than failing.
    expect(warnings).toEqual(['vessels.0.handling: "B2" is not on the quay and ignored']);
  });

  it('solves the plain form with the objective of the issue: weighted departure minus arrival', () => {
    const { instance } = parseInstanceJson(PLAIN);
    const result = solve(instance, { seconds: 1, maxIterations: 50 });
    expect(result.plan.calls).toEqual([{ vesselId: 'V1', berth: 'B1', position: null, start: 3, end: 13 }]);
    expect(result.objective.total).toBe(2 * (13 - 3));
    expect(result.objective.turnaround).toBe(result.objective.total);
    expect(checkPlan(instance, result.plan).isFeasible).toBe(true);
  });

  it('reads a list of availability windows and a single one alike', () => {
    const { instance } = parseInstance({ quay: { kind: 'discrete', berths: [{ id: 'A', open: [[50, 60], [0, 10], [8, 20]] }] }, vessels: [] });
    expect(instance.quay.kind === 'discrete' && instance.quay.berths[0]!.open).toEqual([
      [0, 20],
      [50, 60],
    ]);
  });

  it('derives handling hours from the work and the crane intensity', () => {
    const { instance } = parseInstance({ quay: { kind: 'continuous', length: 500 }, vessels: [{ id: 'V', arrival: 0, length: 200, work: { moves: 1200, moves_per_crane_hour: 25, cranes: 4 } }] });
    expect(instance.vessels[0]!.handling).toMatchObject({ kind: 'work', nominalHours: 12 });
  });

  it('names the field at fault when the document does not fit the schema', () => {
    expect(messageOf(() => parseInstance({ quay: { kind: 'discrete', berths: [] }, vessels: [{ id: 'V1' }] }))).toMatch(/quay\.berths[\s\S]*vessels\.0\.arrival/);
    expect(messageOf(() => parseInstanceJson('{"quay":'))).toMatch(/not valid JSON/);
    expect(messageOf(() => parseInstance({ quay: { kind: 'floating' }, vessels: [] }))).toMatch(/quay\.kind/);
  });

  it('explains what is inconsistent beyond the schema', () => {
    const message = messageOf(() =>
      parseInstance({
        quay: { kind: 'continuous', length: 500, sections: [{ id: 'S1', from: 0, to: 200 }, { id: 'S2', from: 250, to: 500 }] },
        vessels: [
          { id: 'A', arrival: 0, handling: 5 },
          { id: 'A', arrival: 0, length: 100, handling: 5, frozen: { start: 1 } },
          { id: 'C', arrival: 0, length: 100 },
        ],
      }),
    );
    expect(message).toContain('section "S2" starts at 250 m, expected 200 m');
    expect(message).toContain('vessels.0.length: required on a continuous quay');
    expect(message).toContain('vessels.1.id: duplicate vessel id "A"');
    expect(message).toContain('vessels.1.frozen.position: required on a continuous quay');
    expect(message).toContain('vessels.2: "handling"');
  });

  it('rejects a frozen call at a berth the quay does not have', () => {
    expect(messageOf(() => parseInstance({ quay: { kind: 'discrete', berths: [{ id: 'B1' }] }, vessels: [{ id: 'V', arrival: 0, handling: { B1: 4 }, frozen: { berth: 'B7', start: 2 } }] }))).toContain('vessels.0.frozen.berth: unknown berth "B7"');
  });

  it('writes back a document that parses to the same instance', () => {
    const instance = generateTerminalInstance({ seed: 4, vessels: 12 });
    const again = parseInstance(JSON.parse(JSON.stringify(toInstanceDocument(instance)))).instance;
    expect(again).toEqual(instance);
    expect(evaluatePlan(again, { calls: [], unassigned: again.vessels.map((v) => v.id) }).total).toBeGreaterThan(0);
  });
});
