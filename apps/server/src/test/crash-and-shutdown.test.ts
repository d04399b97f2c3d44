// On real server processes: SIGKILL in the middle of a write load loses no acknowledged write and leaves
// no half-applied publish; SIGTERM finishes the requests in flight, closes sockets with 1001 and exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseConfig } from '../config';
import { type Database, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { DB } from '../db/schema';
import { TEST_PASSWORD, addTerminalGeometry, createOrganisation, createTerminal, createUser, createVessel } from './fixtures';
import { connectRealtime } from './realtime-client';
import { type TServerProcess, startServerProcess } from './server-process';
import { DB_TARGETS, createPostgresDatabase } from './test-app';

const API = '/api/portal/v1';
const DAY = 24 * 3600_000;
/** The load runs at least this long, and on until enough was acknowledged (a busy machine writes slowly). */
const MIN_LOAD_MS = 1000;
const MAX_LOAD_MS = 15_000;
const EDITORS = 3;
const NEGOTIATORS = 2;
const PUBLISHED_CALLS = 3;
/** SHUTDOWN_GRACE_MS of the server under test; a graceful stop takes less. */
const GRACE_MS = 8000;

type Answer = { status: number; body: { payload?: unknown } };
/** An acknowledged write: the version the server answered and the value that version holds. */
type Ack = { version: number; value: string };
type Tracked = { id: number; arrival: number; initialVersion: number; version: number; acked: Ack[]; inFlight: string | null };

/** One call per client, so no write of the load conflicts with another and every 409 would be a fault. */
type World = {
  terminalId: number;
  tokens: { planner: string; publisher: string; vesselSide: string };
  edited: Tracked[];
  negotiated: Tracked[];
  published: Tracked[];
  publisherEmail: string;
  /** Publishes answered 200; the n-th moves call i to publishedPosition(n, i). */
  publishesAcked: number;
  publishInFlight: boolean;
};

const publishedPosition = (n: number, i: number) => ((n + i) % 10) * 10;
const INITIAL_PUBLISHED_POSITION = 500;

async function request(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${baseUrl}${API}${url}`, {
    method,
    headers: { 'x-portal-token': token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? (JSON.parse(text) as { payload?: unknown }) : {} };
}

function payloadOf<T>(answer: Answer, expected = 200): T {
  if (answer.status !== expected) throw new Error(`expected ${expected}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.payload as T;
}

type TCall = { id: number; version: number; comment: string | null; berth_departure: string; berth_start_position: number | null; berth_end_position: number | null };

/** The terminal, organisations and users, written straight into a database no server holds. */
async function seedWorld(config: TDatabaseConfig) {
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db as never);
    const db = database.db;
    const terminal = await createTerminal(db);
    await addTerminalGeometry(db, terminal.id);
    const operator = await createOrganisation(db, 'vessel_operator');
    const agency = await createOrganisation(db, 'agent');
    const vessel = await createVessel(db, { vesselOperatorId: operator.id });
    const planner = await createUser(db, { terminalIds: [terminal.id] });
    const publisher = await createUser(db, { terminalIds: [terminal.id] });
    const vesselSide = await createUser(db, { userType: 'vessel_operator', organisationId: operator.id, terminalIds: [terminal.id] });
    return { terminalId: terminal.id, vesselId: vessel.id, operatorId: operator.id, agentId: agency.id, emails: { planner: planner.email, publisher: publisher.email, vesselSide: vesselSide.email } };
  } finally {
    await database.close();
  }
}

async function createCalls(baseUrl: string, seed: Awaited<ReturnType<typeof seedWorld>>): Promise<World> {
  const login = async (email: string) => payloadOf<{ token: string }>(await request(baseUrl, '', 'POST', '/login', { username: email, password: TEST_PASSWORD })).token;
  const tokens = { planner: await login(seed.emails.planner), publisher: await login(seed.emails.publisher), vesselSide: await login(seed.emails.vesselSide) };
  let slot = 0;
  const create = async (token: string, extra: Record<string, unknown> = {}): Promise<Tracked> => {
    // Each call has a stay of its own, so moves never clash with another call.
    const arrival = Date.parse('2027-06-01T06:00:00Z') + slot++ * 2 * DAY;
    const body = { terminal_id: seed.terminalId, vessel_id: seed.vesselId, vessel_operator_id: seed.operatorId, agent_id: seed.agentId, berth_arrival: new Date(arrival).toISOString(), berth_departure: new Date(arrival + DAY).toISOString(), ...extra };
    const call = payloadOf<TCall>(await request(baseUrl, token, 'POST', '/portcalls', body), 201);
    return { id: call.id, arrival, initialVersion: call.version, version: call.version, acked: [], inFlight: null };
  };
  const terminalPlace = { berth_start_position: INITIAL_PUBLISHED_POSITION, berth_end_position: INITIAL_PUBLISHED_POSITION + 210 };
  const edited = await Promise.all(Array.from({ length: EDITORS }, () => create(tokens.planner, terminalPlace)));
  const negotiated = await Promise.all(Array.from({ length: NEGOTIATORS }, () => create(tokens.vesselSide)));
  const published = await Promise.all(Array.from({ length: PUBLISHED_CALLS }, () => create(tokens.publisher, terminalPlace)));
  return { terminalId: seed.terminalId, tokens, edited, negotiated, published, publisherEmail: seed.emails.publisher, publishesAcked: 0, publishInFlight: false };
}

/** The berth departure the n-th request of a negotiator asks for: a minute later each time. */
function requestedDeparture(call: Tracked, n: number): string {
  return new Date(call.arrival + DAY + n * 60_000).toISOString();
}

type TLoad = { stop(): void; done: Promise<void>; started: { at: number; settled: Promise<number | 'network error'> }[] };

/**
 * Starts the clients: editors change a comment, negotiators step the berth departure, one publisher moves three calls
 * through the sandbox and publishes them. Every client waits for each answer before its next write; a network error
 * (the server is gone) ends it with the write in flight left unknown.
 */
function startLoad(baseUrl: string, w: World, round: number): TLoad {
  let isStopped = false;
  const started: TLoad['started'] = [];
  const send = (token: string, method: string, url: string, body: unknown) => {
    const answer = request(baseUrl, token, method, url, body);
    started.push({ at: performance.now(), settled: answer.then((a) => a.status, () => 'network error' as const) });
    return answer;
  };
  const loop = async (step: () => Promise<boolean>) => {
    try {
      while (!isStopped && (await step()));
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
    }
  };
  const editor = (call: Tracked) => {
    let n = 0;
    return loop(async () => {
      const value = `round ${round} write ${n++} on ${call.id}`;
      call.inFlight = value;
      const answer = await send(w.tokens.planner, 'PUT', `/portcalls/${call.id}`, { version: call.version, comment: value });
      if (answer.status !== 200) return settleRefused(call, answer);
      const stored = answer.body.payload as TCall;
      call.acked.push({ version: stored.version, value });
      call.version = stored.version;
      call.inFlight = null;
      return true;
    });
  };
  const negotiator = (call: Tracked) => {
    let n = round * 300;
    return loop(async () => {
      const value = requestedDeparture(call, n++);
      call.inFlight = value;
      const answer = await send(w.tokens.vesselSide, 'POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_departure', action: 'request', date_time: value, version: call.version });
      if (answer.status !== 200) return settleRefused(call, answer);
      const stored = answer.body.payload as TCall;
      call.acked.push({ version: stored.version, value });
      call.version = stored.version;
      call.inFlight = null;
      return true;
    });
  };
  const publisher = () =>
    loop(async () => {
      const draft = await send(w.tokens.publisher, 'GET', `/draft_portcalls?terminal_id=${w.terminalId}`, undefined);
      if (draft.status !== 200) return expectShutdownAnswer(draft);
      const n = w.publishesAcked + 1;
      const changes = w.published.map((call, i) => ({ portcall_id: call.id, berth_start_position: publishedPosition(n, i), berth_end_position: publishedPosition(n, i) + 210 }));
      const updated = await send(w.tokens.publisher, 'PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: w.terminalId, version: (draft.body.payload as { version: number }).version, changes });
      if (updated.status !== 200) return expectShutdownAnswer(updated);
      w.publishInFlight = true;
      const answer = await send(w.tokens.publisher, 'POST', '/draft_portcalls/publish', { terminal_id: w.terminalId, version: (updated.body.payload as { version: number }).version });
      if (answer.status !== 200) {
        w.publishInFlight = false;
        return expectShutdownAnswer(answer);
      }
      expect((answer.body.payload as { published: number }).published).toBe(PUBLISHED_CALLS);
      w.publishInFlight = false;
      w.publishesAcked = n;
      for (const call of w.published) call.version += 1;
      return true;
    });
  const done = Promise.all([...w.edited.map(editor), ...w.negotiated.map(negotiator), publisher()]).then(() => undefined);
  return {
    stop: () => {
      isStopped = true;
    },
    done,
    started,
  };
}

/** Waits until the load has been running a while and has had writes of every kind acknowledged. */
async function loadUnderWay(w: World) {
  const startedAt = performance.now();
  const acks = () => w.edited.concat(w.negotiated).reduce((n, call) => n + call.acked.length, 0);
  const since = { acks: acks(), publishes: w.publishesAcked };
  const enough = () => acks() - since.acks >= 6 && w.publishesAcked - since.publishes >= 2 && w.negotiated.every((c) => c.acked.length > 0);
  while (performance.now() - startedAt < MIN_LOAD_MS || (!enough() && performance.now() - startedAt < MAX_LOAD_MS)) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(enough(), 'the load wrote enough before the signal').toBe(true);
}

/** A refused write is only expected from a server that is shutting down (503); it is not acknowledged. */
function settleRefused(call: Tracked, answer: Answer): boolean {
  call.inFlight = null;
  return expectShutdownAnswer(answer);
}

function expectShutdownAnswer(answer: Answer): boolean {
  if (answer.status !== 503) throw new Error(`unexpected answer ${answer.status}: ${JSON.stringify(answer.body)}`);
  return false;
}

type TStoredCall = { id: number; version: number; comment: string | null; berth_departure: string; berth_start_position: number | null };
/** Reads what a restarted server holds: through its API while it runs, or from the database once it is down. */
type Reader = { call(id: number): Promise<TStoredCall>; draftChanges(): Promise<{ portcall_id: number; base_version: number }[]> };

function apiReader(baseUrl: string, w: World): Reader {
  return {
    call: async (id) => payloadOf<TCall>(await request(baseUrl, w.tokens.publisher, 'GET', `/portcalls/${id}`)),
    draftChanges: async () => payloadOf<{ changes: { portcall_id: number; base_version: number }[] }>(await request(baseUrl, w.tokens.publisher, 'GET', `/draft_portcalls?terminal_id=${w.terminalId}`)).changes,
  };
}

function databaseReader(db: Kysely<DB>, w: World): Reader {
  return {
    call: async (id) => {
      const row = await db.selectFrom('portcalls').select(['id', 'version', 'comment', 'berth_departure', 'berth_start_position']).where('id', '=', id).executeTakeFirstOrThrow();
      return { ...row, berth_departure: new Date(row.berth_departure).toISOString(), berth_start_position: row.berth_start_position === null ? null : Number(row.berth_start_position) };
    },
    draftChanges: async () => {
      const drafts = await db.selectFrom('berth_drafts').innerJoin('portal_users', 'portal_users.id', 'berth_drafts.portal_user_id').select('changes').where('terminal_id', '=', w.terminalId).where('portal_users.email', '=', w.publisherEmail).execute();
      return drafts.flatMap((d) => d.changes as { portcall_id: number; base_version: number }[]);
    },
  };
}

/** After a restart: each call holds its last acknowledged write, or the one that was in flight; never less. */
async function expectAcknowledgedWrites(reader: Reader, field: 'comment' | 'berth_departure', calls: Tracked[]) {
  for (const call of calls) {
    const stored = await reader.call(call.id);
    const last = call.acked.at(-1);
    const lastVersion = last?.version ?? call.initialVersion;
    const storedValue = field === 'comment' ? stored.comment : new Date(stored.berth_departure).toISOString();
    if (stored.version === lastVersion) {
      if (last) expect(storedValue, `call ${call.id}`).toBe(last.value);
    } else {
      // The write in flight at the kill committed before the process died; its answer was lost.
      expect(stored.version, `call ${call.id}`).toBe(lastVersion + 1);
      expect(storedValue, `call ${call.id}`).toBe(call.inFlight);
    }
    call.version = stored.version;
    call.inFlight = null;
  }
}

/** Every publish is whole: the published calls all carry the same number of publishes, and its positions. */
async function expectWholePublishes(reader: Reader, w: World) {
  const stored = await Promise.all(w.published.map((call) => reader.call(call.id)));
  const counts = stored.map((s, i) => s.version - w.published[i]!.initialVersion);
  expect(new Set(counts).size, `publish counts ${counts.join(',')}`).toBe(1);
  const committed = counts[0]!;
  expect(committed).toBeGreaterThanOrEqual(w.publishesAcked);
  expect(committed).toBeLessThanOrEqual(w.publishesAcked + (w.publishInFlight ? 1 : 0));
  stored.forEach((s, i) => expect(s.berth_start_position).toBe(committed === 0 ? INITIAL_PUBLISHED_POSITION : publishedPosition(committed, i)));
  // The draft is empty after its publish, or still holds the unpublished moves on exactly the stored versions.
  for (const change of await reader.draftChanges()) expect(change.base_version).toBe(stored.find((s) => s.id === change.portcall_id)!.version);
  w.publishesAcked = committed;
  w.publishInFlight = false;
  w.published.forEach((call, i) => {
    call.version = stored[i]!.version;
  });
}

async function expectEveryWriteKept(reader: Reader, w: World) {
  await expectAcknowledgedWrites(reader, 'comment', w.edited);
  await expectAcknowledgedWrites(reader, 'berth_departure', w.negotiated);
  await expectWholePublishes(reader, w);
}

/** With the server down: one audit row per committed write, and one for every acknowledged one. */
async function expectAuditTrail(db: Kysely<DB>, w: World) {
  const auditRows = async (call: Tracked, field: string) =>
    (await db.selectFrom('portcall_audit_events').select('new_value').where('portcall_id', '=', call.id).where('field', '=', field).execute()).map((r) => r.new_value);
  for (const call of w.edited) {
    const rows = await auditRows(call, 'comment');
    expect(rows).toHaveLength(call.version - call.initialVersion);
    for (const ack of call.acked) expect(rows, `call ${call.id}`).toContain(ack.value);
  }
  for (const call of w.negotiated) {
    const rows = (await auditRows(call, 'berth_departure')).map((r) => (r as { value: string }).value);
    for (const ack of call.acked) expect(rows.map((v) => new Date(v).toISOString()), `call ${call.id}`).toContain(ack.value);
    const steps = await db.selectFrom('portcall_timestamps').select('date_time').where('portcall_id', '=', call.id).where('time_type', '=', 'berth_departure').where('action', '=', 'request').execute();
    // One step from the creation, then one per committed request.
    expect(steps).toHaveLength(1 + call.version - call.initialVersion);
  }
  for (const call of w.published) expect(await auditRows(call, 'berth_start_position')).toHaveLength(call.version - call.initialVersion);
}

describe.each(DB_TARGETS)('crash and graceful shutdown of a server process on %s', (target) => {
  let env: Record<string, string>;
  let databaseConfig: TDatabaseConfig;
  let cleanup: () => Promise<void> = async () => {};
  let server: TServerProcess | null = null;
  let w: World;

  beforeAll(async () => {
    if (target === 'postgres') {
      const created = await createPostgresDatabase();
      databaseConfig = { kind: 'postgres', url: created.url };
      env = { DATABASE_URL: created.url };
      cleanup = created.drop;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'quayline-crash-'));
      databaseConfig = { kind: 'pglite', dataDir: path.join(dir, 'data') };
      env = { DATA_DIR: databaseConfig.dataDir! };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    Object.assign(env, { SEED_DEMO: 'false', AIS_INGEST: 'false', SHUTDOWN_GRACE_MS: String(GRACE_MS), SHUTDOWN_DELAY_MS: '400', LOG_LEVEL: 'info' });
    const seed = await seedWorld(databaseConfig);
    server = await startServerProcess(env);
    w = await createCalls(server.url, seed);
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await cleanup();
  });

  it('SIGKILL during a write load: after the restart every acknowledged write is there and no publish is half applied', async () => {
    const load = startLoad(server!.url, w, 1);
    await loadUnderWay(w);
    const exit = await server!.kill('SIGKILL');
    load.stop();
    await load.done;
    expect(exit.signal).toBe('SIGKILL');

    server = await server!.restart();
    await expectEveryWriteKept(apiReader(server.url, w), w);
  }, 90_000);

  it('SIGTERM during a write load: requests in flight finish, /ready turns 503, sockets close with 1001, exit 0', async () => {
    const running = server!;
    const socket = await connectRealtime(running.url, { query: { token: w.tokens.planner } });
    const load = startLoad(running.url, w, 2);
    await loadUnderWay(w);
    const signalledAt = performance.now();
    const exited = running.kill('SIGTERM');
    // During SHUTDOWN_DELAY_MS the server still serves, but tells load balancers it is going away.
    let ready = 0;
    for (let i = 0; i < 20 && ready !== 503; i++) {
      ready = await fetch(`${running.url}${API}/ready`).then((r) => r.status, () => 0);
      if (ready !== 503) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ready).toBe(503);
    expect(await socket.closed).toMatchObject({ code: 1001 });
    const exit = await exited;
    const stoppedMs = performance.now() - signalledAt;
    load.stop();
    await load.done;
    expect(exit, running.output()).toEqual({ code: 0, signal: null });
    expect(stoppedMs).toBeLessThan(GRACE_MS);
    expect(running.output()).toMatch(/shutdown: draining/);
    expect(running.output()).toMatch(/shutdown: done/);
    // Every request sent before the signal got its answer, none a reset connection.
    const beforeSignal = load.started.filter((s) => s.at < signalledAt);
    expect(await Promise.all(beforeSignal.map((s) => s.settled))).toEqual(beforeSignal.map(() => 200));

    // With no server running: the graceful stop kept every acknowledged write too, and the audit trail has them all.
    server = null;
    const database: Database = await openDatabase(databaseConfig);
    try {
      await expectEveryWriteKept(databaseReader(database.db, w), w);
      await expectAuditTrail(database.db, w);
    } finally {
      await database.close();
    }
  }, 90_000);
});
