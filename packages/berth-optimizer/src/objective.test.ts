import { describe, expect, it } from 'vitest';
import { parseInstance } from './instance-format';
import { DEFAULT_WEIGHTS, callCost, evaluatePlan } from './objective';
import { Problem } from './problem';
import { generateTerminalInstance } from './generate';
import { solve } from './solver';

const instance = parseInstance({
  quay: { kind: 'discrete', berths: [{ id: 'B1' }, { id: 'B2' }] },
  vessels: [
    { id: 'A', arrival: 0, weight: 2, handling: { B1: 10, B2: 12 }, requested_start: 1, latest_departure: 12, preferred_berth: 'B2' },
    { id: 'B', arrival: 5, handling: { B1: 4 } },
    { id: 'C', arrival: 0, weight: 3, handling: { B2: 1 } },
  ],
}).instance;
const plan = {
  calls: [
    { vesselId: 'A', berth: 'B1', position: null, start: 4, end: 14 },
    { vesselId: 'B', berth: 'B1', position: null, start: 14, end: 18 },
  ],
  unassigned: ['C'],
};

describe('the objective', () => {
  it('reports every term on its own, each multiplied by the vessel weight and then by the term weight', () => {
    const report = evaluatePlan(instance, plan);
    expect(report.terms.waiting).toEqual({ value: 2 * 4 + 9, unit: 'weighted hours', weight: 1, cost: 17 });
    expect(report.terms.handling.value).toBe(2 * 10 + 4);
    expect(report.terms.requestedTime.value).toBe(2 * 3);
    expect(report.terms.preferredBerth).toMatchObject({ value: 2, cost: 2 * DEFAULT_WEIGHTS.preferredBerth });
    expect(report.terms.lateness).toMatchObject({ value: 2 * 2, cost: 4 * DEFAULT_WEIGHTS.lateness });
    expect(report.terms.unassigned).toMatchObject({ value: 3, cost: 3 * DEFAULT_WEIGHTS.unassigned });
    expect(report.turnaround).toBe(2 * 14 + 13);
    expect(report.waitingHours).toBe(13);
    expect(report.total).toBeCloseTo(Object.values(report.terms).reduce((s, t) => s + t.cost, 0));
  });

  it('uses configured weights instead of the defaults', () => {
    const report = evaluatePlan(instance, plan, { ...DEFAULT_WEIGHTS, waiting: 3, unassigned: 0 });
    expect(report.terms.waiting.cost).toBe(51);
    expect(report.terms.unassigned.cost).toBe(0);
  });

  it('is computed by the solvers with the same formula as the report', () => {
    const terminal = generateTerminalInstance({ seed: 9, vessels: 25 });
    const problem = new Problem(terminal);
    const result = solve(terminal, { maxIterations: 100 });
    for (const call of result.plan.calls) {
      const i = terminal.vessels.findIndex((v) => v.id === call.vesselId);
      if (terminal.vessels[i]!.fixed) continue;
      expect(problem.cost(i, call.position!, call.start, call.end)).toBeCloseTo(callCost(terminal.vessels[i]!, terminal.weights, null, call.position, call.start, call.end), 9);
    }
  });
});
