// GET /metrics in the Prometheus text format (docs/observability.md), for a scraper holding METRICS_TOKEN. Without
// the token configured the path answers 404 and no request pays for a measurement.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database';
import { AppError } from '../lib/app-error';

export const METRICS_PATH = '/metrics';
/** The route label of requests no route matched (404s, the web app's client-side paths): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Seconds; most API answers take milliseconds, exports and the optimizer seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type TRequestSeries = { requests: Counter.Internal; duration: Histogram.Internal<'method' | 'route'> };

export async function registerMetrics(app: FastifyInstance, database: Pick<Database, 'poolStats'>): Promise<void> {
  const token = app.ctx.config.metricsToken;
  if (!token) {
    // Claimed even when off, so the web app's fallback page never answers for it.
    app.get(METRICS_PATH, { schema: { hide: true } }, async () => {
      throw new AppError('NOT_FOUND', { message: 'Metrics are off (set METRICS_TOKEN).' });
    });
    return;
  }

  const register = new Registry();
  collectDefaultMetrics({ register });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route template and status code.', labelNames: ['method', 'route', 'status_code'] as const, registers: [register] });
  const duration = new Histogram({ name: 'http_request_duration_seconds', help: 'Time from receiving a request to the end of its answer, by method and route template.', labelNames: ['method', 'route'] as const, buckets: DURATION_BUCKETS, registers: [register] });
  registerStateGauges(app, register, database);

  // The label children are looked up once per method, status and route; a request then costs a map lookup,
  // an increment and one histogram observation.
  const series = new Map<string, TRequestSeries>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let s = series.get(key);
    if (!s) {
      s = { requests: requests.labels(request.method, route, String(reply.statusCode)), duration: duration.labels(request.method, route) };
      series.set(key, s);
    }
    s.requests.inc();
    s.duration.observe(reply.elapsedTime / 1000);
    done();
  });

  const expected = digest(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!hasToken(request, expected)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHORIZED');
    }
    const text = await register.metrics();
    return reply.type(register.contentType).send(text);
  });
  app.addHook('onClose', async () => register.clear());
}

/** Gauges read when scraped: the database pool, realtime sockets, the job queue. */
function registerStateGauges(app: FastifyInstance, register: Registry, database: Pick<Database, 'poolStats'>): void {
  new Gauge({
    name: 'quayline_db_pool_connections',
    help: 'Database connections by state: total open, idle, and requests waiting for one (PGlite: its single connection).',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'quayline_db_pool_max',
    help: 'Most connections the pool opens.',
    registers: [register],
    collect() {
      this.set(database.poolStats().max);
    },
  });
  new Gauge({
    name: 'quayline_realtime_connections',
    help: 'Open realtime WebSocket connections of this server.',
    registers: [register],
    collect() {
      this.set(app.realtime.connectionCount);
    },
  });
  new Gauge({
    name: 'quayline_realtime_subscriptions',
    help: 'Channel subscriptions of the open realtime connections.',
    registers: [register],
    collect() {
      this.set(app.realtime.subscriptionCount);
    },
  });
  new Gauge({
    name: 'quayline_response_cache',
    help: 'Cached pages (docs/performance.md "Cached list pages") by route cache (portcallList, portcall, berthPlanWindow, tasks, tasksMeta): requests answered from it (hits) or computed (misses) since start, entries and bytes held.',
    labelNames: ['cache', 'measure'] as const,
    registers: [register],
    collect() {
      for (const [name, cache] of Object.entries(app.responseCaches)) {
        if (!cache) continue;
        const stats = cache.stats();
        for (const measure of ['hits', 'misses', 'entries', 'bytes'] as const) this.set({ cache: name, measure }, stats[measure]);
      }
    },
  });
  new Gauge({
    name: 'quayline_job_queue_jobs',
    help: 'Jobs in the pg-boss queue by queue and state (created: waiting to run; completed and failed stay until archived). Absent when this server runs no jobs.',
    labelNames: ['queue', 'state'] as const,
    registers: [register],
    async collect() {
      // Queues and states that emptied out since the last scrape drop out rather than repeat old counts.
      this.reset();
      if (!app.jobs) return;
      for (const row of await app.jobs.queueStats()) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Constant-time comparison of the bearer token (digests have equal lengths whatever was sent). */
function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return !!match && timingSafeEqual(digest(match[1]!), expected);
}
