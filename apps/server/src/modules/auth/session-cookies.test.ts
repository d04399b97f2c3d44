import { COOKIE_PORTAL_USER_SESSION, COOKIE_USER_SESSION, COOKIE_USER_TOKEN, HEADER_PROXY_TOKEN, HEADER_TOKEN, SESSION_TTL_SECONDS, ZPortalUserSession } from '@quayline/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createOrganisation, createTerminal, createUser } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const API = '/api/portal/v1';
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
const summaryOf = (res: LightMyRequestResponse) => ZPortalUserSession.parse(JSON.parse(decodeURIComponent(res.cookies.find((c) => c.name === COOKIE_PORTAL_USER_SESSION)!.value)));
/** The raw Set-Cookie header of one cookie, to see the attributes exactly as a browser does. */
function setCookieHeader(res: LightMyRequestResponse, name: string): string {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return all.find((h) => h.startsWith(`${name}=`)) ?? '';
}

describe.each(DB_TARGETS)('the session cookies of spec section 9 on %s', (target) => {
  let t: TestApp;
  let secure: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
    secure = await createTestApp(target, { secureCookies: true });
  });
  afterAll(async () => {
    await t?.close();
    await secure?.close();
  });

  const login = (app: TestApp, email: string) => app.app.inject({ method: 'POST', url: `${API}/login`, payload: { username: email, password: TEST_PASSWORD } });

  it('sets userToken and userSession (HttpOnly, the token) and a readable portalUserSession on sign-in, 7 days on path /', async () => {
    const [a, b] = [await createTerminal(t.database.db), await createTerminal(t.database.db)];
    const user = await createUser(t.database.db, { terminalIds: [a.id, b.id], locale: 'fr', userType: 'terminal_operator' });
    const res = await login(t, user.email);
    expect(res.statusCode).toBe(200);
    const token = res.json().payload.token as string;
    for (const name of [COOKIE_USER_TOKEN, COOKIE_USER_SESSION]) {
      expect(cookieOf(res, name)).toMatchObject({ value: token, path: '/', httpOnly: true, sameSite: 'Lax', maxAge: SESSION_TTL_SECONDS });
      expect(cookieOf(res, name)?.secure).toBeFalsy();
    }
    const readable = cookieOf(res, COOKIE_PORTAL_USER_SESSION);
    expect(readable).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: SESSION_TTL_SECONDS });
    expect(readable?.httpOnly).toBeFalsy();
    expect(setCookieHeader(res, COOKIE_PORTAL_USER_SESSION)).not.toMatch(/HttpOnly/i);
    expect(setCookieHeader(res, COOKIE_USER_SESSION)).toMatch(/HttpOnly/);
    expect(readable!.value).not.toContain(token);
    const current = (await t.app.inject({ method: 'GET', url: `${API}/terminals/current_terminal`, headers: { [HEADER_TOKEN]: token } })).json().payload.id as number;
    expect(summaryOf(res)).toEqual({ user_id: user.id, user_type: 'terminal_operator', selected_locale: 'fr', currentTerminal: current });
  });

  it('marks all three Secure when SECURE_COOKIES is on', async () => {
    const user = await createUser(secure.database.db);
    const res = await login(secure, user.email);
    for (const name of [COOKIE_USER_TOKEN, COOKIE_USER_SESSION, COOKIE_PORTAL_USER_SESSION]) expect(setCookieHeader(res, name)).toMatch(/; Secure/);
    expect(summaryOf(res).currentTerminal).toBeNull();
  });

  it('moves currentTerminal when update_last_used_terminal is called, and not while acting for a colleague', async () => {
    const [a, b] = [await createTerminal(t.database.db), await createTerminal(t.database.db)];
    const user = await createUser(t.database.db, { terminalIds: [a.id, b.id] });
    const token = (await login(t, user.email)).json().payload.token as string;
    for (const terminalId of [a.id, b.id]) {
      const res = await t.app.inject({ method: 'PUT', url: `${API}/update_last_used_terminal`, headers: { [HEADER_TOKEN]: token }, payload: { terminal_id: terminalId } });
      expect(res.statusCode).toBe(200);
      expect(summaryOf(res)).toMatchObject({ user_id: user.id, currentTerminal: terminalId });
      expect(cookieOf(res, COOKIE_PORTAL_USER_SESSION)).toMatchObject({ path: '/', maxAge: SESSION_TTL_SECONDS });
    }
    // Acting for a colleague: the browser's own summary stays as it is.
    const organisation = await createOrganisation(t.database.db, 'terminal_operator');
    const actor = await createUser(t.database.db, { terminalIds: [a.id], organisationId: organisation.id });
    const colleague = await createUser(t.database.db, { terminalIds: [a.id, b.id], organisationId: organisation.id });
    const actorToken = (await login(t, actor.email)).json().payload.token as string;
    const proxy = await t.app.inject({ method: 'POST', url: `${API}/proxy_session`, headers: { [HEADER_TOKEN]: actorToken }, payload: { user_id: colleague.id } });
    expect(proxy.statusCode).toBe(200);
    const acting = await t.app.inject({
      method: 'PUT',
      url: `${API}/update_last_used_terminal`,
      headers: { [HEADER_TOKEN]: actorToken, [HEADER_PROXY_TOKEN]: proxy.json().payload.token as string },
      payload: { terminal_id: b.id },
    });
    expect(acting.statusCode).toBe(200);
    expect(cookieOf(acting, COOKIE_PORTAL_USER_SESSION)).toBeUndefined();
  });

  it('sets them after an expired password is replaced, and clears all three on sign-out', async () => {
    const user = await createUser(t.database.db, { passwordExpiresAt: new Date(t.clock.now().getTime() - 3600_000) });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `${API}/reset_expired_password`,
      payload: { email: user.email, old_password: TEST_PASSWORD, new_password: 'Another-Secret-42!', new_password_confirmation: 'Another-Secret-42!' },
    });
    expect(changed.statusCode).toBe(200);
    const token = changed.json().payload.token as string;
    expect(cookieOf(changed, COOKIE_USER_SESSION)).toMatchObject({ value: token, httpOnly: true, maxAge: SESSION_TTL_SECONDS });
    expect(summaryOf(changed).user_id).toBe(user.id);
    const out = await t.app.inject({ method: 'PUT', url: `${API}/logout`, headers: { [HEADER_TOKEN]: token } });
    expect(out.statusCode).toBe(200);
    for (const name of [COOKIE_USER_TOKEN, COOKIE_USER_SESSION, COOKIE_PORTAL_USER_SESSION]) {
      expect(cookieOf(out, name)?.value).toBe('');
      expect(cookieOf(out, name)?.path).toBe('/');
    }
  });
});
