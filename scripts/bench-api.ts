// `npm run bench:api`: the API under load. For PGlite (always) and PostgreSQL (`--database-url`, or BENCH_DATABASE_URL;
// a fresh database is created there and dropped afterwards) the real server runs in its own process on the demo seed
// plus the 2,000-call bench seed; autocannon drives it with 20 connections for `--duration` seconds (default 10) per case:
// health, the port-call list (25 a page; answered from the cache of list pages, and once more computed on every
// request with Cache-Control: no-cache), one call, the planner window, the task list, and a write (a negotiation step, the terminal's estimate of the departure;
// each connection on its own call with its own version). In the same run a bare Fastify server, also in its own process,
// answers the health JSON: the ceiling every figure is compared with.
// Targets (PostgreSQL; PGlite at least half): list >= 400 req/s with p99 < 100 ms, one call >= 1,000 req/s, tasks >= 200 req/s,
// health >= 50 % of bare Fastify. A missed target is a finding, printed, not an error (docs/performance.md).
// `--only pglite|postgres` runs one database, `--connections N` changes the load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { seedBenchPortcalls } from '../apps/server/src/demo/bench-seed';
import { openDatabase } from '../apps/server/src/db/database';
import { DEMO_PASSWORD, DEMO_TERMINAL, DEMO_USERS } from '../apps/server/src/demo/demo-data';
import { freePort } from '../apps/server/src/test/server-process';
import { createPostgresDatabase, testConfig } from '../apps/server/src/test/test-app';
import { type TBenchDatabase, analyzePostgres, benchAdminUrl, benchOnly, root, startBenchServer } from './bench-common';

const API = '/api/portal/v1';
const argValue = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const DURATION_S = Number(argValue('--duration') ?? 10);
const CONNECTIONS = Number(argValue('--connections') ?? 20);
const H = 3_600_000;

type TCase = { name: string; path: string; token?: string; options?: Partial<autocannon.Options>; target?: { rps?: number; p99?: number; ratio?: number } };
type TRow = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: string; ratio: number; verdict: string };

/** The demo seed and the bench calls, written before the server process opens the same data. */
async function seed(target: TBenchDatabase): Promise<void> {
  const config = testConfig(target.kind === 'pglite' ? { kind: 'pglite', dataDir: target.dataDir } : { kind: 'postgres', url: target.url }, { seedDemo: true });
  const database = await openDatabase(config.database);
  const app = await buildApp({ config: { ...config, runJobs: false }, database });
  await seedBenchPortcalls(database.db, { now: new Date() });
  await app.close();
  await database.close();
  if (target.kind === 'postgres') await analyzePostgres(target.url);
}

/** A bare Fastify in its own process answering the JSON our /health answers: what a request costs with no work at all. */
async function startBareFastify(body: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    const body = ${JSON.stringify(body)};
    app.get('/health', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: path.join(root, 'apps/server'), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => c.toString().includes('ready') && resolve());
    child.once('exit', (c) => reject(new Error(`bare Fastify exited with ${c}`)));
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}${API}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const json = (await res.json()) as { payload: { token: string } };
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(json)}`);
  return json.payload.token;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { 'x-portal-token': token } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { payload: T }).payload;
}

function run(name: string, url: string, options: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options, title: name } as autocannon.Options);
}

/**
 * Writes rotate over many calls (autocannon clears a connection's context after each pass over `requests`, so the
 * state lives here): with far more calls than connections no two requests in flight share a call, and every answer
 * carries the version the next step on that call sends.
 */
function negotiationRequests(calls: { id: number; version: number; berth_departure: string }[]): autocannon.Request[] {
  const versions = new Map(calls.map((c) => [c.id, c.version]));
  const departures = new Map(calls.map((c) => [c.id, Date.parse(c.berth_departure)]));
  let next = 0;
  return [
    {
      method: 'POST',
      setupRequest: (req) => {
        const id = calls[next++ % calls.length]!.id;
        // Alternate between two departures a minute apart so every step is a real change.
        const dateTime = new Date(departures.get(id)! + (next % 2) * 60_000).toISOString();
        return { ...req, path: `${API}/portcalls/${id}/negotiate`, body: JSON.stringify({ time: 'berth_departure', action: 'estimate', date_time: dateTime, version: versions.get(id) }) };
      },
      onResponse: (status, body) => {
        const payload = (JSON.parse(body) as { payload: { id?: number; version?: number; current?: { id: number; version: number } } }).payload;
        const call = status === 200 ? payload : payload.current;
        if (call?.id !== undefined && call.version !== undefined) versions.set(call.id, call.version);
      },
    },
  ];
}

async function benchDatabase(label: string, target: TBenchDatabase, bareRps: { value: number | null }): Promise<TRow[]> {
  const t0 = performance.now();
  await seed(target);
  // One session at thousands of requests a second is the point here, not a client to stop (docs/security.md "Rate limits").
  const server = await startBenchServer(target, { RATE_LIMIT_SESSION_PER_MINUTE: '0' });
  console.log(`\n${label}: seeded and started in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const rows: TRow[] = [];
  try {
    const tokens = Object.fromEntries(await Promise.all(DEMO_USERS.filter((u) => !u.expired).map(async (u) => [u.user_type, await login(server.url, u.email)] as const)));
    const planner = tokens.terminal_operator!;
    const healthBody = await (await fetch(`${server.url}${API}/health`)).text();
    const terminal = (await getJson<{ id: number; code: string }[]>(`${server.url}${API}/terminals`, planner)).find((t) => t.code === DEMO_TERMINAL.code)!;
    const now = Date.now();
    const upcoming = `${server.url}${API}/portcalls?per_page=100&terminal_id=${terminal.id}&from=${new Date(now + 24 * H).toISOString()}`;
    type TListed = { id: number; version: number; berth_departure: string; berth_departure_state: { label: string | null } };
    // The terminal may estimate a departure that is open, planned, estimated or agreed (docs/negotiation.md).
    const estimable = new Set([null, 'planned', 'estimated', 'accepted']);
    const pages = await Promise.all([1, 2, 3].map((page) => getJson<{ items: TListed[] }>(`${upcoming}&page=${page}`, planner)));
    const open = pages.flatMap((p) => p.items).filter((c) => estimable.has(c.berth_departure_state.label));
    if (open.length < 5 * CONNECTIONS) throw new Error(`only ${open.length} upcoming calls for ${CONNECTIONS} writing connections`);
    const window = `terminal_id=${terminal.id}&from=${new Date(now - 2 * 24 * H).toISOString()}&to=${new Date(now + 12 * 24 * H).toISOString()}`;

    const bare = await startBareFastify(healthBody);
    try {
      const result = await run('bare Fastify /health', `${bare.url}/health`, {});
      bareRps.value = result.requests.average;
      rows.push(toRow('bare Fastify, same JSON (ceiling)', result, bareRps.value));
    } finally {
      bare.stop();
    }

    const json = { 'x-portal-token': planner, 'content-type': 'application/json' };
    const cases: TCase[] = [
      { name: 'GET /health', path: `${API}/health`, target: { ratio: 0.5 } },
      { name: 'GET /portcalls, 25 a page (terminal)', path: `${API}/portcalls?per_page=25`, token: planner, target: { rps: 400, p99: 100 } },
      { name: 'GET /portcalls, 25 a page (vessel operator)', path: `${API}/portcalls?per_page=25`, token: tokens.vessel_operator!, target: { rps: 400, p99: 100 } },
      // The same page computed on every request: what a page costs when the data has just changed (docs/performance.md).
      { name: 'GET /portcalls, 25 a page (terminal), Cache-Control: no-cache', path: `${API}/portcalls?per_page=25`, options: { headers: { 'x-portal-token': planner, 'cache-control': 'no-cache' } } },
      { name: 'GET /portcalls/:id', path: `${API}/portcalls/${open[0]!.id}`, token: planner, target: { rps: 1000 } },
      { name: 'GET /berth_plan/portcalls, 14 days', path: `${API}/berth_plan/portcalls?${window}`, token: planner },
      { name: 'GET /tasks (agent)', path: `${API}/tasks`, token: tokens.agent!, target: { rps: 200 } },
      { name: 'GET /tasks (terminal)', path: `${API}/tasks`, token: planner, target: { rps: 200 } },
      { name: 'GET /tasks (terminal), Cache-Control: no-cache', path: `${API}/tasks`, options: { headers: { 'x-portal-token': planner, 'cache-control': 'no-cache' } } },
      { name: 'POST /portcalls/:id/negotiate (a write)', path: `${API}/portcalls`, options: { headers: json, requests: negotiationRequests(open) } },
    ];
    for (const c of cases) {
      const options = c.options ?? (c.token ? { headers: { 'x-portal-token': c.token } } : {});
      const result = await run(c.name, `${server.url}${c.path}`, options);
      rows.push(toRow(c.name, result, bareRps.value, c.target, label === 'PGlite' ? 0.5 : 1));
    }
  } finally {
    await server.stop();
  }
  return rows;
}

function toRow(name: string, r: autocannon.Result, bare: number | null, target?: TCase['target'], share = 1): TRow {
  const rps = r.requests.average;
  const misses: string[] = [];
  if (target?.rps && rps < target.rps * share) misses.push(`< ${target.rps * share} req/s`);
  if (target?.p99 && r.latency.p99 > target.p99 / share) misses.push(`p99 > ${target.p99 / share} ms`);
  const ratio = bare ? rps / bare : 1;
  if (target?.ratio && ratio < target.ratio * share) misses.push(`< ${Math.round(target.ratio * share * 100)} % of bare`);
  const verdict = !target ? '' : misses.length ? `missed (${misses.join(', ')})` : 'met';
  const codes = Object.entries((r as autocannon.Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, v]) => `${v.count}×${code}`);
  return { name, rps, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx ? codes.join(' ') || String(r.non2xx) : '0', ratio, verdict };
}

function print(label: string, rows: TRow[]): void {
  console.log(`\n${label}: ${CONNECTIONS} connections, ${DURATION_S} s each\n`);
  console.log('| case | req/s | p50 ms | p99 ms | errors | non-2xx | of bare Fastify | target |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${(r.ratio * 100).toFixed(1)} % | ${r.verdict} |`);
}

const only = benchOnly();
const adminUrl = benchAdminUrl();
const bare = { value: null as number | null };
if (!only || only === 'pglite') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayline-bench-api-'));
  try {
    print('PGlite', await benchDatabase('PGlite', { kind: 'pglite', dataDir }, bare));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if ((!only || only === 'postgres') && adminUrl) {
  const fresh = await createPostgresDatabase(adminUrl, 'quayline_bench_api');
  try {
    print(`PostgreSQL (${new URL(adminUrl).host})`, await benchDatabase('PostgreSQL', { kind: 'postgres', url: fresh.url }, bare));
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fresh.drop();
  }
} else if (!adminUrl) {
  console.log('\nPostgreSQL skipped: give --database-url postgres://... (or BENCH_DATABASE_URL).');
}
process.exit(0);
