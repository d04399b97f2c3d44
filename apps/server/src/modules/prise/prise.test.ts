import { realtimeChannels } from '@quayline/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAlerts } from '../../test/alerts';
import { createOrganisation, createPort, signIn } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';
import { type TLocalPortAuthority, startLocalPortAuthority } from './local-port-authority';

const H = 3_600_000;

/** The job runner on (no cron: the test calls the sweep itself) and a port authority configured. */
function createPriseApp(target: (typeof DB_TARGETS)[number], authority: TLocalPortAuthority): Promise<TestApp> {
  const portAuthority = { url: authority.url, username: authority.username, password: authority.password, ports: ['DEHAM'], timeoutMs: 2_000 };
  return createTestApp(target, { runJobs: true, portAuthority }, { now: new Date('2026-06-10T08:00:00Z'), jobs: { isCronEnabled: false, pollingIntervalSeconds: 0.5 } });
}

describe.each(DB_TARGETS)('PRISE notices on %s', (target) => {
  let authority: TLocalPortAuthority;
  let t: TestApp;
  let w: PortcallWorld;
  const at = (hours: number) => new Date(t.clock.now().getTime() + hours * H).toISOString();
  const db = () => t.database.db;

  /** A call at the (Hamburg) test terminal with everything a notice needs but the notice's own fields. */
  async function createCompleteCall(draftInbound: number, hours = 72): Promise<number> {
    const [prev, next] = [await createPort(db()), await createPort(db())];
    const body = w.request(at(hours), at(hours + 24), {
      pilot_boarding_place_id: w.geometry.pilotBoardingPlaces[0]!.id,
      pilot_boarding_place_arrival: at(hours - 4),
      berth_start_position: 20,
      berth_end_position: 240,
      draft_inbound: draftInbound,
      draft_outbound: 11,
      previous_port_id: prev.id,
      next_port_id: next.id,
      cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 100, load: 50 }],
    });
    const res = await w.planner('POST', '/portcalls', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().payload.id;
  }
  const notice = async (id: number) => (await w.planner('GET', `/portcalls/${id}/prise_notice`)).json().payload;
  const fill = async (id: number) => {
    const res = await w.agent('PUT', `/portcalls/${id}/prise_notice`, { version: (await notice(id)).version, dangerous_goods: false, persons_on_board: 24 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload;
  };
  const callOf = (id: number) => db().selectFrom('portcalls').select(['prise_status', 'prise_message', 'prise_code', 'version']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    // A fixed tide of 1 m: the channel takes 14.5 m at any time.
    authority = await startLocalPortAuthority({ answerDelayMs: 0, tideAt: () => 1 });
    t = await createPriseApp(target, authority);
    w = await createPortcallWorld(t);
    // The test terminal's port is Hamburg, where PRISE applies; its vessel gets the call sign a notice needs.
    await db().updateTable('ports').set({ unlocode: 'DEHAM' }).where('id', '=', w.geometry.portId).execute();
    await db().updateTable('vessels').set({ call_sign: 'DABC2' }).where('id', '=', w.vessel.id).execute();
  });
  afterAll(async () => {
    await t?.close();
    await authority?.close();
  });

  it('builds a version-0 draft from the call and names what is missing', async () => {
    const id = await createCompleteCall(12);
    const n = await notice(id);
    expect(n).toMatchObject({ applicable: true, version: 0, port_authority_status: 'draft', prise_status: 'prise_info_required', missing: ['dangerous_goods', 'persons_on_board'], can_edit: true, can_submit: false });
    expect(n.content.terminal.port_unlocode).toBe('DEHAM');
    expect(n.due_at).toBe(new Date(Date.parse(n.content.eta_pilot_boarding_place) - 24 * H).toISOString());
    expect(n.flags).toEqual({ late: false, large_vessel: false });
  });

  it('lets the vessel operator read but not write, and hides the notice from another organisation', async () => {
    const id = await createCompleteCall(12);
    const read = await w.vesselSide('GET', `/portcalls/${id}/prise_notice`);
    expect(read.statusCode).toBe(200);
    expect(read.json().payload).toMatchObject({ can_edit: false, can_submit: false });
    expect((await w.vesselSide('PUT', `/portcalls/${id}/prise_notice`, { version: 0, persons_on_board: 20 })).statusCode).toBe(403);
    expect((await w.vesselSide('POST', `/portcalls/${id}/prise_notice/submit`, { version: 0 })).statusCode).toBe(403);
    const otherAgency = await createOrganisation(db(), 'agent');
    const stranger = await signIn(t.app, db(), { userType: 'agent', organisationId: otherAgency.id, terminalIds: [w.terminal.id] });
    expect((await stranger.call('GET', `/portcalls/${id}/prise_notice`)).statusCode).toBe(404);
    expect((await stranger.call('POST', `/portcalls/${id}/prise_notice/submit`, { version: 0 })).statusCode).toBe(404);
  });

  it('refuses to send a notice with missing fields, naming each (400)', async () => {
    const id = await createCompleteCall(12);
    await db().updateTable('portcalls').set({ next_port_id: null }).where('id', '=', id).execute();
    const res = await w.planner('POST', `/portcalls/${id}/prise_notice/submit`, { version: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().payload.errors).toEqual([
      { path: 'next_port', message: 'Next port is required for the PRISE notice' },
      { path: 'dangerous_goods', message: 'Dangerous goods indicator is required for the PRISE notice' },
      { path: 'persons_on_board', message: 'Persons on board is required for the PRISE notice' },
    ]);
    expect(authority.received.some((r) => r.portcall_id === id)).toBe(false);
  });

  it('answers 409 with the current notice on a stale version', async () => {
    const id = await createCompleteCall(12);
    const filled = await fill(id);
    expect(filled.version).toBe(1);
    const stale = await w.planner('PUT', `/portcalls/${id}/prise_notice`, { version: 0, persons_on_board: 30 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().payload.current).toMatchObject({ version: 1, content: { persons_on_board: 24 } });
    expect((await w.planner('POST', `/portcalls/${id}/prise_notice/submit`, { version: 0 })).statusCode).toBe(409);
  });

  it('keeps the notice a draft when the port authority is down (503), and nothing is lost', async () => {
    const id = await createCompleteCall(12);
    const filled = await fill(id);
    authority.setDown(true);
    try {
      const res = await w.planner('POST', `/portcalls/${id}/prise_notice/submit`, { version: filled.version });
      expect([502, 503]).toContain(res.statusCode);
      expect(res.json().status.status).toBe('SERVICE_UNAVAILABLE');
    } finally {
      authority.setDown(false);
    }
    const after = await notice(id);
    expect(after).toMatchObject({ version: filled.version, port_authority_status: 'draft', prise_status: null, content: { dangerous_goods: false, persons_on_board: 24 }, can_submit: true });
    expect((await callOf(id)).prise_status).toBeNull();
  });

  it('the agent submits; the job brings the approval; parties are told; a draft change reopens it', async () => {
    const id = await createCompleteCall(12);
    const filled = await fill(id);
    expect((await callOf(id)).prise_status).toBeNull();
    const before = await callOf(id);
    const sent = await w.agent('POST', `/portcalls/${id}/prise_notice/submit`, { version: filled.version });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().payload).toMatchObject({ port_authority_status: 'submitted', prise_status: 'prise_sent', can_edit: false, reference: expect.stringMatching(/^PRISE-/) });
    expect((await callOf(id)).prise_status).toBe('prise_sent');
    // Sent twice: the second is refused while the first is with the authority.
    expect((await w.agent('POST', `/portcalls/${id}/prise_notice/submit`, { version: sent.json().payload.version })).statusCode).toBe(409);

    const approved = await waitFor(async () => {
      const n = await notice(id);
      return n.port_authority_status === 'approved' ? n : null;
    });
    expect(approved).toMatchObject({ prise_status: 'prise_accepted', accepted_window: null });
    expect(approved.history.map((h: { event: string }) => h.event)).toEqual(['edited', 'submitted', 'approved']);
    expect(approved.history[2]).toMatchObject({ creator_type: 'automated', system_kind: 'pcs', by: 'Port authority' });
    const call = await callOf(id);
    expect(call.prise_status).toBe('prise_accepted');
    expect(call.version).toBe(before.version); // nobody's open edit of the call goes stale
    const told = await db().selectFrom('notification_messages').select(['portal_user_id', 'details']).where('portcall_id', '=', id).execute();
    const approvals = told.filter((n) => (n.details as { value?: string }).value === 'prise_accepted');
    expect(approvals.map((n) => n.portal_user_id).sort()).toEqual([w.users.planner.user.id, w.users.agent.user.id, w.users.vesselSide.user.id].sort());
    expect(approvals[0]!.details).toMatchObject({ field: 'prise_status', actor_name: 'Port authority' });
    const events = await db().selectFrom('realtime_events').select(['channel', 'event', 'payload']).where('event', '=', 'portcall.updated').execute();
    expect(events.some((e) => e.channel === realtimeChannels.terminal(w.terminal.id) && (e.payload as { field?: string; action?: string }).field === 'prise_status' && (e.payload as { action?: string }).action === 'prise_accepted')).toBe(true);
    // Applying the same answer again changes nothing.
    const history = approved.history.length;
    expect((await notice(id)).history.length).toBe(history);

    // The terminal changes the draft: back to draft, history says why, parties are told.
    const current = (await w.planner('GET', `/portcalls/${id}`)).json().payload;
    const moved = await w.planner('PUT', `/portcalls/${id}`, { version: current.version, draft_inbound: 12.6 });
    expect(moved.statusCode, moved.body).toBe(200);
    const reopened = await notice(id);
    expect(reopened).toMatchObject({ port_authority_status: 'draft', prise_status: null, can_submit: true });
    expect(reopened.history.at(-1)).toMatchObject({ event: 'reopened', changed: ['draft'] });
    expect((await callOf(id)).prise_status).toBeNull();
    const reopenNotes = await db().selectFrom('notification_messages').select(['portal_user_id', 'details']).where('portcall_id', '=', id).where('created_at', '>=', t.clock.now()).execute();
    expect(reopenNotes.some((n) => n.portal_user_id === w.users.agent.user.id && (n.details as { field?: string }).field === 'prise_status')).toBe(true);

    // The dashboard warns about an approval that was lost.
    const alerts = (await allAlerts(w.planner, `?terminal_id=${w.terminal.id}`)) as { rule: string; portcall_id: number; severity: string; why: Record<string, unknown> }[];
    expect(alerts.find((a) => a.rule === 'prise_notice' && a.portcall_id === id)).toMatchObject({ severity: 'warning', why: { state: 'reopened', prise_code: null } });
  }, 40_000);

  it('a draft above the channel limit at every tide is rejected, and can be corrected and sent again', async () => {
    const id = await createCompleteCall(15.2);
    const filled = await fill(id);
    const sent = await w.planner('POST', `/portcalls/${id}/prise_notice/submit`, { version: filled.version });
    expect(sent.statusCode, sent.body).toBe(200);
    const rejected = await waitFor(async () => {
      const n = await notice(id);
      return n.port_authority_status === 'rejected' ? n : null;
    });
    expect(rejected).toMatchObject({ prise_status: 'prise_rejected', prise_code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT', can_edit: true, can_submit: true });
    expect(rejected.prise_message).toContain('15.20 m');
    expect(await callOf(id)).toMatchObject({ prise_status: 'prise_rejected', prise_code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT' });
    const alerts = (await allAlerts(w.planner, `?terminal_id=${w.terminal.id}`)) as { rule: string; portcall_id: number; severity: string; why: Record<string, unknown> }[];
    expect(alerts.find((a) => a.rule === 'prise_notice' && a.portcall_id === id)).toMatchObject({ severity: 'critical', why: { state: 'rejected', prise_code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT' } });
    // Nothing changed since it was sent: a resend would be the same notice.
    expect(rejected.changed_since_sent).toEqual([]);
    // The list's filter and column, and the tasks of those who file the notice, carry the rejected call.
    const waiting = (await w.planner('GET', `/portcalls?terminal_id=${w.terminal.id}&prise_action=true&per_page=100`)).json().payload.items as { id: number; prise_step: string | null }[];
    expect(waiting.find((p) => p.id === id)?.prise_step).toBe('rejected');
    const plannerTasks = (await w.planner('GET', '/tasks?type=open')).json().payload.items as { portcall: { id: number }; reasons: string[] }[];
    expect(plannerTasks.find((task) => task.portcall.id === id)?.reasons).toContain('prise_notice');

    const current = (await w.planner('GET', `/portcalls/${id}`)).json().payload;
    expect((await w.planner('PUT', `/portcalls/${id}`, { version: current.version, draft_inbound: 13 })).statusCode).toBe(200);
    expect((await notice(id)).changed_since_sent).toEqual(['draft']);
    const again = await w.planner('POST', `/portcalls/${id}/prise_notice/submit`, { version: rejected.version });
    expect(again.statusCode, again.body).toBe(200);
    const approved = await waitFor(async () => {
      const n = await notice(id);
      return n.port_authority_status === 'approved' ? n : null;
    });
    expect(approved.prise_status).toBe('prise_accepted');
    // Approved: nothing left to do, so the filter leaves it out.
    const stillWaiting = (await w.planner('GET', `/portcalls?terminal_id=${w.terminal.id}&prise_action=true&per_page=100`)).json().payload.items as { id: number }[];
    expect(stillWaiting.map((p) => p.id)).not.toContain(id);
  }, 40_000);

  it('ignores an answer to a submission that was superseded by a reopen', async () => {
    const id = await createCompleteCall(12);
    const filled = await fill(id);
    // No poll job: this server's runner is stopped for the moment, so the answer waits.
    await t.app.jobs!.stop();
    try {
      const sent = await w.planner('POST', `/portcalls/${id}/prise_notice/submit`, { version: filled.version });
      expect(sent.statusCode).toBe(200);
      const current = (await w.planner('GET', `/portcalls/${id}`)).json().payload;
      expect((await w.planner('PUT', `/portcalls/${id}`, { version: current.version, berth_start_position: 40, berth_end_position: 260 })).statusCode).toBe(200);
      expect((await notice(id)).history.at(-1)).toMatchObject({ event: 'reopened', changed: ['berth'] });
      const { applyPortAuthorityAnswer } = await import('./prise.service');
      const applied = await applyPortAuthorityAnswer(t.app.ctx, { portcallId: id, submissionNo: 1, answer: { reference: 'x', status: 'approved', message: null, code: null, accepted_window: null } });
      expect(applied).toBe(false);
      expect((await notice(id)).port_authority_status).toBe('draft');
    } finally {
      await t.app.jobs!.start();
    }
  }, 40_000);

  /** Submits and waits for the approval; returns the approved notice. */
  async function approvedNotice(draft = 12): Promise<{ id: number; version: number }> {
    const id = await createCompleteCall(draft);
    const filled = await fill(id);
    expect((await w.planner('POST', `/portcalls/${id}/prise_notice/submit`, { version: filled.version })).statusCode).toBe(200);
    const approved = await waitFor(async () => {
      const n = await notice(id);
      return n.port_authority_status === 'approved' ? n : null;
    });
    return { id, version: approved.version };
  }

  it('reopens on a negotiation step that moves the ETA', async () => {
    const { id } = await approvedNotice();
    const call = (await w.planner('GET', `/portcalls/${id}`)).json().payload;
    const step = await w.planner('POST', `/portcalls/${id}/negotiate`, { version: call.version, time: 'berth_arrival', action: 'revise', date_time: new Date(Date.parse(call.berth_arrival) + 2 * H).toISOString() });
    expect(step.statusCode, step.body).toBe(200);
    expect(await notice(id)).toMatchObject({ port_authority_status: 'draft', history: expect.arrayContaining([expect.objectContaining({ event: 'reopened', changed: ['eta'], creator_type: 'user' })]) });
  }, 40_000);

  it('reopens on an automated write (an AIS-detected arrival at the pilot boarding place)', async () => {
    const { id } = await approvedNotice();
    const { recordAisTime } = await import('../ais/geofence/record-ais-time');
    const n = await notice(id);
    const detectedAt = new Date(Date.parse(n.content.eta_pilot_boarding_place) + 25 * 60_000);
    const detection = await db().transaction().execute((trx) => recordAisTime(trx, { portcallId: id, mode: 'apply', detected: { time_type: 'pilot_boarding_place_arrival', date_time: detectedAt }, now: t.clock.now() }));
    expect(detection?.status).toBe('applied');
    const after = await notice(id);
    expect(after.port_authority_status).toBe('draft');
    expect(after.history.at(-1)).toMatchObject({ event: 'reopened', changed: ['eta'], creator_type: 'automated', by: null });
    expect((await callOf(id)).prise_status).toBeNull();
  }, 40_000);

  it('a write that leaves eta, draft and berth alone keeps the approval', async () => {
    const { id } = await approvedNotice();
    const call = (await w.planner('GET', `/portcalls/${id}`)).json().payload;
    expect((await w.planner('PUT', `/portcalls/${id}`, { version: call.version, comment: 'Lashing gang booked' })).statusCode).toBe(200);
    expect((await notice(id)).port_authority_status).toBe('approved');
  }, 40_000);

  it('the per-minute sweep polls a notice whose job was lost (restart), and two appliers apply once', async () => {
    const id = await createCompleteCall(12);
    const filled = await fill(id);
    await t.app.jobs!.stop();
    let sent;
    try {
      sent = await w.planner('POST', `/portcalls/${id}/prise_notice/submit`, { version: filled.version });
      expect(sent.statusCode).toBe(200);
      // The job that was sent is gone (as after a crash before it ran).
      await db().deleteFrom(sql`pgboss.job` as never).where(sql`name`, '=', 'prise-poll').execute();
    } finally {
      await t.app.jobs!.start();
    }
    t.clock.advance(5_000);
    expect(await t.app.jobs!.sweepPrise()).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await notice(id)).port_authority_status === 'approved');

    // Two servers holding the same answer: only one applies it.
    const id2 = await createCompleteCall(12);
    const filled2 = await fill(id2);
    await t.app.jobs!.stop();
    try {
      expect((await w.planner('POST', `/portcalls/${id2}/prise_notice/submit`, { version: filled2.version })).statusCode).toBe(200);
      const { applyPortAuthorityAnswer } = await import('./prise.service');
      const answer = { reference: 'r', status: 'approved' as const, message: null, code: null, accepted_window: null };
      const results = await Promise.all([applyPortAuthorityAnswer(t.app.ctx, { portcallId: id2, submissionNo: 1, answer }), applyPortAuthorityAnswer(t.app.ctx, { portcallId: id2, submissionNo: 1, answer })]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await notice(id2)).history.filter((h: { event: string }) => h.event === 'approved')).toHaveLength(1);
    } finally {
      await t.app.jobs!.start();
    }
  }, 60_000);

  it('flags a late notice and a large vessel without blocking them', async () => {
    const id = await createCompleteCall(12, 20);
    await db().updateTable('vessels').set({ length_overall_m: 366 }).where('id', '=', w.vessel.id).execute();
    try {
      const filled = await fill(id);
      expect(filled.flags).toEqual({ late: true, large_vessel: true });
      const alerts = (await allAlerts(w.planner, `?terminal_id=${w.terminal.id}`)) as { rule: string; portcall_id: number; severity: string; why: Record<string, unknown> }[];
      expect(alerts.find((a) => a.rule === 'prise_notice' && a.portcall_id === id)).toMatchObject({ severity: 'critical', why: { state: 'overdue' } });
      // A vessel already at the pilot boarding place has made the passage: no alert for its notice any more.
      await db().updateTable('portcalls').set({ status: 'Arrived at PBP' }).where('id', '=', id).execute();
      const later = (await allAlerts(w.planner, `?terminal_id=${w.terminal.id}`)) as { rule: string; portcall_id: number }[];
      expect(later.find((a) => a.rule === 'prise_notice' && a.portcall_id === id)).toBeUndefined();
      await db().updateTable('portcalls').set({ status: 'Approaching' }).where('id', '=', id).execute();
      const sent = await w.planner('POST', `/portcalls/${id}/prise_notice/submit`, { version: filled.version });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().payload.flags).toEqual({ late: true, large_vessel: true });
    } finally {
      await db().updateTable('vessels').set({ length_overall_m: 199.9 }).where('id', '=', w.vessel.id).execute();
    }
  }, 40_000);

  it('records who acted and for whom when a colleague acts on someone\u2019s behalf', async () => {
    const id = await createCompleteCall(12);
    const colleague = await signIn(t.app, db(), { terminalIds: [w.terminal.id] });
    // Proxies stay inside one organisation: both work for the terminal's operator.
    const { terminal_operator_id } = await db().selectFrom('terminals').select('terminal_operator_id').where('id', '=', w.terminal.id).executeTakeFirstOrThrow();
    await db().updateTable('portal_users').set({ first_name: 'Anna', last_name: 'Actor', organisation_id: terminal_operator_id }).where('id', '=', w.users.planner.user.id).execute();
    await db().updateTable('portal_users').set({ first_name: 'Bob', last_name: 'Behalf', organisation_id: terminal_operator_id }).where('id', '=', colleague.user.id).execute();
    const proxy = await w.planner('POST', '/proxy_session', { user_id: colleague.user.id });
    expect(proxy.statusCode, proxy.body).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/portal/v1/portcalls/${id}/prise_notice`,
      headers: { 'x-portal-token': w.users.planner.token, 'x-portal-proxy-token': proxy.json().payload.token },
      payload: { version: 0, dangerous_goods: true, persons_on_board: 19 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.history.at(-1)).toMatchObject({ event: 'edited', creator_type: 'user', by: 'Anna Actor', acting_for: 'Bob Behalf' });
  });

  it('publishes the three endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/portal/v1/openapi.json' })).json();
    expect(doc.paths['/api/portal/v1/portcalls/{id}/prise_notice'].get).toBeDefined();
    expect(doc.paths['/api/portal/v1/portcalls/{id}/prise_notice'].put.requestBody).toBeDefined();
    expect(doc.paths['/api/portal/v1/portcalls/{id}/prise_notice/submit'].post).toBeDefined();
  });

  it('without a pilot time counts a notice as due by the berth arrival, in the list filter, its column and the tasks alike', async () => {
    const create = async (hours: number) => {
      const res = await w.planner('POST', '/portcalls', w.request(at(hours), at(hours + 24)));
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().payload.id as number;
      // Not yet checked against what PRISE needs: only the time decides whether it is due.
      await db().updateTable('portcalls').set({ prise_status: null }).where('id', '=', id).execute();
      return id;
    };
    const soon = await create(30);
    const weeksOut = await create(21 * 24);
    const listed = (await w.planner('GET', `/portcalls?terminal_id=${w.terminal.id}&prise_action=true&per_page=100`)).json().payload.items as { id: number; prise_step: string | null }[];
    expect(listed.find((p) => p.id === soon)?.prise_step).toBe('due');
    expect(listed.map((p) => p.id)).not.toContain(weeksOut);
    const tasks = (await w.planner('GET', '/tasks?type=open&per_page=100')).json().payload.items as { portcall: { id: number }; reasons: string[] }[];
    expect(tasks.find((task) => task.portcall.id === soon)?.reasons).toContain('prise_notice');
    expect(tasks.find((task) => task.portcall.id === weeksOut)?.reasons ?? []).not.toContain('prise_notice');
  });

  it('is not applicable outside the configured ports', async () => {
    const id = await createCompleteCall(12);
    await db().updateTable('ports').set({ unlocode: 'DEBRV' }).where('id', '=', w.geometry.portId).execute();
    try {
      expect(await notice(id)).toMatchObject({ applicable: false, prise_status: null, missing: [], can_edit: false });
      const res = await w.planner('PUT', `/portcalls/${id}/prise_notice`, { version: 0, persons_on_board: 5 });
      expect(res.statusCode).toBe(400);
      expect(res.json().status.message).toContain('PRISE does not apply');
    } finally {
      await db().updateTable('ports').set({ unlocode: 'DEHAM' }).where('id', '=', w.geometry.portId).execute();
    }
  });
});
