// DCSA JIT 2.0 end to end: a terminal operator connects a carrier's system, the system runs a port call through the
// standard's endpoints with its API key, and every message both ways is checked against the official YAML.
import { randomUUID } from 'node:crypto';
import { DCSA_JIT_PREFIX } from '@quayline/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './fixtures';
import { REMOVE, exampleFromSchema, fillPath, listOperations, propertyPaths, withValueAt } from './openapi-operations';
import { JIT_STANDARD, type TJitSchemaName, expectStandard, standardProblems } from '../modules/dcsa/jit-standard';
import { type PortcallWorld, createPortcallWorld } from './portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';

type TMethod = 'GET' | 'PUT' | 'POST';

/** The request schema of each of the standard's write operations, read from the YAML itself. */
function requestSchemaOf(method: TMethod, url: string): TJitSchemaName | null {
  const path = url.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, (id) => id);
  for (const [template, ops] of Object.entries(JIT_STANDARD.paths)) {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (!re.test(path)) continue;
    const op = ops[method.toLowerCase()] as { requestBody?: { content: { 'application/json': { schema: { $ref: string } } } } } | undefined;
    const ref = op?.requestBody?.content['application/json'].schema.$ref;
    return ref ? (ref.split('/').pop() as TJitSchemaName) : null;
  }
  throw new Error(`${method} ${path} is not an operation of the standard`);
}

/** The status codes the standard names for an operation. */
function statusesOf(method: TMethod, url: string): string[] {
  const path = url.split('?')[0]!;
  for (const [template, ops] of Object.entries(JIT_STANDARD.paths)) {
    if (new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path)) return Object.keys(ops[method.toLowerCase()]!.responses);
  }
  return [];
}

describe.each(DB_TARGETS)('DCSA JIT 2.0 endpoints on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let unlocode: string;
  let carrierKey: string;
  let otherKey: string;
  let operatorCall: (method: TMethod, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

  /** A JIT call as a counterparty (Bearer key), each body checked against the standard before it is sent, each answer after. */
  async function jit(key: string, method: TMethod, url: string, body?: unknown, offStandard = false): Promise<LightMyRequestResponse> {
    const schema = method === 'GET' ? null : requestSchemaOf(method, url);
    if (schema && body !== undefined && !offStandard) expectStandard(schema, body, 'request');
    const res = await t.app.inject({ method, url: `${DCSA_JIT_PREFIX}${url}`, headers: { authorization: `Bearer ${key}`, 'api-version': '2' }, ...(body !== undefined ? { payload: body as object } : {}) });
    expect(res.headers['api-version']).toBe('2.0.0');
    if (res.statusCode >= 400) expectStandard('ErrorResponse', res.json(), 'response');
    if (res.statusCode !== 401 && res.statusCode !== 403) expect([...statusesOf(method, url), 'default'], `${method} ${url} answered ${res.statusCode}`).toContain(String(res.statusCode));
    return res;
  }
  const ids = () => ({ portCallID: randomUUID(), terminalCallID: randomUUID(), arri: randomUUID(), depa: randomUUID() });
  const location = () => ({ UNLocationCode: unlocode });

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    const db = t.database.db;
    const terminal = await db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select(['ports.unlocode', 'terminals.terminal_operator_id']).where('terminals.id', '=', w.terminal.id).executeTakeFirstOrThrow();
    unlocode = terminal.unlocode;
    const operator = await signIn(t.app, db, { organisationId: terminal.terminal_operator_id, terminalIds: [w.terminal.id] });
    operatorCall = (method, url, payload) => operator.call(method, url, payload);
    const created = await operatorCall('POST', '/dcsa_counterparties', { name: 'Carrier system', organisation_id: w.operator.id, endpoint_url: 'https://carrier.example/jit' });
    expect(created.statusCode).toBe(201);
    carrierKey = created.json().payload.api_key;
    const other = await operatorCall('POST', '/dcsa_counterparties', { name: 'Agency system', organisation_id: w.agency.id, endpoint_url: 'https://agency.example/jit' });
    otherKey = other.json().payload.api_key;
  });
  afterAll(async () => t?.close());

  async function createCall(key: string, arrival: string, departure: string) {
    const id = ids();
    expect((await jit(key, 'PUT', `/port-calls/${id.portCallID}`, { portCallID: id.portCallID, UNLocationCode: unlocode, vessel: { vesselIMONumber: w.vessel.imo_number, name: 'JIT VESSEL' } })).statusCode).toBe(204);
    expect((await jit(key, 'PUT', `/terminal-calls/${id.terminalCallID}`, { terminalCallID: id.terminalCallID, portCallID: id.portCallID, carrierServiceName: 'Baltic Loop', carrierServiceCode: 'BLOOP', carrierImportVoyageNumber: '601N' })).statusCode).toBe(204);
    for (const [sid, event] of [[id.arri, 'ARRI'], [id.depa, 'DEPA']] as const) {
      expect((await jit(key, 'PUT', `/port-call-services/${sid}`, { terminalCallID: id.terminalCallID, portCallServiceID: sid, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: event, portCallServiceLocation: location() })).statusCode).toBe(204);
    }
    const req = (sid: string, dateTime: string) => ({ timestampID: randomUUID(), portCallServiceID: sid, classifierCode: 'REQ', dateTime });
    const a = req(id.arri, arrival);
    const d = req(id.depa, departure);
    expect((await jit(key, 'PUT', `/timestamps/${a.timestampID}`, a)).statusCode).toBe(204);
    expect((await jit(key, 'PUT', `/timestamps/${d.timestampID}`, d)).statusCode).toBe(204);
    return { ...id, firstReq: a };
  }

  it('runs a call: the carrier creates it, requests times; the terminal plans; the carrier accepts; the answers are the standard\u2019s', async () => {
    const id = await createCall(carrierKey, '2026-07-01T06:00:00Z', '2026-07-02T06:00:00Z');
    const call = await t.database.db.selectFrom('portcalls').select(['id', 'dcsa_terminal_call_id']).where('dcsa_terminal_call_id', '=', id.terminalCallID).executeTakeFirstOrThrow();
    const seen = (await w.planner('GET', `/portcalls/${call.id}`)).json().payload;
    expect(seen).toMatchObject({ berth_arrival: '2026-07-01T06:00:00.000Z', berth_arrival_state: { label: 'requested' }, service_name: 'Baltic Loop' });

    // The terminal plans another time as a JIT timestamp (a person's session works on these endpoints too).
    const pln = { timestampID: randomUUID(), replyToTimestampID: id.firstReq.timestampID, portCallServiceID: id.arri, classifierCode: 'PLN', dateTime: '2026-07-01T08:00:00Z', delayReasonCode: 'BER' };
    expectStandard('Timestamp', pln, 'request');
    const anonymous = await t.app.inject({ method: 'PUT', url: `${DCSA_JIT_PREFIX}/timestamps/${pln.timestampID}`, payload: pln });
    expect(anonymous.statusCode).toBe(401);
    expectStandard('ErrorResponse', anonymous.json(), 'response');
    const plannerToken = w.users.planner.token;
    const asPlanner = await t.app.inject({ method: 'PUT', url: `${DCSA_JIT_PREFIX}/timestamps/${pln.timestampID}`, headers: { 'x-portal-token': plannerToken }, payload: pln });
    expect(asPlanner.statusCode).toBe(204);
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.berth_arrival_state).toEqual({ label: 'planned', change_label: 'proposed' });

    // The same PUT again is accepted and changes nothing; a different body under the same id is a conflict.
    const version = (await w.planner('GET', `/portcalls/${call.id}`)).json().payload.version;
    expect((await t.app.inject({ method: 'PUT', url: `${DCSA_JIT_PREFIX}/timestamps/${pln.timestampID}`, headers: { 'x-portal-token': plannerToken }, payload: pln })).statusCode).toBe(204);
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.version).toBe(version);
    expect((await t.app.inject({ method: 'PUT', url: `${DCSA_JIT_PREFIX}/timestamps/${pln.timestampID}`, headers: { 'x-portal-token': plannerToken }, payload: { ...pln, dateTime: '2026-07-01T09:00:00Z' } })).statusCode).toBe(409);

    // The carrier requests the planned time: accepted.
    const acc = { timestampID: randomUUID(), replyToTimestampID: pln.timestampID, portCallServiceID: id.arri, classifierCode: 'REQ', dateTime: '2026-07-01T08:00:00Z' };
    expect((await jit(carrierKey, 'PUT', `/timestamps/${acc.timestampID}`, acc)).statusCode).toBe(204);
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.berth_arrival_state.label).toBe('accepted');
    // A carrier may not send ACT or PLN.
    const act = { timestampID: randomUUID(), portCallServiceID: id.arri, classifierCode: 'ACT', dateTime: '2026-07-01T08:05:00Z' };
    expect((await jit(carrierKey, 'PUT', `/timestamps/${act.timestampID}`, act)).statusCode).toBe(403);

    // Every answer of the GETs is the standard's.
    const lists: [string, TJitSchemaName][] = [
      [`/port-calls?portCallID=${id.portCallID}`, 'PortCall'],
      [`/terminal-calls?portCallID=${id.portCallID}`, 'TerminalCall'],
      [`/port-call-services?terminalCallID=${id.terminalCallID}`, 'PortCallService'],
      [`/timestamps?portCallServiceID=${id.arri}`, 'Timestamp'],
    ];
    for (const [url, schema] of lists) {
      const res = await jit(carrierKey, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.json().length, url).toBeGreaterThan(0);
      for (const o of res.json()) expectStandard(schema, o, 'response');
    }
    expect((await jit(carrierKey, 'GET', `/timestamps?portCallServiceID=${id.arri}&classifierCode=PLN`)).json()).toHaveLength(1);
    // The Quayline export of the call names the carrier's identifiers.
    const exported = (await w.planner('GET', `/portcalls/${call.id}/dcsa`)).json().payload;
    expect(exported.portCall.portCallID).toBe(id.portCallID);
  });

  it('keeps the other services as sent, with their vessel statuses', async () => {
    const id = await createCall(carrierKey, '2026-07-05T06:00:00Z', '2026-07-06T06:00:00Z');
    const towage = randomUUID();
    expect((await jit(carrierKey, 'PUT', `/port-call-services/${towage}`, { terminalCallID: id.terminalCallID, portCallServiceID: towage, portCallServiceTypeCode: 'TOWAGE', portCallServiceEventTypeCode: 'STRT', portCallPhaseTypeCode: 'INBD', portCallServiceLocation: location() })).statusCode).toBe(204);
    // The event must fit the type.
    const wrong = randomUUID();
    expect((await jit(carrierKey, 'PUT', `/port-call-services/${wrong}`, { terminalCallID: id.terminalCallID, portCallServiceID: wrong, portCallServiceTypeCode: 'TOWAGE', portCallServiceEventTypeCode: 'ARRI', portCallServiceLocation: location() })).statusCode).toBe(400);
    const status = { portCallServiceID: id.arri, draft: 12.5, dimensionUnit: 'MTR', milesToDestinationPort: 40 };
    expect((await jit(carrierKey, 'PUT', `/vessel-statuses/${id.arri}`, status)).statusCode).toBe(204);
    expect((await jit(carrierKey, 'PUT', `/vessel-statuses/${randomUUID()}`, { ...status, portCallServiceID: undefined }, true)).statusCode).toBe(400);
    const unknown = randomUUID();
    expect((await jit(carrierKey, 'PUT', `/vessel-statuses/${unknown}`, { ...status, portCallServiceID: unknown })).statusCode).toBe(404);
    const statuses = await jit(carrierKey, 'GET', `/vessel-statuses?portCallServiceID=${id.arri}`);
    expect(statuses.json()).toEqual([status]);
    for (const o of statuses.json()) expectStandard('VesselStatus', o, 'response');
    const services = (await jit(carrierKey, 'GET', `/port-call-services?terminalCallID=${id.terminalCallID}&portCallServiceTypeCode=TOWAGE`)).json();
    expect(services).toEqual([expect.objectContaining({ portCallServiceID: towage, cancelled: false, declined: false })]);
    // The call shows its JIT timeline: every service with its timestamps.
    const est = { timestampID: randomUUID(), portCallServiceID: towage, classifierCode: 'EST', dateTime: '2026-07-05T04:30:00Z', remark: 'Two tugs' };
    // EST is the service provider's: the carrier may not send it, the terminal may.
    expect((await jit(carrierKey, 'PUT', `/timestamps/${est.timestampID}`, est)).statusCode).toBe(403);
    expectStandard('Timestamp', est, 'request');
    expect((await t.app.inject({ method: 'PUT', url: `${DCSA_JIT_PREFIX}/timestamps/${est.timestampID}`, headers: { 'x-portal-token': w.users.planner.token }, payload: est })).statusCode).toBe(204);
    const call = await t.database.db.selectFrom('portcalls').select('id').where('dcsa_terminal_call_id', '=', id.terminalCallID).executeTakeFirstOrThrow();
    const timeline = (await w.planner('GET', `/portcalls/${call.id}/jit_services`)).json().payload;
    expect(timeline.map((s: { type_code: string }) => s.type_code).sort()).toEqual(['BERTH', 'BERTH', 'TOWAGE']);
    expect(timeline.find((s: { type_code: string }) => s.type_code === 'TOWAGE')).toMatchObject({ event_type_code: 'STRT', phase_type_code: 'INBD', timestamps: [{ classifier_code: 'EST', date_time: '2026-07-05T04:30:00.000Z', remark: 'Two tugs' }] });
  });

  it('shows a second counterparty nothing of the first\u2019s calls, and refuses a revoked key', async () => {
    const id = await createCall(carrierKey, '2026-07-10T06:00:00Z', '2026-07-11T06:00:00Z');
    expect((await jit(otherKey, 'GET', `/port-calls?portCallID=${id.portCallID}`)).json()).toEqual([]);
    expect((await jit(otherKey, 'GET', `/timestamps?portCallServiceID=${id.arri}`)).json()).toEqual([]);
    const steal = { timestampID: randomUUID(), portCallServiceID: id.arri, classifierCode: 'REQ', dateTime: '2026-07-10T07:00:00Z' };
    expect((await jit(otherKey, 'PUT', `/timestamps/${steal.timestampID}`, steal)).statusCode).toBe(400);
    expect((await jit(otherKey, 'POST', `/port-calls/${id.portCallID}/omit`, {})).statusCode).toBe(404);
    const list = (await operatorCall('GET', '/dcsa_counterparties')).json().payload;
    const other = list.find((c: { name: string }) => c.name === 'Agency system');
    expect(other).not.toHaveProperty('api_key');
    const rotated = (await operatorCall('POST', `/dcsa_counterparties/${other.id}/rotate`)).json().payload;
    expect((await jit(otherKey, 'GET', '/port-calls')).statusCode).toBe(401);
    expect((await jit(rotated.api_key, 'GET', '/port-calls')).statusCode).toBe(200);
    await operatorCall('POST', `/dcsa_counterparties/${other.id}/revoke`);
    expect((await jit(rotated.api_key, 'GET', '/port-calls')).statusCode).toBe(401);
    // Only terminal operators connect systems.
    expect((await w.vesselSide('POST', '/dcsa_counterparties', { name: 'x', organisation_id: w.operator.id, endpoint_url: 'https://x.example' })).statusCode).toBe(403);
  });

  it('cancels, declines and omits as the standard says, and refuses updates to an omitted call with 409', async () => {
    const id = await createCall(carrierKey, '2026-07-15T06:00:00Z', '2026-07-16T06:00:00Z');
    expect((await jit(carrierKey, 'POST', `/port-call-services/${id.depa}/cancel`, { reason: 'x' })).statusCode).toBe(403);
    expect((await jit(carrierKey, 'POST', `/port-call-services/${id.depa}/decline`, { reason: 'Not needed' })).statusCode).toBe(204);
    const late = { timestampID: randomUUID(), portCallServiceID: id.depa, classifierCode: 'REQ', dateTime: '2026-07-16T07:00:00Z' };
    expect((await jit(carrierKey, 'PUT', `/timestamps/${late.timestampID}`, late)).statusCode).toBe(409);
    expect((await jit(carrierKey, 'GET', `/port-call-services?portCallServiceID=${id.depa}`)).json()[0]).toMatchObject({ declined: true });

    expect((await jit(carrierKey, 'POST', `/port-calls/${id.portCallID}/omit`, { reason: 'Voyage changed' })).statusCode).toBe(204);
    const body = { portCallID: id.portCallID, UNLocationCode: unlocode, vessel: { vesselIMONumber: w.vessel.imo_number, name: 'RENAMED' } };
    expect((await jit(carrierKey, 'PUT', `/port-calls/${id.portCallID}`, body)).statusCode).toBe(409);
    expect((await jit(carrierKey, 'GET', `/port-calls?portCallID=${id.portCallID}`)).json()[0]).toMatchObject({ omitted: true });
    const call = await t.database.db.selectFrom('portcalls').select('id').where('dcsa_terminal_call_id', '=', id.terminalCallID).executeTakeFirstOrThrow();
    // The vessel side asked to cancel the call, as its rules allow it.
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.berth_arrival_state.label).toBe('cancel_requested');
  });

  it('keeps a connected system out of the colleagues a lead may act for', async () => {
    const db = t.database.db;
    const lead = await signIn(t.app, db, { userType: 'vessel_operator', organisationId: w.operator.id, terminalIds: [w.terminal.id] });
    await db.updateTable('portal_users').set({ is_organisation_lead: true }).where('id', '=', lead.user.id).execute();
    const system = await db.selectFrom('dcsa_counterparties').select('portal_user_id').where('organisation_id', '=', w.operator.id).executeTakeFirstOrThrow();
    const candidates = await lead.call('GET', '/proxy_session/candidates');
    expect(candidates.statusCode, candidates.body).toBe(200);
    expect(JSON.stringify(candidates.json().payload)).not.toContain(`"id":${system.portal_user_id},`);
    expect((await lead.call('POST', '/proxy_session', { user_id: system.portal_user_id })).statusCode).toBe(404);
  });

  it('creates a vessel it does not know, for the counterparty\u2019s operator', async () => {
    const id = ids();
    const imo = '9074729';
    expect((await jit(carrierKey, 'PUT', `/port-calls/${id.portCallID}`, { portCallID: id.portCallID, UNLocationCode: unlocode, vessel: { vesselIMONumber: imo, name: 'NEW ARRIVAL', lengthOverall: 210, width: 32, dimensionUnit: 'MTR', typeCode: 'CONT' } })).statusCode).toBe(204);
    await jit(carrierKey, 'PUT', `/terminal-calls/${id.terminalCallID}`, { terminalCallID: id.terminalCallID, portCallID: id.portCallID, carrierServiceName: 'New', carrierServiceCode: 'NEW' });
    for (const [sid, event] of [[id.arri, 'ARRI'], [id.depa, 'DEPA']] as const) await jit(carrierKey, 'PUT', `/port-call-services/${sid}`, { terminalCallID: id.terminalCallID, portCallServiceID: sid, portCallServiceTypeCode: 'BERTH', portCallServiceEventTypeCode: event, portCallServiceLocation: location() });
    for (const [sid, at] of [[id.arri, '2026-08-01T06:00:00Z'], [id.depa, '2026-08-02T06:00:00Z']] as const) {
      const ts = { timestampID: randomUUID(), portCallServiceID: sid, classifierCode: 'REQ', dateTime: at };
      expect((await jit(carrierKey, 'PUT', `/timestamps/${ts.timestampID}`, ts)).statusCode).toBe(204);
    }
    const vessel = await t.database.db.selectFrom('vessels').select(['vessel_operator_id', 'vessel_type', 'name']).where('imo_number', '=', imo).executeTakeFirstOrThrow();
    expect(vessel).toEqual({ vessel_operator_id: w.operator.id, vessel_type: 'CONTAINER', name: 'NEW ARRIVAL' });
    // Bodies off the standard are refused with its ErrorResponse naming the field.
    const bad = await jit(carrierKey, 'PUT', `/port-calls/${id.portCallID}`, { portCallID: id.portCallID, UNLocationCode: 'hamburg', vessel: {} }, true);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { jsonPath?: string }) => e.jsonPath)).toContain('$.UNLocationCode');
  });

  it('answers odd input on every JIT operation without a 5xx, always in the standard\u2019s ErrorResponse when refused', async () => {
    const operations = listOperations(t.app, DCSA_JIT_PREFIX);
    expect(operations).toHaveLength(14);
    const odd: unknown[] = [REMOVE, null, 12345, -1.5, true, '', 'x'.repeat(5_000), '\u0000', [], {}, ['a'], '2026-13-45T99:99:99Z', '00000000-0000-0000-0000-000000000000'];
    let requests = 0;
    const failures: string[] = [];
    for (const op of operations) {
      const path = fillPath(op.path, Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, randomUUID()])));
      const bodies: unknown[] = [];
      if (op.body) {
        const valid = exampleFromSchema(op.body);
        bodies.push(valid, [], 'not an object', null);
        for (const { path: at } of propertyPaths(op.body, 3)) for (const value of odd) bodies.push(withValueAt(valid, op.body, at, value));
      }
      const queries = op.method === 'GET' ? ['', ...op.parameters.filter((p) => p.in === 'query').flatMap((p) => [`${p.name}=`, `${p.name}=${'z'.repeat(300)}`, `${p.name}=%00`])] : [''];
      for (const query of queries) {
        for (const body of op.method === 'GET' ? [undefined] : bodies) {
          const res = await t.app.inject({ method: op.method, url: `${DCSA_JIT_PREFIX}${path}${query ? `?${query}` : ''}`, headers: { authorization: `Bearer ${carrierKey}`, 'content-type': 'application/json' }, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) });
          requests++;
          if (res.statusCode >= 500) failures.push(`${op.key} ${query} ${JSON.stringify(body)?.slice(0, 200)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400) {
            const problems = standardProblems('ErrorResponse', res.json(), 'response');
            if (problems.length) failures.push(`${op.key}: ErrorResponse off the standard: ${problems.join('; ')}`);
          }
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(requests).toBeGreaterThan(500);
  }, 120_000);
});
