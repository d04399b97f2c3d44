import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLogFormat, requestIdOf } from './logger';
import { TEST_PASSWORD, createOrganisation, createTerminal, createUser } from '../test/fixtures';
import { connectRealtime, listenOnFreePort } from '../test/realtime-client';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';

const API = '/api/portal/v1';
const NEW_PASSWORD = 'Quiet-Harbour-2031%';
const GIVEN_REQUEST_ID = 'lb-7f3a.e2e:42';

type TLogLine = { level: number; msg?: string; reqId?: string; req?: { url?: string }; res?: { statusCode?: number }; code?: string };

describe.each(DB_TARGETS)('logs without secrets on %s', (target) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let baseUrl: string;
  const chunks: string[] = [];
  /** Every secret the requests below send or receive; none may show up in the log. */
  const secrets = new Map<string, string>();
  const responseIds: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // The reset mail goes over SMTP, as in production: without SMTP_URL the mail text, code and all, is logged on purpose.
    t = await createTestApp(target, { smtpUrl: smtp.url }, { logger: { level: 'trace', format: 'json', destination: { write: (line) => void chunks.push(line) } } });
    baseUrl = await listenOnFreePort(t.app);
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, options: { headers?: Record<string, string>; payload?: object | string } = {}) => {
      const res = await t.app.inject({ method, url: `${API}${url}`, ...options });
      responseIds.push(String(res.headers['x-request-id']));
      return res;
    };

    const terminal = await createTerminal(t.database.db);
    const org = await createOrganisation(t.database.db, 'terminal_operator');
    const actor = await createUser(t.database.db, { organisationId: org.id, terminalIds: [terminal.id] });
    const colleague = await createUser(t.database.db, { organisationId: org.id, terminalIds: [terminal.id] });
    secrets.set('password', TEST_PASSWORD);

    // Sign-in: the password in the body, the token in the answer and its cookie.
    const login = await call('POST', '/login', { payload: { username: actor.email, password: TEST_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().payload.token as string;
    secrets.set('session token', token);
    expect(login.cookies.find((c) => c.name === 'userToken')?.value).toBe(token);

    // The token as header (with a request id from a load balancer) and as cookie.
    const byHeader = await call('GET', '/user_details', { headers: { 'x-portal-token': token, 'x-request-id': GIVEN_REQUEST_ID } });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers['x-request-id']).toBe(GIVEN_REQUEST_ID);
    const byCookie = await call('GET', '/user_details', { headers: { cookie: `userToken=${token}; theme=dark` } });
    expect(byCookie.statusCode).toBe(200);

    // A WebSocket signed in by ?token=.
    const socket = await connectRealtime(baseUrl, { query: { token } });
    await socket.close();

    // Password reset: the mailed code and the new password in the body, a new token in the answer.
    expect((await call('POST', '/reset_password', { payload: { username: colleague.email } })).statusCode).toBe(200);
    const mail = await smtp.waitForMail(colleague.email);
    const code = new URL(mail.text.match(/https?:\/\/\S+reset-password\?\S+/)![0]).searchParams.get('code')!;
    secrets.set('reset code', code);
    secrets.set('new password', NEW_PASSWORD);
    const updated = await call('POST', '/update_password', { payload: { code, email: colleague.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(updated.statusCode, updated.body).toBe(200);
    secrets.set('token after reset', updated.json().payload.token as string);
    // The mailed link itself, as the browser asks for it (the web app's page).
    await t.app.inject({ method: 'GET', url: `/en/reset-password?email=${encodeURIComponent(colleague.email)}&code=${code}` });

    // Acting for the colleague: the proxy token in the answer, then in its header.
    const proxy = await call('POST', '/proxy_session', { headers: { 'x-portal-token': token }, payload: { user_id: colleague.id } });
    expect(proxy.statusCode, proxy.body).toBe(200);
    const proxyToken = proxy.json().payload.token as string;
    secrets.set('proxy token', proxyToken);
    expect((await call('GET', '/user_details', { headers: { 'x-portal-token': token, 'x-portal-proxy-token': proxyToken } })).statusCode).toBe(200);

    // Refused requests: a body that is not JSON (parser messages quote it), a wrong password, an unsafe request id.
    const broken = await call('POST', '/login', { headers: { 'content-type': 'application/json' }, payload: `{"username":"${actor.email}","password":"${TEST_PASSWORD}"` });
    expect(broken.statusCode).toBe(400);
    const wrong = await call('POST', '/login', { payload: { username: actor.email, password: `${TEST_PASSWORD}-wrong` } });
    expect(wrong.statusCode).toBe(401);
    const unsafeId = await call('GET', '/health', { headers: { 'x-request-id': `evil id ${'x'.repeat(80)}` } });
    expect(unsafeId.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // Whatever a log call hands in by hand under the usual names is redacted too.
    t.app.log.info({ headers: { authorization: `Bearer ${token}`, cookie: `userToken=${token}` }, body: { password: TEST_PASSWORD, code }, token }, 'handed-in objects');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const logText = () => chunks.join('');
  const logLines = (): TLogLine[] => chunks.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as TLogLine);

  it('writes one JSON object per line and logs each request', () => {
    const lines = logLines();
    expect(lines.filter((l) => l.msg === 'incoming request').length).toBeGreaterThanOrEqual(responseIds.length);
    expect(lines.filter((l) => l.msg === 'request completed').length).toBeGreaterThanOrEqual(responseIds.length);
    expect(lines.some((l) => l.msg === 'handed-in objects')).toBe(true);
  });

  it('holds no password, token, reset code or cookie value', () => {
    const text = logText();
    for (const [what, secret] of secrets) expect(text.includes(secret), `${what} in the log`).toBe(false);
    // The realtime URL and the reset link are logged, their secret parameters replaced.
    expect(text).toContain('/api/portal/v1/realtime?token=%5Bredacted%5D');
    expect(text).toMatch(/reset-password\?email=[^"]*&code=%5Bredacted%5D/);
    expect(text).toContain('[redacted]');
  });

  it('tags every request line with its request id, the one it answered with', () => {
    const requestLines = logLines().filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toMatch(/\S/);
    const loggedIds = new Set(requestLines.map((l) => l.reqId));
    for (const id of responseIds) expect(loggedIds.has(id), id).toBe(true);
    expect(logLines().filter((l) => l.reqId === GIVEN_REQUEST_ID).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('logs a refused request once with its error code', () => {
    const refused = logLines().filter((l) => l.msg === 'request refused');
    expect(refused.map((l) => l.code)).toEqual(expect.arrayContaining(['VALIDATION_FAILED', 'CREDENTIALS_DO_NOT_MATCH']));
    for (const line of refused) expect(line.reqId).toMatch(/\S/);
  });
});

describe('log settings', () => {
  it('logs pretty on a terminal outside production, JSON otherwise, and LOG_FORMAT decides when set', () => {
    expect(readLogFormat({}, true)).toBe('pretty');
    expect(readLogFormat({}, false)).toBe('json');
    expect(readLogFormat({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(readLogFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(readLogFormat({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe('pretty');
    expect(() => readLogFormat({ LOG_FORMAT: 'xml' }, false)).toThrow(/LOG_FORMAT/);
  });

  it('takes a short, plain X-Request-Id and replaces anything else with a UUID', () => {
    const idOf = (value: string | string[] | undefined) => requestIdOf({ headers: value === undefined ? {} : { 'x-request-id': value } } as IncomingMessage);
    expect(idOf('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    for (const bad of [undefined, '', 'with space', 'x'.repeat(65), '{"level":60}', ['a', 'b']]) expect(idOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
