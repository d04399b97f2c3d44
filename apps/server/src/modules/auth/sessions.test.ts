import { SESSION_TTL_SECONDS } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createTerminal, createUser, loginAs } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('sessions and proxies on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  const details = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/portal/v1/user_details', headers });

  it('answers 401 UNAUTHORIZED without a token or with an unknown one', async () => {
    const none = await details({});
    expect(none.statusCode).toBe(401);
    expect(none.json().status.status).toBe('UNAUTHORIZED');
    expect((await details({ 'x-portal-token': 'not-a-token' })).statusCode).toBe(401);
  });

  it('accepts the token in the X-PORTAL-TOKEN header and in the userToken cookie', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.app, user.email);
    expect((await details({ 'x-portal-token': token })).json().payload.email).toBe(user.email);
    expect((await details({ cookie: `userToken=${token}` })).json().payload.email).toBe(user.email);
  });

  it('logout revokes the session on the server', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.app, user.email);
    const out = await t.app.inject({ method: 'PUT', url: '/api/portal/v1/logout', headers: { 'x-portal-token': token } });
    expect(out.json().status.status).toBe('SUCCESS');
    expect(out.cookies.find((c) => c.name === 'userToken')?.value).toBe('');
    expect((await details({ 'x-portal-token': token })).statusCode).toBe(401);
  });

  it('expires a session after 7 days', async () => {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.app, user.email);
    t.clock.advance(SESSION_TTL_SECONDS * 1000 - 60_000);
    expect((await details({ 'x-portal-token': token })).statusCode).toBe(200);
    t.clock.advance(120_000);
    expect((await details({ 'x-portal-token': token })).statusCode).toBe(401);
  });

  it('lets a terminal operator act for a colleague of the same terminal; the proxy token wins and every request is recorded', async () => {
    const terminal = await createTerminal(t.database.db);
    const company = await createOrganisation(t.database.db, 'terminal_operator');
    const actor = await createUser(t.database.db, { terminalIds: [terminal.id], organisationId: company.id });
    const colleague = await createUser(t.database.db, { terminalIds: [terminal.id], organisationId: company.id });
    const actorToken = await loginAs(t.app, actor.email);
    const started = await t.app.inject({ method: 'POST', url: '/api/portal/v1/proxy_session', headers: { 'x-portal-token': actorToken }, payload: { user_id: colleague.id } });
    expect(started.json().status.status).toBe('SUCCESS');
    const proxyToken = started.json().payload.token as string;

    const asColleague = await details({ 'x-portal-token': actorToken, 'x-portal-proxy-token': proxyToken });
    expect(asColleague.json().payload.email).toBe(colleague.email);
    expect(asColleague.json().payload.acting_as).toEqual({ id: actor.id, email: actor.email });
    const viaCookie = await details({ cookie: `userToken=${actorToken}; userProxyToken=${proxyToken}` });
    expect(viaCookie.json().payload.email).toBe(colleague.email);

    const recorded = await t.database.db.selectFrom('proxy_requests').selectAll().where('actor_user_id', '=', actor.id).orderBy('id').execute();
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({ acted_as_user_id: colleague.id, method: 'GET', path: '/api/portal/v1/user_details', status_code: 200 });
  });

  it('refuses a proxy for someone of another terminal, for a non-terminal operator, and a stale proxy token', async () => {
    const terminalA = await createTerminal(t.database.db);
    const terminalB = await createTerminal(t.database.db);
    const actor = await createUser(t.database.db, { terminalIds: [terminalA.id] });
    const stranger = await createUser(t.database.db, { terminalIds: [terminalB.id] });
    const agent = await createUser(t.database.db, { userType: 'agent', terminalIds: [terminalA.id] });
    const actorToken = await loginAs(t.app, actor.email);
    const agentToken = await loginAs(t.app, agent.email);
    const start = (token: string, userId: number) => t.app.inject({ method: 'POST', url: '/api/portal/v1/proxy_session', headers: { 'x-portal-token': token }, payload: { user_id: userId } });
    expect((await start(actorToken, stranger.id)).statusCode).toBe(403);
    expect((await start(agentToken, actor.id)).statusCode).toBe(403);
    expect((await details({ 'x-portal-token': actorToken, 'x-portal-proxy-token': 'stale' })).statusCode).toBe(401);
  });
});
