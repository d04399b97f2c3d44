import { LOGIN_LOCK_MS } from '@quayline/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/database';
import { digest } from '../../lib/tokens';
import { DEFAULT_TRUST_PROXY, readTrustProxy } from '../../config';
import { DEFAULT_RATE_LIMITS, type TRateLimits, readRateLimitConfig } from '../../plugins/rate-limit-config';
import { TEST_PASSWORD, createUser, loginAs } from '../../test/fixtures';
import { DB_TARGETS, type DbTarget, type TestApp, createTestApp, testConfig } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';

const API = '/api/portal/v1';
const MINUTE = 60_000;

type TInject = Pick<InjectOptions, 'remoteAddress' | 'headers'>;

function login(app: FastifyInstance, username: string, password: string, extra: TInject = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `${API}/login`, payload: { username, password }, ...extra });
}

function requestReset(app: FastifyInstance, email: string, extra: TInject = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `${API}/reset_password`, payload: { email }, ...extra });
}

/** A 429 in the envelope, with the wait in the Retry-After header and in the payload; returns the seconds. */
function expectTooMany(res: LightMyRequestResponse, code = 'TOO_MANY_REQUESTS'): number {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body.status.status).toBe(code);
  expect(body.payload.error_code).toBe(code);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(body.payload.retry_after_seconds).toBe(seconds);
  return seconds;
}

function limits(overrides: Partial<TRateLimits>): { rateLimits: Partial<TRateLimits> } {
  return { rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides } };
}

describe.each(DB_TARGETS)('rate limits with the default numbers on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('refuses the 11th failed sign-in for an address with 429 and Retry-After, the right password too, until the window ends', async () => {
    const user = await createUser(t.database.db);
    // The account lock (5 failures) answers first; it is a 429 with Retry-After as well.
    for (let i = 1; i <= 10; i++) {
      const res = await login(t.app, user.email, `wrong-${i}`);
      if (i < 5) expect(res.json().status.status).toBe('CREDENTIALS_DO_NOT_MATCH');
      else expect(expectTooMany(res, 'LOGIN_LIMIT_REACH')).toBe(LOGIN_LOCK_MS / 1000);
    }
    const eleventh = await login(t.app, user.email, 'wrong-11');
    expect(expectTooMany(eleventh)).toBe(15 * 60);
    // Locked out means locked out: the right password is refused as well.
    expectTooMany(await login(t.app, user.email.toUpperCase(), TEST_PASSWORD));

    t.clock.advance(10 * MINUTE);
    const later = await login(t.app, user.email, TEST_PASSWORD);
    expect(expectTooMany(later)).toBe(5 * 60);
    t.clock.advance(5 * MINUTE + 1000);
    expect((await login(t.app, user.email, TEST_PASSWORD)).json().status.status).toBe('SUCCESS');
  });

  it('mails at most one reset code per address every 5 minutes', async () => {
    const user = await createUser(t.database.db);
    const mails = async () => (await t.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', user.email).execute()).length;

    expect((await requestReset(t.app, user.email)).json().status.status).toBe('SUCCESS');
    expect(await mails()).toBe(1);
    t.clock.advance(2 * MINUTE);
    // The same address in another spelling is the same address.
    const second = await requestReset(t.app, ` ${user.email.toUpperCase()} `);
    expect(expectTooMany(second)).toBe(3 * 60);
    expect(await mails()).toBe(1);

    t.clock.advance(3 * MINUTE);
    expect((await requestReset(t.app, user.email)).json().status.status).toBe('SUCCESS');
    expect(await mails()).toBe(2);
  });

  it('keeps counters under digests of addresses and tokens, never the values, and deletes expired ones', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.app, user.email);
    await t.app.inject({ method: 'GET', url: `${API}/user_details`, headers: { 'x-portal-token': token } });
    await login(t.app, user.email, 'wrong');
    await waitFor(async () => (await t.database.db.selectFrom('rate_limit_counters').select('key').where('key', 'like', 'session:%').executeTakeFirst()) ?? null, 5_000);
    const keys = (await t.database.db.selectFrom('rate_limit_counters').select('key').execute()).map((r) => r.key);
    expect(keys).toContain(`login-fail:${digest(user.email.toLowerCase())}`);
    expect(keys).toContain(`session:${digest(token)}`);
    expect(keys.join(' ')).not.toContain(user.email);
    expect(keys.join(' ')).not.toContain(token);

    // Every window is over after an hour; the next counted hit sweeps the expired rows (at most once a minute).
    t.clock.advance(61 * MINUTE);
    await login(t.app, user.email, TEST_PASSWORD);
    await waitFor(async () => (await t.database.db.selectFrom('rate_limit_counters').select('key').where('key', '=', `session:${digest(token)}`).executeTakeFirst()) === undefined, 5_000);
  });
});

describe.each(DB_TARGETS)('rate limits with small numbers on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      target,
      limits({
        loginFailuresPerAddress: { max: 3, windowMs: 15 * MINUTE },
        loginsPerIp: { max: 4, windowMs: 15 * MINUTE },
        resetsPerIp: { max: 2, windowMs: 60 * MINUTE },
        requestsPerSession: { max: 5, windowMs: MINUTE },
      }),
    );
  });
  afterAll(async () => t?.close());

  // Each test signs in from its own addresses, so the per-IP limit of one test does not touch another.
  const from = (ip: string) => ({ remoteAddress: ip });

  it('counts failed sign-ins per address, not the successful ones, also for unknown addresses', async () => {
    const user = await createUser(t.database.db);
    const ips = ['10.1.0.1', '10.1.0.2', '10.1.0.3'];
    expect((await login(t.app, user.email, 'wrong-1', from(ips[0]!))).statusCode).toBe(401);
    expect((await login(t.app, user.email, 'wrong-2', from(ips[0]!))).statusCode).toBe(401);
    // Right passwords in between are no failures: a person who gets in is not locked out by earlier typos.
    expect((await login(t.app, user.email, TEST_PASSWORD, from(ips[1]!))).statusCode).toBe(200);
    expect((await login(t.app, user.email, TEST_PASSWORD, from(ips[1]!))).statusCode).toBe(200);
    expect((await login(t.app, user.email, 'wrong-3', from(ips[2]!))).statusCode).toBe(401);
    // Three failures within the window (from three addresses): the address is locked, below the account lock of 5.
    expectTooMany(await login(t.app, user.email, TEST_PASSWORD, from(ips[2]!)));
    t.clock.advance(15 * MINUTE);
    expect((await login(t.app, user.email, TEST_PASSWORD, from(ips[2]!))).statusCode).toBe(200);

    const ghost = `ghost.${Date.now()}@nowhere.test`;
    for (let i = 0; i < 3; i++) expect((await login(t.app, ghost, 'guess', from('10.1.0.9'))).json().status.status).toBe('USER_NOT_FOUND');
    expectTooMany(await login(t.app, ghost, 'guess', from('10.1.0.10')));
  });

  it('counts every sign-in per client IP; X-Forwarded-For only counts when a private-network proxy sends it', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t.database.db)));
    for (const u of users.slice(0, 4)) expect((await login(t.app, u.email, TEST_PASSWORD, from('198.51.100.1'))).statusCode).toBe(200);
    expectTooMany(await login(t.app, users[4]!.email, TEST_PASSWORD, from('198.51.100.1')));
    // Another client is not affected.
    expect((await login(t.app, users[4]!.email, TEST_PASSWORD, from('198.51.100.2'))).statusCode).toBe(200);
    // A client on the internet cannot pick its own address by sending the header: it is still 198.51.100.1.
    const spoofed = await login(t.app, users[4]!.email, TEST_PASSWORD, { ...from('198.51.100.1'), headers: { 'x-forwarded-for': '203.0.113.50' } });
    expectTooMany(spoofed);
    // Behind the load balancer (a private peer) the header names the client: five clients, five counters.
    for (const [i, u] of users.entries()) {
      const res = await login(t.app, u.email, TEST_PASSWORD, { ...from('10.0.0.2'), headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits reset requests per client IP', async () => {
    const users = await Promise.all([1, 2, 3].map(() => createUser(t.database.db)));
    expect((await requestReset(t.app, users[0]!.email, from('10.2.0.1'))).statusCode).toBe(200);
    expect((await requestReset(t.app, users[1]!.email, from('10.2.0.1'))).statusCode).toBe(200);
    expectTooMany(await requestReset(t.app, users[2]!.email, from('10.2.0.1')));
    const sent = await t.database.db.selectFrom('mail_outbox').select('recipient').where('recipient', '=', users[2]!.email).execute();
    expect(sent).toHaveLength(0);
  });

  it('caps the requests of one session, leaves other sessions and the health probes alone', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const token = await loginAs(t.app, user.email);
    const otherToken = await loginAs(t.app, other.email);
    const details = (tk: string) => t.app.inject({ method: 'GET', url: `${API}/user_details`, headers: { 'x-portal-token': tk } });

    for (let i = 0; i < 20; i++) expect((await t.app.inject({ method: 'GET', url: `${API}/health`, headers: { 'x-portal-token': token } })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await details(token)).statusCode).toBe(200);
    const sixth = await details(token);
    expect(expectTooMany(sixth)).toBeLessThanOrEqual(60);
    expect((await details(otherToken)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${API}/ready` })).statusCode).toBe(200);

    t.clock.advance(MINUTE);
    expect((await details(token)).statusCode).toBe(200);
  });

  it('caps anonymous requests per client IP', async () => {
    const translations = () => t.app.inject({ method: 'GET', url: `${API}/translations/en`, remoteAddress: '10.3.0.1' });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await translations()).statusCode);
    expect(answers.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expectTooMany(await translations());
  });
});

describe.each(DB_TARGETS)('two servers on one %s database share the counters', (target: DbTarget) => {
  let a: TestApp;
  let b: FastifyInstance;
  let bDatabase: Database | null = null;
  const rateLimits = limits({ requestsPerSession: { max: 10, windowMs: MINUTE } });

  beforeAll(async () => {
    a = await createTestApp(target, rateLimits);
    // PostgreSQL: a second pool, as a second server has; in-memory PGlite can only be shared as the same object.
    bDatabase = target === 'postgres' ? await openDatabase(a.databaseConfig) : null;
    b = await buildApp({ config: testConfig(a.databaseConfig, rateLimits), clock: a.clock, database: bDatabase ?? a.database });
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  it('one reset mail per address, whichever server is asked', async () => {
    const user = await createUser(a.database.db);
    expect((await requestReset(a.app, user.email)).statusCode).toBe(200);
    expectTooMany(await requestReset(b, user.email));
    const mails = await a.database.db.selectFrom('mail_outbox').select('id').where('recipient', '=', user.email).execute();
    expect(mails).toHaveLength(1);
  });

  it('failed sign-ins on one server lock the address on the other', async () => {
    const ghost = `ghost.${Date.now()}@nowhere.test`;
    for (let i = 0; i < 10; i++) await login(i % 2 ? a.app : b, ghost, 'guess');
    expectTooMany(await login(a.app, ghost, 'guess'));
    expectTooMany(await login(b, ghost, 'guess'));
  });

  it('the per-session ceiling counts the requests both servers saw (batched: within about a second)', async () => {
    // A window of its own: the sign-ins of the tests before (ten failed ones from the same address) are not its concern.
    a.clock.advance(MINUTE + 1000);
    const user = await createUser(a.database.db);
    const token = await loginAs(a.app, user.email);
    const key = `session:${digest(token)}`;
    const details = (app: FastifyInstance) => app.inject({ method: 'GET', url: `${API}/user_details`, headers: { 'x-portal-token': token } });
    const written = (hits: number) => waitFor(async () => (await a.database.db.selectFrom('rate_limit_counters').select('hits').where('key', '=', key).executeTakeFirst())?.hits === hits, 5_000, 20);

    for (let i = 0; i < 6; i++) expect((await details(a.app)).statusCode).toBe(200);
    await written(6);
    expect((await details(b)).statusCode).toBe(200);
    await written(7);
    // B learned the shared total with its write: three more fit under 10, the fourth does not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 3; i++) expect((await details(b)).statusCode).toBe(200);
    expectTooMany(await details(b));
  });
});

describe('rate-limit settings from the environment', () => {
  it('reads RATE_LIMIT_* over the defaults, 0 turning a limit off, and refuses nonsense', () => {
    expect(readRateLimitConfig({})).toEqual(DEFAULT_RATE_LIMITS);
    const read = readRateLimitConfig({ RATE_LIMIT_SESSION_PER_MINUTE: '0', RATE_LIMIT_LOGINS_PER_IP: '500', RATE_LIMIT_RESET_MAIL_MINUTES: '10' });
    expect(read.requestsPerSession).toEqual({ max: 0, windowMs: MINUTE });
    expect(read.loginsPerIp).toEqual({ max: 500, windowMs: 15 * MINUTE });
    expect(read.resetMailsPerAddress).toEqual({ max: 1, windowMs: 10 * MINUTE });
    expect(() => readRateLimitConfig({ RATE_LIMIT_LOGINS_PER_IP: 'lots' })).toThrow(/RATE_LIMIT_LOGINS_PER_IP/);
    expect(() => readRateLimitConfig({ RATE_LIMIT_RESET_MAIL_MINUTES: '0' })).toThrow(/RATE_LIMIT_RESET_MAIL_MINUTES/);
  });

  it('believes X-Forwarded-For from private peers unless TRUST_PROXY says otherwise', () => {
    expect(readTrustProxy({})).toBe(DEFAULT_TRUST_PROXY);
    expect(readTrustProxy({ TRUST_PROXY: 'false' })).toBe(false);
    expect(readTrustProxy({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' })).toBe('10.0.0.0/8, 192.168.1.5');
    expect(() => readTrustProxy({ TRUST_PROXY: '1' })).toThrow(/hop count/);
  });
});

describe('the session ceiling switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', limits({ requestsPerSession: { max: 0, windowMs: MINUTE } }));
  });
  afterAll(async () => t?.close());

  it('counts nothing per session (what bench:api runs with)', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.app, user.email);
    for (let i = 0; i < 30; i++) expect((await t.app.inject({ method: 'GET', url: `${API}/user_details`, headers: { 'x-portal-token': token } })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const sessionRows = await t.database.db.selectFrom('rate_limit_counters').select('key').where('key', 'like', 'session:%').execute();
    expect(sessionRows).toHaveLength(0);
  });
});
