// Two real server processes on one PostgreSQL (docs/deploy.md "N servers, one PostgreSQL"): what one
// server does, the other sees (realtime, sessions, drafts, rate limits, jobs), and losing one leaves the other serving.
import { once } from 'node:events';
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TRealtimeServerMessage, realtimeChannels } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Database, openDatabase } from '../db/database';
import { type TLocalPortAuthority, startLocalPortAuthority } from '../modules/prise/local-port-authority';
import { TEST_PASSWORD, addTerminalGeometry, createOrganisation, createPort, createTerminal, createUser, createVessel } from './fixtures';
import { type TTestSocket, connectRealtime, realtimeUrl } from './realtime-client';
import { type TServerProcess as TServer, startServerProcess } from './server-process';
import { createPostgresDatabase } from './test-app';
import { waitFor } from './wait-for';

const H = 3_600_000;
// The API's envelope; payloads are read field by field, as the other API tests do with inject's json().
type TReply = { status: number; body: { status: { status: string; message?: string }; payload: any } };

async function api(server: TServer, method: 'GET' | 'POST' | 'PUT', path: string, options: { token?: string; body?: unknown } = {}): Promise<TReply> {
  const res = await fetch(`${server.url}/api/portal/v1${path}`, {
    method,
    headers: { ...(options.token ? { 'x-portal-token': options.token } : {}), ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as TReply['body'] };
}

async function signIn(server: TServer, email: string): Promise<string> {
  const res = await api(server, 'POST', '/login', { body: { username: email, password: TEST_PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload.token as string;
}

// The browser's own client (apps/web/src/lib/realtime-client.ts), loaded by path because the server's TypeScript
// project does not include apps/web; these are the parts of its interface this test uses.
type TWebRealtimeClient = {
  readonly status: string;
  subscribe(channel: string, onEvent: (event: { id: number }) => void): () => void;
};
type TWebRealtimeModule = {
  RealtimeClient: new (options: { url: () => string; createSocket: (url: string) => WebSocket; random: () => number; idleCloseMs: number }) => TWebRealtimeClient;
};
const WEB_REALTIME_CLIENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src/lib/realtime-client.ts');

function eventOf(message: TRealtimeServerMessage): Extract<TRealtimeServerMessage, { type: 'event' }> {
  if (message.type !== 'event') throw new Error(`expected an event, got ${JSON.stringify(message)}`);
  return message;
}

/** Sits between the servers and the port authority and records every answer poll, to count how often a job ran. */
async function startPollRecorder(target: string): Promise<{ url: string; polls: { at: number; status: string }[]; close(): Promise<void> }> {
  const polls: { at: number; status: string }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const upstream = httpRequest(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'GET') polls.push({ at: Date.now(), status: String((JSON.parse(body.toString()) as { status?: string }).status) });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    polls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let authority: TLocalPortAuthority;
  let recorder: Awaited<ReturnType<typeof startPollRecorder>>;
  let a: TServer;
  let b: TServer;
  let db: Database;
  let world: { terminalId: number; pilotBoardingPlaceId: number; vesselId: number; operatorId: number; agencyId: number; planner: { id: number; email: string; token: string }; agentToken: string };
  const inHours = (hours: number) => new Date(Date.now() + hours * H).toISOString();

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // An answer stays pending for 4 s: the first poll (2 s after the submission) gets 'pending', the second the decision.
    authority = await startLocalPortAuthority({ answerDelayMs: 4_000, tideAt: () => 1 });
    recorder = await startPollRecorder(authority.url);
    const env = {
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      RUN_JOBS: 'true',
      AIS_INGEST: 'false',
      PORT_AUTHORITY_URL: recorder.url,
      PORT_AUTHORITY_USERNAME: authority.username,
      PORT_AUTHORITY_PASSWORD: authority.password,
      PORT_AUTHORITY_TIMEOUT_MS: '2000',
    };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    db = await openDatabase({ kind: 'postgres', url: database.url });

    // A Hamburg terminal (PRISE applies there) with geometry, its planner, and an agency with a vessel operator.
    const terminal = await createTerminal(db.db);
    const geometry = await addTerminalGeometry(db.db, terminal.id);
    await db.db.updateTable('ports').set({ unlocode: 'DEHAM' }).where('id', '=', geometry.portId).execute();
    const operator = await createOrganisation(db.db, 'vessel_operator');
    const agency = await createOrganisation(db.db, 'agent');
    const vessel = await createVessel(db.db, { vesselOperatorId: operator.id });
    await db.db.updateTable('vessels').set({ call_sign: 'DABC2' }).where('id', '=', vessel.id).execute();
    const planner = await createUser(db.db, { terminalIds: [terminal.id] });
    const agent = await createUser(db.db, { userType: 'agent', organisationId: agency.id, terminalIds: [terminal.id] });
    world = {
      terminalId: terminal.id,
      pilotBoardingPlaceId: geometry.pilotBoardingPlaces[0]!.id,
      vesselId: vessel.id,
      operatorId: operator.id,
      agencyId: agency.id,
      planner: { ...planner, token: await signIn(a, planner.email) },
      agentToken: await signIn(a, agent.email),
    };
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.close();
    await recorder?.close();
    await authority?.close();
    await database?.drop();
  });

  /** A new call through `server`, by the planner, with everything a PRISE notice needs but the notice's own fields. */
  async function createCall(server: TServer, hours: number): Promise<{ id: number; version: number }> {
    const [previous, next] = [await createPort(db.db), await createPort(db.db)];
    const res = await api(server, 'POST', '/portcalls', {
      token: world.planner.token,
      body: {
        terminal_id: world.terminalId,
        vessel_id: world.vesselId,
        vessel_operator_id: world.operatorId,
        agent_id: world.agencyId,
        berth_arrival: inHours(hours),
        berth_departure: inHours(hours + 24),
        pilot_boarding_place_id: world.pilotBoardingPlaceId,
        pilot_boarding_place_arrival: inHours(hours - 4),
        berth_start_position: 20,
        berth_end_position: 240,
        draft_inbound: 12,
        draft_outbound: 11,
        previous_port_id: previous.id,
        next_port_id: next.id,
        cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 100, load: 50 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.payload as { id: number; version: number };
  }

  async function subscribeTerminal(server: TServer, lastEventId?: number): Promise<TTestSocket> {
    const socket = await connectRealtime(server.url, { query: { token: world.planner.token } });
    const channel = realtimeChannels.terminal(world.terminalId);
    socket.send({ type: 'subscribe', channel, ...(lastEventId !== undefined ? { last_event_id: lastEventId } : {}) });
    expect(await socket.next()).toMatchObject({ type: 'subscribed', channel });
    return socket;
  }

  it('both are ready on the one database, and a call edited through A reaches a socket on B within 2 s', async () => {
    for (const server of [a, b]) {
      const ready = await api(server, 'GET', '/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.payload).toMatchObject({ database: 'postgres' });
    }
    const call = await createCall(a, 96);
    const onB = await subscribeTerminal(b);
    const startedAt = Date.now();
    const edit = await api(a, 'PUT', `/portcalls/${call.id}`, { token: world.planner.token, body: { version: call.version, berth_comment: 'Crane 2 from 06:00' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const event = eventOf(await onB.next(2000));
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(event).toMatchObject({ channel: realtimeChannels.terminal(world.terminalId), event: 'portcall.updated', payload: { portcall_id: call.id, version: edit.body.payload.version } });
    await onB.close();
  });

  it('keeps no stale list page: a call changed through B shows on A at once, though A had the page cached', async () => {
    const call = await createCall(a, 150);
    const token = world.planner.token;
    const listed = async (server: TServer) => {
      const res = await fetch(`${server.url}/api/portal/v1/portcalls?per_page=100&terminal_id=${world.terminalId}`, { headers: { 'x-portal-token': token } });
      const items = ((await res.json()) as TReply['body']).payload.items as { id: number; berth_comment: string | null }[];
      return { cache: res.headers.get('x-quayline-cache'), call: items.find((c) => c.id === call.id) };
    };
    // Background jobs on either server may move the version now and then; wait for a page that A answers cached.
    const cached = await waitFor(async () => {
      const page = await listed(a);
      return page.cache === 'hit' && page;
    }, 10_000);
    expect(cached.call).toMatchObject({ berth_comment: null });
    const edit = await api(b, 'PUT', `/portcalls/${call.id}`, { token, body: { version: call.version, berth_comment: 'Edited on B' } });
    expect(edit.status).toBe(200);
    expect(await listed(a)).toMatchObject({ cache: 'miss', call: { berth_comment: 'Edited on B' } });
  });

  it('accepts a token issued by the other process, and a logout on one ends it on both', async () => {
    const user = await createUser(db.db);
    const token = await signIn(a, user.email);
    const onB = await api(b, 'GET', '/user_details', { token });
    expect(onB.status).toBe(200);
    expect(onB.body.payload.email).toBe(user.email);

    expect((await api(b, 'PUT', '/logout', { token })).status).toBe(200);
    expect((await api(a, 'GET', '/user_details', { token })).status).toBe(401);
  });

  it('shares the planner\u2019s sandbox draft: changed on A, seen and published on B, a stale publish on A answers 409', async () => {
    const call = await createCall(a, 120);
    const token = world.planner.token;
    const empty = await api(a, 'GET', `/draft_portcalls?terminal_id=${world.terminalId}`, { token });
    const changed = await api(a, 'PUT', '/draft_portcalls/update_draft_portcalls', {
      token,
      body: { terminal_id: world.terminalId, version: empty.body.payload.version, changes: [{ portcall_id: call.id, berth_start_position: 500, berth_end_position: 720 }] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const draft = changed.body.payload as { version: number; changes: unknown[] };

    const seen = await api(b, 'GET', `/draft_portcalls?terminal_id=${world.terminalId}`, { token });
    expect(seen.body.payload).toMatchObject({ version: draft.version, changes: [{ portcall_id: call.id, berth_start_position: 500, berth_end_position: 720 }] });
    const published = await api(b, 'POST', '/draft_portcalls/publish', { token, body: { terminal_id: world.terminalId, version: draft.version } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.payload.published).toBe(1);
    expect((await api(a, 'GET', `/portcalls/${call.id}`, { token })).body.payload).toMatchObject({ berth_start_position: 500, berth_end_position: 720 });

    const stale = await api(a, 'POST', '/draft_portcalls/publish', { token, body: { terminal_id: world.terminalId, version: draft.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.payload.current.version).toBe(published.body.payload.draft.version);
  });

  it('runs each PRISE answer poll once although both servers run the job queue (submitted on A)', async () => {
    const call = await createCall(a, 72);
    const notice = await api(a, 'GET', `/portcalls/${call.id}/prise_notice`, { token: world.agentToken });
    const filled = await api(a, 'PUT', `/portcalls/${call.id}/prise_notice`, { token: world.agentToken, body: { version: notice.body.payload.version, dangerous_goods: false, persons_on_board: 24 } });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const before = recorder.polls.length;
    const sent = await api(a, 'POST', `/portcalls/${call.id}/prise_notice/submit`, { token: world.agentToken, body: { version: filled.body.payload.version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const approved = await waitFor(async () => {
      const n = await api(b, 'GET', `/portcalls/${call.id}/prise_notice`, { token: world.agentToken });
      return n.body.payload.port_authority_status === 'approved' ? n.body.payload : null;
    }, 30_000, 250);
    expect(approved).toMatchObject({ prise_status: 'prise_accepted' });
    // A poll job run twice (one per server) would ask twice within the same second; each attempt's next one waits >= 4 s.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const polls = recorder.polls.slice(before);
    expect(polls.filter((p) => p.status !== 'pending')).toHaveLength(1);
    expect(polls.at(-1)!.status).toBe('approved');
    for (let i = 1; i < polls.length; i++) expect(polls[i]!.at - polls[i - 1]!.at).toBeGreaterThan(3_000);
    const history = (approved.history as { event: string }[]).map((h) => h.event);
    expect(history.filter((e) => e === 'approved')).toHaveLength(1);
  }, 45_000);

  it('counts rate limits in the database: a reset mail asked on A, then on B for the same address, answers 429', async () => {
    const user = await createUser(db.db);
    const first = await api(a, 'POST', '/reset_password', { body: { email: user.email } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The address in another spelling is the same address.
    const second = await api(b, 'POST', '/reset_password', { body: { email: `  ${user.email.toUpperCase()}` } });
    expect(second.status, JSON.stringify(second.body)).toBe(429);
    expect(second.body.status.status).toBe('TOO_MANY_REQUESTS');
    const mails = await db.db.selectFrom('mail_outbox').select('id').where('recipient', '=', user.email).execute();
    expect(mails).toHaveLength(1);
  });

  it('after SIGKILL of A, B keeps serving, and sockets that were on A catch up on B from their last event id', async () => {
    const call = await createCall(b, 144);
    const channel = realtimeChannels.terminal(world.terminalId);
    // The web app's client behind a "load balancer" that still sends it to A until A is taken out of rotation.
    let balancedTo = a;
    const { RealtimeClient } = (await import(/* @vite-ignore */ WEB_REALTIME_CLIENT)) as TWebRealtimeModule;
    const web = new RealtimeClient({ url: () => realtimeUrl(balancedTo.url, { token: world.planner.token }), createSocket: (url) => new WebSocket(url), random: () => 0, idleCloseMs: 0 });
    const webSeen: number[] = [];
    const leave = web.subscribe(channel, (event) => webSeen.push(event.id));
    await waitFor(async () => web.status === 'open');
    const onA = await subscribeTerminal(a);
    const first = await api(a, 'PUT', `/portcalls/${call.id}`, { token: world.planner.token, body: { version: call.version, berth_comment: 'Before the crash' } });
    expect(first.status).toBe(200);
    const seen = eventOf(await onA.next());
    await waitFor(async () => webSeen.includes(seen.id), 5_000);

    expect(await a.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    // No close frame from a killed process: the client sees an abnormal closure (1006).
    expect((await onA.closed).code).toBe(1006);
    await waitFor(async () => web.status === 'reconnecting', 5_000);

    expect((await api(b, 'GET', '/ready')).status).toBe(200);
    let version = first.body.payload.version as number;
    for (const comment of ['Meanwhile on B', 'And again']) {
      const edit = await api(b, 'PUT', `/portcalls/${call.id}`, { token: world.planner.token, body: { version, berth_comment: comment } });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      version = edit.body.payload.version;
    }
    const stored = await db.db.selectFrom('realtime_events').select('id').where('channel', '=', channel).where('id', '>', seen.id).orderBy('id').execute();
    const missed = stored.map((r) => Number(r.id));
    expect(missed).toHaveLength(2);

    const onB = await subscribeTerminal(b, seen.id);
    const replayed = [eventOf(await onB.next()), eventOf(await onB.next())];
    expect(replayed.map((e) => e.id)).toEqual(missed);
    expect(replayed.map((e) => e.payload)).toMatchObject([{ portcall_id: call.id }, { portcall_id: call.id, version }]);
    await onB.expectSilence(200);
    await onB.close();

    // The balancer now sends new connections to B: the web client's next retry lands there and replays the gap.
    balancedTo = b;
    await waitFor(async () => webSeen.length >= 3, 10_000);
    expect(webSeen).toEqual([seen.id, ...missed]);
    expect(web.status).toBe('open');
    leave();
  }, 30_000);
});
