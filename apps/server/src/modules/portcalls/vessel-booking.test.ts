import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, appointAgency, createOrganisation, createTerminal, createVessel, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3600_000;

describe.each(DB_TARGETS)('who may book a call with which vessel on %s', (target) => {
  let t: TestApp;
  let w: {
    terminalId: number;
    portId: number;
    nordic: { id: number; name: string };
    rival: { id: number; name: string };
    nordicVessel: { id: number; name: string };
    rivalVessel: { id: number; name: string };
    unregistered: { id: number; name: string };
    agencyId: number;
    planner: ApiCall;
    nordicUser: ApiCall;
    agent: ApiCall;
  };
  const at = (hours: number) => new Date(Date.UTC(2027, 2, 1, 6) + hours * H).toISOString();

  beforeAll(async () => {
    t = await createTestApp(target);
    const db = t.database.db;
    const terminal = await createTerminal(db);
    const nordic = await createOrganisation(db, 'vessel_operator', { name: 'Nordic Line A/S' });
    const rival = await createOrganisation(db, 'vessel_operator', { name: 'Rival Carriers Ltd' });
    const agency = await createOrganisation(db, 'agent');
    // Nordic Line has named the agency as agent before: it acts for Nordic, not for Rival.
    await appointAgency(db, { agencyId: agency.id, vesselOperatorId: nordic.id });
    const port = await db.selectFrom('terminals').select('port_id').where('id', '=', terminal.id).executeTakeFirstOrThrow();
    w = {
      terminalId: terminal.id,
      portId: port.port_id,
      nordic,
      rival,
      nordicVessel: await createVessel(db, { name: 'NORDIC STAR', vesselOperatorId: nordic.id }),
      rivalVessel: await createVessel(db, { name: 'RIVAL QUEEN', vesselOperatorId: rival.id }),
      unregistered: await createVessel(db, { name: 'NOBODY KNOWS', vesselOperatorId: null }),
      agencyId: agency.id,
      planner: (await signIn(t.app, db, { terminalIds: [terminal.id] })).call,
      nordicUser: (await signIn(t.app, db, { userType: 'vessel_operator', organisationId: nordic.id, terminalIds: [terminal.id] })).call,
      agent: (await signIn(t.app, db, { userType: 'agent', organisationId: agency.id, terminalIds: [terminal.id] })).call,
    };
  });
  afterAll(async () => t?.close());

  const booking = (vesselId: number, operatorId: number, hours: number, extra: Record<string, unknown> = {}) => ({
    terminal_id: w.terminalId,
    vessel_id: vesselId,
    vessel_operator_id: operatorId,
    berth_arrival: at(hours),
    berth_departure: at(hours + 20),
    ...extra,
  });
  const callCount = async () => Number((await t.database.db.selectFrom('portcalls').select((eb) => eb.fn.countAll<number>().as('n')).where('terminal_id', '=', w.terminalId).executeTakeFirstOrThrow()).n);

  it('refuses a vessel operator a competitor\u2019s vessel with a clear 400, and it unlocks nothing', async () => {
    const before = await callCount();
    const res = await w.nordicUser('POST', '/portcalls', booking(w.rivalVessel.id, w.nordic.id, 10));
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toEqual({ status: 'VALIDATION_FAILED', message: 'RIVAL QUEEN is operated by Rival Carriers Ltd, not by your company: you can only book your own vessels.' });
    expect(res.json().payload.errors).toContainEqual({ path: 'vessel_id', message: expect.stringContaining('RIVAL QUEEN') });
    expect(await callCount()).toBe(before);
    // The competitor's vessel stays closed: no AIS data, no call of it on the map.
    expect((await w.nordicUser('GET', `/ais/vessel_characteristics?vessel_id=${w.rivalVessel.id}`)).statusCode).toBe(404);
    // A vessel without an operator in the register is nobody's yet: the terminal books it.
    const unregistered = await w.nordicUser('POST', '/portcalls', booking(w.unregistered.id, w.nordic.id, 10));
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.json().status.message).toMatch(/NOBODY KNOWS has no vessel operator/);
  });

  it('books the vessel operator\u2019s own vessel, and the terminal any vessel', async () => {
    expect((await w.nordicUser('POST', '/portcalls', booking(w.nordicVessel.id, w.nordic.id, 40))).statusCode).toBe(201);
    expect((await w.planner('POST', '/portcalls', booking(w.rivalVessel.id, w.nordic.id, 70))).statusCode).toBe(201);
    expect((await w.planner('POST', '/portcalls', booking(w.unregistered.id, w.rival.id, 100))).statusCode).toBe(201);
  });

  it('lets an agent book the vessels of the operator it acts for, and no other', async () => {
    const own = await w.agent('POST', '/portcalls', booking(w.nordicVessel.id, w.nordic.id, 130, { agent_id: w.agencyId }));
    expect(own.statusCode).toBe(201);
    // Nordic's vessel on a call for Rival: not a vessel of the operator the call is for.
    const mixed = await w.agent('POST', '/portcalls', booking(w.nordicVessel.id, w.rival.id, 160, { agent_id: w.agencyId }));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().status.message).toMatch(/NORDIC STAR is not a vessel of the vessel operator this call is booked for/);
    // Rival's vessel for Rival: the agency does not act for Rival.
    const stranger = await w.agent('POST', '/portcalls', booking(w.rivalVessel.id, w.rival.id, 160, { agent_id: w.agencyId }));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().status.message).toBe('Your agency does not act for Rival Carriers Ltd: it can book its vessels once the operator has named your agency as agent of one of its calls.');
  });

  it('refuses the same through a change of the call\u2019s vessel, a voyage and a voyage template', async () => {
    const call = (await w.nordicUser('POST', '/portcalls', booking(w.nordicVessel.id, w.nordic.id, 190))).json().payload;
    const swapped = await w.nordicUser('PUT', `/portcalls/${call.id}`, { version: call.version, vessel_id: w.rivalVessel.id });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().status.message).toMatch(/RIVAL QUEEN is operated by Rival Carriers Ltd/);
    expect((await w.nordicUser('GET', `/portcalls/${call.id}`)).json().payload.vessel_id).toBe(w.nordicVessel.id);
    // Editing anything else of the call is not a booking: the vessel stays as it is.
    expect((await w.nordicUser('PUT', `/portcalls/${call.id}`, { version: call.version, comment: 'Reefers on deck' })).statusCode).toBe(200);

    const voyage = await w.nordicUser('POST', '/voyages', {
      terminal_id: w.terminalId,
      service_name: 'Baltic Loop',
      vessel_id: w.rivalVessel.id,
      vessel_operator_id: w.nordic.id,
      voyage_number_import: 'BL-1',
      schedule: [{ port_id: w.portId, is_terminal_call: true, arrival: at(220), departure: at(240) }],
    });
    expect(voyage.statusCode).toBe(400);
    expect(voyage.json().status.message).toMatch(/RIVAL QUEEN is operated by Rival Carriers Ltd/);

    const template = await w.nordicUser('POST', '/voyage_templates', {
      terminal_id: w.terminalId,
      name: 'Baltic Loop',
      code: 'BLP',
      vessel_operator_id: w.nordic.id,
      rotation: [{ port_id: w.portId, is_terminal_call: true, day_offset: 0, arrival_time: '06:00', stay_hours: 12 }],
      berth_window: { arrival_weekday: 1 },
      vessel_ids: [w.nordicVessel.id, w.rivalVessel.id],
      recurrence: { interval_weeks: 1, exceptions: [] },
      valid_from: '2027-03-01',
    });
    expect(template.statusCode).toBe(400);
    expect(template.json().payload.errors).toContainEqual({ path: 'vessel_ids.1', message: expect.stringMatching(/RIVAL QUEEN is operated by Rival Carriers Ltd/) });
  });
});
