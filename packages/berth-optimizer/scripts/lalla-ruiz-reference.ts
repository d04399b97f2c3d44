// Computes the reference values the benchmark compares the Lalla-Ruiz groups against: for each instance the best
// objective any method here reaches (long solver runs over several seeds, then HiGHS seeded with that plan) and
// whether HiGHS proved it optimal. Slow (about half an hour); its output is committed as bench/lalla-ruiz-reference.json.
// HiGHS proves the 30-vessel, 3-berth group within a minute or two; larger groups need far longer.
//
//   node --import tsx packages/berth-optimizer/scripts/lalla-ruiz-reference.ts [--exact-groups f30x3] [--exact-seconds 60] [--seconds 5] [--redo]
// Instances already in the file are kept unless --redo.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import loadHighs from 'highs';
import { checkPlan, parseLallaRuiz, solve, solveExact, type TPlan } from '../src/index';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '../bench/lalla-ruiz-reference.json');
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1]! : fallback;
};
const dir = option('--dir', process.env.LALLA_RUIZ_DIR ?? '/work/shared/benchmarks/bap/lalla-ruiz-2012');
const exactGroups = new Set(option('--exact-groups', 'f30x3').split(','));
const exactSeconds = Number(option('--exact-seconds', '60'));
const seconds = Number(option('--seconds', '5'));

type TEntry = { best: number; provenOptimal: boolean; lowerBound: number | null; method: string };
const reference: Record<string, TEntry> = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')).instances : {};
const highs = await loadHighs();

for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
  const name = file.replace(/\.txt$/, '');
  if (reference[name] && !args.includes('--redo')) continue;
  const { instance } = parseLallaRuiz(readFileSync(path.join(dir, file), 'utf8'), name);
  let bestPlan: TPlan | null = null;
  let best = Infinity;
  for (const seed of [1, 2, 3]) {
    const run = solve(instance, { seed, seconds, stallIterations: 0 });
    if (run.objective.total < best && checkPlan(instance, run.plan).isFeasible) {
      best = run.objective.total;
      bestPlan = run.plan;
    }
  }
  let entry: TEntry = { best, provenOptimal: false, lowerBound: null, method: `optimizer, best of 3 seeds x ${seconds} s` };
  const group = name.split('-')[0]!;
  if (exactGroups.has(group) && bestPlan) {
    const exact = solveExact(instance, { highs, incumbent: bestPlan, timeLimitSeconds: exactSeconds });
    if (exact.status !== 'unsupported' && exact.plan && exact.objective && checkPlan(instance, exact.plan).isFeasible) {
      const value = Math.min(best, exact.objective.total);
      entry = {
        best: value,
        provenOptimal: exact.status === 'optimal',
        lowerBound: Math.round(exact.lowerBound * 1000) / 1000,
        method: exact.status === 'optimal' ? 'HiGHS time-indexed model (proven optimal)' : `HiGHS stopped at ${exactSeconds} s; best of it and the optimizer`,
      };
    }
  }
  reference[name] = entry;
  writeFileSync(out, `${JSON.stringify({ note: 'Best objective (sum of departure - arrival) reached here per instance; see scripts/lalla-ruiz-reference.ts', instances: reference }, null, 2)}\n`);
  console.log(name, entry.best, entry.provenOptimal ? 'optimal' : '', entry.lowerBound ?? '');
}
