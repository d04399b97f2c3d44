import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, createOrganisation, signIn } from '../../test/fixtures';
import { allAlerts } from '../../test/alerts';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3600_000;
const M = 60_000;
type TAlert = { key: string; rule: string; severity: string; portcall_id: number; why: Record<string, unknown>; acknowledged: boolean; link: string };

describe.each(DB_TARGETS)('dashboard widgets on %s', (target) => {
  let t: TestApp;
  const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  /** A world plus a second agency with a call of its own at the same terminal, and that agency's user. */
  async function worldWithStranger(): Promise<PortcallWorld & { otherAgent: ApiCall; otherAgencyId: number }> {
    const w = await createPortcallWorld(t);
    const otherAgency = await createOrganisation(t.database.db, 'agent');
    const other = await signIn(t.app, t.database.db, { userType: 'agent', organisationId: otherAgency.id, terminalIds: [w.terminal.id] });
    return { ...w, otherAgent: other.call, otherAgencyId: otherAgency.id };
  }
  const create = async (call: ApiCall, body: Record<string, unknown>) => {
    const res = await call('POST', '/portcalls', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().payload as { id: number; version: number };
  };
  const alertsOf = async (call: ApiCall, query = '') => (await allAlerts(call, query)) as TAlert[];

  it('counts what waits for each side, scoped to the calls each user may see', async () => {
    const w = await worldWithStranger();
    const requested = await create(w.agent, w.request(at(24 * H), at(40 * H), { voyage_number_import: 'A1', cargo_details: [{ cargo_type: 'General', discharge: 10 }] }));
    await create(w.planner, w.request(at(30 * H), at(50 * H), { agent_id: w.otherAgencyId }));
    const inPort = await create(w.planner, w.request(at(-5 * H), at(20 * H), { agent_id: w.otherAgencyId }));
    await t.database.db.updateTable('portcalls').set({ status: 'Berthed' }).where('id', '=', inPort.id).execute();
    await w.planner('POST', `/portcalls/${requested.id}/messages`, { body: 'Berth 3 is free earlier' });
    t.clock.advance(30 * M);

    const planner = (await w.planner('GET', '/dashboard/user_stats')).json().payload;
    expect(planner.next_72h_by_status.find((s: { status: string }) => s.status === 'Approaching')).toMatchObject({ count: 2, link: { view: 'portcall_planner', query: { status: 'Approaching' } } });
    expect(planner.in_port).toMatchObject({ count: 1, link: { query: { status: ['Berthed', 'Cargo Ops'] } } });
    expect(planner.waiting_for_me).toMatchObject({ count: 1, requests: 1, proposals: 0, oldest_age_minutes: 30, link: { view: 'tasks' } });
    expect(planner.unread_messages).toMatchObject({ count: 0, portcalls: 0 });
    expect(planner.without_accepted_time_48h).toMatchObject({ count: 2 });
    // The task list and the count agree.
    expect(planner.open_tasks.count).toBe((await w.planner('GET', '/tasks?type=open')).json().payload.meta.total_count);

    const agent = (await w.agent('GET', '/dashboard/user_stats')).json().payload;
    expect(agent.next_72h_by_status.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(1);
    expect(agent.in_port.count).toBe(0);
    expect(agent.waiting_for_me).toMatchObject({ count: 0, oldest_age_minutes: null });
    expect(agent.unread_messages).toMatchObject({ count: 1, portcalls: 1 });
    expect(agent.without_accepted_time_48h.portcall_ids).toEqual([requested.id]);
    const stranger = (await w.otherAgent('GET', '/dashboard/user_stats')).json().payload;
    expect(stranger.without_accepted_time_48h.portcall_ids).not.toContain(requested.id);
    expect(stranger.in_port.count).toBe(1);

    expect((await w.agent('GET', `/dashboard/user_stats?terminal_id=${w.terminal.id + 100000}`)).statusCode).toBe(404);
    expect((await w.agent('GET', '/dashboard/user_stats?terminal_id=abc')).statusCode).toBe(400);
  });

  it('pins, shows what changed since last seen, marks seen and unpins; never a call the user cannot see', async () => {
    const w = await worldWithStranger();
    const call = await create(w.agent, w.request(at(48 * H), at(60 * H), { pilot_boarding_place_id: w.geometry.pilotBoardingPlaces[0]!.id, pilot_boarding_place_arrival: at(44 * H) }));
    const pinned = await w.planner('POST', '/dashboard/watchlist', { portcall_id: call.id });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect((await w.planner('POST', '/dashboard/watchlist', { portcall_id: call.id })).json().payload.items).toHaveLength(1);
    expect((await w.otherAgent('POST', '/dashboard/watchlist', { portcall_id: call.id })).statusCode).toBe(404);
    expect((await w.planner('POST', '/dashboard/watchlist', { portcall_id: 'x' })).statusCode).toBe(400);

    let item = (await w.planner('GET', '/dashboard/watchlist')).json().payload.items[0];
    expect(item).toMatchObject({ portcall_id: call.id, changes_count: 0, next_time: { time_type: 'pilot_boarding_place_arrival', time: at(44 * H) } });

    t.clock.advance(M);
    const proposed = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: at(50 * H), version: call.version });
    expect(proposed.statusCode, proposed.body).toBe(200);
    t.clock.advance(M);
    item = (await w.planner('GET', '/dashboard/watchlist')).json().payload.items[0];
    expect(item.changes_count).toBe(1);
    expect(item.changes[0]).toMatchObject({ field: 'berth_arrival', new_value: expect.stringContaining('planned') });
    expect(item.changes[0].old_value).toContain('requested');

    const seen = await w.planner('PUT', `/dashboard/watchlist/${call.id}/seen`);
    expect(seen.json().payload).toMatchObject({ portcall_id: call.id, changes_count: 0, changes: [] });
    expect((await w.agent('PUT', `/dashboard/watchlist/${call.id}/seen`)).statusCode).toBe(404);
    expect((await w.otherAgent('GET', '/dashboard/watchlist')).json().payload.items).toEqual([]);

    expect((await w.planner('DELETE', `/dashboard/watchlist/${call.id}`)).json().payload.items).toEqual([]);
    expect((await w.planner('DELETE', `/dashboard/watchlist/${call.id}`)).statusCode).toBe(200);
  });

  it('raises an unanswered request past the terminal threshold, for the call\u2019s parties only', async () => {
    const w = await worldWithStranger();
    const call = await create(w.agent, w.request(at(72 * H), at(80 * H)));
    t.clock.advance(120 * M);
    expect((await alertsOf(w.planner)).filter((a) => a.rule === 'unanswered_request')).toEqual([]);
    t.clock.advance(M);
    const [alert] = (await alertsOf(w.planner)).filter((a) => a.rule === 'unanswered_request');
    expect(alert).toMatchObject({ portcall_id: call.id, severity: 'warning', why: { time: 'berth_arrival', age_minutes: 121, threshold_minutes: 120 }, link: `/portcall-planner/details?id=${call.id}`, acknowledged: false });
    expect((await alertsOf(w.agent)).map((a) => a.key)).toContain(alert!.key);
    expect(await alertsOf(w.otherAgent)).toEqual([]);
  });

  it('lets only terminal operators set thresholds, refuses bad values by field, and applies them', async () => {
    const w = await worldWithStranger();
    const settingsUrl = `/dashboard/alert_settings?terminal_id=${w.terminal.id}`;
    expect((await w.planner('GET', settingsUrl)).json().payload).toMatchObject({ is_default: true, settings: { unanswered_request_minutes: 120, arrival_deviation_minutes: 60 } });
    const settings = { unanswered_request_minutes: 30, arrival_deviation_minutes: 60, cargo_delay_minutes: 30, under_keel_clearance_m: 0, horizon_hours: 168 };
    expect((await w.agent('PUT', settingsUrl, settings)).statusCode).toBe(403);
    expect((await w.agent('GET', settingsUrl)).statusCode).toBe(403);
    expect((await w.planner('PUT', `/dashboard/alert_settings?terminal_id=${w.terminal.id + 100000}`, settings)).statusCode).toBe(404);
    const bad = await w.planner('PUT', settingsUrl, { ...settings, arrival_deviation_minutes: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.errors.map((e: { path: string }) => e.path)).toContain('arrival_deviation_minutes');
    expect((await w.planner('PUT', settingsUrl, { ...settings, horizon_hours: 'soon' })).statusCode).toBe(400);

    const call = await create(w.agent, w.request(at(72 * H), at(80 * H)));
    t.clock.advance(31 * M);
    expect((await alertsOf(w.planner)).some((a) => a.portcall_id === call.id)).toBe(false);
    const saved = await w.planner('PUT', settingsUrl, settings);
    expect(saved.json().payload).toMatchObject({ is_default: false, settings });
    expect((await alertsOf(w.planner)).filter((a) => a.portcall_id === call.id).map((a) => a.rule)).toEqual(['unanswered_request']);
    const event = await t.database.db.selectFrom('realtime_events').select(['event', 'payload']).where('channel', '=', `Terminal.${w.terminal.id}`).where('event', '=', 'dashboard.alerts_changed').executeTakeFirst();
    expect(event?.payload).toMatchObject({ terminal_id: w.terminal.id });
  });

  it('flags a predicted arrival or schedule proposal beyond the threshold from the accepted arrival', async () => {
    const w = await worldWithStranger();
    const accepted = at(48 * H);
    const call = await create(w.planner, w.request(accepted, at(60 * H)));
    const ok = await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: call.version });
    expect(ok.statusCode, ok.body).toBe(200);
    const onTime = await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'estimate', date_time: new Date(Date.parse(accepted) + 60 * M).toISOString(), version: ok.json().payload.version });
    expect(onTime.statusCode, onTime.body).toBe(200);
    expect((await alertsOf(w.planner)).filter((a) => a.rule === 'arrival_deviation')).toEqual([]);

    const late = await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'estimate', date_time: new Date(Date.parse(accepted) + 61 * M).toISOString(), version: onTime.json().payload.version });
    expect(late.statusCode, late.body).toBe(200);
    const [alert] = (await alertsOf(w.agent)).filter((a) => a.rule === 'arrival_deviation');
    expect(alert).toMatchObject({ severity: 'warning', why: { source: 'predicted', deviation_minutes: 61, accepted_arrival: accepted } });

    const other = await create(w.planner, w.request(at(50 * H), at(62 * H)));
    const otherOk = await w.agent('POST', `/portcalls/${other.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: other.version });
    expect(otherOk.statusCode).toBe(200);
    await t.database.db
      .insertInto('schedule_proposals')
      .values({ portcall_id: other.id, time_type: 'berth_arrival', proposed_time: at(50 * H - 200 * M), current_time_value: at(50 * H), difference_minutes: -200, source: 'gnet', sync_run_id: null, created_at: at(0) })
      .execute();
    const fromProposal = (await alertsOf(w.planner)).find((a) => a.rule === 'arrival_deviation' && a.portcall_id === other.id);
    expect(fromProposal).toMatchObject({ severity: 'critical', why: { source: 'schedule_proposal', deviation_minutes: -200 } });
  });

  it('reports live-plan clashes and water too shallow at the planned time, hiding calls the user may not see', async () => {
    const w = await worldWithStranger();
    const mine = await create(w.planner, w.request(at(24 * H), at(36 * H), { berth_start_position: 50, berth_end_position: 260 }));
    const theirs = await create(w.planner, w.request(at(30 * H), at(40 * H), { agent_id: w.otherAgencyId, berth_start_position: 100, berth_end_position: 310 }));
    const apart = await create(w.planner, w.request(at(24 * H), at(36 * H), { berth_start_position: 500, berth_end_position: 710, draft_inbound: 13.25 }));
    const plannerClashes = (await alertsOf(w.planner)).filter((a) => a.rule === 'berth_clash');
    expect(plannerClashes.map((a) => a.portcall_id).sort()).toEqual([mine.id, theirs.id].sort());
    expect(plannerClashes.find((a) => a.portcall_id === mine.id)).toMatchObject({ severity: 'critical', why: { kind: 'overlap', other_portcall_id: theirs.id }, link: `/berth-planner?portcall_id=${mine.id}` });
    const agentClash = (await alertsOf(w.agent)).filter((a) => a.rule === 'berth_clash');
    expect(agentClash).toHaveLength(1);
    expect(agentClash[0]).toMatchObject({ portcall_id: mine.id, why: { other_portcall_id: null } });
    // 13.25 m of water for a 13.25 m draft is just enough, until the terminal wants 0.5 m under the keel.
    expect((await alertsOf(w.planner)).filter((a) => a.rule === 'under_keel')).toEqual([]);
    await w.planner('PUT', `/dashboard/alert_settings?terminal_id=${w.terminal.id}`, { unanswered_request_minutes: 120, arrival_deviation_minutes: 60, cargo_delay_minutes: 30, under_keel_clearance_m: 0.5, horizon_hours: 168 });
    const [shallow] = (await alertsOf(w.planner)).filter((a) => a.rule === 'under_keel');
    expect(shallow).toMatchObject({ portcall_id: apart.id, severity: 'critical', why: { water_depth_m: 13.25, draft_m: 13.25, under_keel_clearance_m: 0.5, at: 'arrival' } });
    // A third call on the same metres: still one clash alert per call, naming the first other call and the count.
    const third = await create(w.planner, w.request(at(26 * H), at(34 * H), { berth_start_position: 150, berth_end_position: 360 }));
    const stacked = (await alertsOf(w.planner)).filter((a) => a.rule === 'berth_clash');
    expect(stacked.map((a) => a.portcall_id).sort()).toEqual([mine.id, theirs.id, third.id].sort());
    expect(stacked.find((a) => a.portcall_id === mine.id)).toMatchObject({ why: { kind: 'overlap', other_portcall_id: Math.min(theirs.id, third.id), other_count: 2 } });
    // The agent sees its two calls; the stranger's call is counted but never named.
    const agentStacked = (await alertsOf(w.agent)).filter((a) => a.rule === 'berth_clash');
    expect(agentStacked.map((a) => a.portcall_id).sort()).toEqual([mine.id, third.id].sort());
    expect(agentStacked.find((a) => a.portcall_id === mine.id)).toMatchObject({ why: { other_portcall_id: third.id, other_count: 2 } });
  });

  it('shows cargo progress from ended shifts and raises cargo behind plan when the projected departure is late', async () => {
    const w = await worldWithStranger();
    const start = Date.parse(at(-10 * H));
    const iso = (ms: number) => new Date(ms).toISOString();
    const make = async (agentId: number) => {
      const call = await create(w.planner, w.request(iso(start - H), iso(start + 24 * H), { agent_id: agentId, cargo_operations_start: iso(start), cargo_operations_end: iso(start + 22 * H), cargo_details: [{ cargo_type: 'General', discharge: 300, load: 200, restow: 20 }, { cargo_type: 'General', discharge: 60, load: 20 }] }));
      await t.database.db.updateTable('portcalls').set({ status: 'Cargo Ops' }).where('id', '=', call.id).execute();
      await t.database.db
        .insertInto('portcall_shift_details')
        .values([
          { portcall_id: call.id, shift_number: 1, start_time: iso(start), end_time: iso(start + 8 * H), discharge: 150, load: 50 },
          { portcall_id: call.id, shift_number: 2, start_time: iso(start + 8 * H), end_time: iso(start + 16 * H), discharge: 100, load: 100 },
        ])
        .execute();
      return call;
    };
    const mine = await make(w.agency.id);
    await make(w.otherAgencyId);

    // 600 planned; the first shift (200 moves in 8 h) has ended: 25 moves/h, 400 left = 16 h after start + 8 h.
    const page = (await w.agent('GET', '/dashboard/cargo_operation_progress')).json().payload;
    expect(page.meta).toEqual({ page: 1, per_page: 6, total_count: 1, total_pages: 1 });
    expect(page.items[0]).toMatchObject({
      portcall_id: mine.id,
      total_volume: 600,
      actual_volume: 200,
      remaining_volume: 400,
      cargo_progress_percentage: 33.3,
      actual_rate_per_hour: 25,
      projected_end: iso(start + 24 * H),
      planned_end: iso(start + 22 * H),
      projected_delay_minutes: 120,
    });
    expect((await w.planner('GET', '/dashboard/cargo_operation_progress')).json().payload.meta.total_count).toBe(2);
    expect((await w.planner('GET', '/dashboard/cargo_operation_progress?per_page=500')).statusCode).toBe(400);

    // Planned departure 2 h after cargo ends; cargo 2 h late puts it 120 min late, past the 30-minute threshold.
    const behind = (await alertsOf(w.agent)).filter((a) => a.rule === 'cargo_behind_plan');
    expect(behind).toHaveLength(1);
    expect(behind[0]).toMatchObject({ portcall_id: mine.id, severity: 'critical', why: { delay_minutes: 120, accepted_departure: iso(start + 24 * H) } });
    await w.planner('PUT', `/dashboard/alert_settings?terminal_id=${w.terminal.id}`, { unanswered_request_minutes: 120, arrival_deviation_minutes: 60, cargo_delay_minutes: 120, under_keel_clearance_m: 0, horizon_hours: 168 });
    expect((await alertsOf(w.agent)).filter((a) => a.rule === 'cargo_behind_plan')).toEqual([]);
  });

  it('acknowledges an alert for one user only, records who did it, and refuses keys the user does not see', async () => {
    const w = await worldWithStranger();
    const colleague = await signIn(t.app, t.database.db, { terminalIds: [w.terminal.id] });
    const call = await create(w.agent, w.request(at(72 * H), at(80 * H)));
    t.clock.advance(3 * H);
    const [alert] = await alertsOf(w.planner);
    const res = await w.planner('POST', '/dashboard/alerts/acknowledge', { key: alert!.key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ alert: { key: alert!.key, acknowledged: true }, acting_user_id: null });
    expect((await w.planner('POST', '/dashboard/alerts/acknowledge', { key: alert!.key })).statusCode).toBe(200);
    expect((await alertsOf(w.planner)).find((a) => a.key === alert!.key)?.acknowledged).toBe(true);
    expect((await w.planner('GET', '/dashboard/alerts?include_acknowledged=false')).json().payload).toMatchObject({ groups: [], items: [], unacknowledged_count: 0, alert_count: 0 });
    expect((await alertsOf(colleague.call)).find((a) => a.key === alert!.key)?.acknowledged).toBe(false);
    const rows = await t.database.db.selectFrom('alert_acknowledgements').selectAll().where('alert_key', '=', alert!.key).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ portcall_id: call.id, rule: 'unanswered_request' });
    expect(new Date(rows[0]!.acknowledged_at).toISOString()).toBe(t.clock.now().toISOString());

    expect((await w.otherAgent('POST', '/dashboard/alerts/acknowledge', { key: alert!.key })).statusCode).toBe(404);
    const malformed = await w.planner('POST', '/dashboard/alerts/acknowledge', { key: 'drop table' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().payload.errors[0].path).toBe('key');
  });
});
