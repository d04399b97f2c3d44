import { HEADER_PROXY_TOKEN, HEADER_TOKEN, ZSessionData } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createTerminal, createUser, loginAs } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const API = '/api/portal/v1';

describe.each(DB_TARGETS)('GET /session_data on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  const get = async (url: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return (res.json() as { payload: unknown }).payload;
  };

  it('answers what /user_details, /terminals, /portal_user_terminals and /terminals/current_terminal answer, in one', async () => {
    const [a, b] = [await createTerminal(t.database.db), await createTerminal(t.database.db)];
    const user = await createUser(t.database.db, { terminalIds: [a.id, b.id], locale: 'es' });
    const headers = { [HEADER_TOKEN]: await loginAs(t.app, user.email) };
    await t.app.inject({ method: 'PUT', url: `${API}/update_last_used_terminal`, headers, payload: { terminal_id: b.id } });
    const data = ZSessionData.parse(await get('/session_data', headers));
    expect(data.user).toEqual(await get('/user_details', headers));
    expect(data.terminals).toEqual(await get('/terminals', headers));
    expect(data.portal_user_terminals).toEqual(await get('/portal_user_terminals', headers));
    expect(data.current_terminal).toEqual(await get('/terminals/current_terminal', headers));
    expect(data.current_terminal?.id).toBe(b.id);
    expect(data.settings).toMatchObject({ selected_locale: 'es', canvas_settings: data.user.canvas_settings, portcall_card_settings: data.user.portcall_card_settings });
    expect(data.proxy).toBeNull();
  });

  it('answers no current terminal for a user linked to none, and 401 without a session', async () => {
    const user = await createUser(t.database.db);
    const data = ZSessionData.parse(await get('/session_data', { [HEADER_TOKEN]: await loginAs(t.app, user.email) }));
    expect(data.terminals).toEqual([]);
    expect(data.current_terminal).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `${API}/session_data` })).statusCode).toBe(401);
  });

  it('answers the colleague\u2019s data with the proxy info while acting for them', async () => {
    const terminal = await createTerminal(t.database.db);
    const organisation = await createOrganisation(t.database.db, 'terminal_operator');
    const actor = await createUser(t.database.db, { terminalIds: [terminal.id], organisationId: organisation.id });
    const colleague = await createUser(t.database.db, { terminalIds: [terminal.id], organisationId: organisation.id });
    const actorToken = await loginAs(t.app, actor.email);
    const proxy = await t.app.inject({ method: 'POST', url: `${API}/proxy_session`, headers: { [HEADER_TOKEN]: actorToken }, payload: { user_id: colleague.id } });
    const data = ZSessionData.parse(await get('/session_data', { [HEADER_TOKEN]: actorToken, [HEADER_PROXY_TOKEN]: proxy.json().payload.token as string }));
    expect(data.user.id).toBe(colleague.id);
    expect(data.proxy).toMatchObject({ actor: { id: actor.id }, acting_for: { id: colleague.id } });
    expect(data.proxy).toEqual(data.user.proxy);
  });
});
