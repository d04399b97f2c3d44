// DCSA JIT 2.0 outbound: what the terminal saves reaches the call's connected carrier system at its endpoint, as the
// standard's messages (checked against the official YAML by the receiving side), with retries and their record.
import type { TPortcallJitMessage } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/fixtures';
import { type TJitCarrierClient, type TJitCarrierEndpoint, createJitCarrierClient, injectTransport, openJitCall, startJitCarrierEndpoint } from './local-jit-carrier';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { deliverJitOutbox, jitRetryDelayMs } from './jit-outbox.service';

describe.each(DB_TARGETS)('DCSA JIT 2.0 outbound on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let carrier: TJitCarrierEndpoint;
  let client: TJitCarrierClient;
  let unlocode: string;
  let operatorCall: Awaited<ReturnType<typeof signIn>>['call'];
  const tick = () => t.clock.advance(1_000);
  const deliver = () => deliverJitOutbox(t.app.ctx);
  const messagesOf = async (callId: number): Promise<TPortcallJitMessage[]> => (await operatorCall('GET', `/portcalls/${callId}/jit_messages`)).json().payload;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    carrier = await startJitCarrierEndpoint();
    const db = t.database.db;
    const terminal = await db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select(['ports.unlocode', 'terminals.terminal_operator_id']).where('terminals.id', '=', w.terminal.id).executeTakeFirstOrThrow();
    unlocode = terminal.unlocode;
    const operator = await signIn(t.app, db, { organisationId: terminal.terminal_operator_id, terminalIds: [w.terminal.id] });
    operatorCall = operator.call;
    const created = await operatorCall('POST', '/dcsa_counterparties', { name: 'Carrier system', organisation_id: w.operator.id, endpoint_url: carrier.url });
    expect(created.statusCode).toBe(201);
    client = createJitCarrierClient(injectTransport(t), created.json().payload.api_key);
  });
  afterAll(async () => {
    await carrier?.close();
    await t?.close();
  });

  it('sends the terminal\u2019s plan in answer to the carrier\u2019s request, and retries an endpoint that is down', async () => {
    const opened = await openJitCall(client, { unlocode, imo: w.vessel.imo_number, arrival: '2026-09-01T06:00:00Z', departure: '2026-09-02T06:00:00Z' });
    const call = await t.database.db.selectFrom('portcalls').select(['id', 'version']).where('dcsa_terminal_call_id', '=', opened.terminalCallID).executeTakeFirstOrThrow();
    tick();
    // The endpoint is down for the first try.
    carrier.answerWith(() => 503);
    const planned = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: '2026-09-01T08:00:00Z', version: call.version });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(await deliver()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let [message] = await messagesOf(call.id);
    expect(message).toMatchObject({ counterparty_name: 'Carrier system', method: 'PUT', classifier_code: 'PLN', date_time: '2026-09-01T08:00:00.000Z', status: 'retrying', attempts: 1, last_http_status: 503 });
    // Not before its backoff.
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    carrier.answerWith(() => 204);
    t.clock.advance(jitRetryDelayMs(1));
    expect(await deliver()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    [message] = await messagesOf(call.id);
    expect(message).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    // The carrier got the standard's PLN, replying to its own REQ, under its own service; nothing else (it made the call).
    const got = carrier.received.filter((m) => m.path.startsWith('/timestamps/'));
    expect(got.map((m) => m.problems)).toEqual([[], []]);
    expect(got.at(-1)!.body).toMatchObject({ classifierCode: 'PLN', portCallServiceID: opened.arrivalServiceID, replyToTimestampID: opened.timestamps[0], dateTime: '2026-09-01T08:00:00.000Z' });
    expect(got.at(-1)!.apiVersion).toBe('2');
    expect(carrier.received.some((m) => m.path.startsWith('/port-calls/'))).toBe(false);
    // The carrier sees the terminal's timestamp on its GET too, and may answer it.
    const listed = await client.get(`/timestamps?portCallServiceID=${opened.arrivalServiceID}&classifierCode=PLN`);
    expect(listed.body).toEqual([expect.objectContaining({ classifierCode: 'PLN', replyToTimestampID: opened.timestamps[0] })]);
    expect(client.problems).toEqual([]);
  });

  it('sends a call the carrier never saw as port call, terminal call, service and timestamp, in that order; a refusal fails at once', async () => {
    const created = await w.planner('POST', '/portcalls', w.request('2026-09-10T06:00:00Z', '2026-09-11T06:00:00Z'));
    expect(created.statusCode, created.body).toBe(201);
    const call = created.json().payload;
    const before = carrier.received.length;
    await deliver();
    const paths = carrier.received.slice(before).map((m) => `${m.method} ${m.path.split('/')[1]}`);
    expect(paths).toEqual(['PUT port-calls', 'PUT terminal-calls', 'PUT port-call-services', 'PUT timestamps', 'PUT port-call-services', 'PUT timestamps']);
    expect(carrier.received.slice(before).flatMap((m) => m.problems)).toEqual([]);
    // The agency has no connected system here; the carrier is the primary receiver, so nothing is a copy.
    expect((await messagesOf(call.id)).every((m) => !m.is_fyi && m.status === 'sent')).toBe(true);

    // A 4xx is the partner refusing the message: retrying would not help.
    carrier.answerWith(() => 409);
    tick();
    await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_departure', action: 'revise', date_time: '2026-09-11T08:00:00Z', version: call.version });
    expect(await deliver()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const [failed] = await messagesOf(call.id);
    expect(failed).toMatchObject({ classifier_code: 'PLN', date_time: '2026-09-11T08:00:00.000Z', status: 'failed', last_http_status: 409 });
    expect(failed!.last_error).toContain('HTTP 409');
    carrier.answerWith(() => 204);

    // The terminal cancels the call: every service of it is cancelled at the carrier.
    tick();
    const current = (await w.planner('GET', `/portcalls/${call.id}`)).json().payload;
    expect((await w.planner('POST', `/portcalls/${call.id}/cancel`, { version: current.version, remark: 'Berth closed' })).statusCode).toBe(200);
    const mark = carrier.received.length;
    await deliver();
    const cancels = carrier.received.slice(mark);
    expect(cancels.map((m) => m.path.split('/').at(-1))).toEqual(['cancel', 'cancel']);
    expect(cancels.map((m) => m.body)).toEqual([{ reason: 'Berth closed' }, { reason: 'Berth closed' }]);
    expect(cancels.flatMap((m) => m.problems)).toEqual([]);
  });

  it('delivers each message once when two servers look at the same time', async () => {
    const before = carrier.received.length;
    const created = await w.planner('POST', '/portcalls', w.request('2026-09-25T06:00:00Z', '2026-09-26T06:00:00Z'));
    expect(created.statusCode).toBe(201);
    const reports = await Promise.all([deliver(), deliver(), deliver()]);
    // Whatever one server took, the others left: each message once, in order.
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(6);
    const paths = carrier.received.slice(before).map((m) => m.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.map((p) => p.split('/')[1])).toEqual(['port-calls', 'terminal-calls', 'port-call-services', 'timestamps', 'port-call-services', 'timestamps']);
  });

  it('shows the messages to the terminal operator only', async () => {
    const created = await w.planner('POST', '/portcalls', w.request('2026-09-20T06:00:00Z', '2026-09-21T06:00:00Z'));
    const call = created.json().payload;
    expect((await messagesOf(call.id)).length).toBeGreaterThan(0);
    const asVesselSide = await w.vesselSide('GET', `/portcalls/${call.id}/jit_messages`);
    expect(asVesselSide.statusCode).toBe(200);
    expect(asVesselSide.json().payload).toEqual([]);
  });
});
