import loadHighs, { type Highs } from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPlan } from './checker';
import { solveExact } from './exact';
import { generateDiscreteInstance, generateTerminalInstance } from './generate';
import { solve } from './solver';

let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

describe('the exact reference (HiGHS)', () => {
  it('proves optima that the solver reaches within the benchmark gap on small instances', () => {
    const gaps: number[] = [];
    for (const seed of [2, 3, 5, 6, 8, 10, 11, 12]) {
      const instance = generateDiscreteInstance({ seed, vessels: 8 + (seed % 5), berths: 2 + (seed % 3) });
      const heuristic = solve(instance, { seed: 1, seconds: 5 });
      const exact = solveExact(instance, { highs, incumbent: heuristic.plan, timeLimitSeconds: 30 });
      if (exact.status === 'unsupported') throw new Error(exact.message);
      expect(exact.status).toBe('optimal');
      expect(checkPlan(instance, exact.plan!).violations).toEqual([]);
      expect(exact.objective!.total).toBeLessThanOrEqual(heuristic.objective.total + 1e-6);
      gaps.push((heuristic.objective.total - exact.objective!.total) / exact.objective!.total);
    }
    expect(Math.max(...gaps)).toBeLessThanOrEqual(0.03);
    expect(gaps.reduce((a, b) => a + b, 0) / gaps.length).toBeLessThanOrEqual(0.01);
  });

  it('is exact on its own, without a heuristic plan to bound it', () => {
    const instance = generateDiscreteInstance({ seed: 6, vessels: 9, berths: 2 });
    const alone = solveExact(instance, { highs });
    const seeded = solveExact(instance, { highs, incumbent: solve(instance, { maxIterations: 2000 }).plan });
    expect(alone.status).toBe('optimal');
    expect(alone.status !== 'unsupported' && seeded.status !== 'unsupported' && alone.objective!.total).toBeCloseTo(seeded.status !== 'unsupported' ? seeded.objective!.total : NaN, 6);
  });

  it('models frozen calls, block zones, deadlines and preferences as the checker and objective see them', () => {
    const instance = generateDiscreteInstance({ seed: 13, vessels: 11, berths: 3, withExtras: true });
    const exact = solveExact(instance, { highs });
    if (exact.status === 'unsupported') throw new Error(exact.message);
    const frozen = instance.vessels.find((v) => v.fixed)!;
    expect(exact.plan!.calls.find((c) => c.vesselId === frozen.id)).toMatchObject({ berth: frozen.fixed!.berth, start: frozen.fixed!.start });
    expect(checkPlan(instance, exact.plan!).isFeasible).toBe(true);
  });

  it('says so for a continuous quay instead of guessing', () => {
    expect(solveExact(generateTerminalInstance({ seed: 1, vessels: 5 }), { highs }).status).toBe('unsupported');
  });
});
