// The optimizer's command line: npm run optimize -- <instance.json | lalla-ruiz.txt> [--seconds N] [--seed S] [--json]
// Prints the objective, each term, the plan, the first-come-first-served comparison and the checker's proof.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHECK_NAMES, InstanceFormatError, TERM_NAMES, checkPlan, evaluatePlan, parseInstanceJson, parseLallaRuiz, planFirstComeFirstServed, solve, type TInstance } from '../src/index';

const USAGE = 'usage: npm run optimize -- <instance.json | lalla-ruiz.txt> [--seconds N] [--seed S] [--json]';

function parseArgs(argv: string[]) {
  let file: string | null = null;
  let seconds = 10;
  let seed = 1;
  let isJson = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--seconds') seconds = Number(argv[++i]);
    else if (a === '--seed') seed = Number(argv[++i]);
    else if (a === '--json') isJson = true;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (!a.startsWith('--') && file === null) file = a;
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (!file) throw new Error(USAGE);
  if (!(seconds > 0)) throw new Error('--seconds must be a positive number');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  return { file, seconds, seed, isJson };
}

const h = (n: number) => (Math.round(n * 100) / 100).toFixed(2);
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function describeQuay(instance: TInstance): string {
  const q = instance.quay;
  return q.kind === 'discrete' ? `${q.berths.length} discrete berths (${q.berths.map((b) => b.id).join(', ')})` : `continuous quay of ${q.length} m in ${q.sections.length} section(s), clearance ${q.clearance} m`;
}

function main() {
  const { file, seconds, seed, isJson } = parseArgs(process.argv.slice(2));
  const text = readFileSync(file, 'utf8');
  const { instance, warnings } = file.endsWith('.txt') ? parseLallaRuiz(text, path.basename(file, '.txt')) : parseInstanceJson(text);
  const result = solve(instance, { seconds, seed });
  const proof = checkPlan(instance, result.plan);
  const fcfsPlan = planFirstComeFirstServed(instance);
  const fcfs = evaluatePlan(instance, fcfsPlan);
  if (isJson) {
    console.log(JSON.stringify({ objective: result.objective, plan: result.plan, proof, fcfs: { objective: fcfs, plan: fcfsPlan }, run: { seconds: result.elapsedMs / 1000, iterations: result.iterations, stoppedBy: result.stoppedBy, seed }, warnings }, null, 2));
    process.exit(proof.isFeasible ? 0 : 1);
  }
  const { objective } = result;
  const vessels = new Map(instance.vessels.map((v) => [v.id, v]));
  console.log(`Instance   ${instance.name ?? path.basename(file)}: ${instance.vessels.length} vessels, ${describeQuay(instance)}`);
  for (const w of warnings) console.log(`Warning    ${w}`);
  console.log(`Search     seed ${seed}, ${result.iterations} iterations in ${(result.elapsedMs / 1000).toFixed(2)} s (stopped by ${result.stoppedBy}; best found after ${(result.bestFoundAtMs / 1000).toFixed(2)} s)`);
  console.log('');
  console.log(`Objective  ${h(objective.total)} weighted vessel-hours`);
  console.log(`           weighted turnaround, sum of weight x (departure - arrival): ${h(objective.turnaround)}`);
  console.log(`           ${pad('term', 16)}${lpad('value', 12)}  ${pad('unit', 17)}${lpad('weight', 8)}${lpad('cost', 12)}`);
  for (const name of TERM_NAMES) {
    const t = objective.terms[name];
    console.log(`           ${pad(name, 16)}${lpad(h(t.value), 12)}  ${pad(t.unit, 17)}${lpad(String(t.weight), 8)}${lpad(h(t.cost), 12)}`);
  }
  const less = (a: number, b: number) => (b > 0 ? `${(100 * (1 - a / b)).toFixed(1)} % less` : 'n/a');
  console.log(`FCFS       objective ${h(fcfs.total)} (optimizer: ${less(objective.total, fcfs.total)}); weighted waiting ${h(fcfs.terms.waiting.value)} (optimizer: ${less(objective.terms.waiting.value, fcfs.terms.waiting.value)})`);
  console.log('');
  console.log(`Plan       ${pad('vessel', 10)}${pad(instance.quay.kind === 'discrete' ? 'berth' : 'position m', 12)}${lpad('arrival', 9)}${lpad('start', 9)}${lpad('end', 9)}${lpad('waiting', 9)}  note`);
  for (const call of result.plan.calls) {
    const v = vessels.get(call.vesselId)!;
    const notes = [v.fixed?.kind, v.latestDeparture !== null && call.end > v.latestDeparture + 1e-9 ? `late by ${h(call.end - v.latestDeparture)} h` : null].filter(Boolean);
    const place = call.berth ?? (call.position === null ? '-' : h(call.position));
    console.log(`           ${pad(call.vesselId, 10)}${pad(place, 12)}${lpad(h(v.arrival), 9)}${lpad(h(call.start), 9)}${lpad(h(call.end), 9)}${lpad(h(Math.max(0, call.start - v.arrival)), 9)}  ${notes.join(', ')}`);
  }
  if (result.plan.unassigned.length) console.log(`Unassigned ${result.plan.unassigned.join(', ')} (no berth or position can take them)`);
  console.log('');
  console.log(`Proof      ${proof.isFeasible ? 'FEASIBLE' : 'INFEASIBLE'}: the plan checker (independent of the solver) re-validated every hard constraint`);
  for (const name of CHECK_NAMES) console.log(`           ${lpad(String(proof.checks[name]), 7)} x ${name}`);
  for (const v of proof.violations) console.log(`           VIOLATION ${v.kind}: ${v.message}`);
  process.exit(proof.isFeasible ? 0 : 1);
}

try {
  main();
} catch (error) {
  if (error instanceof InstanceFormatError) console.error(error.message);
  else console.error((error as Error).message);
  process.exit(2);
}
