// npm run bench:optimizer: runs the seeded instance families and the public Lalla-Ruiz groups and prints one
// table (Markdown). Each family runs in its own child process, so its time and peak memory are its own.
//
//   npm run bench:optimizer [-- --families small,medium,large150,large400,lalla] [--lalla-dir DIR]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import loadHighs from 'highs';
import { checkPlan, evaluatePlan, generateDiscreteInstance, generateTerminalInstance, parseLallaRuiz, planFirstComeFirstServed, solve, solveExact, type TInstance } from '../src/index';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1]! : fallback;
};
const LALLA_DIR = option('--lalla-dir', process.env.LALLA_RUIZ_DIR ?? '/work/shared/benchmarks/bap/lalla-ruiz-2012');

/** Budgets per family: the issue's limits (1 s small, 5 s for 150 vessels, 30 s for 400) with some room. */
const FAMILIES = {
  small: { seconds: 1 },
  medium: { vessels: 50, seeds: [1, 2, 3, 4, 5], seconds: 3 },
  large150: { vessels: 150, seeds: [1, 2, 3], seconds: 4.5 },
  large400: { vessels: 400, seeds: [1, 2, 3], seconds: 25 },
  lalla: { seconds: 1 },
} as const;
type TFamily = keyof typeof FAMILIES;

type TRow = { family: string; instances: number; metric: string; result: string; target: string; isMet: boolean | null; time: string };
type TChildResult = { rows: TRow[]; peakRssMb: number; peakHeapMb: number; wallSeconds: number };

const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
const secs = (xs: number[]) => `${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)} / ${Math.max(...xs).toFixed(2)} s`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

let peakHeap = 0;
const sampleHeap = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
};

function feasibleOrThrow(instance: TInstance, plan: Parameters<typeof checkPlan>[1], what: string) {
  const report = checkPlan(instance, plan);
  if (!report.isFeasible) throw new Error(`${what} on ${instance.name}: infeasible plan (${report.violations[0]!.message})`);
}

async function runSmall(): Promise<TRow[]> {
  const highs = await loadHighs();
  const gaps: number[] = [];
  const times: number[] = [];
  const found: number[] = [];
  const exactTimes: number[] = [];
  let optimalHits = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const instance = generateDiscreteInstance({ seed, vessels: 8 + (seed % 5), berths: 2 + (seed % 3) });
    // The reference is bounded by FCFS only, so it does not lean on the heuristic it judges.
    const exact = solveExact(instance, { highs, timeLimitSeconds: 120 });
    if (exact.status !== 'optimal' || !exact.objective || !exact.plan) throw new Error(`HiGHS did not prove an optimum for ${instance.name}`);
    feasibleOrThrow(instance, exact.plan, 'HiGHS');
    const run = solve(instance, { seconds: FAMILIES.small.seconds, seed: 1, onProgress: sampleHeap });
    feasibleOrThrow(instance, run.plan, 'solver');
    const gap = (run.objective.total - exact.objective.total) / exact.objective.total;
    gaps.push(gap);
    if (gap < 1e-9) optimalHits++;
    times.push(run.elapsedMs / 1000);
    found.push(run.bestFoundAtMs / 1000);
    exactTimes.push(exact.seconds);
  }
  return [
    {
      family: 'small: 8-12 vessels, 2-4 discrete berths',
      instances: 20,
      metric: `gap to HiGHS optimum, mean / worst (optimum hit ${optimalHits}/20; HiGHS ${secs(exactTimes)})`,
      result: `${pct(mean(gaps))} / ${pct(Math.max(...gaps))}`,
      target: '<= 1 % / <= 3 %, < 1 s',
      isMet: mean(gaps) <= 0.01 && Math.max(...gaps) <= 0.03 && Math.max(...times) < 1,
      time: `${secs(times)} (best found ${secs(found)})`,
    },
  ];
}

function runTerminal(family: 'medium' | 'large150' | 'large400'): TRow[] {
  const { vessels, seeds, seconds } = FAMILIES[family];
  const reductions: number[] = [];
  const objectiveReductions: number[] = [];
  const fcfsWait: number[] = [];
  const times: number[] = [];
  for (const seed of seeds) {
    const instance = generateTerminalInstance({ seed, vessels });
    const fcfsPlan = planFirstComeFirstServed(instance);
    feasibleOrThrow(instance, fcfsPlan, 'FCFS');
    const fcfs = evaluatePlan(instance, fcfsPlan);
    const run = solve(instance, { seconds, seed: 1, onProgress: sampleHeap, progressEveryMs: 250 });
    feasibleOrThrow(instance, run.plan, 'solver');
    reductions.push(1 - run.objective.terms.waiting.value / fcfs.terms.waiting.value);
    objectiveReductions.push(1 - run.objective.total / fcfs.total);
    fcfsWait.push(fcfs.waitingHours / vessels);
    times.push(run.elapsedMs / 1000);
  }
  return [
    {
      family: `${family === 'medium' ? 'medium' : 'large'}: ${vessels} vessels over 28 days, continuous quay`,
      instances: seeds.length,
      metric: `weighted waiting below FCFS, mean / worst (FCFS waits ${mean(fcfsWait).toFixed(1)} h per vessel; objective ${pct(mean(objectiveReductions))} below FCFS)`,
      result: `${pct(mean(reductions))} / ${pct(Math.min(...reductions))}`,
      target: `>= 30 % less${vessels === 150 ? ', < 5 s' : vessels === 400 ? ', < 30 s' : ''}`,
      isMet: Math.min(...reductions) >= 0.3 && (vessels === 150 ? Math.max(...times) < 5 : vessels === 400 ? Math.max(...times) < 30 : true),
      time: secs(times),
    },
  ];
}

function runLalla(): TRow[] {
  if (!existsSync(LALLA_DIR)) return [{ family: 'Lalla-Ruiz (2012)', instances: 0, metric: `instances not found in ${LALLA_DIR}`, result: '-', target: '-', isMet: null, time: '-' }];
  const referenceFile = path.join(here, '../bench/lalla-ruiz-reference.json');
  const reference: Record<string, { best: number; provenOptimal: boolean }> = existsSync(referenceFile) ? JSON.parse(readFileSync(referenceFile, 'utf8')).instances : {};
  const groups = new Map<string, string[]>();
  for (const file of readdirSync(LALLA_DIR).filter((f) => f.endsWith('.txt')).sort()) {
    const group = file.split('-')[0]!;
    groups.set(group, [...(groups.get(group) ?? []), file]);
  }
  const order = [...groups.keys()].sort((a, b) => {
    const [na, ma] = a.slice(1).split('x').map(Number);
    const [nb, mb] = b.slice(1).split('x').map(Number);
    return na! - nb! || ma! - mb!;
  });
  const rows: TRow[] = [];
  for (const group of order) {
    const objectives: number[] = [];
    const gaps: number[] = [];
    const vsFcfs: number[] = [];
    const times: number[] = [];
    let proven = 0;
    for (const file of groups.get(group)!) {
      const name = file.replace(/\.txt$/, '');
      const { instance } = parseLallaRuiz(readFileSync(path.join(LALLA_DIR, file), 'utf8'), name);
      const fcfs = evaluatePlan(instance, planFirstComeFirstServed(instance));
      const run = solve(instance, { seconds: FAMILIES.lalla.seconds, seed: 1, onProgress: sampleHeap });
      feasibleOrThrow(instance, run.plan, 'solver');
      objectives.push(run.objective.total);
      vsFcfs.push(1 - run.objective.total / fcfs.total);
      times.push(run.elapsedMs / 1000);
      const ref = reference[name];
      if (ref) {
        const best = Math.min(ref.best, run.objective.total);
        gaps.push((run.objective.total - best) / best);
        if (ref.provenOptimal) proven++;
      }
    }
    rows.push({
      family: `Lalla-Ruiz ${group}`,
      instances: objectives.length,
      metric: `objective mean ${mean(objectives).toFixed(1)}; gap to best known mean / worst${gaps.length ? ` (${proven}/${objectives.length} proven optimal)` : ''}; below FCFS`,
      result: gaps.length ? `${pct(mean(gaps))} / ${pct(Math.max(...gaps))}; ${pct(mean(vsFcfs))}` : `no reference; ${pct(mean(vsFcfs))}`,
      target: 'near best known, below FCFS',
      isMet: null,
      time: secs(times),
    });
  }
  return rows;
}

async function runChild(family: TFamily) {
  const started = performance.now();
  const rows = family === 'small' ? await runSmall() : family === 'lalla' ? runLalla() : runTerminal(family);
  sampleHeap();
  const result: TChildResult = { rows, peakRssMb: process.resourceUsage().maxRSS / 1024, peakHeapMb: peakHeap / 2 ** 20, wallSeconds: (performance.now() - started) / 1000 };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

function runParent() {
  const families = option('--families', 'small,medium,large150,large400,lalla').split(',') as TFamily[];
  const rows: TRow[] = [];
  const started = performance.now();
  let largest: TChildResult | null = null;
  for (const family of families) {
    if (!(family in FAMILIES)) throw new Error(`unknown family ${family}`);
    process.stderr.write(`running ${family} ...\n`);
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', family, '--lalla-dir', LALLA_DIR], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (child.status !== 0 || !line) throw new Error(`family ${family} failed:\n${child.stderr}`);
    const result = JSON.parse(line.slice(7)) as TChildResult;
    rows.push(...result.rows);
    if (family === 'large400' || (!largest && family.startsWith('large'))) largest = result;
    process.stderr.write(`  done in ${result.wallSeconds.toFixed(1)} s, peak RSS ${result.peakRssMb.toFixed(0)} MB\n`);
  }
  if (largest) rows.push({ family: 'memory, largest family', instances: 0, metric: 'peak resident set of its process / peak JS heap', result: `${largest.peakRssMb.toFixed(0)} MB / ${largest.peakHeapMb.toFixed(0)} MB`, target: '-', isMet: null, time: '-' });
  const header = ['Family', 'Instances', 'Metric', 'Result', 'Target', 'Met', 'Solver time mean / max'];
  const cells = rows.map((r) => [r.family, r.instances ? String(r.instances) : '-', r.metric, r.result, r.target, r.isMet === null ? '-' : r.isMet ? 'yes' : 'NO', r.time]);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const c of cells) console.log(`| ${c.join(' | ')} |`);
  console.log(`\nnode ${process.version}, ${(performance.now() - started) / 1000 > 0 ? ((performance.now() - started) / 1000).toFixed(0) : 0} s in all; seeds fixed, so the plans repeat where a run ends by the stall rule rather than the clock.`);
}

if (args[0] === '--child') await runChild(args[1] as TFamily);
else runParent();
