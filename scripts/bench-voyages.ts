// `npm run bench:voyages`: template generation at scale, 20 weekly services (6-port rotations, 3 vessels each) generated
// 52 weeks ahead through the HTTP API (about 1,000 voyages and port calls), on PGlite and on a fresh PostgreSQL database
// (`--database-url`, default postgres://postgres@127.0.0.1:5432/test, dropped afterwards). Target: under 5 s on PostgreSQL.
// Exits non-zero only when the run itself fails; a missed target is a finding, not an error (docs/performance.md).
import { buildApp } from '../apps/server/src/app';
import type { TDatabaseConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { createManualClock } from '../apps/server/src/lib/clock';
import { addTerminalGeometry, createOrganisation, createPort, createTerminal, createVessel, signIn } from '../apps/server/src/test/fixtures';
import { createPostgresDatabase, testConfig } from '../apps/server/src/test/test-app';

const SERVICES = 20;
const PORTS_PER_ROTATION = 6;
const VESSELS_PER_SERVICE = 3;
const WEEKS = 52;
const TARGET_SECONDS = 5;

function adminUrl(): string {
  const at = process.argv.indexOf('--database-url');
  return at >= 0 ? (process.argv[at + 1] ?? '') : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
}


type TResult = { database: string; calls: number; seconds: number };

async function run(label: string, config: TDatabaseConfig): Promise<TResult> {
  const database = await openDatabase(config);
  const clock = createManualClock(new Date('2027-01-04T00:00:00Z'));
  const app = await buildApp({ config: testConfig(config), clock, database });
  try {
    const db = database.db;
    const terminal = await createTerminal(db);
    const geometry = await addTerminalGeometry(db, terminal.id);
    const operator = await createOrganisation(db, 'vessel_operator');
    const planner = await signIn(app, db, { terminalIds: [terminal.id] });
    const ports: number[] = [];
    for (let i = 0; i < PORTS_PER_ROTATION - 1; i++) ports.push((await createPort(db)).id);
    const templateIds: number[] = [];
    for (let s = 0; s < SERVICES; s++) {
      const vessels: number[] = [];
      for (let v = 0; v < VESSELS_PER_SERVICE; v++) vessels.push((await createVessel(db, { vesselOperatorId: operator.id })).id);
      // Two ports before ours, three after, a day apart; our berth on a weekday that varies with the service.
      const rotation = [
        { port_id: ports[0]!, day_offset: 0, arrival_time: '06:00', stay_hours: 12 },
        { port_id: ports[1]!, day_offset: 1, arrival_time: '08:00', stay_hours: 12 },
        { port_id: geometry.portId, is_terminal_call: true, day_offset: 2, arrival_time: `${String(s % 24).padStart(2, '0')}:00`, stay_hours: 18 },
        { port_id: ports[2]!, day_offset: 4, arrival_time: '06:00', stay_hours: 12 },
        { port_id: ports[3]!, day_offset: 5, arrival_time: '06:00', stay_hours: 12 },
        { port_id: ports[4]!, day_offset: 6, arrival_time: '06:00', stay_hours: 12 },
      ];
      const res = await planner.call('POST', '/voyage_templates', {
        terminal_id: terminal.id,
        name: `Bench service ${s + 1}`,
        code: `BS${s + 1}`,
        vessel_operator_id: operator.id,
        rotation,
        berth_window: { arrival_weekday: 1 + (s % 7), preferred_start_position_m: (s % 4) * 200, berth_orientation: 'Port' },
        vessel_ids: vessels,
        recurrence: { interval_weeks: 1, exceptions: [] },
        valid_from: '2027-01-01',
        valid_to: null,
      });
      if (res.statusCode !== 201) throw new Error(`template ${s + 1}: ${res.body}`);
      templateIds.push(res.json().payload.id);
    }
    const started = performance.now();
    let calls = 0;
    for (const id of templateIds) {
      const res = await planner.call('POST', `/voyage_templates/${id}/generate`, { from: '2027-01-04', horizon_weeks: WEEKS });
      if (res.statusCode !== 200) throw new Error(`generate ${id}: ${res.body}`);
      calls += res.json().payload.created_portcalls as number;
    }
    const seconds = (performance.now() - started) / 1000;
    return { database: label, calls, seconds };
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  const results: TResult[] = [];
  results.push(await run('PGlite (in memory)', { kind: 'pglite', dataDir: null }));
  const admin = adminUrl();
  const fresh = await createPostgresDatabase(admin, 'quayline_bench_voyages');
  try {
    results.push(await run(`PostgreSQL (${new URL(admin).host})`, { kind: 'postgres', url: fresh.url }));
  } finally {
    // The app's pool is closed; give its backends a moment before the forced drop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fresh.drop();
  }
  console.log(`\n${SERVICES} weekly services x ${WEEKS} weeks, generated through POST /voyage_templates/:id/generate\n`);
  console.log('| database | calls | seconds | calls/s | share of the 5 s target |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) console.log(`| ${r.database} | ${r.calls} | ${r.seconds.toFixed(2)} | ${Math.round(r.calls / r.seconds)} | ${((r.seconds / TARGET_SECONDS) * 100).toFixed(0)} % |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
