import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, addTerminalGeometry, appointAgency, createOrganisation, createTerminal, createVessel, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3600_000;

describe.each(DB_TARGETS)('port calls on %s', (target) => {
  let t: TestApp;
  let w: {
    terminalId: number;
    otherTerminalId: number;
    pbpId: number;
    operatorX: { id: number };
    operatorY: { id: number };
    agentZ: { id: number };
    vesselId: number;
    planner: ApiCall;
    otherPlanner: ApiCall;
    vesselX: ApiCall;
    vesselY: ApiCall;
    agent: ApiCall;
  };
  const base = Date.UTC(2026, 5, 1, 6);
  const at = (hours: number) => new Date(base + hours * H).toISOString();

  beforeAll(async () => {
    t = await createTestApp(target);
    const db = t.database.db;
    const terminal = await createTerminal(db);
    const other = await createTerminal(db);
    const geometry = await addTerminalGeometry(db, terminal.id);
    const operatorX = await createOrganisation(db, 'vessel_operator');
    const operatorY = await createOrganisation(db, 'vessel_operator');
    const agentZ = await createOrganisation(db, 'agent');
    const vessel = await createVessel(db, { vesselOperatorId: operatorX.id });
    await appointAgency(db, { agencyId: agentZ.id, vesselOperatorId: operatorX.id });
    w = {
      terminalId: terminal.id,
      otherTerminalId: other.id,
      pbpId: geometry.pilotBoardingPlaces[0]!.id,
      operatorX,
      operatorY,
      agentZ,
      vesselId: vessel.id,
      planner: (await signIn(t.app, db, { terminalIds: [terminal.id] })).call,
      otherPlanner: (await signIn(t.app, db, { terminalIds: [other.id] })).call,
      vesselX: (await signIn(t.app, db, { userType: 'vessel_operator', organisationId: operatorX.id, terminalIds: [terminal.id] })).call,
      vesselY: (await signIn(t.app, db, { userType: 'vessel_operator', organisationId: operatorY.id, terminalIds: [terminal.id] })).call,
      agent: (await signIn(t.app, db, { userType: 'agent', organisationId: agentZ.id, terminalIds: [terminal.id] })).call,
    };
  });
  afterAll(async () => t?.close());

  const request = (offsetHours: number, extra: Record<string, unknown> = {}) => ({
    terminal_id: w.terminalId,
    vessel_id: w.vesselId,
    vessel_operator_id: w.operatorX.id,
    agent_id: w.agentZ.id,
    berth_arrival: at(offsetHours),
    berth_departure: at(offsetHours + 20),
    ...extra,
  });

  it('starts a new call with the first configured port-call type unless told otherwise, and no vessel characteristic the client did not name', async () => {
    const defaulted = (await w.planner('POST', '/portcalls', request(500))).json().payload;
    expect(defaulted).toMatchObject({ portcall_type: 'Inbound', vessel_characteristics: [], is_bollards_linked: true, draft_inbound: 0, move_count_containers: 0 });
    const chosen = (await w.planner('POST', '/portcalls', request(530, { portcall_type: 'Shifter', vessel_characteristics: ['bow_ramp'] }))).json().payload;
    expect(chosen).toMatchObject({ portcall_type: 'Shifter', vessel_characteristics: ['bow_ramp'] });
  });

  it('runs the whole negotiation: request, proposal, acceptance, with the chain and the audit trail', async () => {
    const created = await w.agent('POST', '/portcalls', request(24));
    expect(created.statusCode).toBe(201);
    const call = created.json().payload;
    expect(call.berth_arrival_state).toEqual({ label: 'requested', change_label: 'newly created' });
    expect(call.status).toBe('Approaching');
    expect(call.status_sort_priority).toBe(6);

    // The terminal has something to do; the agent does not.
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.is_open_task).toBe(true);
    expect(call.is_open_task).toBe(false);

    const proposed = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: at(26), version: call.version, remark: 'Berth 1 busy until then', delay_reason_code: 'BER' });
    expect(proposed.statusCode).toBe(200);
    const p = proposed.json().payload;
    expect(p.berth_arrival).toBe(at(26));
    expect(p.berth_arrival_state).toEqual({ label: 'planned', change_label: 'proposed' });
    expect(p.version).toBe(call.version + 1);

    const accepted = await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: p.version });
    expect(accepted.json().payload.berth_arrival_state).toEqual({ label: 'accepted', change_label: 'created' });
    expect(accepted.json().payload.berth_arrival).toBe(at(26));

    const chain = (await w.agent('GET', `/portcalls/${call.id}/timestamps`)).json().payload.filter((s: { time: string }) => s.time === 'berth_arrival');
    expect(chain.map((s: { action: string; classifier: string }) => `${s.action}:${s.classifier}`)).toEqual(['request:REQ', 'propose:PLN', 'accept:REQ']);
    expect(chain[1].reply_to_id).toBe(chain[0].id);
    expect(chain[2].reply_to_id).toBe(chain[1].id);
    expect(chain[1]).toMatchObject({ remark: 'Berth 1 busy until then', delay_reason_code: 'BER', date_time: at(26) });

    const audit = (await w.planner('GET', `/portcall_audit?portcall_id=${call.id}`)).json().payload;
    expect(audit.items.map((e: { event_type: string }) => e.event_type)).toEqual(['created', 'revised', 'accepted']);
    expect(audit.items[1]).toMatchObject({ field: 'berth_arrival', old_value: { value: at(24), label: 'requested' }, new_value: { value: at(26), label: 'planned' } });
  });

  it('refuses moves by the wrong side (403) and from the wrong label (422)', async () => {
    const call = (await w.agent('POST', '/portcalls', request(100))).json().payload;
    const wrongParty = await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: at(101), version: call.version });
    expect(wrongParty.statusCode).toBe(403);
    expect(wrongParty.json().status.status).toBe('FORBIDDEN');
    const ownRequest = await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: call.version });
    expect(ownRequest.statusCode).toBe(422);
    const wrongLabel = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept_cancel', version: call.version });
    expect(wrongLabel.statusCode).toBe(422);
    expect(wrongLabel.json().status.message).toMatch(/requested/);
    const noTime = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', version: call.version });
    expect(noTime.statusCode).toBe(400);
    // Nothing of the refused steps was written.
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.version).toBe(call.version);
  });

  it('answers a stale version with 409 and the current record, never overwriting', async () => {
    const call = (await w.planner('POST', '/portcalls', request(200))).json().payload;
    expect(call.berth_arrival_state.label).toBe('planned');
    const first = await w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, comment: 'first writer' });
    expect(first.statusCode).toBe(200);
    const second = await w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, comment: 'second writer' });
    expect(second.statusCode).toBe(409);
    expect(second.json().status.status).toBe('CONFLICT');
    expect(second.json().payload.current).toMatchObject({ id: call.id, comment: 'first writer', version: call.version + 1 });
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.comment).toBe('first writer');
  });

  it('commits no version for a write that changes nothing, so every version has its audit rows', async () => {
    const call = (await w.planner('POST', '/portcalls', request(210, { berth_start_position: 100, berth_end_position: 300 }))).json().payload;
    const auditRows = async () => (await t.database.db.selectFrom('portcall_audit_events').select('id').where('portcall_id', '=', call.id).execute()).length;
    const before = await auditRows();
    const same = await w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, berth_start_position: 100, berth_end_position: 300, berth_arrival: call.berth_arrival });
    expect(same.statusCode).toBe(200);
    expect(same.json().payload.version).toBe(call.version);
    expect(await auditRows()).toBe(before);
    const moved = await w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, berth_start_position: 120, berth_end_position: 320 });
    expect(moved.json().payload.version).toBe(call.version + 1);
    expect(await auditRows()).toBe(before + 2);
  });

  it('takes an edit that leaves the times alone although a negotiated berth time now lies before the pilot time', async () => {
    const call = (await w.planner('POST', '/portcalls', request(230, { pilot_boarding_place_id: w.pbpId, pilot_boarding_place_arrival: at(226) }))).json().payload;
    // Times are negotiated one by one: the agent asks for a berth time earlier than the pilot time, the terminal accepts.
    const asked = (await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'request', date_time: at(224), version: call.version })).json().payload;
    const accepted = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: asked.version });
    expect(accepted.statusCode).toBe(200);
    const version = accepted.json().payload.version;
    const comment = await w.planner('PUT', `/portcalls/${call.id}`, { version, berth_comment: 'Crane 3 from 06:00' });
    expect(comment.statusCode, comment.body).toBe(200);
    // A write that makes a problem of its own is still refused.
    const outside = await w.planner('PUT', `/portcalls/${call.id}`, { version: comment.json().payload.version, cargo_operations_start: at(300) });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().payload.errors.map((e: { path: string }) => e.path)).toEqual(['cargo_operations_start']);
  });

  it('turns an edited time into the step of the editor\u2019s side', async () => {
    const call = (await w.vesselX('POST', '/portcalls', request(300, { agent_id: null }))).json().payload;
    const byTerminal = (await w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, berth_departure: at(322) })).json().payload;
    expect(byTerminal.berth_departure_state).toEqual({ label: 'planned', change_label: 'proposed' });
    const byVessel = (await w.vesselX('PUT', `/portcalls/${call.id}`, { version: byTerminal.version, berth_departure: at(324) })).json().payload;
    expect(byVessel.berth_departure_state).toEqual({ label: 'requested', change_label: 'to change' });
    const positions = await w.vesselX('PUT', `/portcalls/${call.id}`, { version: byVessel.version, berth_start_position: 10, berth_end_position: 300 });
    expect(positions.statusCode).toBe(403);
  });

  it('keeps berth position, bollards and section in step', async () => {
    const call = (await w.planner('POST', '/portcalls', request(400, { berth_start_position: 460, berth_end_position: 700 }))).json().payload;
    expect(call.terminal_section_id).not.toBeNull();
    expect(call.berth_start_bollard_id).not.toBeNull();
    expect(call.berth_end_bollard_id).not.toBeNull();
    expect(call.is_bollards_linked).toBe(true);
    const unlinked = (await w.planner('POST', '/portcalls', request(430, { berth_start_position: 0, berth_end_position: 250, is_bollards_linked: false }))).json().payload;
    expect(unlinked.berth_start_bollard_id).toBeNull();
  });

  it('validates times, place and parties with field-level errors, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ berth_departure: at(499) }, 'berth_departure'],
      [{ cargo_operations_start: at(499) }, 'cargo_operations_start'],
      [{ cargo_operations_start: at(501), cargo_operations_end: at(530) }, 'cargo_operations_end'],
      [{ berth_start_position: 900, berth_end_position: 1100 }, 'berth_end_position'],
      [{ berth_start_position: 0, berth_end_position: 50 }, 'berth_end_position'],
      [{ vessel_id: 999999 }, 'vessel_id'],
      [{ vessel_operator_id: w.agentZ.id }, 'vessel_operator_id'],
      [{ pilot_boarding_place_id: 999999 }, 'pilot_boarding_place_id'],
    ];
    const before = (await w.planner('GET', '/portcalls?per_page=100')).json().payload.meta.total_count;
    for (const [change, path] of cases) {
      const res = await w.planner('POST', '/portcalls', request(500, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().status.status).toBe('VALIDATION_FAILED');
      expect(res.json().payload.errors.map((e: { path: string }) => e.path), JSON.stringify(change)).toContain(path);
    }
    const missing = await w.planner('POST', '/portcalls', { terminal_id: w.terminalId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().payload.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['vessel_id', 'vessel_operator_id', 'berth_arrival', 'berth_departure']));
    const forOtherCompany = await w.vesselY('POST', '/portcalls', request(500, { agent_id: null }));
    expect(forOtherCompany.statusCode).toBe(400);
    expect(forOtherCompany.json().payload.errors[0].path).toBe('vessel_operator_id');
    expect((await w.planner('GET', '/portcalls?per_page=100')).json().payload.meta.total_count).toBe(before);
  });

  it('shows each side only its own calls, and nobody another terminal\u2019s, even by id', async () => {
    const call = (await w.vesselX('POST', '/portcalls', request(600, { agent_id: null }))).json().payload;
    expect((await w.vesselY('GET', `/portcalls/${call.id}`)).statusCode).toBe(404);
    expect((await w.agent('GET', `/portcalls/${call.id}`)).statusCode).toBe(404);
    expect((await w.otherPlanner('GET', `/portcalls/${call.id}`)).statusCode).toBe(404);
    expect((await w.otherPlanner('PUT', `/portcalls/${call.id}`, { version: call.version, comment: 'x' })).statusCode).toBe(404);
    expect((await w.vesselY('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'request', date_time: at(601), version: call.version })).statusCode).toBe(404);
    expect((await w.otherPlanner('GET', `/portcall_audit?portcall_id=${call.id}`)).statusCode).toBe(404);
    expect((await w.otherPlanner('GET', '/portcalls')).json().payload.meta.total_count).toBe(0);
    const ids = (list: { items: { id: number }[] }) => list.items.map((i) => i.id);
    expect(ids((await w.vesselY('GET', '/portcalls?per_page=100')).json().payload)).not.toContain(call.id);
    expect(ids((await w.planner('GET', '/portcalls?per_page=100')).json().payload)).toContain(call.id);
    const otherTerminal = await w.vesselX('POST', '/portcalls', request(600, { agent_id: null, terminal_id: w.otherTerminalId }));
    expect(otherTerminal.statusCode).toBe(400);
  });

  it('cancels: the terminal at once, the vessel side by request that the terminal accepts', async () => {
    const a = (await w.agent('POST', '/portcalls', request(700))).json().payload;
    const cancelled = (await w.planner('POST', `/portcalls/${a.id}/cancel`, { version: a.version })).json().payload;
    expect(cancelled.status).toBe('Cancelled');
    expect(cancelled.status_sort_priority).toBe(1);
    expect(cancelled.berth_arrival_state.label).toBe('cancelled');
    expect((await w.planner('PUT', `/portcalls/${a.id}`, { version: cancelled.version, comment: 'too late' })).statusCode).toBe(422);

    const b = (await w.agent('POST', '/portcalls', request(750))).json().payload;
    const asked = (await w.agent('POST', `/portcalls/${b.id}/cancel`, { version: b.version })).json().payload;
    expect(asked.status).toBe('Approaching');
    expect(asked.berth_arrival_state.label).toBe('cancel_requested');
    expect((await w.planner('GET', `/portcalls/${b.id}`)).json().payload.is_open_task).toBe(true);
    const done = (await w.planner('POST', `/portcalls/${b.id}/negotiate`, { time: 'berth_arrival', action: 'accept_cancel', version: asked.version })).json().payload;
    expect(done.status).toBe('Cancelled');
    expect(done.berth_arrival_state.label).toBe('cancel_accepted');
  });

  it('follows the actual times through the statuses', async () => {
    const c = (await w.planner('POST', '/portcalls', request(800, { pilot_boarding_place_id: w.pbpId, pilot_boarding_place_arrival: at(797) }))).json().payload;
    const step = async (time: string, hours: number, version: number) =>
      (await w.planner('POST', `/portcalls/${c.id}/negotiate`, { time, action: 'actual', date_time: at(hours), version })).json().payload;
    const atPbp = await step('pilot_boarding_place_arrival', 797.5, c.version);
    expect(atPbp.status).toBe('Arrived at PBP');
    const berthed = await step('berth_arrival', 800.2, atPbp.version);
    expect(berthed.status).toBe('Berthed');
    const departed = await step('berth_departure', 819, berthed.version);
    expect(departed.status).toBe('Departed');
  });

  it('filters by status, window, text and pages with meta', async () => {
    const vessel = await createVessel(t.database.db, { name: 'FILTER TESTER', vesselOperatorId: w.operatorX.id });
    for (let i = 0; i < 3; i++) await w.planner('POST', '/portcalls', request(900 + i * 30, { vessel_id: vessel.id, voyage_number_import: `V${i}FT` }));
    const byText = (await w.planner('GET', '/portcalls?q=filter%20tester&per_page=2')).json().payload;
    expect(byText.meta).toEqual({ page: 1, per_page: 2, total_count: 3, total_pages: 2 });
    expect(byText.items).toHaveLength(2);
    const page2 = (await w.planner('GET', '/portcalls?q=filter%20tester&per_page=2&page=2')).json().payload;
    expect(page2.items).toHaveLength(1);
    const byVoyage = (await w.planner('GET', '/portcalls?q=v1ft')).json().payload;
    expect(byVoyage.meta.total_count).toBe(1);
    const byWindow = (await w.planner('GET', `/portcalls?vessel_id=${vessel.id}&from=${encodeURIComponent(at(925))}&to=${encodeURIComponent(at(935))}`)).json().payload;
    expect(byWindow.meta.total_count).toBe(1);
    const byStatus = (await w.planner('GET', `/portcalls?vessel_id=${vessel.id}&status=Cancelled`)).json().payload;
    expect(byStatus.meta.total_count).toBe(0);
    expect((await w.planner('GET', '/portcalls?status=Nonsense')).statusCode).toBe(400);
  });
});

describe('cargo calculations', () => {
  let t: TestApp;
  let call: ApiCall;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    call = (await signIn(t.app, t.database.db)).call;
  });
  afterAll(async () => t?.close());

  it('computes row totals and sums; typed totals are ignored', async () => {
    const res = await call('POST', '/portcalls/calculated_cargo_details', { cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 100, load: 50, restow: 5, move_count: 155, total: 999 }, { cargo_type: 'General', discharge: 7 }] });
    expect(res.statusCode).toBe(200);
    const p = res.json().payload;
    expect(p.cargo_details.map((d: { total: number }) => d.total)).toEqual([155, 7]);
    expect(p.totals).toEqual({ discharge: 107, load: 50, restow: 5, total: 162, move_count: 155 });
  });

  it('prefills the cargo-operations duration from moves, crane intensity and units per hour', async () => {
    const res = await call('POST', '/prefill_cargo_ops_duration', { move_count: 1200, units_per_hour: 30, crane_intensity: 4, cargo_operations_start: '2026-03-28T22:00:00Z' });
    expect(res.json().payload).toEqual({ hours: 10, minutes: 600, cargo_operations_end: '2026-03-29T08:00:00.000Z' });
    expect((await call('POST', '/prefill_cargo_ops_duration', { move_count: 10, units_per_hour: 0 })).statusCode).toBe(400);
  });
});
