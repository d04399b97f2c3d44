// A DCSA JIT 2.0 exchange in the shape of DCSA's conformance scenarios ("PC - TC - S - V - E - R - P - A", cancel,
// decline, omit, secondary receivers): a carrier's system with its key on one side, the terminal in Quayline on the
// other, the job runner delivering Quayline's messages to real local HTTP endpoints. Every message both ways is
// checked against the official JIT_v2.0.0.yaml: what the carrier sends before it is sent (and every answer), what
// Quayline sends where it arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedJson } from '../db/stored-json';
import { createOrganisation, createVessel, signIn } from './fixtures';
import { type TJitCarrierClient, type TJitCarrierEndpoint, type TReceivedJitMessage, createJitCarrierClient, injectTransport, openJitCall, startJitCarrierEndpoint } from '../modules/dcsa/local-jit-carrier';
import { type PortcallWorld, createPortcallWorld } from './portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';

type TTimestampBody = { timestampID: string; replyToTimestampID?: string; portCallServiceID: string; classifierCode: string; dateTime: string; isFYI?: boolean };
const stampOf = (m: TReceivedJitMessage) => m.body as TTimestampBody;
const isTimestamp = (classifier: string, serviceId: string, dateTime?: string) => (m: TReceivedJitMessage) =>
  m.path.startsWith('/timestamps/') && stampOf(m).classifierCode === classifier && stampOf(m).portCallServiceID === serviceId && (!dateTime || Date.parse(stampOf(m).dateTime) === Date.parse(dateTime));

describe.each(DB_TARGETS)('DCSA JIT 2.0 conformance-shaped scenario on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let unlocode: string;
  let carrierEndpoint: TJitCarrierEndpoint;
  let agencyEndpoint: TJitCarrierEndpoint;
  let strangerEndpoint: TJitCarrierEndpoint;
  let carrier: TJitCarrierClient;
  let agency: TJitCarrierClient;
  let stranger: TJitCarrierClient;
  const step = () => t.clock.advance(60_000);
  const portcallOf = (terminalCallID: string) => t.database.db.selectFrom('portcalls').select(['id', 'version']).where('dcsa_terminal_call_id', '=', terminalCallID).executeTakeFirstOrThrow();
  const current = async (id: number) => (await w.planner('GET', `/portcalls/${id}`)).json().payload;
  async function negotiate(id: number, body: Record<string, unknown>) {
    step();
    const res = await w.planner('POST', `/portcalls/${id}/negotiate`, { ...body, version: (await current(id)).version });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    // The job runner runs as in production (no cron), looking for due JIT messages every 50 ms.
    t = await createTestApp(target, { runJobs: true }, { jobs: { isCronEnabled: false, pollingIntervalSeconds: 0.5, jitOutboxIntervalMs: 50 } });
    w = await createPortcallWorld(t);
    const db = t.database.db;
    const terminal = await db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select(['ports.unlocode', 'terminals.terminal_operator_id']).where('terminals.id', '=', w.terminal.id).executeTakeFirstOrThrow();
    unlocode = terminal.unlocode;
    const operator = await signIn(t.app, db, { organisationId: terminal.terminal_operator_id, terminalIds: [w.terminal.id] });
    [carrierEndpoint, agencyEndpoint, strangerEndpoint] = await Promise.all([startJitCarrierEndpoint(), startJitCarrierEndpoint(), startJitCarrierEndpoint()]);
    const otherLine = await createOrganisation(db, 'vessel_operator');
    const connect = async (name: string, organisationId: number, endpoint: TJitCarrierEndpoint) => {
      const res = await operator.call('POST', '/dcsa_counterparties', { name, organisation_id: organisationId, endpoint_url: endpoint.url });
      expect(res.statusCode).toBe(201);
      return createJitCarrierClient(injectTransport(t), res.json().payload.api_key);
    };
    carrier = await connect('Carrier system', w.operator.id, carrierEndpoint);
    agency = await connect('Agency system', w.agency.id, agencyEndpoint);
    stranger = await connect('Other line system', otherLine.id, strangerEndpoint);
    await createVessel(db, { vesselOperatorId: otherLine.id });
  });
  afterAll(async () => {
    await Promise.all([carrierEndpoint, agencyEndpoint, strangerEndpoint].map((e) => e?.close()));
    await t?.close();
  });

  it('PC - TC - S - V - R - P - R - P(accept) - E - A: every message on both sides is the standard\u2019s', async () => {
    // PC, TC, S (berth arrival and departure), R for both: the carrier opens the call; Quayline creates it.
    const opened = await openJitCall(carrier, { unlocode, imo: w.vessel.imo_number, arrival: '2026-10-01T06:00:00Z', departure: '2026-10-02T06:00:00Z' });
    // V: the vessel status of the arrival.
    expect((await carrier.send('PUT', `/vessel-statuses/${opened.arrivalServiceID}`, { portCallServiceID: opened.arrivalServiceID, draft: 11.8, dimensionUnit: 'MTR', milesToDestinationPort: 120 })).status).toBe(204);
    const call = await portcallOf(opened.terminalCallID);
    // The terminal names the call's agent, whose system then receives every further message as a copy.
    step();
    expect((await w.planner('PUT', `/portcalls/${call.id}`, { agent_id: w.agency.id, version: (await current(call.id)).version })).statusCode).toBe(200);

    // P: the terminal proposes another arrival in the planner; the carrier's endpoint receives the PLN.
    await negotiate(call.id, { time: 'berth_arrival', action: 'propose', date_time: '2026-10-01T08:00:00Z' });
    const pln = await carrierEndpoint.waitFor(isTimestamp('PLN', opened.arrivalServiceID, '2026-10-01T08:00:00Z'));
    expect(stampOf(pln)).toMatchObject({ replyToTimestampID: opened.timestamps[0] });
    expect(stampOf(pln).isFYI).toBeUndefined();
    // The agency's system gets the same message as a copy, objects first (it never saw this call).
    const copy = await agencyEndpoint.waitFor(isTimestamp('PLN', opened.arrivalServiceID));
    expect(stampOf(copy)).toMatchObject({ timestampID: stampOf(pln).timestampID, isFYI: true });
    expect(agencyEndpoint.received.map((m) => m.path.split('/')[1])).toEqual(['port-calls', 'terminal-calls', 'timestamps']);

    // R: the carrier asks for yet another time, replying to the plan.
    step();
    const req = { timestampID: crypto.randomUUID(), replyToTimestampID: stampOf(pln).timestampID, portCallServiceID: opened.arrivalServiceID, classifierCode: 'REQ', dateTime: '2026-10-01T07:00:00Z' };
    expect((await carrier.send('PUT', `/timestamps/${req.timestampID}`, req)).status).toBe(204);
    expect((await current(call.id)).berth_arrival_state.label).toBe('requested');
    // The agency's system gets the carrier's request as a copy; the carrier does not get its own back.
    const reqCopy = await agencyEndpoint.waitFor(isTimestamp('REQ', opened.arrivalServiceID));
    expect(stampOf(reqCopy)).toMatchObject({ timestampID: req.timestampID, isFYI: true });

    // P (accept): the terminal accepts; the carrier receives a PLN of the requested time replying to its REQ.
    await negotiate(call.id, { time: 'berth_arrival', action: 'accept' });
    const accepted = await carrierEndpoint.waitFor(isTimestamp('PLN', opened.arrivalServiceID, '2026-10-01T07:00:00Z'));
    expect(stampOf(accepted).replyToTimestampID).toBe(req.timestampID);
    expect((await current(call.id)).berth_arrival_state.label).toBe('accepted');

    // E: the terminal accepts the departure and then estimates it later.
    await negotiate(call.id, { time: 'berth_departure', action: 'accept' });
    await negotiate(call.id, { time: 'berth_departure', action: 'estimate', date_time: '2026-10-02T07:30:00Z' });
    await carrierEndpoint.waitFor(isTimestamp('EST', opened.departureServiceID, '2026-10-02T07:30:00Z'));

    // A: the actual arrival.
    await negotiate(call.id, { time: 'berth_arrival', action: 'actual', date_time: '2026-10-01T07:10:00Z' });
    const act = await carrierEndpoint.waitFor(isTimestamp('ACT', opened.arrivalServiceID, '2026-10-01T07:10:00Z'));
    expect(stampOf(act).replyToTimestampID).toBe(stampOf(accepted).timestampID);

    // Everything the carrier sent and got back conformed; the carrier's GETs show the whole chain.
    const chain = await carrier.get(`/timestamps?portCallServiceID=${opened.arrivalServiceID}`);
    expect((chain.body as TTimestampBody[]).map((s) => s.classifierCode)).toEqual(['REQ', 'PLN', 'REQ', 'PLN', 'ACT']);
    for (const path of [`/port-calls?portCallID=${opened.portCallID}`, `/terminal-calls?portCallID=${opened.portCallID}`, `/port-call-services?terminalCallID=${opened.terminalCallID}`, `/vessel-statuses?portCallServiceID=${opened.arrivalServiceID}`]) {
      expect((await carrier.get(path)).status).toBe(200);
    }
    expect(carrier.problems).toEqual([]);
    expect(agency.problems).toEqual([]);
    // And the call shows what went to whom: the carrier's messages, and the agency's copies.
    const messages = (await w.planner('GET', `/portcalls/${call.id}/jit_messages`)).json().payload as { counterparty_name: string; classifier_code: string | null; is_fyi: boolean; status: string }[];
    expect(messages).toEqual(expect.arrayContaining([expect.objectContaining({ counterparty_name: 'Carrier system', classifier_code: 'PLN', is_fyi: false, status: 'sent' }), expect.objectContaining({ counterparty_name: 'Agency system', classifier_code: 'PLN', is_fyi: true, status: 'sent' })]));
  }, 60_000);

  it('cancel (provider), decline and omit (consumer), each passed on to the other system as a copy', async () => {
    const opened = await openJitCall(carrier, { unlocode, imo: w.vessel.imo_number, arrival: '2026-10-10T06:00:00Z', departure: '2026-10-11T06:00:00Z' });
    const call = await portcallOf(opened.terminalCallID);
    step();
    expect((await w.planner('PUT', `/portcalls/${call.id}`, { agent_id: w.agency.id, version: (await current(call.id)).version })).statusCode).toBe(200);

    // Decline: the carrier no longer needs the departure service; the agency's system is told as a copy.
    step();
    expect((await carrier.send('POST', `/port-call-services/${opened.departureServiceID}/decline`, { reason: 'Not needed' })).status).toBe(204);
    const declined = await agencyEndpoint.waitFor((m) => m.path === `/port-call-services/${opened.departureServiceID}/decline`);
    expect(declined.body).toEqual({ reason: 'Not needed', isFYI: true });

    // Cancel: the terminal cancels the call; every open service is cancelled at the carrier (and copied to the agency).
    step();
    expect((await w.planner('POST', `/portcalls/${call.id}/cancel`, { version: (await current(call.id)).version, remark: 'Quay works' })).statusCode).toBe(200);
    const cancelled = await carrierEndpoint.waitFor((m) => m.path === `/port-call-services/${opened.arrivalServiceID}/cancel`);
    expect(cancelled.body).toEqual({ reason: 'Quay works' });
    expect((await agencyEndpoint.waitFor((m) => m.path === `/port-call-services/${opened.arrivalServiceID}/cancel`)).body).toEqual({ reason: 'Quay works', isFYI: true });
    expect((await carrier.get(`/port-call-services?portCallServiceID=${opened.arrivalServiceID}`)).body).toEqual([expect.objectContaining({ cancelled: true })]);

    // Omit: another call, omitted by the carrier; the agency's system learns it as a copy.
    const second = await openJitCall(carrier, { unlocode, imo: w.vessel.imo_number, arrival: '2026-10-20T06:00:00Z', departure: '2026-10-21T06:00:00Z' });
    const secondCall = await portcallOf(second.terminalCallID);
    step();
    expect((await w.planner('PUT', `/portcalls/${secondCall.id}`, { agent_id: w.agency.id, version: (await current(secondCall.id)).version })).statusCode).toBe(200);
    step();
    expect((await carrier.send('POST', `/port-calls/${second.portCallID}/omit`, { reason: 'Voyage changed' })).status).toBe(204);
    expect((await agencyEndpoint.waitFor((m) => m.path === `/port-calls/${second.portCallID}/omit`)).body).toEqual({ reason: 'Voyage changed', isFYI: true });
    expect((await current(secondCall.id)).berth_arrival_state.label).toBe('cancel_requested');
    expect(carrier.problems).toEqual([]);
  }, 60_000);

  it('shows a second carrier nothing of the first\u2019s calls and sends it nothing', async () => {
    const opened = await openJitCall(carrier, { unlocode, imo: w.vessel.imo_number, arrival: '2026-10-25T06:00:00Z', departure: '2026-10-26T06:00:00Z' });
    const call = await portcallOf(opened.terminalCallID);
    await negotiate(call.id, { time: 'berth_arrival', action: 'propose', date_time: '2026-10-25T09:00:00Z' });
    await carrierEndpoint.waitFor(isTimestamp('PLN', opened.arrivalServiceID, '2026-10-25T09:00:00Z'));
    for (const path of ['/port-calls', `/port-calls?portCallID=${opened.portCallID}`, `/terminal-calls?portCallID=${opened.portCallID}`, `/port-call-services?terminalCallID=${opened.terminalCallID}`, `/timestamps?portCallServiceID=${opened.arrivalServiceID}`]) {
      const res = await stranger.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual([]);
    }
    expect((await stranger.get(`/vessel-statuses?portCallServiceID=${opened.arrivalServiceID}`)).body).toEqual([]);
    const steal = { timestampID: crypto.randomUUID(), portCallServiceID: opened.arrivalServiceID, classifierCode: 'REQ', dateTime: '2026-10-25T10:00:00Z' };
    expect((await stranger.send('PUT', `/timestamps/${steal.timestampID}`, steal)).status).toBe(400);
    expect(strangerEndpoint.received).toEqual([]);
    expect(stranger.problems).toEqual([]);
  }, 60_000);

  it('applies one step for two identical timestamp PUTs at the same instant, and answers both 204', async () => {
    const opened = await openJitCall(carrier, { unlocode, imo: w.vessel.imo_number, arrival: '2026-11-01T06:00:00Z', departure: '2026-11-02T06:00:00Z' });
    const call = await portcallOf(opened.terminalCallID);
    await negotiate(call.id, { time: 'berth_arrival', action: 'propose', date_time: '2026-11-01T09:00:00Z' });
    step();
    const req = { timestampID: crypto.randomUUID(), portCallServiceID: opened.arrivalServiceID, classifierCode: 'REQ', dateTime: '2026-11-01T07:00:00Z' };
    const answers = await Promise.all([carrier.send('PUT', `/timestamps/${req.timestampID}`, req), carrier.send('PUT', `/timestamps/${req.timestampID}`, req)]);
    expect(answers.map((a) => a.status)).toEqual([204, 204]);
    const steps = await t.database.db.selectFrom('portcall_timestamps').select('action').where('portcall_id', '=', call.id).where('time_type', '=', 'berth_arrival').orderBy('id').execute();
    expect(steps.map((s) => s.action)).toEqual(['request', 'propose', 'request']);
    expect((await carrier.get(`/timestamps?timestampID=${req.timestampID}`)).body).toHaveLength(1);
  }, 60_000);

  it('filters the GETs before their 1,000-object cap, so a match among many is found', async () => {
    const db = t.database.db;
    const system = await db.selectFrom('dcsa_counterparties').select('portal_user_id').where('name', '=', 'Carrier system').executeTakeFirstOrThrow();
    const now = t.clock.now();
    const rows = Array.from({ length: 1_001 }, (_, i) => {
      const portCallID = crypto.randomUUID();
      const body = { portCallID, portVisitReference: `PVR${i}`, UNLocationCode: unlocode, vessel: { vesselIMONumber: w.vessel.imo_number, name: `BULK ${i}`, MMSINumber: String(200_000_000 + i) } };
      return { port_call_id: portCallID, jit_object: storedJson('jit_port_call', body), un_location_code: unlocode, vessel_imo: w.vessel.imo_number, owner_user_id: system.portal_user_id, owner_organisation_id: w.operator.id, updated_at: new Date(now.getTime() + i) };
    });
    await db.insertInto('jit_port_calls').values(rows).execute();
    for (const query of ['portVisitReference=PVR1000', 'vesselName=bulk%201000', 'MMSINumber=200001000']) {
      const found = await carrier.get(`/port-calls?${query}`);
      expect((found.body as { portVisitReference?: string }[]).map((b) => b.portVisitReference), query).toEqual(['PVR1000']);
    }
  }, 60_000);

  it('puts a vessel status’s draft and a moves forecast onto the call, as the carrier’s own edit', async () => {
    const opened = await openJitCall(carrier, { unlocode, imo: w.vessel.imo_number, arrival: '2026-11-10T06:00:00Z', departure: '2026-11-11T06:00:00Z' });
    const call = await portcallOf(opened.terminalCallID);
    step();
    // 40 decimal feet on the arrival: the inbound draft; 12.4 m on the departure: the outbound one.
    expect((await carrier.send('PUT', `/vessel-statuses/${opened.arrivalServiceID}`, { portCallServiceID: opened.arrivalServiceID, draft: 40, dimensionUnit: 'FOT' })).status).toBe(204);
    step();
    expect((await carrier.send('PUT', `/vessel-statuses/${opened.departureServiceID}`, { portCallServiceID: opened.departureServiceID, draft: 12.4, dimensionUnit: 'MTR' })).status).toBe(204);
    expect(await current(call.id)).toMatchObject({ draft_inbound: 12.19, draft_outbound: 12.4 });
    // A draft the call cannot hold refuses the status, which is then not kept.
    const tooDeep = await carrier.send('PUT', `/vessel-statuses/${opened.arrivalServiceID}`, { portCallServiceID: opened.arrivalServiceID, draft: 31, dimensionUnit: 'MTR' });
    expect(tooDeep.status).toBe(400);
    expect((await carrier.get(`/vessel-statuses?portCallServiceID=${opened.arrivalServiceID}`)).body).toEqual([expect.objectContaining({ draft: 40, dimensionUnit: 'FOT' })]);

    // A moves forecast: the call's container line gets the boxes to discharge, load and restow.
    const moves = crypto.randomUUID();
    step();
    const forecast = {
      terminalCallID: opened.terminalCallID,
      portCallServiceID: moves,
      portCallServiceTypeCode: 'MOVES',
      portCallServiceEventTypeCode: 'ARRI',
      portCallServiceLocation: { UNLocationCode: unlocode },
      moves: [{ dischargeUnits: { ladenContainerUnits: { _20_units: 100, _40_units: 200, _45_units: 10 }, emptyContainerUnits: { totalUnits: 40 } }, loadUnits: { ladenContainerUnits: { totalUnits: 280 } }, restows: { totalRestows: 12 } }],
    };
    expect((await carrier.send('PUT', `/port-call-services/${moves}`, forecast)).status).toBe(204);
    const after = await current(call.id);
    expect(after.move_count_containers).toBe(642);
    expect(after.cargo_details).toEqual([expect.objectContaining({ cargo_type: 'Container (boxes)', discharge: 350, load: 280, restow: 12 })]);
    // A new forecast replaces the numbers on the same line.
    step();
    expect((await carrier.send('PUT', `/port-call-services/${moves}`, { ...forecast, moves: [{ loadUnits: { ladenContainerUnits: { totalUnits: 300 } } }] })).status).toBe(204);
    const again = await current(call.id);
    expect(again.cargo_details).toEqual([expect.objectContaining({ cargo_type: 'Container (boxes)', discharge: 0, load: 300, restow: 0 })]);
    // The call's history names the carrier's system as the writer of each change.
    const system = await t.database.db.selectFrom('dcsa_counterparties').select('portal_user_id').where('name', '=', 'Carrier system').executeTakeFirstOrThrow();
    const audit = await t.database.db.selectFrom('portcall_audit_events').select(['field', 'actor_user_id']).where('portcall_id', '=', call.id).where('field', 'in', ['draft_inbound', 'draft_outbound', 'cargo_details', 'move_count_containers']).execute();
    expect(new Set(audit.map((a) => a.field))).toEqual(new Set(['draft_inbound', 'draft_outbound', 'cargo_details', 'move_count_containers']));
    expect(audit.every((a) => a.actor_user_id === system.portal_user_id)).toBe(true);
    expect(carrier.problems).toEqual([]);
  }, 60_000);

  it('received nothing off the standard at any endpoint', () => {
    const all = [...carrierEndpoint.received, ...agencyEndpoint.received, ...strangerEndpoint.received];
    expect(all.length).toBeGreaterThan(10);
    expect(all.flatMap((m) => m.problems.map((p) => `${m.method} ${m.path}: ${p}`))).toEqual([]);
    expect(all.every((m) => m.apiVersion === '2')).toBe(true);
  });
});
