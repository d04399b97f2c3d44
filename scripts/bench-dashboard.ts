// `npm run bench:dashboard`: the KPI widgets at scale on a fresh PostgreSQL database (`--database-url`, default
// postgres://postgres@127.0.0.1:5432/test, dropped afterwards): the demo seed, the 2,000-call bench seed and 12 months of
// completed history (about 2,000 calls with actual times, moves and negotiation chains), then 20 timed requests each
// (after a warm-up) of overall_performance over 12 months by month and by vessel operator, and of portcall_kpis.
// Target: p95 under 300 ms. A missed target is a finding, not an error (docs/performance.md).
import { randomBytes } from 'node:crypto';
import { createRng } from '@quayline/domain';
import type { Insertable, Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { seedBenchPortcalls } from '../apps/server/src/db/bench-seed';
import { openDatabase } from '../apps/server/src/db/database';
import type { DB, PortcallTimestampsTable, PortcallsTable } from '../apps/server/src/db/schema';
import { DEMO_TERMINAL } from '../apps/server/src/db/seed/demo-data';
import { createManualClock } from '../apps/server/src/lib/clock';
import { signIn } from '../apps/server/src/test/fixtures';
import { testConfig } from '../apps/server/src/test/test-app';

const H = 3_600_000;
const DAY = 24 * H;
const HISTORY_CALLS = 2_000;
const REQUESTS = 20;
const TARGET_MS = 300;
const NOW = new Date('2027-01-04T08:00:00Z');

function adminUrl(): string {
  const at = process.argv.indexOf('--database-url');
  return at >= 0 ? (process.argv[at + 1] ?? '') : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
}

async function freshPostgres(admin: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quayline_bench_dashboard_${process.pid}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A year of completed calls before NOW, each with PBP and berth actuals, cargo, and a request/answer chain. */
async function seedHistory(db: Kysely<DB>, terminalId: number): Promise<number> {
  const terminal = await db.selectFrom('terminals').select(['quay_length_m', 'port_id']).where('id', '=', terminalId).executeTakeFirstOrThrow();
  const vessels = await db.selectFrom('vessels').select(['id', 'vessel_operator_id']).where('vessel_operator_id', 'is not', null).orderBy('id').execute();
  const pbp = await db.selectFrom('pilot_boarding_places').select('id').where('port_id', '=', terminal.port_id).orderBy('id').executeTakeFirst();
  const rng = createRng(20_260_110);
  const start = NOW.getTime() - 365 * DAY;
  let written = 0;
  for (let batch = 0; batch < HISTORY_CALLS; batch += 200) {
    const rows: Insertable<PortcallsTable>[] = [];
    const plans: { requested: number; answerAfterH: number; terminalAsks: boolean; moves: number }[] = [];
    for (let i = 0; i < 200; i++) {
      const vessel = rng.pick(vessels);
      const accepted = start + rng.int(0, 360 * 24) * H;
      const pbpArrival = accepted - rng.int(1, 8) * H + rng.int(-3, 6) * H;
      const ata = Math.max(pbpArrival + 2 * H, accepted + rng.int(-2, 4) * H);
      const atd = ata + rng.int(8, 48) * H;
      const length = rng.int(120, 360);
      const from = rng.int(0, Math.floor((terminal.quay_length_m - length) / 5)) * 5;
      const moves = rng.int(200, 3000);
      rows.push({
        terminal_id: terminalId,
        vessel_id: vessel.id,
        vessel_operator_id: vessel.vessel_operator_id!,
        agent_id: null,
        status: 'Departed',
        berth_arrival: new Date(ata),
        berth_departure: new Date(atd),
        berth_arrival_label: 'actual',
        berth_departure_label: 'actual',
        pilot_boarding_place_id: pbp?.id ?? null,
        pilot_boarding_place_arrival: new Date(pbpArrival),
        pilot_boarding_place_arrival_label: 'actual',
        cargo_operations_start: new Date(ata + H),
        cargo_operations_end: new Date(atd - H),
        berth_start_position: from,
        berth_end_position: from + length,
        updated_at: NOW,
      });
      plans.push({ requested: accepted, answerAfterH: rng.int(1, 30), terminalAsks: rng.chance(0.4), moves });
    }
    const ids = await db.insertInto('portcalls').values(rows).returning(['id', 'berth_arrival']).execute();
    await db
      .insertInto('portcall_cargo_details')
      .values(ids.map(({ id }, i) => ({ portcall_id: id, position: 0, cargo_type: 'Container (boxes)', move_count: plans[i]!.moves, move_count_unit: 'pieces', discharge: Math.round(plans[i]!.moves / 2), load: plans[i]!.moves - Math.round(plans[i]!.moves / 2), restow: 0, crane_intensity: 3, units_per_hour: 28, cargo_operations_start: null, cargo_operations_end: null, cargo_sub_type: null, product_type: null, comment: null })))
      .execute();
    // Asks first (ids ascending), then answers replying to them, then actuals.
    const step = (id: number, p: Partial<Insertable<PortcallTimestampsTable>> & { action: string; party: string; created_at: Date }): Insertable<PortcallTimestampsTable> => ({
      portcall_id: id, time_type: 'berth_arrival', classifier: p.party === 'terminal' ? 'PLN' : 'REQ', date_time: null, label_after: null, previous_label: null, change_label_after: null, reply_to_id: null, delay_reason_code: null, remark: null, created_by: null, acting_for: null, ...p,
    });
    const asks = await db
      .insertInto('portcall_timestamps')
      .values(ids.map(({ id }, i) => { const p = plans[i]!; return step(id, { action: p.terminalAsks ? 'plan' : 'request', party: p.terminalAsks ? 'terminal' : 'vessel_side', date_time: new Date(p.requested), label_after: p.terminalAsks ? 'planned' : 'requested', created_at: new Date(p.requested - 10 * DAY) }); }))
      .returning('id')
      .execute();
    await db
      .insertInto('portcall_timestamps')
      .values(ids.map(({ id }, i) => { const p = plans[i]!; return step(id, { action: 'accept', party: p.terminalAsks ? 'vessel_side' : 'terminal', label_after: 'accepted', reply_to_id: asks[i]!.id, created_at: new Date(p.requested - 10 * DAY + p.answerAfterH * H) }); }))
      .execute();
    await db
      .insertInto('portcall_timestamps')
      .values(ids.map(({ id, berth_arrival }) => step(id, { action: 'actual', party: 'terminal', classifier: 'ACT', date_time: new Date(berth_arrival), label_after: 'actual', created_at: new Date(berth_arrival) })))
      .execute();
    written += ids.length;
  }
  return written;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const admin = adminUrl();
  const fresh = await freshPostgres(admin);
  const config = testConfig({ kind: 'postgres', url: fresh.url }, { seedDemo: true });
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, clock: createManualClock(NOW), database });
  try {
    const db = database.db;
    const terminal = await db.selectFrom('terminals').select('id').where('code', '=', DEMO_TERMINAL.code).executeTakeFirstOrThrow();
    const bench = await seedBenchPortcalls(db, { now: NOW });
    const history = await seedHistory(db, terminal.id);
    // Fresh tables have no statistics yet; production has autovacuum for that.
    const analyzer = new pg.Client({ connectionString: fresh.url });
    await analyzer.connect();
    await analyzer.query('analyze');
    await analyzer.end();
    const total = await db.selectFrom('portcalls').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const planner = await signIn(app, db, { terminalIds: [terminal.id] });
    const from = new Date(NOW.getTime() - 365 * DAY).toISOString();
    const year = `terminal_id=${terminal.id}&period=custom&from=${from}&to=${NOW.toISOString()}`;
    const cases = [
      { name: 'overall_performance, 12 months by month', url: `/dashboard/overall_performance?${year}&grouping=month` },
      { name: 'overall_performance, 12 months by vessel operator', url: `/dashboard/overall_performance?${year}&grouping=vessel_operator` },
      { name: 'overall_performance, 12 months by day', url: `/dashboard/overall_performance?${year}&grouping=day` },
      { name: 'portcall_kpis, page 1 (6 calls)', url: `/dashboard/portcall_kpis?terminal_id=${terminal.id}` },
    ];
    console.log(`\nPostgreSQL (${new URL(admin).host}): ${total.n} port calls (${bench} bench + ${history} history + demo), ${REQUESTS} requests each after a warm-up\n`);
    console.log('| request | p50 ms | p95 ms | p95 / 300 ms target |');
    console.log('|---|---:|---:|---:|');
    for (const c of cases) {
      const warm = await planner.call('GET', c.url);
      if (warm.statusCode !== 200) throw new Error(`${c.name}: ${warm.body}`);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        await planner.call('GET', c.url);
        times.push(performance.now() - t0);
      }
      const p95 = percentile(times, 0.95);
      console.log(`| ${c.name} | ${percentile(times, 0.5).toFixed(1)} | ${p95.toFixed(1)} | ${((p95 / TARGET_MS) * 100).toFixed(0)} % |`);
    }
  } finally {
    await app.close();
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fresh.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
