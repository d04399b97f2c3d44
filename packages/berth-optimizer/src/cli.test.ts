// The command line of `npm run optimize`, run as a child process the way a user runs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function optimize(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/optimize.ts', ...args], { cwd: packageDir, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('npm run optimize', () => {
  it('solves the plain discrete form of the issue and proves the plan feasible (--json)', () => {
    const run = optimize('examples/plain.json', '--seconds', '1', '--json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.out) as { objective: { total: number }; proof: { isFeasible: boolean; violations: unknown[] }; plan: { calls: { vesselId: string; berth: string; start: number; end: number }[] } };
    expect(result.proof.isFeasible).toBe(true);
    expect(result.proof.violations).toEqual([]);
    // V1 arrives at 3 and needs 10 h at B1 (B2 is not on the quay): no waiting, departure 13, weight 2.
    expect(result.plan.calls).toEqual([expect.objectContaining({ vesselId: 'V1', berth: 'B1', start: 3, end: 13 })]);
    expect(result.objective.total).toBeCloseTo(20, 6);
  });

  it('prints objective terms, the FCFS comparison, the plan and the proof for a continuous terminal', () => {
    const run = optimize('examples/terminal.json', '--seconds', '1');
    expect(run.code).toBe(0);
    for (const heading of ['Objective', 'waiting', 'handling', 'lateness', 'FCFS', 'Plan', 'Proof      FEASIBLE']) expect(run.out).toContain(heading);
  });

  it('answers an unusable instance with the reason and exit code 2', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'optimize-cli-'));
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ quay: { kind: 'discrete', berths: [] }, vessels: [{ id: 'V1' }] }));
    const run = optimize(file);
    expect(run.code).toBe(2);
    expect(run.err.trim().length).toBeGreaterThan(0);
  });
});
