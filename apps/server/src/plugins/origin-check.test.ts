import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createUser, loginAs } from '../test/fixtures';
import { listenOnFreePort, realtimeUrl } from '../test/realtime-client';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';
import { FOREIGN_ORIGIN_MESSAGE } from './origin-check';

// testConfig's PUBLIC_URL is http://localhost:3000; one partner origin is configured on top.
const PARTNER = 'https://planner.partner.example';

describe.each(DB_TARGETS)('the app accepts cookie-authenticated writes and sockets only from its own origin, on %s', (target) => {
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(target, { allowedOrigins: [PARTNER] });
    baseUrl = await listenOnFreePort(t.app);
    const user = await createUser(t.database.db);
    userId = user.id;
    token = await loginAs(t.app, user.email);
  });
  afterAll(async () => t?.close());

  const setLocale = (locale: string, headers: Record<string, string>): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'PUT', url: '/api/portal/v1/update_locale', headers, payload: { selected_locale: locale } });
  const savedLocale = async () => (await t.database.db.selectFrom('portal_users').select('selected_locale').where('id', '=', userId).executeTakeFirstOrThrow()).selected_locale;

  it('refuses a cookie-authenticated write from another site with 403 in the envelope, and changes nothing', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:4000', 'https://localhost:3000', 'null']) {
      const res = await setLocale('fr', { cookie: `userToken=${token}`, origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json(), origin).toEqual({ status: { status: 'FORBIDDEN', message: FOREIGN_ORIGIN_MESSAGE }, payload: { error_code: 'FORBIDDEN' } });
    }
    // The proxy cookie counts as a cookie too.
    expect((await setLocale('fr', { cookie: `userProxyToken=whatever`, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/portal/v1/proxy_session', headers: { cookie: `userToken=${token}`, origin: 'https://evil.example' } })).statusCode).toBe(403);
    expect(await savedLocale()).toBe('en');
  });

  it('accepts the app\u2019s own origin under each local name, a configured origin, and requests without Origin', async () => {
    for (const [origin, locale] of [['http://localhost:3000', 'de'], ['http://127.0.0.1:3000', 'fr'], ['http://[::1]:3000', 'es'], [PARTNER, 'de']] as const) {
      const res = await setLocale(locale, { cookie: `userToken=${token}`, origin });
      expect(res.statusCode, origin).toBe(200);
      expect(await savedLocale()).toBe(locale);
    }
    expect((await setLocale('en', { cookie: `userToken=${token}` })).statusCode).toBe(200);
  });

  it('leaves header-token requests and reads alone, whatever their Origin', async () => {
    expect((await setLocale('de', { 'x-portal-token': token, origin: 'https://evil.example' })).statusCode).toBe(200);
    // A header token beside a cookie: the header authenticates, so the cookie is not what a foreign page relies on.
    expect((await setLocale('en', { 'x-portal-token': token, cookie: `userToken=${token}`, origin: 'https://evil.example' })).statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: '/api/portal/v1/user_details', headers: { cookie: `userToken=${token}`, origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  /** Opens the realtime socket like a browser page of `origin` would, with the user's cookie. */
  function openSocket(origin: string): Promise<{ status: number; body: string } | WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(realtimeUrl(baseUrl), { headers: { cookie: `userToken=${token}` }, origin });
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          ws.terminate();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      ws.once('error', reject);
    });
  }

  it('refuses the realtime handshake from another site with 403 before the upgrade, and accepts the app\u2019s own page', async () => {
    const foreign = await openSocket('https://evil.example');
    expect(foreign).not.toBeInstanceOf(WebSocket);
    expect(foreign).toMatchObject({ status: 403 });
    expect(JSON.parse((foreign as { body: string }).body).status).toEqual({ status: 'FORBIDDEN', message: FOREIGN_ORIGIN_MESSAGE });

    const own = await openSocket('http://127.0.0.1:3000');
    expect(own).toBeInstanceOf(WebSocket);
    const socket = own as WebSocket;
    await new Promise((resolve) => {
      socket.once('close', resolve);
      socket.close();
    });
  });
});
