import { type TRealtimeServerMessage, realtimeChannels } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database';
import { TEST_PASSWORD, createUser } from '../../test/fixtures';
import { connectRealtime } from '../../test/realtime-client';
import { startServerProcess } from '../../test/server-process';
import { createPostgresDatabase } from '../../test/test-app';
import { publishEvent } from './publish-event';

function eventId(message: TRealtimeServerMessage): number {
  if (message.type !== 'event') throw new Error(`expected an event, got ${JSON.stringify(message)}`);
  return message.id;
}

// Events go through the database (insert + NOTIFY), so a socket on any server sees what was published anywhere.
describe.skipIf(!process.env.TEST_DATABASE_URL)('realtime across two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: Awaited<ReturnType<typeof startServerProcess>>;
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  let db: Database;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = { DATABASE_URL: database.url, SEED_DEMO: 'false' };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    db = await openDatabase({ kind: 'postgres', url: database.url });
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.close();
    await database?.drop();
  });

  async function signIn(serverUrl: string): Promise<{ id: number; token: string }> {
    const user = await createUser(db.db);
    const login = await fetch(`${serverUrl}/api/portal/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.email, password: TEST_PASSWORD }) });
    return { id: user.id, token: ((await login.json()) as { payload: { token: string } }).payload.token };
  }

  it('a socket on server B receives, within 2 s, an event published through another connection to the database', async () => {
    const user = await signIn(a.url);
    const onB = await connectRealtime(b.url, { query: { token: user.token } });
    const onA = await connectRealtime(a.url, { query: { token: user.token } });
    const channel = realtimeChannels.user(user.id);
    for (const socket of [onA, onB]) {
      socket.send({ type: 'subscribe', channel });
      expect(await socket.next()).toMatchObject({ type: 'subscribed', channel });
    }

    const startedAt = Date.now();
    const published = await publishEvent(db.db, { channel, event: 'notification.created', payload: { text: 'Berth window revised' } });
    expect(eventId(await onB.next(2000))).toBe(published.id);
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(eventId(await onA.next(2000))).toBe(published.id);
    await onA.close();
    await onB.close();
  });

  it('a client that loses server A catches up on server B with last_event_id', async () => {
    const user = await signIn(b.url);
    const channel = realtimeChannels.user(user.id);
    const onA = await connectRealtime(a.url, { query: { token: user.token } });
    onA.send({ type: 'subscribe', channel });
    await onA.next();
    const seen = await publishEvent(db.db, { channel, event: 'e', payload: { n: 1 } });
    expect(eventId(await onA.next())).toBe(seen.id);
    await onA.close();

    const missed = [(await publishEvent(db.db, { channel, event: 'e', payload: { n: 2 } })).id, (await publishEvent(db.db, { channel, event: 'e', payload: { n: 3 } })).id];
    const onB = await connectRealtime(b.url, { query: { token: user.token } });
    onB.send({ type: 'subscribe', channel, last_event_id: seen.id });
    await onB.next();
    expect([eventId(await onB.next()), eventId(await onB.next())]).toEqual(missed);
    await onB.expectSilence(200);
    await onB.close();
  });
});
