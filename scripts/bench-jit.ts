// `npm run bench:jit`: DCSA JIT 2.0 on PGlite (a data directory, as `npm start` uses) and on a fresh PostgreSQL
// database (`--database-url`, default postgres://postgres@127.0.0.1:5432/test, dropped afterwards; `--only
// pglite|postgres` runs one). The server listens on a local port with its job runner on, as in production:
// - inbound: a carrier's system opens `--calls` calls over HTTP with its API key (PUT port call, terminal call, two
//   berth services, two REQ timestamps each) and the time of every PUT is measured (target p95 50 ms);
// - outbound: the terminal proposes another arrival on each call, one after another, and the time from the start of
//   that save to the moment the local carrier's endpoint has read the PLN is measured (target p95 2 s).
// Every message the carrier receives is checked against the official YAML. A missed target is a finding, not an
// error (docs/performance.md).
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import type { TDatabaseConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';
import { signIn } from '../apps/server/src/test/fixtures';
import { type TJitTransport, createJitCarrierClient, fetchTransport, openJitCall, startJitCarrierEndpoint } from '../apps/server/src/modules/dcsa/local-jit-carrier';
import { createPortcallWorld } from '../apps/server/src/test/portcall-world';
import { type TestApp, testConfig } from '../apps/server/src/test/test-app';
import { percentile, runBench, runOnBenchDatabases } from './bench-common';

const argValue = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const CALLS = Number(argValue('--calls') ?? 40);
const INBOUND_TARGET_MS = 50;
const OUTBOUND_TARGET_MS = 2_000;
const DAY = 86_400_000;
const START = Date.parse('2027-03-01T06:00:00Z');

type TResult = { database: string; puts: number[]; creatingPuts: number[]; stepPuts: number[]; saves: number[]; deliveries: number[]; offStandard: number };

async function run(label: string, config: TDatabaseConfig): Promise<TResult> {
  const database = await openDatabase(config);
  const app = await buildApp({ config: testConfig(config, { runJobs: true }), clock: systemClock, database, jobs: { isCronEnabled: false } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const t = { app, database, databaseConfig: config, clock: systemClock, close: async () => (await app.close(), await database.close()) } as unknown as TestApp;
  const carrierEndpoint = await startJitCarrierEndpoint();
  try {
    const w = await createPortcallWorld(t);
    const terminal = await database.db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select(['ports.unlocode', 'terminals.terminal_operator_id']).where('terminals.id', '=', w.terminal.id).executeTakeFirstOrThrow();
    const operator = await signIn(app, database.db, { organisationId: terminal.terminal_operator_id, terminalIds: [w.terminal.id] });
    const connected = await operator.call('POST', '/dcsa_counterparties', { name: 'Bench carrier', organisation_id: w.operator.id, endpoint_url: carrierEndpoint.url });
    if (connected.statusCode !== 201) throw new Error(`connecting: ${connected.statusCode} ${connected.body}`);
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/dcsa/jit/v2`;
    const http = fetchTransport(base);
    const puts: number[] = [];
    let last = 0;
    const timed: TJitTransport = async (method, p, headers, body) => {
      const started = performance.now();
      const answer = await http(method, p, headers, body);
      last = performance.now() - started;
      if (method === 'PUT') puts.push(last);
      return answer;
    };
    // The PUT that completes a call's berth times creates the Quayline call (vessel, call, negotiation, notifications).
    const creatingPuts: number[] = [];
    // A request on a call that exists: one negotiation step.
    const stepPuts: number[] = [];
    const carrier = createJitCarrierClient(timed, connected.json().payload.api_key);

    const deliveries: number[] = [];
    // The terminal's own save of a step through the portal API (in-process), for comparison with a JIT step.
    const saves: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const arrival = START + i * DAY;
      const opened = await openJitCall(carrier, { unlocode: terminal.unlocode, imo: w.vessel.imo_number, arrival: new Date(arrival).toISOString(), departure: new Date(arrival + 20 * 3_600_000).toISOString() });
      creatingPuts.push(last);
      const call = await database.db.selectFrom('portcalls').select(['id', 'version']).where('dcsa_terminal_call_id', '=', opened.terminalCallID).executeTakeFirstOrThrow();
      const proposed = new Date(arrival + 2 * 3_600_000).toISOString();
      const started = performance.now();
      const saved = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: proposed, version: call.version });
      saves.push(performance.now() - started);
      if (saved.statusCode !== 200) throw new Error(`proposing: ${saved.statusCode} ${saved.body}`);
      const received = await carrierEndpoint.waitFor((m) => m.path.startsWith('/timestamps/') && (m.body as { portCallServiceID?: string }).portCallServiceID === opened.arrivalServiceID, 30_000);
      deliveries.push(received.receivedAt - started);
      // The carrier asks for another time, replying to the plan.
      const reply = { timestampID: crypto.randomUUID(), replyToTimestampID: (received.body as { timestampID: string }).timestampID, portCallServiceID: opened.arrivalServiceID, classifierCode: 'REQ', dateTime: new Date(arrival + 3_600_000).toISOString() };
      const answer = await carrier.send('PUT', `/timestamps/${reply.timestampID}`, reply);
      if (answer.status !== 204) throw new Error(`replying: ${answer.status} ${JSON.stringify(answer.body)}`);
      stepPuts.push(last);
    }
    if (carrier.problems.length) throw new Error(`answers off the standard: ${carrier.problems.slice(0, 5).join('; ')}`);
    return { database: label, puts, creatingPuts, stepPuts, saves, deliveries, offStandard: carrierEndpoint.received.filter((m) => m.problems.length).length };
  } finally {
    await carrierEndpoint.close();
    await t.close();
  }
}

async function main(): Promise<void> {
  const results = await runOnBenchDatabases('jit', run);
  const ms = (v: number) => Math.round(v);
  console.log(`\nDCSA JIT 2.0: ${CALLS} calls opened by a carrier's system over HTTP (6 PUTs each), one terminal plan each delivered to the carrier's endpoint, one carrier request each in answer\n`);
  console.log(`| database | every inbound PUT p50 / p95 (ms) | within ${INBOUND_TARGET_MS} ms | the PUT that creates the call p50 / p95 | a REQ on an existing call p50 / p95 | the terminal's step save (portal API) p50 / p95 | save to receipt p50 / p95 (ms) | within ${OUTBOUND_TARGET_MS} ms | messages off the standard |`);
  console.log('|---|---:|---|---:|---:|---:|---:|---|---:|');
  for (const r of results) {
    const inbound95 = percentile(r.puts, 0.95);
    const outbound95 = percentile(r.deliveries, 0.95);
    console.log(
      `| ${r.database} | ${ms(percentile(r.puts, 0.5))} / ${ms(inbound95)} | ${inbound95 <= INBOUND_TARGET_MS ? 'yes' : 'no'} | ${ms(percentile(r.creatingPuts, 0.5))} / ${ms(percentile(r.creatingPuts, 0.95))} | ${ms(percentile(r.stepPuts, 0.5))} / ${ms(percentile(r.stepPuts, 0.95))} | ${ms(percentile(r.saves, 0.5))} / ${ms(percentile(r.saves, 0.95))} | ${ms(percentile(r.deliveries, 0.5))} / ${ms(outbound95)} | ${outbound95 <= OUTBOUND_TARGET_MS ? 'yes' : 'no'} | ${r.offStandard} |`,
    );
  }
}

runBench(main);
