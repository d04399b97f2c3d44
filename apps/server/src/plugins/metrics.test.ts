import { realtimeChannels } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREDICTION_RUN_QUEUE } from '../jobs/job-queue';
import { createTerminal, createUser, loginAs } from '../test/fixtures';
import { type TTestSocket, connectRealtime, listenOnFreePort } from '../test/realtime-client';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';
import { waitFor } from '../test/wait-for';

const METRICS_TOKEN = 'scrape-me-0f9c2d';
const API = '/api/portal/v1';

type TSample = { name: string; labels: Record<string, string>; value: number };

/** Parses the Prometheus text exposition format strictly: a line it does not understand fails the test. */
function parseExposition(text: string): { samples: TSample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const samples: TSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3]);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not an exposition line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    const labelText = sample[2] ?? '';
    const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/gy;
    let consumed = 0;
    for (let m = labelPattern.exec(labelText); m; m = labelPattern.exec(labelText)) {
      labels[m[1]!] = m[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
      consumed = labelPattern.lastIndex;
      if (m[3] === '') break;
    }
    if (consumed !== labelText.length) throw new Error(`bad labels: ${JSON.stringify(line)}`);
    const value = sample[3] === '+Inf' ? Infinity : sample[3] === '-Inf' ? -Infinity : Number(sample[3]);
    // Prometheus reads NaN case-insensitively (Go's ParseFloat); prom-client writes "Nan" for an empty event-loop histogram.
    if (Number.isNaN(value) && !/^nan$/i.test(sample[3]!)) throw new Error(`bad value: ${JSON.stringify(line)}`);
    const name = sample[1]!;
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    if (!family) throw new Error(`sample without a TYPE line: ${JSON.stringify(line)}`);
    samples.push({ name, labels, value });
  }
  return { samples, types };
}

describe.each(DB_TARGETS)('/metrics on %s', (target) => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target);
    });
    afterAll(async () => t?.close());

    it('answers 404, with or without a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json().status.status).toBe('NOT_FOUND');
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    let baseUrl: string;
    let socket: TTestSocket | null = null;
    let terminalId: number;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp(target, { metricsToken: METRICS_TOKEN, runJobs: true }, { jobs: { isCronEnabled: false, pollingIntervalSeconds: 0.5 } });
      baseUrl = await listenOnFreePort(t.app);
      terminalId = (await createTerminal(t.database.db)).id;
      const user = await createUser(t.database.db, { terminalIds: [terminalId] });
      token = await loginAs(t.app, user.email);
    });
    afterAll(async () => {
      await socket?.close();
      await t?.close();
    });

    const scrape = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return parseExposition(res.body);
    };
    const valueOf = (samples: TSample[], name: string, labels: Record<string, string> = {}) =>
      samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

    it('refuses a scrape without the token or with a wrong one (401)', async () => {
      const without = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(without.statusCode).toBe(401);
      expect(without.headers['www-authenticate']).toMatch(/^Bearer/);
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
      expect(wrong.statusCode).toBe(401);
      const basic = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${Buffer.from(`u:${METRICS_TOKEN}`).toString('base64')}` } });
      expect(basic.statusCode).toBe(401);
    });

    it('is not in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: `${API}/openapi.json` })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths).some((p) => p.includes('metrics'))).toBe(false);
    });

    it('counts requests per route template and status, with durations, and lumps unknown paths together', async () => {
      const headers = { 'x-portal-token': token };
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: `${API}/terminals/${terminalId}`, headers })).statusCode).toBe(200);
      const other = await t.app.inject({ method: 'GET', url: `${API}/terminals/${terminalId + 100_000}`, headers });
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      for (const path of ['/no-such-page-1', '/no-such-page-2']) await t.app.inject({ method: 'GET', url: `${API}${path}` });

      const { samples, types } = await scrape();
      expect(types.get('http_requests_total')).toBe('counter');
      expect(types.get('http_request_duration_seconds')).toBe('histogram');
      const route = `${API}/terminals/:id`;
      expect(valueOf(samples, 'http_requests_total', { method: 'GET', route, status_code: '200' })).toBe(3);
      expect(valueOf(samples, 'http_requests_total', { method: 'GET', route, status_code: String(other.statusCode) })).toBe(1);
      expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route })).toBe(4);
      expect(valueOf(samples, 'http_request_duration_seconds_bucket', { method: 'GET', route, le: '+Inf' })).toBe(4);
      expect(valueOf(samples, 'http_request_duration_seconds_sum', { method: 'GET', route })).toBeGreaterThan(0);
      expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(2);
      // Bounded label values: no raw URL becomes a route.
      const routes = new Set(samples.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route));
      for (const r of routes) expect(r).not.toMatch(/\/\d+|no-such-page/);
    });

    it('shows the database pool and the process', async () => {
      const { samples } = await scrape();
      const total = valueOf(samples, 'quayline_db_pool_connections', { state: 'total' });
      expect(total).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'quayline_db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total!);
      expect(valueOf(samples, 'quayline_db_pool_connections', { state: 'waiting' })).toBe(0);
      expect(valueOf(samples, 'quayline_db_pool_max')).toBe(target === 'postgres' ? 10 : 1);
      expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    });

    it('counts the cached list pages: hits, misses, entries and bytes', async () => {
      const measure = (samples: TSample[], name: string) => valueOf(samples, 'quayline_response_cache', { cache: 'portcallList', measure: name }) ?? 0;
      const before = (await scrape()).samples;
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/portal/v1/portcalls?per_page=7', headers: { 'x-portal-token': token } });
        expect(res.statusCode).toBe(200);
      }
      const after = (await scrape()).samples;
      expect(measure(after, 'hits') + measure(after, 'misses') - measure(before, 'hits') - measure(before, 'misses')).toBe(3);
      expect(measure(after, 'hits')).toBeGreaterThan(measure(before, 'hits'));
      expect(measure(after, 'entries')).toBeGreaterThanOrEqual(1);
      expect(measure(after, 'bytes')).toBeGreaterThan(0);
    });

    it('counts realtime connections and their subscriptions', async () => {
      const before = await scrape();
      expect(valueOf(before.samples, 'quayline_realtime_connections')).toBe(0);
      expect(valueOf(before.samples, 'quayline_realtime_subscriptions')).toBe(0);
      socket = await connectRealtime(baseUrl, { headers: { 'x-portal-token': token } });
      socket.send({ type: 'subscribe', channel: realtimeChannels.terminal(terminalId) });
      expect((await socket.next()).type).toBe('subscribed');
      const during = await scrape();
      expect(valueOf(during.samples, 'quayline_realtime_connections')).toBe(1);
      expect(valueOf(during.samples, 'quayline_realtime_subscriptions')).toBe(1);
      await socket.close();
      socket = null;
      await waitFor(async () => ((await scrape()).samples.find((s) => s.name === 'quayline_realtime_connections')?.value === 0 ? true : undefined));
    });

    it('shows the job queue by queue and state once jobs run', async () => {
      expect(await t.app.jobs!.tickPredictions()).toBe(true);
      const done = await waitFor(async () => {
        const { samples } = await scrape();
        return valueOf(samples, 'quayline_job_queue_jobs', { queue: PREDICTION_RUN_QUEUE, state: 'completed' }) === 1 ? samples : undefined;
      });
      expect(valueOf(done, 'quayline_job_queue_jobs', { queue: PREDICTION_RUN_QUEUE, state: 'created' })).toBeUndefined();
    }, 30_000);
  });
});
