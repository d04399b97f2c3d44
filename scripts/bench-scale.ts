// `npm run bench:scale`: every screen's reads as the data grows. One PostgreSQL database (`--database-url`, default
// postgres://postgres@127.0.0.1:5432/test; a fresh database, dropped afterwards) gets the demo with the bench seed's
// 2,000 calls around today (about 2.6k calls, "demo" in the table), is measured, then grows
// by blocks of 2,000 calls going back in time 28 days a block (`seedBenchHistory`) to each size of `--sizes` (default
// 20000,60000) and is measured again; PGlite gets the demo plus 20k (`--pglite-size`). For each size the real server
// starts in its own process on the analysed database, and one client asks each read `--requests` times (default 20,
// after two warm-ups) one request at a time with `Cache-Control: no-cache` (the computed answer, never a cached page).
// Prints one table: p50, p95, answer size, the growth of p95 against the demo and each target with whether it is met,
// then the server's resident memory after the largest run. `--only postgres|pglite` runs one database.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_BLOCK_DAYS, BENCH_PORTCALL_COUNT, seedBenchHistory } from '../apps/server/src/demo/bench-seed';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { drainKpiFacts } from '../apps/server/src/modules/kpis/kpi.repository';
import { DEMO_PASSWORD, DEMO_TERMINAL, DEMO_USERS } from '../apps/server/src/demo/demo-data';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seed-demo';
import { createPostgresDatabase } from '../apps/server/src/test/test-app';
import { type TBenchDatabase, benchAdminUrl, benchOnly, percentile, runBench, startBenchServer } from './bench-common';

const API = '/api/portal/v1';
const H = 3_600_000;
const DAY = 24 * H;
const argValue = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const REQUESTS = Number(argValue('--requests') ?? 20);
const SIZES = (argValue('--sizes') ?? '20000,60000').split(',').map(Number);
const PGLITE_SIZE = Number(argValue('--pglite-size') ?? 20_000);
const TARGET = { p50: 100, p95: 200, growth: 1.5, pglite50: 150, alertsBytes: 64 * 1024, rssMb: 400 };

type TRole = 'terminal_operator' | 'agent' | 'vessel_operator';
type TCase = { name: string; role: TRole; path: string };
type TFigure = { p50: number; p95: number; bytes: number; status: number };
type TRun = { label: string; calls: number; figures: Map<string, TFigure>; rssMb: number };

/** The reads each screen makes when it opens, as the web app asks them (apps/web/src/features/*\/api). */
function screenReads(terminalId: number, callId: number, now: number): TCase[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  const t = `terminal_id=${terminalId}`;
  const month = `${t}&from=${iso(now - 30 * DAY)}&to=${iso(now)}`;
  return [
    { name: 'list: GET /portcalls?per_page=25', role: 'terminal_operator', path: '/portcalls?per_page=25' },
    { name: 'list: GET /portcalls?per_page=25 (agent)', role: 'agent', path: '/portcalls?per_page=25' },
    { name: 'one call: GET /portcalls/:id', role: 'terminal_operator', path: `/portcalls/${callId}` },
    { name: 'tasks: GET /tasks (terminal)', role: 'terminal_operator', path: '/tasks' },
    { name: 'tasks: GET /tasks (agent)', role: 'agent', path: '/tasks' },
    { name: 'tasks: GET /tasks_meta (terminal)', role: 'terminal_operator', path: '/tasks_meta' },
    { name: 'dashboard: GET /dashboard/user_stats', role: 'terminal_operator', path: '/dashboard/user_stats' },
    { name: 'dashboard: GET /dashboard/alerts', role: 'terminal_operator', path: '/dashboard/alerts?include_acknowledged=false&page=1&per_page=20' },
    { name: 'dashboard: GET /dashboard/watchlist', role: 'terminal_operator', path: '/dashboard/watchlist' },
    { name: 'dashboard: GET /dashboard/cargo_operation_progress', role: 'terminal_operator', path: '/dashboard/cargo_operation_progress?page=1&per_page=6' },
    { name: 'dashboard: GET /dashboard/portcall_kpis', role: 'terminal_operator', path: '/dashboard/portcall_kpis?page=1&per_page=6' },
    { name: 'dashboard: GET /dashboard/overall_performance, this month', role: 'terminal_operator', path: `/dashboard/overall_performance?${t}&period=month&grouping=day` },
    { name: 'dashboard: GET /dashboard/overall_performance, 12 months', role: 'terminal_operator', path: `/dashboard/overall_performance?${t}&period=custom&from=${iso(now - 365 * DAY)}&to=${iso(now)}&grouping=month` },
    { name: 'planner: GET /berth_plan/portcalls, 14 days', role: 'terminal_operator', path: `/berth_plan/portcalls?${t}&from=${iso(now - 2 * DAY)}&to=${iso(now + 12 * DAY)}` },
    { name: 'planner: GET /berth_plan/portcalls, 28 days', role: 'terminal_operator', path: `/berth_plan/portcalls?${t}&from=${iso(now - 7 * DAY)}&to=${iso(now + 21 * DAY)}` },
    { name: 'planner: GET /tidal_data, 28 days', role: 'terminal_operator', path: `/tidal_data?${t}&from=${iso(now - 7 * DAY)}&to=${iso(now + 21 * DAY)}&step_minutes=10` },
    { name: 'planner: GET /blocked_zones, 28 days', role: 'terminal_operator', path: `/blocked_zones?${t}&from=${iso(now - 7 * DAY)}&to=${iso(now + 21 * DAY)}` },
    { name: 'shift planner: GET /shift_planner, 3 days', role: 'terminal_operator', path: `/shift_planner?${t}` },
    { name: 'voyages: GET /voyages', role: 'terminal_operator', path: '/voyages' },
    { name: 'reports: GET /situation_reports', role: 'terminal_operator', path: `/situation_reports?${t}` },
    { name: 'reports: GET /movement_reports, 30 days', role: 'terminal_operator', path: `/movement_reports?${month}` },
    { name: 'reports: GET /performance_report, 30 days', role: 'terminal_operator', path: `/performance_report?${month}` },
    { name: 'map: GET /ais/portcalls_list', role: 'terminal_operator', path: `/ais/portcalls_list?${t}` },
  ];
}

async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}${API}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const json = (await res.json()) as { payload: { token: string } };
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(json)}`);
  return json.payload.token;
}

async function timeRead(url: string, token: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'x-portal-token': token, 'cache-control': 'no-cache' } });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, bytes: body.byteLength, status: res.status };
}

function residentMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * All calls, and those arriving in the last 30 days and 12 months: the reads over a period (KPIs, reports) cover the
 * calls the period holds, and the history blocks fill the recent past that the demo leaves almost empty.
 */
async function countCalls(target: TBenchDatabase): Promise<{ all: number; last30Days: number; last12Months: number }> {
  const database = await openDatabase(target);
  try {
    const since = (days: number) => new Date(Date.now() - days * DAY);
    const count = async (from: Date | null) => {
      const row = await database.db
        .selectFrom('portcalls')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .$if(from !== null, (q) => q.where('berth_arrival', '>=', from!).where('berth_arrival', '<', new Date()))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return { all: await count(null), last30Days: await count(since(30)), last12Months: await count(since(365)) };
  } finally {
    await database.close();
  }
}

/** Grows the database to at least `calls` port calls with blocks of history; returns the blocks now written. */
async function growTo(target: TBenchDatabase, calls: number, blocksDone: number, now: Date): Promise<number> {
  const database = await openDatabase(target);
  try {
    await migrateToLatest(database.db as never);
    await seedDemoIfEmpty(database.db, now);
    const have = Number((await database.db.selectFrom('portcalls').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    // Block 0 (the bench seed's 2,000 calls around today) is always there: the demo as the planner bench sees it.
    const blocks = Math.max(1, blocksDone + Math.max(0, Math.ceil((calls - have) / BENCH_PORTCALL_COUNT)));
    const t0 = performance.now();
    const written = await seedBenchHistory(database.db, { from: blocksDone, to: blocks, now });
    if (written) console.log(`  seeded ${written} calls (${blocks - blocksDone} blocks of ${BENCH_BLOCK_DAYS} days) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // A running server's job recomputes the kept KPI facts of calls nobody has read yet every ten minutes; the bench
    // measures that server, not one whose first read after an import pays for the history.
    const t1 = performance.now();
    const kept = await drainKpiFacts(database.db);
    if (kept) console.log(`  kept KPI facts of ${kept} calls in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    return blocks;
  } finally {
    await database.close();
  }
}

async function measureReads(label: string, target: TBenchDatabase): Promise<TRun> {
  const calls = await countCalls(target);
  const server = await startBenchServer(target, { RATE_LIMIT_SESSION_PER_MINUTE: '0' });
  try {
    const tokens = new Map<TRole, string>();
    for (const role of ['terminal_operator', 'agent', 'vessel_operator'] as const) {
      const user = DEMO_USERS.find((u) => u.user_type === role && !u.expired)!;
      tokens.set(role, await login(server.url, user.email));
    }
    const planner = tokens.get('terminal_operator')!;
    const terminals = (await (await fetch(`${server.url}${API}/terminals`, { headers: { 'x-portal-token': planner } })).json()) as { payload: { id: number; code: string }[] };
    const terminal = terminals.payload.find((t) => t.code === DEMO_TERMINAL.code)!;
    const now = Date.now();
    const list = (await (await fetch(`${server.url}${API}/portcalls?per_page=1&terminal_id=${terminal.id}&from=${new Date(now).toISOString()}`, { headers: { 'x-portal-token': planner } })).json()) as { payload: { items: { id: number }[] } };
    const figures = new Map<string, TFigure>();
    console.log(`  ${label}: ${calls.all} port calls (${calls.last30Days} arrived in the last 30 days, ${calls.last12Months} in the last 12 months), server started; ${REQUESTS} requests a read`);
    for (const c of screenReads(terminal.id, list.payload.items[0]!.id, now)) {
      const url = `${server.url}${API}${c.path}`;
      const token = tokens.get(c.role)!;
      await timeRead(url, token);
      await timeRead(url, token);
      const times: number[] = [];
      let last = { ms: 0, bytes: 0, status: 0 };
      for (let i = 0; i < REQUESTS; i++) {
        last = await timeRead(url, token);
        times.push(last.ms);
      }
      figures.set(c.name, { p50: percentile(times, 0.5), p95: percentile(times, 0.95), bytes: last.bytes, status: last.status });
    }
    return { label, calls: calls.all, figures, rssMb: residentMb(server.child.pid) };
  } finally {
    await server.stop();
  }
}

function kb(bytes: number): string {
  return bytes >= 10_240 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024).toFixed(1)} KB`;
}

function printTable(runs: TRun[], pglite: TRun | null): void {
  const demo = runs[0]!;
  const largest = runs[runs.length - 1]!;
  const names = [...demo.figures.keys()];
  const head = ['read', ...runs.map((r) => `${r.label} p50 / p95 ms`), 'answer at demo / largest', 'p95 growth', ...(pglite ? [`${pglite.label} p50 / p95 ms`] : []), 'targets', 'met'];
  console.log(`\n| ${head.join(' | ')} |`);
  console.log(`|${head.map((_, i) => (i === 0 || i >= head.length - 2 ? '---' : '---:')).join('|')}|`);
  let misses = 0;
  for (const name of names) {
    const at = (r: TRun) => r.figures.get(name)!;
    const big = at(largest);
    const growth = big.p95 / at(demo).p95;
    const problems: string[] = [];
    if (big.status !== 200) problems.push(`HTTP ${big.status}`);
    if (big.p50 > TARGET.p50) problems.push(`p50 > ${TARGET.p50}`);
    if (big.p95 > TARGET.p95) problems.push(`p95 > ${TARGET.p95}`);
    // Growth only counts where it is more than noise: a read of a few ms may double and still be nothing.
    if (growth > TARGET.growth && big.p95 > 20) problems.push(`growth > ${TARGET.growth}`);
    if (pglite && at(pglite).p50 > TARGET.pglite50) problems.push(`PGlite p50 > ${TARGET.pglite50}`);
    if (name.includes('/dashboard/alerts') && Math.max(at(demo).bytes, big.bytes) > TARGET.alertsBytes) problems.push('answer > 64 KB');
    if (problems.length) misses++;
    const cells = [
      name,
      ...runs.map((r) => `${at(r).p50.toFixed(0)} / ${at(r).p95.toFixed(0)}`),
      `${kb(at(demo).bytes)} / ${kb(big.bytes)}`,
      `${growth.toFixed(2)}×`,
      ...(pglite ? [`${at(pglite).p50.toFixed(0)} / ${at(pglite).p95.toFixed(0)}`] : []),
      `p50 ≤ ${TARGET.p50}, p95 ≤ ${TARGET.p95}, ≤ ${TARGET.growth}× demo${pglite ? `, PGlite p50 ≤ ${TARGET.pglite50}` : ''}${name.includes('/dashboard/alerts') ? ', ≤ 64 KB' : ''}`,
      problems.length ? `no (${problems.join(', ')})` : 'yes',
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(`\nServer resident memory after the ${largest.label} run: ${largest.rssMb.toFixed(0)} MB (target ≤ ${TARGET.rssMb} MB: ${largest.rssMb <= TARGET.rssMb ? 'met' : 'missed'})${pglite ? `; after the ${pglite.label} run: ${pglite.rssMb.toFixed(0)} MB` : ''}`);
  console.log(`${names.length - misses} of ${names.length} reads meet every target.`);
}

async function main(): Promise<void> {
  const only = benchOnly();
  const now = new Date();
  console.log(`bench:scale on ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the start`);
  const runs: TRun[] = [];
  let pglite: TRun | null = null;
  if (!only || only === 'postgres') {
    const admin = benchAdminUrl('postgres://postgres@127.0.0.1:5432/test')!;
    const fresh = await createPostgresDatabase(admin, 'quayline_bench_scale');
    const target: TBenchDatabase = { kind: 'postgres', url: fresh.url };
    try {
      let blocks = await growTo(target, 0, 0, now);
      runs.push(await measureReads('demo', target));
      for (const size of SIZES) {
        blocks = await growTo(target, size, blocks, now);
        runs.push(await measureReads(`${Math.round(size / 1000)}k`, target));
      }
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await fresh.drop();
    }
  }
  if (!only || only === 'pglite') {
    const work = mkdtempSync(path.join(os.tmpdir(), 'quayline-bench-scale-'));
    const target: TBenchDatabase = { kind: 'pglite', dataDir: path.join(work, 'data') };
    try {
      const before = await growTo(target, 0, 0, now);
      const demo = runs.length ? null : await measureReads('PGlite demo', target);
      if (demo) runs.push(demo);
      await growTo(target, PGLITE_SIZE, before, now);
      pglite = await measureReads(`PGlite ${Math.round(PGLITE_SIZE / 1000)}k`, target);
      if (runs.length === 1) runs.push(pglite), (pglite = null);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  console.log(`\nload average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  printTable(runs, pglite);
}

runBench(main);
