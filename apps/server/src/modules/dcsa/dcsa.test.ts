import { DCSA_IMPORT_LIMITS, MAX_LISTED_ERRORS, ZDcsaPortCallExport } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('DCSA JIT v2 bridge on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  it('exports the call, its services and the whole chain in the standard\u2019s shape, replies linked', async () => {
    const call = (await w.agent('POST', '/portcalls', w.request('2026-05-04T06:00:00Z', '2026-05-05T06:00:00Z', { service_name: 'AEX1', voyage_number_import: '412W', cargo_operations_start: '2026-05-04T08:00:00Z' }))).json().payload;
    const proposed = (await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: '2026-05-04T09:00:00Z', version: call.version, delay_reason_code: 'BER', remark: 'Berth busy' })).json().payload;
    await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: proposed.version });

    const res = await w.planner('GET', `/portcalls/${call.id}/dcsa`);
    expect(res.statusCode).toBe(200);
    const doc = ZDcsaPortCallExport.parse(res.json().payload);
    expect(doc.portCall.vessel.vesselIMONumber).toBe(w.vessel.imo_number);
    expect(doc.terminalCalls[0]).toMatchObject({ carrierServiceName: 'AEX1', carrierImportVoyageNumber: '412W' });
    const berthArrival = doc.portCallServices.find((s) => s.portCallServiceTypeCode === 'BERTH' && s.portCallServiceEventTypeCode === 'ARRI')!;
    expect(berthArrival).toMatchObject({ facilityTypeCode: 'BRTH', portCallPhaseTypeCode: 'INBD' });
    expect(doc.portCallServices.some((s) => s.portCallServiceTypeCode === 'CARGO_OPERATIONS' && s.portCallServiceEventTypeCode === 'STRT')).toBe(true);
    const chain = doc.timestamps.filter((ts) => ts.portCallServiceID === berthArrival.portCallServiceID);
    expect(chain.map((ts) => [ts.classifierCode, ts.dateTime])).toEqual([
      ['REQ', '2026-05-04T06:00:00.000Z'],
      ['PLN', '2026-05-04T09:00:00.000Z'],
      ['REQ', '2026-05-04T09:00:00.000Z'],
    ]);
    expect(chain[1]).toMatchObject({ replyToTimestampID: chain[0]!.timestampID, delayReasonCode: 'BER', remark: 'Berth busy' });
    expect(chain[2]!.replyToTimestampID).toBe(chain[1]!.timestampID);
    // Stable identifiers: a second export names the same things.
    expect((await w.planner('GET', `/portcalls/${call.id}/dcsa`)).json().payload.portCall.portCallID).toBe(doc.portCall.portCallID);
  });

  it('applies incoming DCSA timestamps as negotiation steps of the sender\u2019s side', async () => {
    const call = (await w.agent('POST', '/portcalls', w.request('2026-05-10T06:00:00Z', '2026-05-11T06:00:00Z'))).json().payload;
    const doc = (await w.planner('GET', `/portcalls/${call.id}/dcsa`)).json().payload;
    const arrivalService = doc.portCallServices.find((s: { portCallServiceEventTypeCode: string; portCallServiceTypeCode: string }) => s.portCallServiceTypeCode === 'BERTH' && s.portCallServiceEventTypeCode === 'ARRI').portCallServiceID;
    const uuid = () => crypto.randomUUID();
    const pln = await w.planner('POST', `/portcalls/${call.id}/dcsa/timestamps`, { timestampID: uuid(), portCallServiceID: arrivalService, classifierCode: 'PLN', dateTime: '2026-05-10T08:00:00Z' });
    expect(pln.json().payload.berth_arrival_state).toEqual({ label: 'planned', change_label: 'proposed' });
    const req = await w.agent('POST', `/portcalls/${call.id}/dcsa/timestamps`, { timestampID: uuid(), portCallServiceID: arrivalService, classifierCode: 'REQ', dateTime: '2026-05-10T08:00:00Z' });
    expect(req.json().payload.berth_arrival_state).toEqual({ label: 'accepted', change_label: 'created' });
    expect((await w.agent('POST', `/portcalls/${call.id}/dcsa/timestamps`, { timestampID: uuid(), portCallServiceID: arrivalService, classifierCode: 'ACT', dateTime: '2026-05-10T08:00:00Z' })).statusCode).toBe(403);
    const bad = await w.planner('POST', `/portcalls/${call.id}/dcsa/timestamps`, { timestampID: 'not-a-uuid', portCallServiceID: arrivalService, classifierCode: 'PLN', dateTime: '2026-05-10T08:00:00Z' });
    expect(bad.statusCode).toBe(400);
    const foreign = await w.planner('POST', `/portcalls/${call.id}/dcsa/timestamps`, { timestampID: uuid(), portCallServiceID: uuid(), classifierCode: 'PLN', dateTime: '2026-05-10T08:00:00Z' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().payload.errors[0].path).toBe('portCallServiceID');
  });

  it('imports a whole DCSA port call by UN/LOCODE and IMO, keeps the partner ids, and refuses a repeat', async () => {
    const unlocode = (await t.database.db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select('ports.unlocode').where('terminals.id', '=', w.terminal.id).executeTakeFirstOrThrow()).unlocode;
    const ids = { portCallID: crypto.randomUUID(), terminalCallID: crypto.randomUUID(), arri: crypto.randomUUID(), depa: crypto.randomUUID() };
    const doc = {
      portCall: { portCallID: ids.portCallID, UNLocationCode: unlocode, vessel: { vesselIMONumber: w.vessel.imo_number, name: w.vessel.name } },
      terminalCalls: [{ terminalCallID: ids.terminalCallID, portCallID: ids.portCallID, carrierServiceName: 'Baltic Loop', carrierServiceCode: 'BLOOP', carrierImportVoyageNumber: '601N' }],
      portCallServices: [
        { terminalCallID: ids.terminalCallID, portCallServiceID: ids.arri, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: 'ARRI', portCallServiceLocation: { UNLocationCode: unlocode } },
        { terminalCallID: ids.terminalCallID, portCallServiceID: ids.depa, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: 'DEPA', portCallServiceLocation: { UNLocationCode: unlocode } },
      ],
      timestamps: [
        { timestampID: crypto.randomUUID(), portCallServiceID: ids.arri, classifierCode: 'REQ', dateTime: '2026-06-01T06:00:00Z' },
        { timestampID: crypto.randomUUID(), portCallServiceID: ids.depa, classifierCode: 'REQ', dateTime: '2026-06-02T06:00:00Z' },
      ],
    };
    const res = await w.vesselSide('POST', '/portcalls/dcsa', doc);
    expect(res.statusCode).toBe(201);
    const call = res.json().payload;
    expect(call).toMatchObject({ service_name: 'Baltic Loop', voyage_number_import: '601N', berth_arrival: '2026-06-01T06:00:00.000Z', berth_arrival_state: { label: 'requested', change_label: 'newly created' } });
    const exported = (await w.planner('GET', `/portcalls/${call.id}/dcsa`)).json().payload;
    expect(exported.portCall.portCallID).toBe(ids.portCallID);
    expect(exported.terminalCalls[0].terminalCallID).toBe(ids.terminalCallID);
    expect((await w.vesselSide('POST', '/portcalls/dcsa', doc)).statusCode).toBe(409);
    const unknownVessel = await w.vesselSide('POST', '/portcalls/dcsa', { ...doc, terminalCalls: [{ ...doc.terminalCalls[0], terminalCallID: crypto.randomUUID() }], portCall: { ...doc.portCall, vessel: { vesselIMONumber: '9074729' } } });
    expect(unknownVessel.statusCode).toBe(400);
    expect(unknownVessel.json().payload.errors[0].path).toBe('portCall.vessel.vesselIMONumber');
  });
  /** A whole port call whose timestamps are all broken in four ways each (id, service, classifier, time). */
  function docWithBrokenTimestamps(count: number) {
    const portCallID = crypto.randomUUID();
    const terminalCallID = crypto.randomUUID();
    return {
      portCall: { portCallID, UNLocationCode: 'DEHAM', vessel: { vesselIMONumber: w.vessel.imo_number } },
      terminalCalls: [{ terminalCallID, portCallID, carrierServiceName: 'Baltic Loop', carrierServiceCode: 'BLOOP' }],
      portCallServices: [],
      timestamps: Array.from({ length: count }, (_, i) => ({ timestampID: `not-a-uuid-${i}`, portCallServiceID: 'nope', classifierCode: 'XXX', dateTime: 'yesterday' })),
    };
  }

  it('refuses 2,500 timestamps with one small answer about the bound, without looking at each', async () => {
    const body = docWithBrokenTimestamps(2_500);
    expect(JSON.stringify(body).length).toBeGreaterThan(250_000);
    const res = await w.vesselSide('POST', '/portcalls/dcsa', body);
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(16 * 1024);
    expect(res.json().payload.errors).toEqual([{ path: 'timestamps', message: expect.stringContaining(String(DCSA_IMPORT_LIMITS.timestamps)) }]);
    expect(res.json().payload.more_errors).toBeUndefined();
  });

  it('lists the first problems of a bad message within the bound and counts the rest', async () => {
    const res = await w.vesselSide('POST', '/portcalls/dcsa', docWithBrokenTimestamps(DCSA_IMPORT_LIMITS.timestamps));
    expect(res.statusCode).toBe(400);
    const payload = res.json().payload;
    expect(payload.errors).toHaveLength(MAX_LISTED_ERRORS);
    expect(payload.errors[0].path).toBe('timestamps.0.timestampID');
    expect(payload.more_errors).toBe(DCSA_IMPORT_LIMITS.timestamps * 4 - MAX_LISTED_ERRORS);
    expect(res.body.length).toBeLessThan(16 * 1024);
  });
});
