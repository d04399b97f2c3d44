import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlan } from './checker';
import { planFirstComeFirstServed } from './fcfs';
import { generateDiscreteInstance, generateTerminalInstance } from './generate';
import type { TInstance, TPlan } from './model';
import { evaluatePlan } from './objective';
import { solve, solveAsync } from './solver';
import { randomInstance } from './test/random-instance';

const fixedCallsOf = (instance: TInstance) =>
  instance.vessels.flatMap((v) => (v.fixed ? [{ vesselId: v.id, berth: v.fixed.berth, position: v.fixed.position, start: v.fixed.start, end: v.fixed.end }] : []));
const callOf = (plan: TPlan, id: string) => plan.calls.find((c) => c.vesselId === id);

describe('the solver', () => {
  it('never returns an infeasible plan, and never one worse than first come, first served (random instances)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom('discrete' as const, 'continuous' as const), (seed, kind) => {
        const instance = randomInstance(seed, kind);
        const result = solve(instance, { seed, seconds: 5, maxIterations: 150 });
        const report = checkPlan(instance, result.plan);
        expect(report.violations).toEqual([]);
        const fcfs = planFirstComeFirstServed(instance);
        expect(checkPlan(instance, fcfs).violations).toEqual([]);
        expect(result.objective.total).toBeLessThanOrEqual(evaluatePlan(instance, fcfs).total + 1e-6);
        for (const fixed of fixedCallsOf(instance)) expect(callOf(result.plan, fixed.vesselId)).toEqual(fixed);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('keeps frozen and berthed calls exactly where they are', () => {
    const instance = generateTerminalInstance({ seed: 3, vessels: 40 });
    const fixed = fixedCallsOf(instance);
    expect(fixed.map((f) => f.vesselId)).toEqual(['V001', 'V002', 'V003']);
    const result = solve(instance, { seconds: 5, maxIterations: 400 });
    for (const f of fixed) expect(callOf(result.plan, f.vesselId)).toEqual(f);
    expect(checkPlan(instance, result.plan).isFeasible).toBe(true);
  });

  it('gives the same plan for the same seed and iteration count', () => {
    const instance = generateTerminalInstance({ seed: 8, vessels: 30 });
    const a = solve(instance, { seed: 42, seconds: 30, maxIterations: 300, stallIterations: 0 });
    const b = solve(instance, { seed: 42, seconds: 30, maxIterations: 300, stallIterations: 0 });
    expect(b.plan).toEqual(a.plan);
    expect(b.iterations).toBe(300);
    const discrete = generateDiscreteInstance({ seed: 8, vessels: 12, berths: 3 });
    expect(solve(discrete, { seed: 7, maxIterations: 500 }).plan).toEqual(solve(discrete, { seed: 7, maxIterations: 500 }).plan);
  });

  it('improves clearly on first come, first served on a congested terminal', () => {
    const instance = generateTerminalInstance({ seed: 1, vessels: 40 });
    const fcfs = evaluatePlan(instance, planFirstComeFirstServed(instance));
    const result = solve(instance, { seconds: 10, maxIterations: 1500 });
    expect(result.objective.total).toBeLessThan(0.8 * fcfs.total);
    expect(result.objective.terms.waiting.value).toBeLessThan(fcfs.terms.waiting.value);
  });

  it('stops when cancelled and still returns a feasible plan', () => {
    const instance = generateTerminalInstance({ seed: 2, vessels: 60 });
    const controller = new AbortController();
    controller.abort();
    const aborted = solve(instance, { seconds: 60, signal: controller.signal });
    expect(aborted.stoppedBy).toBe('aborted');
    expect(aborted.iterations).toBe(0);
    expect(checkPlan(instance, aborted.plan).isFeasible).toBe(true);
    let polls = 0;
    const stopped = solve(instance, { seconds: 60, shouldStop: () => ++polls > 25 });
    expect(stopped.stoppedBy).toBe('aborted');
    expect(stopped.iterations).toBe(25);
  });

  it('can be cancelled from outside while it runs asynchronously, reporting progress', async () => {
    const instance = generateTerminalInstance({ seed: 5, vessels: 80 });
    const controller = new AbortController();
    const progress: number[] = [];
    setTimeout(() => controller.abort(), 150);
    const result = await solveAsync(instance, { seconds: 60, stallIterations: 0, signal: controller.signal, sliceMs: 20, onProgress: (p) => progress.push(p.bestObjective) });
    expect(result.stoppedBy).toBe('aborted');
    expect(result.elapsedMs).toBeLessThan(5_000);
    expect(progress.length).toBeGreaterThan(0);
    expect(checkPlan(instance, result.plan).isFeasible).toBe(true);
  });

  it('stops at the time budget', () => {
    const instance = generateTerminalInstance({ seed: 6, vessels: 60 });
    let clock = 0;
    const result = solve(instance, { seconds: 1, stallIterations: 0, now: () => (clock += 10) });
    expect(result.stoppedBy).toBe('time');
    expect(result.iterations).toBeLessThan(100);
  });
});

describe('a warm start from the plan the terminal has', () => {
  it('never returns a plan worse than a feasible initial plan, even with almost no search', () => {
    const instance = generateTerminalInstance({ seed: 5, vessels: 40 });
    const good = solve(instance, { seconds: 2, seed: 1 });
    expect(checkPlan(instance, good.plan).isFeasible).toBe(true);
    // Two iterations alone would not find a plan this good from scratch; started from it, the result keeps it.
    const cold = solve(instance, { seed: 2, maxIterations: 2, stallIterations: 0 });
    const warm = solve(instance, { seed: 2, maxIterations: 2, stallIterations: 0, initialPlan: good.plan });
    expect(cold.objective.total).toBeGreaterThan(good.objective.total);
    expect(warm.objective.total).toBeLessThanOrEqual(good.objective.total + 1e-6);
    expect(checkPlan(instance, warm.plan).isFeasible).toBe(true);
  });

  it('ignores an infeasible initial plan', () => {
    const instance = generateTerminalInstance({ seed: 6, vessels: 20 });
    const base = solve(instance, { seed: 1, maxIterations: 50, stallIterations: 0 });
    // Every movable call at the same place and time: overlapping, so the start must come from the construction.
    const stacked: TPlan = { ...base.plan, calls: base.plan.calls.map((c) => (instance.vessels.find((v) => v.id === c.vesselId)?.fixed ? c : { ...c, position: 0, start: 0, end: c.end - c.start })) };
    expect(checkPlan(instance, stacked).isFeasible).toBe(false);
    const result = solve(instance, { seed: 1, maxIterations: 50, stallIterations: 0, initialPlan: stacked });
    expect(checkPlan(instance, result.plan).isFeasible).toBe(true);
    expect(result.objective.total).toBeCloseTo(base.objective.total, 6);
  });
});
