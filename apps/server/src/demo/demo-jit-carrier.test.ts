// The demo's Nordic Line JIT system end to end: on a demo database it connects itself once (a second start finds it,
// gives it a new key and ends the old one), opens two of Nordic Line's coming calls and sends its arrival time, which
// becomes the call's negotiation step; the terminal's proposal reaches its endpoint and its acceptance comes back.
// Every body on both sides is checked against the official YAML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { deliverJitOutbox } from '../modules/dcsa/jit-outbox.service';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { DEMO_JIT_SYSTEM_NAME, type TDemoJitCall, type TDemoJitCarrier, startDemoJitCarrier } from './demo-jit-carrier';

describe('JIT_DEMO_CARRIER', () => {
  it('is on with the demo and off when set to false or without the demo', () => {
    expect(readConfig({}).jitDemoCarrier).toBe(true);
    expect(readConfig({ JIT_DEMO_CARRIER: 'false' }).jitDemoCarrier).toBe(false);
    expect(readConfig({ SEED_DEMO: 'false' }).jitDemoCarrier).toBe(false);
  });
});

describe.each(DB_TARGETS)("the demo's Nordic Line JIT system on %s", (target) => {
  let t: TestApp;
  let carrier: TDemoJitCarrier;
  let opened: TDemoJitCall[];
  let headers: Record<string, string>;
  const portal = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url: `/api/portal/v1${url}`, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true, jitDemoCarrier: true });
    carrier = t.app.demoJitCarrier!;
    const login = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { email: DEMO_USERS[0].email, password: DEMO_PASSWORD } });
    headers = { 'x-portal-token': login.json().payload.token as string, origin: 'http://localhost:3000' };
    opened = await carrier.openCalls();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is connected as a system of Nordic Line with its endpoint', async () => {
    expect(carrier).not.toBeNull();
    const list = (await portal('GET', '/dcsa_counterparties')).json().payload as { id: number; name: string; organisation_name: string; endpoint_url: string; revoked_at: string | null }[];
    expect(list.filter((c) => c.name === DEMO_JIT_SYSTEM_NAME)).toEqual([expect.objectContaining({ id: carrier.counterpartyId, organisation_name: 'Nordic Line A/S', endpoint_url: carrier.endpoint.url, revoked_at: null })]);
  });

  it("sends its arrival time for two of Nordic Line's coming calls, which becomes the calls' negotiation step", async () => {
    expect(opened).toHaveLength(2);
    for (const o of opened) {
      expect(o.answer.status).toBe(204);
      const call = (await portal('GET', `/portcalls/${o.portcallId}`)).json().payload;
      expect(call.vessel_operator).toBe('Nordic Line A/S');
      expect(call.berth_arrival).toBe(o.requested);
      expect(call.berth_arrival_state.label).toBe('requested');
      const services = (await portal('GET', `/portcalls/${o.portcallId}/jit_services`)).json().payload as { port_call_service_id: string; timestamps: { classifier_code: string; date_time: string }[] }[];
      const arrival = services.find((s) => s.port_call_service_id === o.portCallServiceID)!;
      expect(arrival.timestamps.map((ts) => ts.classifier_code)).toEqual(['REQ', 'REQ']);
      expect(arrival.timestamps.at(-1)!.date_time).toBe(o.requested);
    }
    expect(carrier.client.problems).toEqual([]);
  });

  it("takes the terminal's proposal at its endpoint and accepts it; the terminal's acceptance gets no answer", async () => {
    const o = opened[0]!;
    const before = (await portal('GET', `/portcalls/${o.portcallId}`)).json().payload;
    const proposed = new Date(Date.parse(o.requested) + 30 * 60_000).toISOString();
    const res = await portal('POST', `/portcalls/${o.portcallId}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: proposed, version: before.version });
    expect(res.statusCode, res.body).toBe(200);
    await deliverJitOutbox(t.app.ctx);
    const plan = await carrier.endpoint.waitFor((m) => (m.body as { classifierCode?: string; dateTime?: string }).classifierCode === 'PLN' && Date.parse((m.body as { dateTime: string }).dateTime) === Date.parse(proposed));
    expect(plan.problems).toEqual([]);
    expect(plan.body).toMatchObject({ portCallServiceID: o.portCallServiceID });
    await carrier.idle();
    expect(carrier.acceptances).toEqual([{ planTimestampID: (plan.body as { timestampID: string }).timestampID, timestampID: expect.any(String), status: 204 }]);
    const after = (await portal('GET', `/portcalls/${o.portcallId}`)).json().payload;
    expect(after.berth_arrival).toBe(proposed);
    expect(after.berth_arrival_state.label).toBe('accepted');

    // The second call: the terminal accepts the carrier's time (a PLN of that time); the carrier does not echo it.
    const second = opened[1]!;
    const call = (await portal('GET', `/portcalls/${second.portcallId}`)).json().payload;
    expect((await portal('POST', `/portcalls/${second.portcallId}/negotiate`, { time: 'berth_arrival', action: 'accept', version: call.version })).statusCode).toBe(200);
    await deliverJitOutbox(t.app.ctx);
    await carrier.endpoint.waitFor((m) => (m.body as { portCallServiceID?: string }).portCallServiceID === second.portCallServiceID && (m.body as { classifierCode?: string }).classifierCode === 'PLN');
    await carrier.idle();
    expect(carrier.acceptances).toHaveLength(1);
    expect((await portal('GET', `/portcalls/${second.portcallId}`)).json().payload.berth_arrival_state.label).toBe('accepted');

    expect(carrier.endpoint.received.length).toBeGreaterThan(0);
    expect(carrier.endpoint.received.flatMap((m) => m.problems)).toEqual([]);
    expect(carrier.client.problems).toEqual([]);
    const messages = (await portal('GET', `/portcalls/${o.portcallId}/jit_messages`)).json().payload as { counterparty_name: string; classifier_code: string | null; status: string }[];
    expect(messages).toContainEqual(expect.objectContaining({ counterparty_name: DEMO_JIT_SYSTEM_NAME, classifier_code: 'PLN', status: 'sent' }));
  });

  it('is found again at the next start: the same system, a new key, no second exchange', async () => {
    const oldKey = carrier.client;
    const again = (await startDemoJitCarrier(t.app))!;
    try {
      expect(again.counterpartyId).toBe(carrier.counterpartyId);
      const list = (await portal('GET', '/dcsa_counterparties')).json().payload as { name: string; endpoint_url: string }[];
      expect(list.filter((c) => c.name === DEMO_JIT_SYSTEM_NAME)).toEqual([expect.objectContaining({ endpoint_url: again.endpoint.url })]);
      expect((await oldKey.get('/port-calls')).status).toBe(401);
      expect((await again.client.get('/port-calls')).status).toBe(200);
      expect(await again.openCalls()).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
