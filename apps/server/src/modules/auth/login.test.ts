import { LOGIN_LOCK_MS, SESSION_TTL_SECONDS } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('POST /login on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  const login = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: body });

  it('signs in case-insensitively, returns token, user_info and the userToken cookie', async () => {
    const user = await createUser(t.database.db, { locale: 'de' });
    const res = await login({ username: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status.status).toBe('SUCCESS');
    expect(body.payload.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.payload.user_info).toMatchObject({ id: user.id, email: user.email, selected_locale: 'de', user_type: 'terminal_operator' });
    const cookie = res.cookies.find((c) => c.name === 'userToken');
    expect(cookie).toMatchObject({ value: body.payload.token, path: '/', httpOnly: true, sameSite: 'Lax', maxAge: SESSION_TTL_SECONDS });
  });

  it('accepts `email` as the same field as `username`', async () => {
    const user = await createUser(t.database.db);
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.json().status.status).toBe('SUCCESS');
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(t.database.db);
    const token = (await login({ username: user.email, password: TEST_PASSWORD })).json().payload.token as string;
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').where('portal_user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers CREDENTIALS_DO_NOT_MATCH with the catalogue text for a wrong password', async () => {
    const user = await createUser(t.database.db);
    const res = await login({ username: user.email, password: 'Wrong-Password-1!' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: { status: 'CREDENTIALS_DO_NOT_MATCH', message: 'The email and/or password is not correct' },
      payload: { error_code: 'CREDENTIALS_DO_NOT_MATCH' },
    });
  });

  it('answers USER_NOT_FOUND for an unknown email', async () => {
    const res = await login({ username: 'nobody@nowhere.test', password: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toEqual({ status: 'USER_NOT_FOUND', message: 'This email is not existing in our system. Please try another one' });
  });

  it('answers PASSWORD_EXPIRED after a correct password whose time is up, and opens no session', async () => {
    const user = await createUser(t.database.db, { passwordExpiresAt: new Date(t.clock.now().getTime() - 1000) });
    const res = await login({ username: user.email, password: TEST_PASSWORD });
    expect(res.json().status.status).toBe('PASSWORD_EXPIRED');
    expect(res.json().payload.error_code).toBe('PASSWORD_EXPIRED');
    const sessions = await t.database.db.selectFrom('sessions').select('id').where('portal_user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it('rejects a body without password as VALIDATION_FAILED with field errors', async () => {
    const res = await login({ username: 'a@b.test' });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.status).toBe('VALIDATION_FAILED');
    expect(res.json().payload.errors.map((e: { path: string }) => e.path)).toContain('password');
  });

  it('rejects malformed JSON in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.status).toBe('VALIDATION_FAILED');
  });

  it('locks the account for 15 minutes after 5 failures in a row, with HTTP 429, and unlocks by itself', async () => {
    const user = await createUser(t.database.db);
    for (let i = 1; i <= 4; i++) {
      const res = await login({ username: user.email, password: `wrong-${i}` });
      expect(res.json().status.status).toBe('CREDENTIALS_DO_NOT_MATCH');
    }
    const fifth = await login({ username: user.email, password: 'wrong-5' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().status.status).toBe('LOGIN_LIMIT_REACH');

    // Even the right password is refused while locked.
    const locked = await login({ username: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);

    t.clock.advance(LOGIN_LOCK_MS - 1000);
    expect((await login({ username: user.email, password: TEST_PASSWORD })).statusCode).toBe(429);
    t.clock.advance(2000);
    expect((await login({ username: user.email, password: TEST_PASSWORD })).json().status.status).toBe('SUCCESS');
  });

  it('counts failures only within 15 minutes, and a success resets the count', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 4; i++) await login({ username: user.email, password: 'wrong' });
    expect((await login({ username: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ username: user.email, password: 'wrong' })).statusCode).toBe(401);

    const other = await createUser(t.database.db);
    for (let i = 0; i < 4; i++) await login({ username: other.email, password: 'wrong' });
    t.clock.advance(16 * 60_000);
    // The earlier four fell out of the window, so this is failure number one, not five.
    expect((await login({ username: other.email, password: 'wrong' })).statusCode).toBe(401);
  });
});
