import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, addTerminalGeometry, appointAgency, createOrganisation, createPort, createTerminal, createVessel, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3600_000;

describe.each(DB_TARGETS)('voyages on %s', (target) => {
  let t: TestApp;
  let w: {
    terminalId: number;
    terminalPortId: number;
    prevPort: number;
    nextPort: number;
    operator: { id: number };
    otherOperator: { id: number };
    otherVessel: number;
    planner: ApiCall;
    vesselSide: ApiCall;
    otherVesselSide: ApiCall;
    agent: ApiCall;
    otherAgent: ApiCall;
  };
  const now = Date.UTC(2027, 2, 1, 0);
  const at = (hours: number) => new Date(now + hours * H).toISOString();
  let numberCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date(now));
    const db = t.database.db;
    const terminal = await createTerminal(db);
    const geometry = await addTerminalGeometry(db, terminal.id);
    const operator = await createOrganisation(db, 'vessel_operator');
    const otherOperator = await createOrganisation(db, 'vessel_operator');
    const agency = await createOrganisation(db, 'agent');
    const otherAgency = await createOrganisation(db, 'agent');
    // The agency acts for the operator, so its agent may enter voyages of the operator's vessels.
    await appointAgency(db, { agencyId: agency.id, vesselOperatorId: operator.id });
    w = {
      terminalId: terminal.id,
      terminalPortId: geometry.portId,
      prevPort: (await createPort(db)).id,
      nextPort: (await createPort(db)).id,
      operator,
      otherOperator,
      otherVessel: (await createVessel(db, { vesselOperatorId: otherOperator.id })).id,
      planner: (await signIn(t.app, db, { terminalIds: [terminal.id] })).call,
      vesselSide: (await signIn(t.app, db, { userType: 'vessel_operator', organisationId: operator.id, terminalIds: [terminal.id] })).call,
      otherVesselSide: (await signIn(t.app, db, { userType: 'vessel_operator', organisationId: otherOperator.id, terminalIds: [terminal.id] })).call,
      agent: (await signIn(t.app, db, { userType: 'agent', organisationId: agency.id, terminalIds: [terminal.id] })).call,
      otherAgent: (await signIn(t.app, db, { userType: 'agent', organisationId: otherAgency.id, terminalIds: [terminal.id] })).call,
    };
  });
  afterAll(async () => t?.close());

  /** A fresh vessel each time keeps voyage identities apart; times are hours from the test's "now". */
  const voyage = async (extra: Record<string, unknown> = {}, offset = 24) => ({
    terminal_id: w.terminalId,
    service_name: 'Nordic Loop',
    service_code: 'NL1',
    vessel_id: (await createVessel(t.database.db, { vesselOperatorId: w.operator.id })).id,
    vessel_operator_id: w.operator.id,
    voyage_number_import: `V${++numberCounter}W`,
    voyage_number_export: `V${numberCounter}E`,
    schedule: [
      { port_id: w.prevPort, arrival: at(offset - 30), departure: at(offset - 20) },
      { port_id: w.terminalPortId, is_terminal_call: true, arrival: at(offset), departure: at(offset + 18) },
      { port_id: w.nextPort, arrival: at(offset + 40), departure: at(offset + 50) },
    ],
    ...extra,
  });
  const counts = async () => {
    const db = t.database.db;
    const n = async (table: 'voyages' | 'portcalls' | 'voyage_schedule_rows') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return { voyages: await n('voyages'), portcalls: await n('portcalls'), rows: await n('voyage_schedule_rows') };
  };

  it('creates a voyage by hand with the call at our terminal, requested on the vessel side', async () => {
    const input = await voyage();
    const res = await w.vesselSide('POST', '/voyages', input);
    expect(res.statusCode).toBe(201);
    const created = res.json().payload;
    expect(created).toMatchObject({ source: 'manual', voyage_name: `Nordic Loop ${input.voyage_number_import}/${input.voyage_number_export}`, is_departed: false });
    expect(created.schedule.map((r: { is_terminal_call: boolean; portcall_id: number | null }) => [r.is_terminal_call, r.portcall_id !== null])).toEqual([
      [false, false],
      [true, true],
      [false, false],
    ]);
    const call = (await w.planner('GET', `/portcalls/${created.portcalls[0].id}`)).json().payload;
    expect(call).toMatchObject({ berth_arrival: at(24), berth_departure: at(42), berth_arrival_state: { label: 'requested', change_label: 'newly created' }, voyage_id: created.id, previous_port_id: w.prevPort, next_port_id: w.nextPort, schedule_sync_state: 'schedule_syncable' });
  });

  it('has a terminal operator create the call as requested on the vessel side too', async () => {
    const created = (await w.planner('POST', '/voyages', await voyage())).json().payload;
    expect(created.portcalls[0].berth_arrival_state).toEqual({ label: 'requested', change_label: 'newly created' });
  });

  it.each([
    ['an unknown port', (v: Awaited<ReturnType<typeof voyage>>) => ({ schedule: v.schedule.map((r, i) => (i === 2 ? { ...r, port_id: 999_999 } : r)) }), 'schedule.2.port_id', 'Unknown port'],
    ['an unknown vessel', () => ({ vessel_id: 999_999 }), 'vessel_id', 'Unknown vessel'],
    ['an unknown operator', () => ({ vessel_operator_id: 999_999 }), 'vessel_operator_id', 'Unknown vessel operator'],
    ['an arrival before the previous departure', (v: Awaited<ReturnType<typeof voyage>>) => ({ schedule: v.schedule.map((r, i) => (i === 1 ? { ...r, arrival: at(-25) } : r)) }), 'schedule.1.arrival', "Arrives before the previous port's departure"],
    ['a departure before the arrival', (v: Awaited<ReturnType<typeof voyage>>) => ({ schedule: v.schedule.map((r, i) => (i === 2 ? { ...r, departure: at(30) } : r)) }), 'schedule.2.departure', 'Departs before it arrives'],
    ['two terminal calls', (v: Awaited<ReturnType<typeof voyage>>) => ({ schedule: v.schedule.map((r, i) => (i === 2 ? { ...r, port_id: w.terminalPortId, is_terminal_call: true } : r)) }), 'schedule.2.is_terminal_call', 'Only one row can be the call at this terminal'],
  ])('refuses %s with the field and the reason, saving nothing', async (_name, change, path, message) => {
    const before = await counts();
    const input = await voyage();
    const res = await w.planner('POST', '/voyages', { ...input, ...change(input) });
    expect(res.statusCode).toBe(400);
    expect(res.json().payload.errors).toContainEqual({ path, message });
    expect(await counts()).toEqual(before);
  });

  it('shows each side the voyages it may see', async () => {
    const own = (await w.vesselSide('POST', '/voyages', await voyage({ service_name: 'Visibility own' }))).json().payload;
    const foreignInput = await voyage({ service_name: 'Visibility foreign', vessel_id: w.otherVessel, vessel_operator_id: w.otherOperator.id });
    const foreign = (await w.otherVesselSide('POST', '/voyages', foreignInput)).json().payload;
    const byAgent = (await w.agent('POST', '/voyages', await voyage({ service_name: 'Visibility agent' }))).json().payload;
    const ids = async (call: ApiCall) => ((await call('GET', '/voyages?service=visibility&per_page=50')).json().payload.items as { id: number }[]).map((v) => v.id).sort();
    expect(await ids(w.planner)).toEqual([own.id, foreign.id, byAgent.id].sort());
    expect(await ids(w.vesselSide)).toEqual([own.id, byAgent.id].sort());
    expect(await ids(w.otherVesselSide)).toEqual([foreign.id]);
    expect(await ids(w.agent)).toEqual([byAgent.id]);
    expect(await ids(w.otherAgent)).toEqual([]);
    expect((await w.otherVesselSide('GET', `/voyages/${own.id}`)).statusCode).toBe(404);
  });

  it('pages 10 at a time and filters by service, vessel, operator, source, sync and state', async () => {
    const made: { id: number; vessel_id: number }[] = [];
    for (let i = 0; i < 11; i++) made.push((await w.planner('POST', '/voyages', await voyage({ service_name: 'Paging Express', schedule_syncable: i !== 0 }))).json().payload);
    const departed = (await w.planner('POST', '/voyages', await voyage({ service_name: 'Paging Express' }, -100))).json().payload;
    const page1 = (await w.planner('GET', '/voyages?service=paging%20express')).json().payload;
    expect(page1.items).toHaveLength(10);
    expect(page1.meta).toMatchObject({ total_count: 11, total_pages: 2 });
    expect((await w.planner('GET', '/voyages?service=paging%20express&page=2')).json().payload.items).toHaveLength(1);
    const past = (await w.planner('GET', '/voyages?service=paging%20express&state=departed')).json().payload;
    expect(past.items.map((v: { id: number; is_departed: boolean }) => [v.id, v.is_departed])).toEqual([[departed.id, true]]);
    expect((await w.planner('GET', `/voyages?vessel_id=${made[3]!.vessel_id}`)).json().payload.items.map((v: { id: number }) => v.id)).toEqual([made[3]!.id]);
    expect((await w.planner('GET', '/voyages?service=paging%20express&sync=inactive')).json().payload.items.map((v: { id: number }) => v.id)).toEqual([made[0]!.id]);
    expect((await w.planner('GET', '/voyages?service=paging%20express&source=template')).json().payload.meta.total_count).toBe(0);
    expect((await w.planner('GET', `/voyages?service=paging%20express&vessel_operator_id=${w.otherOperator.id}`)).json().payload.meta.total_count).toBe(0);
    expect((await w.planner('GET', '/voyages?service=NL1')).json().payload.meta.total_count).toBeGreaterThanOrEqual(11);
  });

  it('edits a voyage with its version: a requested time is asked for anew, an accepted one gets a proposal, a stale version gets 409', async () => {
    const created = (await w.vesselSide('POST', '/voyages', await voyage())).json().payload;
    const moved = created.schedule.map((r: { port_id: number; is_terminal_call: boolean; arrival: string; departure: string }) => ({ port_id: r.port_id, is_terminal_call: r.is_terminal_call, arrival: r.is_terminal_call ? at(27) : r.arrival, departure: r.is_terminal_call ? at(45) : r.departure }));
    const edited = await w.vesselSide('PUT', `/voyages/${created.id}`, { version: created.version, schedule: moved, service_name: 'Nordic Loop II' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().payload.version).toBe(created.version + 1);
    const call = (await w.planner('GET', `/portcalls/${created.portcalls[0].id}`)).json().payload;
    expect(call).toMatchObject({ berth_arrival: at(27), berth_arrival_state: { label: 'requested', change_label: 'to change' }, service_name: 'Nordic Loop II' });

    const stale = await w.vesselSide('PUT', `/voyages/${created.id}`, { version: created.version, service_name: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().payload.current.service_name).toBe('Nordic Loop II');

    // Agreed: the terminal answers the new request with its time and the vessel side accepts it.
    const planned = (await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: at(27), version: call.version })).json().payload;
    const agreed = (await w.vesselSide('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: planned.version })).json().payload;
    expect(agreed.berth_arrival_state.label).toBe('accepted');
    const current = (await w.vesselSide('GET', `/voyages/${created.id}`)).json().payload;
    const later = moved.map((r: { is_terminal_call: boolean }) => (r.is_terminal_call ? { ...r, arrival: at(30) } : r));
    expect((await w.vesselSide('PUT', `/voyages/${created.id}`, { version: current.version, schedule: later })).statusCode).toBe(200);
    const kept = (await w.planner('GET', `/portcalls/${call.id}`)).json().payload;
    expect(kept).toMatchObject({ berth_arrival: at(27), berth_arrival_state: { label: 'accepted' } });
    const listed = (await w.planner('GET', `/voyages/${created.id}`)).json().payload;
    expect(listed.portcalls[0].open_schedule_proposals).toBe(1);
  });

  it('stops sync for one call, audited and respected, and resumes it only for a call of a voyage', async () => {
    const created = (await w.vesselSide('POST', '/voyages', await voyage())).json().payload;
    const callId = created.portcalls[0].id;
    const call = (await w.vesselSide('GET', `/portcalls/${callId}`)).json().payload;
    expect((await w.otherVesselSide('PUT', `/portcalls/${callId}/schedule_sync`, { version: call.version, active: false })).statusCode).toBe(404);
    const stopped = await w.vesselSide('PUT', `/portcalls/${callId}/schedule_sync`, { version: call.version, active: false });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().payload).toMatchObject({ schedule_syncable: false, schedule_sync_state: 'schedule_syncable_inactive', version: call.version + 1 });
    expect((await w.vesselSide('PUT', `/portcalls/${callId}/schedule_sync`, { version: call.version, active: true })).statusCode).toBe(409);
    const audit = (await w.planner('GET', `/portcall_audit?portcall_id=${callId}`)).json().payload.items;
    expect(audit).toContainEqual(expect.objectContaining({ event_type: 'revised', field: 'schedule_syncable', old_value: true, new_value: false }));

    const voyageNow = (await w.vesselSide('GET', `/voyages/${created.id}`)).json().payload;
    const moved = voyageNow.schedule.map((r: { port_id: number; is_terminal_call: boolean; arrival: string; departure: string }) => ({ port_id: r.port_id, is_terminal_call: r.is_terminal_call, arrival: r.is_terminal_call ? at(30) : r.arrival, departure: r.departure }));
    expect((await w.vesselSide('PUT', `/voyages/${created.id}`, { version: voyageNow.version, schedule: moved })).statusCode).toBe(200);
    expect((await w.planner('GET', `/portcalls/${callId}`)).json().payload.berth_arrival).toBe(at(24));

    const resumed = await w.planner('PUT', `/portcalls/${callId}/schedule_sync`, { version: stopped.json().payload.version, active: true });
    expect(resumed.json().payload.schedule_sync_state).toBe('schedule_syncable');

    const loose = (await w.planner('POST', '/portcalls', { terminal_id: w.terminalId, vessel_id: w.otherVessel, vessel_operator_id: w.otherOperator.id, berth_arrival: at(500), berth_departure: at(520) })).json().payload;
    expect(loose.schedule_sync_state).toBeNull();
    const refused = await w.planner('PUT', `/portcalls/${loose.id}/schedule_sync`, { version: loose.version, active: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.errors).toContainEqual({ path: 'active', message: 'Only a call that belongs to a voyage follows a schedule' });
  });
});
