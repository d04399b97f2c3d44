import { PROXY_SESSION_TTL_MINUTES, realtimeChannels } from '@quayline/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createTerminal, createUser, loginAs } from '../../test/fixtures';
import { createPortcallWorld } from '../../test/portcall-world';
import { type TTestSocket, connectRealtime, listenOnFreePort } from '../../test/realtime-client';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { publishEvent } from '../realtime/publish-event';

type THeaders = Record<string, string>;

describe.each(DB_TARGETS)('acting for a colleague on %s', (target) => {
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

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: THeaders, payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: `/api/portal/v1${url}`, headers, ...(payload ? { payload } : {}) });

  /** A signed-in person with a name, in an organisation, at the given terminals. */
  async function person(options: { organisationId: number; terminalIds?: number[]; isLead?: boolean; userType?: 'terminal_operator' | 'agent' | 'vessel_operator'; firstName?: string; lastName?: string }) {
    const user = await createUser(t.database.db, { organisationId: options.organisationId, terminalIds: options.terminalIds ?? [], userType: options.userType ?? 'terminal_operator' });
    await t.database.db
      .updateTable('portal_users')
      .set({ is_organisation_lead: options.isLead ?? false, first_name: options.firstName ?? 'Pat', last_name: options.lastName ?? `P${user.id}` })
      .where('id', '=', user.id)
      .execute();
    const token = await loginAs(t.app, user.email);
    return { ...user, token, headers: { 'x-portal-token': token } as THeaders };
  }

  /** A terminal operator company with one terminal, two plain colleagues there, and a lead. */
  async function company() {
    const terminal = await createTerminal(t.database.db);
    const org = await createOrganisation(t.database.db, 'terminal_operator');
    const anna = await person({ organisationId: org.id, terminalIds: [terminal.id], firstName: 'Anna', lastName: 'Actor' });
    const bob = await person({ organisationId: org.id, terminalIds: [terminal.id], firstName: 'Bob', lastName: 'Target' });
    const lead = await person({ organisationId: org.id, isLead: true, firstName: 'Lea', lastName: 'Lead' });
    return { terminal, org, anna, bob, lead };
  }

  async function startProxy(actorHeaders: THeaders, userId: number) {
    const res = await api('POST', '/proxy_session', actorHeaders, { user_id: userId });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().payload.token as string;
    return { res, token, headers: { ...actorHeaders, 'x-portal-proxy-token': token } as THeaders };
  }

  const auditOf = (actorId: number) => t.database.db.selectFrom('proxy_audit_events').selectAll().where('actor_user_id', '=', actorId).orderBy('id').execute();

  it('starts a 30-minute proxy for a colleague at a shared terminal, tells the colleague, and describes both people in user_details', async () => {
    const { anna, bob } = await company();
    const { res, headers } = await startProxy(anna.headers, bob.id);
    const cookie = res.cookies.find((c) => c.name === 'userProxyToken');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', maxAge: PROXY_SESSION_TTL_MINUTES * 60 });
    expect(new Date(res.json().payload.expires_at).getTime() - t.clock.now().getTime()).toBe(30 * 60_000);

    const details = (await api('GET', '/user_details', headers)).json().payload;
    expect(details.email).toBe(bob.email);
    expect(details.proxy).toEqual({
      actor: { id: anna.id, email: anna.email, first_name: 'Anna', last_name: 'Actor' },
      acting_for: { id: bob.id, email: bob.email, first_name: 'Bob', last_name: 'Target' },
      expires_at: res.json().payload.expires_at,
    });
    expect(details.acting_as).toEqual({ id: anna.id, email: anna.email });
    expect((await api('GET', '/user_details', anna.headers)).json().payload.proxy).toBeNull();

    expect(await auditOf(anna.id)).toEqual([expect.objectContaining({ event: 'started', target_user_id: bob.id, reason: 'shared_terminal' })]);
    const notes = (await api('GET', '/notification_messages', bob.headers)).json().payload.items;
    expect(notes[0]).toMatchObject({ notification_type: 'proxy_session', portcall_id: null, details: { actor_name: 'Anna Actor' } });
  });

  it('lets an organisation lead act for any non-lead member, without a shared terminal', async () => {
    const { lead, bob } = await company();
    await startProxy(lead.headers, bob.id);
    expect(await auditOf(lead.id)).toEqual([expect.objectContaining({ event: 'started', target_user_id: bob.id, reason: 'organisation_lead' })]);
  });

  it('refuses another organisation, nesting, a lead as target and a member without a shared terminal with 403, each audited', async () => {
    const { anna, bob, lead, org } = await company();
    const other = await company();
    const loner = await person({ organisationId: org.id, firstName: 'Lone', lastName: 'Wolf' });
    const refused = async (headers: THeaders, userId: number) => {
      const res = await api('POST', '/proxy_session', headers, { user_id: userId });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().status.status).toBe('FORBIDDEN');
      return res.json().status.message as string;
    };
    expect(await refused(anna.headers, other.bob.id)).toMatch(/own organisation/);
    expect(await refused(lead.headers, other.bob.id)).toMatch(/own organisation/);
    expect(await refused(anna.headers, lead.id)).toMatch(/lead/);
    expect(await refused(anna.headers, loner.id)).toMatch(/role/);
    const { headers } = await startProxy(anna.headers, bob.id);
    expect(await refused(headers, loner.id)).toMatch(/already acting/);
    expect(await refused(anna.headers, anna.id)).toMatch(/yourself/);

    const rows = (await auditOf(anna.id)).filter((r) => r.event === 'refused');
    expect(rows.map((r) => [r.target_user_id, r.reason])).toEqual([
      [other.bob.id, 'other_organisation'],
      [lead.id, 'target_is_lead'],
      [loner.id, 'not_allowed_role'],
      [loner.id, 'nested'],
      [anna.id, 'self'],
    ]);
    expect((await auditOf(lead.id)).map((r) => r.reason)).toEqual(['other_organisation']);
  });

  it('answers an expired proxy token with 403 PROXY_EXPIRED naming the colleague, clears the cookie and audits it once; garbage stays 401', async () => {
    const { anna, bob } = await company();
    const { headers } = await startProxy(anna.headers, bob.id);
    t.clock.advance(PROXY_SESSION_TTL_MINUTES * 60_000 - 1000);
    expect((await api('GET', '/user_details', headers)).statusCode).toBe(200);
    t.clock.advance(2000);
    const expired = await api('GET', '/user_details', headers);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().status).toEqual({ status: 'PROXY_EXPIRED', message: 'The time to act for Bob Target has run out.' });
    expect(expired.cookies.find((c) => c.name === 'userProxyToken')?.value).toBe('');
    expect((await api('PUT', '/update_canvas_settings', headers, { type: 'portcall_card_settings', value: [] })).statusCode).toBe(403);
    expect((await auditOf(anna.id)).filter((r) => r.event === 'expired')).toEqual([expect.objectContaining({ target_user_id: bob.id, reason: 'token presented after expiry' })]);
    // The actor's own session is untouched.
    expect((await api('GET', '/user_details', anna.headers)).json().payload.email).toBe(anna.email);
    const garbage = await api('GET', '/user_details', { ...anna.headers, 'x-portal-proxy-token': 'not-a-token' });
    expect(garbage.statusCode).toBe(401);
    // A user token in the proxy slot is not a proxy either.
    expect((await api('GET', '/user_details', { 'x-portal-proxy-token': anna.token })).statusCode).toBe(401);
  });

  it('DELETE /proxy_session ends it, clears the cookie, audits it and answers the actor\u2019s own details', async () => {
    const { anna, bob } = await company();
    const { headers } = await startProxy(anna.headers, bob.id);
    const ended = await api('DELETE', '/proxy_session', headers);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().payload).toMatchObject({ id: anna.id, email: anna.email, proxy: null, acting_as: null });
    expect(ended.cookies.find((c) => c.name === 'userProxyToken')?.value).toBe('');
    expect((await auditOf(anna.id)).map((r) => r.event)).toEqual(['started', 'ended']);
    const after = await api('GET', '/user_details', headers);
    expect(after.statusCode).toBe(403);
    expect(after.json().status.status).toBe('PROXY_EXPIRED');
    expect((await api('DELETE', '/proxy_session', anna.headers)).statusCode).toBe(400);
  });

  const endedRows = async (actorId: number) => (await auditOf(actorId)).filter((r) => r.event === 'ended').map((r) => [r.target_user_id, r.reason]);

  it('ends the proxy sessions started from the actor\u2019s own session when the actor signs out: the next request, a write and an open socket are refused, audited once', async () => {
    const { anna, bob, org, terminal } = await company();
    const carl = await person({ organisationId: org.id, terminalIds: [terminal.id], firstName: 'Carl', lastName: 'Colleague' });
    const forBob = await startProxy(anna.headers, bob.id);
    // Anna on a second device, acting for Carl from there.
    const annaElsewhere = { 'x-portal-token': await loginAs(t.app, anna.email) };
    const forCarl = await startProxy(annaElsewhere, carl.id);
    const socket = await connectRealtime(baseUrl, { headers: { cookie: `userToken=${anna.token}; userProxyToken=${forBob.token}` } });
    sockets.push(socket);

    expect((await api('PUT', '/logout', anna.headers)).statusCode).toBe(200);
    const read = await api('GET', '/user_details', forBob.headers);
    expect(read.statusCode).toBe(403);
    expect(read.json().status).toEqual({ status: 'PROXY_EXPIRED', message: 'Acting for Bob Target has ended.' });
    expect(read.cookies.find((c) => c.name === 'userProxyToken')?.value).toBe('');
    expect((await api('PUT', '/update_canvas_settings', forBob.headers, { type: 'portcall_card_settings', value: [] })).statusCode).toBe(403);
    await t.app.realtime.recheckSessions();
    expect((await socket.closed).code).toBe(4401);
    // The proxy session of the other device goes on.
    expect((await api('GET', '/user_details', forCarl.headers)).json().payload.email).toBe(carl.email);
    expect(await endedRows(anna.id)).toEqual([[bob.id, 'actor_signed_out']]);
    const onBehalf = (await api('GET', '/proxy_sessions/on_my_behalf', bob.headers)).json().payload;
    expect(onBehalf[0].ended_at).not.toBeNull();
  });

  it('ends the proxy sessions of an actor who sets a new password, and those acting for a colleague who does', async () => {
    const { anna, bob, org, terminal } = await company();
    const carl = await person({ organisationId: org.id, terminalIds: [terminal.id], firstName: 'Carl', lastName: 'Colleague' });
    const forBob = await startProxy(anna.headers, bob.id);
    const carlForAnna = await startProxy(carl.headers, anna.id);
    expect((await api('POST', '/reset_password', {}, { email: anna.email })).statusCode).toBe(200);
    const mail = await t.database.db.selectFrom('mail_outbox').select('body_text').where('recipient', '=', anna.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const code = new URL(/https?:\/\/\S+/.exec(mail.body_text)![0]).searchParams.get('code')!;
    const NEW = 'Fresh-Mooring-2027!';
    const changed = await api('POST', '/update_password', {}, { email: anna.email, code, password: NEW, password_confirmation: NEW });
    expect(changed.statusCode, changed.body).toBe(200);

    for (const headers of [forBob.headers, carlForAnna.headers]) {
      const res = await api('GET', '/user_details', headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().status.status).toBe('PROXY_EXPIRED');
    }
    expect(await endedRows(anna.id)).toEqual([[bob.id, 'actor_password_changed']]);
    expect(await endedRows(carl.id)).toEqual([[anna.id, 'target_password_changed']]);
  });

  it('ends a proxy session at the next request once the actor\u2019s own session has run out, though its own 30 minutes have not', async () => {
    const { anna, bob } = await company();
    const parent = await t.database.db.selectFrom('sessions').select(['id', 'expires_at']).where('portal_user_id', '=', anna.id).executeTakeFirstOrThrow();
    // Anna's own session has ten minutes left when she starts acting for Bob.
    t.clock.set(new Date(new Date(parent.expires_at).getTime() - 10 * 60_000));
    const { headers } = await startProxy(anna.headers, bob.id);
    expect((await api('GET', '/user_details', headers)).statusCode).toBe(200);
    t.clock.advance(11 * 60_000);
    const res = await api('GET', '/user_details', headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toEqual({ status: 'PROXY_EXPIRED', message: 'Acting for Bob Target has ended: your own session has ended.' });
    expect(await endedRows(anna.id)).toEqual([[bob.id, 'actor_session_ended']]);
    // Presented again, it is not audited again.
    expect((await api('GET', '/user_details', headers)).statusCode).toBe(403);
    expect(await endedRows(anna.id)).toHaveLength(1);
  });

  it('refuses to act for a locked account or one whose password has expired, with the reason, and leaves them off the candidates', async () => {
    const { anna, bob, org, terminal } = await company();
    const carl = await person({ organisationId: org.id, terminalIds: [terminal.id], firstName: 'Carl', lastName: 'Colleague' });
    const now = t.clock.now().getTime();
    await t.database.db.updateTable('portal_users').set({ locked_until: new Date(now + 15 * 60_000) }).where('id', '=', bob.id).execute();
    await t.database.db.updateTable('portal_users').set({ password_expires_at: new Date(now - 60_000) }).where('id', '=', carl.id).execute();
    const locked = await api('POST', '/proxy_session', anna.headers, { user_id: bob.id });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().status.message).toMatch(/account is locked/);
    const expired = await api('POST', '/proxy_session', anna.headers, { user_id: carl.id });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().status.message).toMatch(/password has expired/);
    expect((await auditOf(anna.id)).filter((r) => r.event === 'refused').map((r) => [r.target_user_id, r.reason])).toEqual([
      [bob.id, 'target_locked'],
      [carl.id, 'target_password_expired'],
    ]);
    expect((await api('GET', '/proxy_session/candidates', anna.headers)).json().payload).toEqual([]);
  });

  it('ends a running proxy session when the colleague\u2019s account is locked, their password expires, or the actor\u2019s account is locked', async () => {
    const setUser = (id: number, values: { locked_until?: Date | null; password_expires_at?: Date | null }) => t.database.db.updateTable('portal_users').set(values).where('id', '=', id).execute();
    const cases: { reason: string; message: string; apply: (p: { anna: { id: number }; bob: { id: number } }, now: number) => Promise<unknown> }[] = [
      { reason: 'target_locked', message: 'their account is locked.', apply: ({ bob }, now) => setUser(bob.id, { locked_until: new Date(now + 15 * 60_000) }) },
      { reason: 'target_password_expired', message: 'their password has expired.', apply: ({ bob }, now) => setUser(bob.id, { password_expires_at: new Date(now - 1000) }) },
      { reason: 'actor_locked', message: 'your account is locked.', apply: ({ anna }, now) => setUser(anna.id, { locked_until: new Date(now + 15 * 60_000) }) },
    ];
    for (const { reason, message, apply } of cases) {
      const { anna, bob } = await company();
      const { headers } = await startProxy(anna.headers, bob.id);
      await apply({ anna, bob }, t.clock.now().getTime());
      const res = await api('PUT', '/update_canvas_settings', headers, { type: 'portcall_card_settings', value: [] });
      expect(res.statusCode, reason).toBe(403);
      expect(res.json().status, reason).toEqual({ status: 'PROXY_EXPIRED', message: `Acting for Bob Target has ended: ${message}` });
      expect(await endedRows(anna.id), reason).toEqual([[bob.id, reason]]);
    }
  });

  it('lists the colleagues one may act for, and nobody while acting or without an organisation', async () => {
    const { anna, bob, lead, org } = await company();
    await person({ organisationId: org.id, firstName: 'Lone', lastName: 'Wolf' });
    const other = await company();
    const names = async (headers: THeaders) => ((await api('GET', '/proxy_session/candidates', headers)).json().payload as { email: string }[]).map((c) => c.email);
    expect(await names(anna.headers)).toEqual([bob.email]);
    const forLead = await names(lead.headers);
    expect(forLead).toHaveLength(3);
    expect(forLead).toEqual(expect.arrayContaining([anna.email, bob.email]));
    expect(forLead).not.toContain(other.bob.email);
    const first = (await api('GET', '/proxy_session/candidates', anna.headers)).json().payload[0];
    expect(first).toEqual({ id: bob.id, first_name: 'Bob', last_name: 'Target', email: bob.email, user_type: 'terminal_operator', organisation_name: expect.any(String) });
    const { headers } = await startProxy(anna.headers, bob.id);
    expect(await names(headers)).toEqual([]);
    const solo = await createUser(t.database.db);
    expect(await names({ 'x-portal-token': await loginAs(t.app, solo.email) })).toEqual([]);
  });

  it('shows the person acted for who did it, when, and how many requests and changes were made', async () => {
    const { anna, bob } = await company();
    const { headers } = await startProxy(anna.headers, bob.id);
    await api('GET', '/user_details', headers);
    await api('PUT', '/update_canvas_settings', headers, { type: 'portcall_card_settings', value: ['vessel_type'] });
    await api('DELETE', '/proxy_session', headers);
    const list = (await api('GET', '/proxy_sessions/on_my_behalf', bob.headers)).json().payload;
    expect(list).toEqual([
      {
        id: expect.any(Number),
        actor: { id: anna.id, email: anna.email, first_name: 'Anna', last_name: 'Actor' },
        started_at: expect.any(String),
        ended_at: expect.any(String),
        expires_at: expect.any(String),
        request_count: 3,
        write_count: 1,
      },
    ]);
    expect((await api('GET', '/proxy_sessions/on_my_behalf', anna.headers)).json().payload).toEqual([]);
  });

  it('refuses password, mail-setting and language changes while acting, and leaves them unchanged', async () => {
    const { anna, bob } = await company();
    const { headers } = await startProxy(anna.headers, bob.id);
    const calls: [string, 'PUT' | 'POST', string, object | undefined][] = [
      ['locale', 'PUT', '/update_locale', { selected_locale: 'de' }],
      ['mail', 'PUT', '/update_email_notification_setting?enable=true&receive_time=06:30&timezone=Europe/Berlin', undefined],
      ['expired password', 'PUT', '/reset_expired_password', { email: bob.email, old_password: 'x', new_password: 'Another-Harbour-2026!', new_password_confirmation: 'Another-Harbour-2026!' }],
      ['reset code', 'POST', '/update_password', { email: bob.email, code: 'ABC', password: 'Another-Harbour-2026!', password_confirmation: 'Another-Harbour-2026!' }],
      ['reset mail', 'POST', '/reset_password', { email: bob.email }],
    ];
    for (const [name, method, url, body] of calls) {
      const res = await api(method, url, headers, body);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().status.message, name).toBe('Not possible while acting for a colleague');
    }
    const row = await t.database.db.selectFrom('portal_users').select(['selected_locale', 'daily_tasks_email']).where('id', '=', bob.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ selected_locale: 'en', daily_tasks_email: false });
    // Bob himself may.
    expect((await api('PUT', '/update_locale', bob.headers, { selected_locale: 'de' })).statusCode).toBe(200);
  });

  it('records both people on a write made through a proxy, in the audit trail and in the audit download', async () => {
    const w = await createPortcallWorld(t);
    const org = await createOrganisation(t.database.db, 'terminal_operator');
    const anna = await person({ organisationId: org.id, terminalIds: [w.terminal.id], firstName: 'Anna', lastName: 'Actor' });
    const bob = await person({ organisationId: org.id, terminalIds: [w.terminal.id], firstName: 'Bob', lastName: 'Target' });
    const { headers } = await startProxy(anna.headers, bob.id);
    const created = await api('POST', '/portcalls', headers, w.request('2027-03-01T10:00:00Z', '2027-03-02T10:00:00Z', { voyage_number_import: 'PX1' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().payload.id as number;
    const audit = await t.database.db.selectFrom('portcall_audit_events').select(['actor_user_id', 'acting_for_user_id']).where('portcall_id', '=', id).execute();
    expect(audit.length).toBeGreaterThan(0);
    for (const row of audit) expect(row).toEqual({ actor_user_id: anna.id, acting_for_user_id: bob.id });
    const steps = await t.database.db.selectFrom('portcall_timestamps').select(['created_by', 'acting_for']).where('portcall_id', '=', id).execute();
    expect(steps.length).toBeGreaterThan(0);
    for (const row of steps) expect(row).toEqual({ created_by: anna.id, acting_for: bob.id });

    const chain = (await api('GET', `/portcalls/${id}/timestamps`, bob.headers)).json().payload as { created_by: { name: string }; acting_for: { name: string } | null }[];
    for (const step of chain) expect(step).toMatchObject({ created_by: { name: 'Anna Actor' }, acting_for: { name: 'Bob Target' } });
    const trail = (await api('GET', `/portcall_audit?portcall_id=${id}`, bob.headers)).json().payload.items;
    expect(trail[0]).toMatchObject({ actor: { name: 'Anna Actor' }, acting_for: { name: 'Bob Target' } });
    const csv = (await api('GET', '/portcall_audit/download?format=csv', bob.headers)).rawPayload.toString('utf8');
    const line = csv.split('\r\n').find((l) => l.includes('Anna Actor'));
    expect(line).toContain('"Bob Target"');
  });

  it('lets realtime follow the person acted for: their user channel reaches the proxied socket, the actor\u2019s does not', async () => {
    const { anna, bob } = await company();
    const { token } = await startProxy(anna.headers, bob.id);
    const socket = await connectRealtime(baseUrl, { headers: { cookie: `userToken=${anna.token}; userProxyToken=${token}` } });
    sockets.push(socket);
    socket.send({ type: 'subscribe', channel: realtimeChannels.user(bob.id) });
    expect(await socket.next()).toMatchObject({ type: 'subscribed' });
    socket.send({ type: 'subscribe', channel: realtimeChannels.user(anna.id) });
    expect(await socket.next()).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    await publishEvent(t.database.db, { channel: realtimeChannels.user(anna.id), event: 'test.for_anna', payload: { n: 1 } });
    await publishEvent(t.database.db, { channel: realtimeChannels.user(bob.id), event: 'test.for_bob', payload: { n: 2 } });
    expect(await socket.next()).toMatchObject({ type: 'event', channel: `User.${bob.id}`, event: 'test.for_bob' });
    await socket.expectSilence(300);
  });
});
