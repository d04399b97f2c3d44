import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/job-queue';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { PORTCAST_MIN_INTERVAL_MS, createPortcastAdapter, fetchPortcastPredictions } from './portcast-adapter';

const MIN = 60_000;
const H = 60 * MIN;

type TMode = 'ok' | 'unauthorised' | 'slow' | 'malformed';

describe.each(DB_TARGETS)('the Portcast ETA adapter on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let server: Server;
  let baseUrl: string;
  let mode: TMode = 'ok';
  let seen: { url: string; key: string | undefined }[] = [];
  let callId: number;
  let arrival: Date;
  const errors: { kind?: string }[] = [];
  const log = { info: () => {}, error: (obj: object) => void errors.push(obj as { kind?: string }) };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
      const imo = new URL(req.url ?? '/', 'http://x').searchParams.get('imo') ?? '';
      if (mode === 'unauthorised') return void res.writeHead(401).end('{"error":"bad key secret-key"}');
      if (mode === 'slow') return void setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 1_000);
      if (mode === 'malformed') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"imo": "x", "predicted_berth_arrival": 17');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ imo, port: 'x', predicted_berth_arrival: new Date(arrival.getTime() + 95 * MIN).toISOString() }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    arrival = new Date(Math.ceil((t.clock.now().getTime() + 24 * H) / H) * H);
    callId = (await w.planner('POST', '/portcalls', w.request(arrival.toISOString(), new Date(arrival.getTime() + 20 * H).toISOString()))).json().payload.id;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const adapter = () => createPortcastAdapter({ url: baseUrl, apiKey: 'secret-key', timeoutMs: 300 });
  const stored = () => t.database.db.selectFrom('portcall_predictions').selectAll().where('portcall_id', '=', callId).where('source', '=', 'portcast').executeTakeFirst();
  const run = () => fetchPortcastPredictions(t.app.ctx, { adapter: adapter(), horizonDays: 14, attempts: new Map(), log });

  it('stores nothing and crashes nothing on a 401, a timeout or a malformed answer, and logs each', async () => {
    for (const failing of ['unauthorised', 'slow', 'malformed'] as const) {
      mode = failing;
      errors.length = 0;
      const result = await run();
      expect(result.stored).toBe(0);
      expect(await stored()).toBeUndefined();
      expect(errors[0]?.kind).toBe(failing === 'unauthorised' ? 'bad_credentials' : failing === 'slow' ? 'timeout' : 'bad_payload');
      expect(JSON.stringify(errors)).not.toContain('secret-key');
    }
  });

  it('stores a successful answer as source portcast, asking with the IMO, the port and the key', async () => {
    mode = 'ok';
    seen = [];
    const result = await run();
    expect(result.stored).toBeGreaterThanOrEqual(1);
    const row = await stored();
    expect(new Date(row!.predicted_time).toISOString()).toBe(new Date(arrival.getTime() + 95 * MIN).toISOString());
    const asked = seen.find((s) => s.url.includes(w.vessel.imo_number));
    expect(asked?.key).toBe('secret-key');
    expect(asked?.url).toMatch(/^\/v1\/eta\?imo=\d{7}&port=[A-Z0-9]+$/);
    // Within 15 minutes the call is not asked again.
    seen = [];
    await run();
    expect(seen.filter((s) => s.url.includes(w.vessel.imo_number))).toHaveLength(0);
    t.clock.advance(PORTCAST_MIN_INTERVAL_MS);
    await run();
    expect(seen.filter((s) => s.url.includes(w.vessel.imo_number))).toHaveLength(1);
  });

  it('shows source portcast on the port call of a terminal that prefers it, the built-in one otherwise', async () => {
    const db = t.database.db;
    await db
      .insertInto('portcall_predictions')
      .values({ portcall_id: callId, source: 'ais', predicted_time: new Date(arrival.getTime() + 10 * MIN), distance_nm: null, speed_knots: null, pilotage_minutes: null, position_received_at: null, last_fetched_at: t.clock.now() })
      .execute();
    const predicted = async () => (await w.planner('GET', `/portcalls/${callId}`)).json().payload.predicted_berth_arrival;
    expect(await predicted()).toMatchObject({ source: 'ais', difference: 10, status: 'on_time' });
    await db.updateTable('terminals').set({ preferred_prediction_source: 'portcast' }).where('id', '=', w.terminal.id).execute();
    expect(await predicted()).toMatchObject({ source: 'portcast', difference: 95, status: 'delayed' });
  });

  it('sends one prediction run per minute however often the tick fires (idempotent job key), and prunes old AIS track', async () => {
    const runner = createJobRunner(t.app.ctx, { isCronEnabled: false, pollingIntervalSeconds: 60, portcast: null });
    await runner.boss.start();
    try {
      await runner.boss.createQueue('prediction-run');
      expect(await runner.tickPredictions()).toBe(true);
      expect(await runner.tickPredictions()).toBe(false);
      t.clock.advance(MIN);
      expect(await runner.tickPredictions()).toBe(true);
      // The hourly retention job keeps the last 30 days of track (the default) and deletes the rest.
      const position = (daysAgo: number) => ({ mmsi: '211000001', received_at: new Date(t.clock.now().getTime() - daysAgo * 24 * H), latitude: 54, longitude: 8, speed_knots: 10, course_deg: null, heading_deg: null, nav_status: null });
      await t.database.db.insertInto('ais_positions').values([position(31), position(29)]).execute();
      expect(await runner.runAisRetention()).toBe(1);
      expect(await t.database.db.selectFrom('ais_positions').select('received_at').where('mmsi', '=', '211000001').execute()).toHaveLength(1);
    } finally {
      await runner.boss.stop({ graceful: false, wait: true, timeout: 5_000 });
    }
  }, 60_000);
});
