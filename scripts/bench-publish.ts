// `npm run bench:publish`: publishing a berth-plan sandbox of about 100 moves, and refusing one, on PGlite (a data
// directory, as `npm start` uses) and on a fresh PostgreSQL database (`--database-url`, default
// postgres://postgres@127.0.0.1:5432/test, dropped afterwards; `--only pglite|postgres` runs one). Each call has cargo
// operations, a crane booking and two shift cards, so the work that moves along with a call is measured too. While the
// publish runs, GET /ready is asked once: its answer and how long it took show whether the probe keeps its promise.
// Prints the median of `--runs` runs (default 3). A missed target is a finding, not an error (docs/performance.md).
import { buildApp } from '../apps/server/src/app';
import type { TDatabaseConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { createManualClock } from '../apps/server/src/lib/clock';
import { createPortcallWorld } from '../apps/server/src/test/portcall-world';
import { type TestApp, testConfig } from '../apps/server/src/test/test-app';
import { percentile, runOnBenchDatabases } from './bench-common';

const argValue = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const MOVES = Number(argValue('--moves') ?? 100);
const RUNS = Number(argValue('--runs') ?? 3);
const TARGET_MS = 500;
const PROBE_AFTER_MS = 300;
const H = 3_600_000;
const START = Date.parse('2027-01-04T06:00:00Z');

type TResult = { database: string; publishMs: number; refusedMs: number; ready: string };

async function openApp(config: TDatabaseConfig): Promise<TestApp> {
  const database = await openDatabase(config);
  const clock = createManualClock(new Date('2027-01-01T00:00:00Z'));
  const app = await buildApp({ config: testConfig(config), clock, database });
  await app.ready();
  return { app, clock, database, databaseConfig: config, close: async () => (await app.close(), await database.close()) };
}

async function run(label: string, config: TDatabaseConfig): Promise<TResult> {
  const t = await openApp(config);
  try {
    const w = await createPortcallWorld(t);
    const equipment = await t.database.db.selectFrom('cargo_handling_equipments').select('id').where('terminal_id', '=', w.terminal.id).orderBy('id').execute();
    // MOVES calls, each 20 h at the quay, one after another on three berths, with cargo operations, a crane booking
    // (on one of the terminal's cranes, never two calls at once) and two shift cards.
    const calls: { id: number }[] = [];
    for (let i = 0; i < MOVES; i++) {
      const arrival = START + Math.floor(i / 3) * 24 * H;
      const start = (i % 3) * 350;
      const iso = (ms: number) => new Date(ms).toISOString();
      const res = await w.planner(
        'POST',
        '/portcalls',
        w.request(iso(arrival), iso(arrival + 20 * H), {
          berth_start_position: start,
          berth_end_position: start + 250,
          cargo_operations_start: iso(arrival + H),
          cargo_operations_end: iso(arrival + 19 * H),
          cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 300, load: 280, restow: 10 }],
          ...(equipment.length ? { equipment_details: [{ cargo_handling_equipment_id: equipment[i % 3]!.id, start_time: iso(arrival + 2 * H), end_time: iso(arrival + 10 * H) }] } : {}),
          portcall_shift_details: [
            { shift_number: 1, start_time: iso(arrival + 2 * H), end_time: iso(arrival + 8 * H), cargo_type: 'Container (boxes)', discharge: 150, load: 140, restow: 5, gangs: 2 },
            { shift_number: 2, start_time: iso(arrival + 12 * H), end_time: iso(arrival + 18 * H), cargo_type: 'Container (boxes)', discharge: 150, load: 140, restow: 5, gangs: 2 },
          ],
        }),
      );
      if (res.statusCode !== 201) throw new Error(`creating call ${i}: ${res.statusCode} ${res.body}`);
      calls.push(res.json().payload);
    }
    const draftVersion = async () => (await w.planner('GET', `/draft_portcalls?terminal_id=${w.terminal.id}`)).json().payload.version as number;
    const current = async (id: number) => (await w.planner('GET', `/portcalls/${id}`)).json().payload as { berth_arrival: string; berth_departure: string; berth_start_position: number; version: number };
    /** Every call two hours later and 50 m along the quay, as one sandbox draft. */
    const draftMoves = async () => {
      const changes = [];
      for (const call of calls) {
        const c = await current(call.id);
        changes.push({ portcall_id: call.id, berth_arrival: new Date(Date.parse(c.berth_arrival) + 2 * H).toISOString(), berth_departure: new Date(Date.parse(c.berth_departure) + 2 * H).toISOString(), berth_start_position: (c.berth_start_position + 50) % 750, berth_end_position: ((c.berth_start_position + 50) % 750) + 250 });
      }
      const res = await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: w.terminal.id, version: await draftVersion(), changes });
      if (res.statusCode !== 200) throw new Error(`drafting: ${res.statusCode} ${res.body.slice(0, 500)}`);
      return res.json().payload.version as number;
    };

    const publishMs: number[] = [];
    const refusedMs: number[] = [];
    const readyAnswers: string[] = [];
    for (let runIndex = 0; runIndex < RUNS; runIndex++) {
      const version = await draftMoves();
      let started = performance.now();
      const publishing = w.planner('POST', '/draft_portcalls/publish', { terminal_id: w.terminal.id, version });
      // The load balancer's probe is due while the publish runs (once its transaction holds the database). Its time is
      // counted from when it was due: a process kept busy by the embedded database sends it late, as a real probe
      // would be read late.
      const due = started + PROBE_AFTER_MS;
      const probe = new Promise<string>((resolve) => {
        setTimeout(() => {
          void t.app.inject({ method: 'GET', url: '/api/portal/v1/ready' }).then((res) => resolve(`${res.statusCode} after ${Math.round(performance.now() - due)} ms`));
        }, PROBE_AFTER_MS);
      });
      const published = await publishing;
      publishMs.push(performance.now() - started);
      if (published.statusCode !== 200 || published.json().payload.published !== MOVES) throw new Error(`publish: ${published.statusCode} ${published.body.slice(0, 500)}`);
      readyAnswers.push(await probe);

      // A refused publish: the agent changes one drafted call first, so nothing may be applied.
      const refusedVersion = await draftMoves();
      const victim = await current(calls[MOVES - 1]!.id);
      await w.agent('PUT', `/portcalls/${calls[MOVES - 1]!.id}`, { version: victim.version, comment: `ETA may slip ${runIndex}` });
      started = performance.now();
      const refused = await w.planner('POST', '/draft_portcalls/publish', { terminal_id: w.terminal.id, version: refusedVersion });
      refusedMs.push(performance.now() - started);
      if (refused.statusCode !== 409) throw new Error(`refused publish: ${refused.statusCode} ${refused.body.slice(0, 500)}`);
      await w.planner('POST', '/draft_portcalls/revert', { terminal_id: w.terminal.id, version: refusedVersion });
    }
    return { database: label, publishMs: percentile(publishMs, 0.5), refusedMs: percentile(refusedMs, 0.5), ready: readyAnswers.join(', ') };
  } finally {
    await t.close();
  }
}

async function main(): Promise<void> {
  const results = await runOnBenchDatabases('publish', run);
  console.log(`\nPublishing a sandbox of ${MOVES} moves (each call with cargo operations, a crane booking and two shift cards), median of ${RUNS} runs\n`);
  console.log(`| database | publish (ms) | refused publish (ms) | GET /ready during the publish | within ${TARGET_MS} ms |`);
  console.log('|---|---:|---:|---|---|');
  for (const r of results) console.log(`| ${r.database} | ${Math.round(r.publishMs)} | ${Math.round(r.refusedMs)} | ${r.ready} | ${r.publishMs <= TARGET_MS && r.refusedMs <= TARGET_MS ? 'yes' : 'no'} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
