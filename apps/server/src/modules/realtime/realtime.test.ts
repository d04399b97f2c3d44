import { type TRealtimeEventMessage, type TRealtimeServerMessage, realtimeChannels } from '@quayline/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createTerminal, createUser, loginAs } from '../../test/fixtures';
import { type TTestSocket, connectRealtime, listenOnFreePort } from '../../test/realtime-client';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { publishEvent } from './publish-event';
import { storedRealtimePayload } from '../../db/stored-json';

function expectEvent(message: TRealtimeServerMessage): TRealtimeEventMessage {
  if (message.type !== 'event') throw new Error(`expected an event, got ${JSON.stringify(message)}`);
  return message;
}

describe.each(DB_TARGETS)('realtime over WebSocket on %s', (target) => {
  let t: TestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    baseUrl = await listenOnFreePort(t.app);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t?.close();
  });

  async function open(options: Parameters<typeof connectRealtime>[1] = {}): Promise<TTestSocket> {
    const socket = await connectRealtime(baseUrl, options);
    sockets.push(socket);
    return socket;
  }

  /** A user of the given type and organisation, signed in, with a socket that carries their token. */
  async function connectedUser(options: { userType?: 'terminal_operator' | 'agent' | 'vessel_operator'; terminalIds?: number[]; organisationId?: number } = {}) {
    const user = await createUser(t.database.db, { userType: options.userType ?? 'terminal_operator', terminalIds: options.terminalIds ?? [] });
    if (options.organisationId !== undefined) await t.database.db.updateTable('portal_users').set({ organisation_id: options.organisationId }).where('id', '=', user.id).execute();
    const token = await loginAs(t.app, user.email);
    const socket = await open({ headers: { 'x-portal-token': token } });
    return { user, token, socket };
  }

  async function subscribe(socket: TTestSocket, channel: string, lastEventId?: number): Promise<TRealtimeServerMessage> {
    socket.send({ type: 'subscribe', channel, ...(lastEventId !== undefined ? { last_event_id: lastEventId } : {}) });
    return socket.next();
  }

  describe('sign-in', () => {
    it('closes a socket without a session, or with an unknown token, with 4401', async () => {
      const anonymous = await open();
      expect(await anonymous.closed).toEqual({ code: 4401, reason: 'Please sign in.' });
      const stranger = await open({ query: { token: 'not-a-token' } });
      expect((await stranger.closed).code).toBe(4401);
      const staleProxy = await open({ headers: { 'x-portal-proxy-token': 'stale' } });
      expect((await staleProxy.closed).code).toBe(4401);
    });

    it('accepts the token in the X-PORTAL-TOKEN header, the userToken cookie and the ?token= query', async () => {
      const user = await createUser(t.database.db);
      const token = await loginAs(t.app, user.email);
      const ways: Parameters<typeof connectRealtime>[1][] = [{ headers: { 'x-portal-token': token } }, { headers: { cookie: `userToken=${token}` } }, { query: { token } }];
      for (const options of ways) {
        const socket = await open(options);
        expect(await subscribe(socket, realtimeChannels.user(user.id))).toEqual({ type: 'subscribed', channel: `User.${user.id}`, last_event_id: expect.any(Number) });
        await socket.close();
      }
    });

    it('answers a plain GET without an upgrade with 426', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/portal/v1/realtime' });
      expect(res.statusCode).toBe(426);
      expect(res.json().status.status).toBe('VALIDATION_FAILED');
    });

    it('acts as the colleague behind a proxy token, and records the proxied socket', async () => {
      const terminal = await createTerminal(t.database.db);
      const company = await createOrganisation(t.database.db, 'terminal_operator');
      const actor = await createUser(t.database.db, { terminalIds: [terminal.id], organisationId: company.id });
      const colleague = await createUser(t.database.db, { terminalIds: [terminal.id], organisationId: company.id });
      const actorToken = await loginAs(t.app, actor.email);
      const started = await t.app.inject({ method: 'POST', url: '/api/portal/v1/proxy_session', headers: { 'x-portal-token': actorToken }, payload: { user_id: colleague.id } });
      const proxyToken = started.json().payload.token as string;

      const socket = await open({ headers: { cookie: `userToken=${actorToken}; userProxyToken=${proxyToken}` } });
      expect((await subscribe(socket, realtimeChannels.user(colleague.id))).type).toBe('subscribed');
      expect(await subscribe(socket, realtimeChannels.user(actor.id))).toMatchObject({ type: 'error', code: 'FORBIDDEN', channel: `User.${actor.id}` });
      const recorded = await t.database.db.selectFrom('proxy_requests').selectAll().where('actor_user_id', '=', actor.id).execute();
      expect(recorded).toEqual([expect.objectContaining({ acted_as_user_id: colleague.id, method: 'GET', path: '/api/portal/v1/realtime', status_code: 101 })]);
    });
  });

  describe('who may subscribe', () => {
    it('terminal operators: their terminals, their frozen port calls, their own draft and user channels', async () => {
      const mine = await createTerminal(t.database.db);
      const other = await createTerminal(t.database.db);
      const { user, socket } = await connectedUser({ terminalIds: [mine.id] });
      const someoneElse = await createUser(t.database.db, { terminalIds: [mine.id] });
      for (const channel of [realtimeChannels.terminal(mine.id), realtimeChannels.frozenPortcalls(mine.id), realtimeChannels.draftTerminalOperator(user.id), realtimeChannels.user(user.id)]) {
        expect(await subscribe(socket, channel)).toMatchObject({ type: 'subscribed', channel });
      }
      for (const channel of [realtimeChannels.terminal(other.id), realtimeChannels.frozenPortcalls(other.id), realtimeChannels.draftTerminalOperator(someoneElse.id), realtimeChannels.user(someoneElse.id)]) {
        expect(await subscribe(socket, channel)).toEqual({ type: 'error', code: 'FORBIDDEN', message: expect.any(String), channel });
      }
    });

    it('agents: their organisation only, and no terminal channels', async () => {
      const terminal = await createTerminal(t.database.db);
      const agency = await createOrganisation(t.database.db, 'agent');
      const otherAgency = await createOrganisation(t.database.db, 'agent');
      const { socket } = await connectedUser({ userType: 'agent', organisationId: agency.id, terminalIds: [terminal.id] });
      expect((await subscribe(socket, realtimeChannels.agent(agency.id))).type).toBe('subscribed');
      for (const channel of [realtimeChannels.agent(otherAgency.id), realtimeChannels.vesselOperator(agency.id), realtimeChannels.terminal(terminal.id), realtimeChannels.frozenPortcalls(terminal.id)]) {
        expect(await subscribe(socket, channel)).toMatchObject({ type: 'error', code: 'FORBIDDEN', channel });
      }
    });

    it('vessel operators: their organisation only', async () => {
      const carrier = await createOrganisation(t.database.db, 'vessel_operator');
      const otherCarrier = await createOrganisation(t.database.db, 'vessel_operator');
      const { socket } = await connectedUser({ userType: 'vessel_operator', organisationId: carrier.id });
      expect((await subscribe(socket, realtimeChannels.vesselOperator(carrier.id))).type).toBe('subscribed');
      for (const channel of [realtimeChannels.vesselOperator(otherCarrier.id), realtimeChannels.agent(carrier.id)]) {
        expect(await subscribe(socket, channel)).toMatchObject({ type: 'error', code: 'FORBIDDEN', channel });
      }
    });

    it('POST /pusher_auth answers allowed, 403, 400 for an unknown channel and 401 without a session', async () => {
      const terminal = await createTerminal(t.database.db);
      const { token } = await connectedUser({ terminalIds: [terminal.id] });
      const auth = (channel_name: string, headers: Record<string, string> = { 'x-portal-token': token }) =>
        t.app.inject({ method: 'POST', url: '/api/portal/v1/pusher_auth', headers, payload: { channel_name } });
      const allowed = await auth(realtimeChannels.terminal(terminal.id));
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ status: { status: 'SUCCESS' }, payload: { channel_name: `Terminal.${terminal.id}`, allowed: true } });
      const refused = await auth(realtimeChannels.terminal(terminal.id + 1000));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().status.status).toBe('FORBIDDEN');
      const malformed = await auth('private-terminal-1');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().status.status).toBe('VALIDATION_FAILED');
      expect((await auth(realtimeChannels.terminal(terminal.id), {})).statusCode).toBe(401);
    });

    it('lists pusher_auth and the realtime endpoint in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/portal/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
      expect(doc.paths['/api/portal/v1/pusher_auth']?.post).toBeDefined();
      expect(doc.paths['/api/portal/v1/realtime']?.get).toBeDefined();
    });
  });

  describe('delivery', () => {
    it('delivers an event published with publishEvent to the subscribers of its channel only', async () => {
      const terminal = await createTerminal(t.database.db);
      const otherTerminal = await createTerminal(t.database.db);
      const a = await connectedUser({ terminalIds: [terminal.id, otherTerminal.id] });
      const b = await connectedUser({ terminalIds: [terminal.id, otherTerminal.id] });
      await subscribe(a.socket, realtimeChannels.terminal(terminal.id));
      await subscribe(b.socket, realtimeChannels.terminal(otherTerminal.id));

      const payload = { portcall_id: 17, vessel_name: 'MSC ANNA', berth_arrival: '2026-03-29T01:30:00.000Z', tags: ['x', 'y'], nested: { ok: true, none: null } };
      // An event of no schema of its own: the transport carries any JSON value as it is.
      const { id } = await publishEvent(t.database.db, { channel: realtimeChannels.terminal(terminal.id), event: 'test.delivery', payload });
      const event = expectEvent(await a.socket.next());
      expect(event).toEqual({ type: 'event', id, channel: `Terminal.${terminal.id}`, event: 'test.delivery', payload, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
      await b.socket.expectSilence(200);
    });

    it('publishes nothing from a transaction that rolls back', async () => {
      const { user, socket } = await connectedUser();
      const channel = realtimeChannels.user(user.id);
      await subscribe(socket, channel);
      await expect(
        t.database.db.transaction().execute(async (tx) => {
          await publishEvent(tx, { channel, event: 'test.rollback', payload: { n: 1 } });
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      const committed = await t.database.db.transaction().execute((tx) => publishEvent(tx, { channel, event: 'test.rollback', payload: { n: 2 } }));
      const event = expectEvent(await socket.next());
      expect(event).toMatchObject({ id: committed.id, payload: { n: 2 } });
      await socket.expectSilence(200);
      expect(await t.database.db.selectFrom('realtime_events').select('id').where('channel', '=', channel).execute()).toEqual([{ id: committed.id }]);
    });

    it('refuses to publish on a channel name outside the grammar', async () => {
      await expect(publishEvent(t.database.db, { channel: 'Everyone', event: 'x', payload: {} })).rejects.toThrow(/unknown realtime channel/);
    });

    it('refuses a product event whose payload its listeners could not read, and stores nothing', async () => {
      const { user } = await connectedUser();
      const channel = realtimeChannels.user(user.id);
      const notification = { id: 1, notification_type: 'portcall_update', portcall_id: null, details: { actor_name: 'Schedule sync', actor_side: 'automated' } };
      await expect(publishEvent(t.database.db, { channel, event: 'notification.created', payload: notification })).rejects.toThrow(/details\.actor_side/);
      expect(await t.database.db.selectFrom('realtime_events').select('id').where('channel', '=', channel).execute()).toEqual([]);
    });

    it('after a reconnect with last_event_id, delivers exactly the missed events in order, then live ones', async () => {
      const { user, token, socket } = await connectedUser();
      const channel = realtimeChannels.user(user.id);
      await subscribe(socket, channel);
      const first = await publishEvent(t.database.db, { channel, event: 'e', payload: { n: 1 } });
      expect(expectEvent(await socket.next()).id).toBe(first.id);
      await socket.close();

      const missed = [];
      for (let n = 2; n <= 4; n++) {
        missed.push((await publishEvent(t.database.db, { channel, event: 'e', payload: { n } })).id);
        await publishEvent(t.database.db, { channel: realtimeChannels.draftTerminalOperator(user.id), event: 'other channel', payload: { n } });
      }

      const again = await open({ query: { token } });
      expect(await subscribe(again, channel, first.id)).toEqual({ type: 'subscribed', channel, last_event_id: first.id });
      const replayed = [await again.next(), await again.next(), await again.next()].map(expectEvent);
      expect(replayed.map((e) => e.id)).toEqual(missed);
      expect(replayed.map((e) => e.payload)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
      await again.expectSilence(200);

      const live = await publishEvent(t.database.db, { channel, event: 'e', payload: { n: 5 } });
      expect(expectEvent(await again.next()).id).toBe(live.id);
      await again.expectSilence(200);
    });

    it('catches up from the last_event_id of "subscribed" when no event had arrived before the drop', async () => {
      const { user, token, socket } = await connectedUser();
      const channel = realtimeChannels.user(user.id);
      const subscribed = await subscribe(socket, channel);
      if (subscribed.type !== 'subscribed') throw new Error('not subscribed');
      await socket.close();
      const missed = await publishEvent(t.database.db, { channel, event: 'e', payload: {} });
      const again = await open({ query: { token } });
      await subscribe(again, channel, subscribed.last_event_id);
      expect(expectEvent(await again.next()).id).toBe(missed.id);
    });

    it('hands over from replay to live with no gap and no duplicate while events keep coming', async () => {
      const { user, socket } = await connectedUser();
      const channel = realtimeChannels.user(user.id);
      const before = [];
      for (let n = 0; n < 20; n++) before.push((await publishEvent(t.database.db, { channel, event: 'e', payload: { n } })).id);
      const during = (async () => {
        const ids = [];
        for (let n = 20; n < 60; n++) ids.push((await publishEvent(t.database.db, { channel, event: 'e', payload: { n } })).id);
        return ids;
      })();
      socket.send({ type: 'subscribe', channel, last_event_id: 0 });
      const all = [...before, ...(await during)];
      expect((await socket.next()).type).toBe('subscribed');
      const got: number[] = [];
      while (got.length < all.length) got.push(expectEvent(await socket.next()).id);
      expect(got).toEqual(all);
      await socket.expectSilence(200);
    });

    it('keeps the socket usable after malformed messages, answering each with VALIDATION_FAILED', async () => {
      const { socket } = await connectedUser();
      socket.sendRaw('not json');
      expect(await socket.next()).toEqual({ type: 'error', code: 'VALIDATION_FAILED', message: 'Messages must be JSON.' });
      socket.send({ type: 'shout' });
      expect(await socket.next()).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });
      socket.send({ type: 'subscribe', channel: 'Everything.1' });
      expect(await socket.next()).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED', channel: 'Everything.1' });
      socket.send({ type: 'subscribe', channel: 'User.1', last_event_id: 'yesterday' });
      expect(await socket.next()).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED', channel: 'User.1' });
      socket.send([1, 2, 3]);
      expect(await socket.next()).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });
      socket.sendRaw(Buffer.from([0, 1, 2]));
      expect(await socket.next()).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });
      socket.send({ type: 'ping' });
      expect(await socket.next()).toEqual({ type: 'pong' });
    });

    it('stops delivering after unsubscribe', async () => {
      const { user, socket } = await connectedUser();
      const channel = realtimeChannels.user(user.id);
      await subscribe(socket, channel);
      socket.send({ type: 'unsubscribe', channel });
      socket.send({ type: 'ping' });
      expect(await socket.next()).toEqual({ type: 'pong' });
      await publishEvent(t.database.db, { channel, event: 'e', payload: {} });
      await t.app.realtime.settle();
      await socket.expectSilence(200);
    });
  });

  describe('session checks and retention', () => {
    it('closes the socket with 4401 once the session is revoked', async () => {
      const { token, socket } = await connectedUser();
      await t.app.realtime.recheckSessions();
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
      await t.app.inject({ method: 'PUT', url: '/api/portal/v1/logout', headers: { 'x-portal-token': token } });
      await t.app.realtime.recheckSessions();
      expect(await socket.closed).toEqual({ code: 4401, reason: 'Your session has ended. Please sign in.' });
    });

    it('ends a subscription whose right is gone, and keeps the socket', async () => {
      const terminal = await createTerminal(t.database.db);
      const { user, socket } = await connectedUser({ terminalIds: [terminal.id] });
      await subscribe(socket, realtimeChannels.terminal(terminal.id));
      await subscribe(socket, realtimeChannels.user(user.id));
      await t.database.db.deleteFrom('portal_user_terminals').where('portal_user_id', '=', user.id).execute();
      await t.app.realtime.recheckSessions();
      expect(await socket.next()).toMatchObject({ type: 'error', code: 'FORBIDDEN', channel: `Terminal.${terminal.id}` });
      await publishEvent(t.database.db, { channel: realtimeChannels.terminal(terminal.id), event: 'e', payload: {} });
      const mine = await publishEvent(t.database.db, { channel: realtimeChannels.user(user.id), event: 'e', payload: {} });
      expect(expectEvent(await socket.next()).id).toBe(mine.id);
    });

    it('closes its sockets with 1001 when the server shuts down', async () => {
      const own = await createTestApp(target);
      const url = await listenOnFreePort(own.app);
      const user = await createUser(own.database.db);
      const socket = await connectRealtime(url, { query: { token: await loginAs(own.app, user.email) } });
      socket.send({ type: 'ping' });
      await socket.next();
      await own.close();
      expect((await socket.closed).code).toBe(1001);
    });

    it('deletes events older than 24 hours and keeps newer ones', async () => {
      const now = t.clock.now().getTime();
      const channel = realtimeChannels.user(999_999);
      const old = await t.database.db.insertInto('realtime_events').values({ channel, event: 'old', payload: storedRealtimePayload('test', {}), created_at: new Date(now - 25 * 3600_000) }).returning('id').executeTakeFirstOrThrow();
      const recent = await t.database.db.insertInto('realtime_events').values({ channel, event: 'recent', payload: storedRealtimePayload('test', {}), created_at: new Date(now - 23 * 3600_000) }).returning('id').executeTakeFirstOrThrow();
      expect(await t.app.realtime.cleanup()).toBeGreaterThanOrEqual(1);
      const left = await t.database.db.selectFrom('realtime_events').select('id').where('channel', '=', channel).execute();
      expect(left.map((r) => r.id)).toEqual([recent.id]);
      expect(left.map((r) => r.id)).not.toContain(old.id);
    });

    it('tells a client resuming from before the retention sweep that its gap cannot be replayed, and starts it from now', async () => {
      const { user, socket } = await connectedUser();
      const channel = realtimeChannels.user(user.id);
      const now = t.clock.now().getTime();
      const missed = await t.database.db.insertInto('realtime_events').values({ channel, event: 'missed', payload: storedRealtimePayload('test', {}), created_at: new Date(now - 25 * 3600_000) }).returning('id').executeTakeFirstOrThrow();
      await t.app.realtime.cleanup();
      const mark = await t.database.db.selectFrom('realtime_retention').select('pruned_up_to_id').executeTakeFirstOrThrow();
      expect(mark.pruned_up_to_id).toBeGreaterThanOrEqual(missed.id);
      const kept = await publishEvent(t.database.db, { channel, event: 'kept', payload: {} });
      await t.app.realtime.settle();

      socket.send({ type: 'subscribe', channel, last_event_id: missed.id - 1 });
      expect(await socket.next()).toEqual({ type: 'replay_unavailable', channel, pruned_up_to_id: mark.pruned_up_to_id });
      expect(await socket.next()).toEqual({ type: 'subscribed', channel, last_event_id: t.app.realtime.position });
      await socket.expectSilence(200);
      const live = await publishEvent(t.database.db, { channel, event: 'live', payload: {} });
      expect(expectEvent(await socket.next()).id).toBe(live.id);

      // From the mark on, the catch-up works as before.
      const resumed = await open({ headers: { 'x-portal-token': await loginAs(t.app, user.email) } });
      expect(await subscribe(resumed, channel, mark.pruned_up_to_id)).toEqual({ type: 'subscribed', channel, last_event_id: mark.pruned_up_to_id });
      expect(expectEvent(await resumed.next()).id).toBe(kept.id);
      expect(expectEvent(await resumed.next()).id).toBe(live.id);
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('realtime on PostgreSQL', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    baseUrl = await listenOnFreePort(t.app);
  });
  afterAll(async () => t?.close());

  it('publishing waits for an earlier publishing transaction to commit, so ids follow commit order', async () => {
    const channel = realtimeChannels.user(424_242);
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstId = 0;
    const first = t.database.db.transaction().execute(async (tx) => {
      firstId = (await publishEvent(tx, { channel, event: 'first', payload: {} })).id;
      await firstMayCommit;
    });
    while (firstId === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    let isSecondDone = false;
    const second = publishEvent(t.database.db, { channel, event: 'second', payload: {} }).then((r) => {
      isSecondDone = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isSecondDone).toBe(false);
    releaseFirst();
    await first;
    expect((await second).id).toBeGreaterThan(firstId);
  });

  it('loses nothing when the LISTEN connection drops: it reconnects and reads what was published meanwhile', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.app, user.email);
    const socket = await connectRealtime(baseUrl, { query: { token } });
    const channel = realtimeChannels.user(user.id);
    socket.send({ type: 'subscribe', channel });
    expect((await socket.next()).type).toBe('subscribed');

    const url = (t.databaseConfig as { url: string }).url;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query<{ ok: boolean }>(
      "select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'quayline-listener' and datname = current_database()",
    );
    expect(killed.rows).toEqual([{ ok: true }]);
    await admin.end();

    const published = await publishEvent(t.database.db, { channel, event: 'while the listener was down', payload: {} });
    expect(expectEvent(await socket.next(5000)).id).toBe(published.id);
    const live = await publishEvent(t.database.db, { channel, event: 'after the reconnect', payload: {} });
    expect(expectEvent(await socket.next(5000)).id).toBe(live.id);
    const listeners = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = 'quayline-listener' and datname = current_database()`.execute(t.database.db);
    expect(listeners.rows[0]?.n).toBe(1);
    await socket.close();
  });
});
