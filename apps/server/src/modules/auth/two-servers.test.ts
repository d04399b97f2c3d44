import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { createUser, TEST_PASSWORD } from '../../test/fixtures';
import { startServerProcess } from '../../test/server-process';
import { createPostgresDatabase } from '../../test/test-app';

// Sessions live in the database, so any server process on the same PostgreSQL accepts any other's token.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: Awaited<ReturnType<typeof startServerProcess>>;
  let b: Awaited<ReturnType<typeof startServerProcess>>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = { DATABASE_URL: database.url, SEED_DEMO: 'false' };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it('accepts a token issued by the other process, and a logout on one ends it on both', async () => {
    const db = await openDatabase({ kind: 'postgres', url: database.url });
    const user = await createUser(db.db);
    await db.close();

    const health = (await (await fetch(`${b.url}/api/portal/v1/health`)).json()) as { payload: { database: string } };
    expect(health.payload.database).toBe('postgres');

    const login = await fetch(`${a.url}/api/portal/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.email, password: TEST_PASSWORD }) });
    const token = ((await login.json()) as { payload: { token: string } }).payload.token;
    const onB = await fetch(`${b.url}/api/portal/v1/user_details`, { headers: { 'x-portal-token': token } });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { payload: { email: string } }).payload.email).toBe(user.email);

    const out = await fetch(`${b.url}/api/portal/v1/logout`, { method: 'PUT', headers: { 'x-portal-token': token } });
    expect(out.status).toBe(200);
    expect((await fetch(`${a.url}/api/portal/v1/user_details`, { headers: { 'x-portal-token': token } })).status).toBe(401);
  });
});
