// The one job queue of the server (ARCHITECTURE.md, "Background work"): pg-boss 10 on the app's own database, on
// PostgreSQL and on PGlite alike, with every statement sent through Kysely so PGlite's single connection is shared
// under the dialect's lock. Jobs are idempotent: a job id derived from its key, and a claim in the worker.
import { createHash } from 'node:crypto';
import { type TDigestJob, type TPrisePollJob, type TProviderFetchJob, type TStoredJsonInput, type TStoredJsonKind, type TStoredJsonValue, STORED_JSON } from '@quayline/domain';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { AppContext } from '../app-context';
import { jobData } from '../db/stored-json';
import { type TAdapterFactory, fetchProvider } from '../modules/schedules/schedule-fetch.service';
import { claimProviderSlot, findDueProviders } from '../modules/schedules/schedule.repository';
import { aisRetentionDays } from '../config';
import { pruneAisPositions } from '../modules/ais/ais.repository';
import { type TPortcastAdapter, createPortcastAdapter, fetchPortcastPredictions } from '../modules/predictions/portcast-adapter';
import { predictAll } from '../modules/predictions/prediction.service';
import { pollDelayMs, pollPriseNotice, portAuthorityClientOf } from '../modules/prise/prise.service';
import { findNoticesAwaitingAnswer } from '../modules/prise/prise.repository';
import { type TDeliveryReport, type TJitFetch, deliverJitOutbox } from '../modules/dcsa/jit-outbox.service';
import { DIGEST_CLAIM_LEASE_MS, type TDigestOutcome, deliverDigest, findDueDigests } from '../modules/digest/digest.service';
import { drainKpiFacts } from '../modules/kpis/kpi.repository';

export const PROVIDER_TICK_QUEUE = 'schedule-provider-tick';
export const PROVIDER_FETCH_QUEUE = 'schedule-provider-fetch';
/** How long a claimed provider stays out of the tick's sight while its fetch runs (pages x timeout, with room). */
const FETCH_LEASE_MS = 15 * 60_000;
/** Every minute: recompute the predictions of approaching calls (and ask Portcast when configured). */
export const PREDICTION_TICK_QUEUE = 'prediction-tick';
export const PREDICTION_RUN_QUEUE = 'prediction-run';
/** Every hour: delete AIS positions older than the retention (config AIS_RETENTION_DAYS). */
export const AIS_RETENTION_QUEUE = 'ais-retention';
/** Recomputes the kept KPI facts of every marked call (reads recompute only their own period's). */
export const KPI_FACTS_QUEUE = 'kpi-facts-drain';
/** Every minute: one daily task digest job per user whose hour has passed today (docs/daily-digest.md). */
export const DIGEST_TICK_QUEUE = 'daily-digest-tick';
export const DIGEST_SEND_QUEUE = 'daily-digest-send';
/** PRISE (docs/prise.md): one poll job per submitted notice and attempt, and a per-minute sweep of unanswered ones. */
export const PRISE_POLL_QUEUE = 'prise-poll';
export const PRISE_SWEEP_QUEUE = 'prise-sweep';
/**
 * The queues that carry data, with the stored-JSON kind (STORED_JSON in @quayline/domain) their data is sent and read
 * through; the tick queues carry none.
 */
export const JOB_DATA_KINDS = {
  [PROVIDER_FETCH_QUEUE]: 'job_schedule_provider_fetch',
  [PREDICTION_RUN_QUEUE]: 'job_prediction_run',
  [DIGEST_SEND_QUEUE]: 'job_daily_digest_send',
  [PRISE_POLL_QUEUE]: 'job_prise_poll',
} as const satisfies Record<string, TStoredJsonKind & `job_${string}`>;
type TDataQueue = keyof typeof JOB_DATA_KINDS;

/** Sends a job whose data passed its queue's schema: a wrong shape fails here, not in the worker that runs it later. */
function sendJob<Q extends TDataQueue>(boss: PgBoss, queue: Q, data: TStoredJsonInput<(typeof JOB_DATA_KINDS)[Q]>, options: PgBoss.SendOptions): Promise<string | null> {
  return boss.send(queue, jobData(JOB_DATA_KINDS[queue], data), options);
}

/** A job's data read back through the same schema it was sent with. */
function readJob<Q extends TDataQueue>(queue: Q, data: unknown): TStoredJsonValue<(typeof JOB_DATA_KINDS)[Q]> {
  return STORED_JSON[JOB_DATA_KINDS[queue]].schema.parse(data) as TStoredJsonValue<(typeof JOB_DATA_KINDS)[Q]>;
}

export type TJobRunnerOptions = {
  /** How often a worker asks for new jobs (pg-boss allows 0.5 s at least). */
  pollingIntervalSeconds: number;
  /** Schedule the every-minute tick through pg-boss cron; tests turn it off and call tick() themselves. */
  isCronEnabled: boolean;
  /** Provider adapters (tests give short timeouts). */
  adapters?: TAdapterFactory;
  /** The Portcast ETA adapter; default: from config.portcast (none when it is not configured). */
  portcast?: TPortcastAdapter | null;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * How often the runner looks for due DCSA JIT messages (the outbox table is their queue, polled by every server as
   * pg-boss polls its own; claims keep two servers from sending one twice). 0 turns the poll off (tests call
   * runJitOutbox themselves).
   */
  jitOutboxIntervalMs?: number;
  /** The HTTP client for JIT deliveries (tests and the bench may wrap it); default: fetch. */
  jitFetch?: TJitFetch;
};

const DEFAULT_OPTIONS: TJobRunnerOptions = { pollingIntervalSeconds: 2, isCronEnabled: true };


/** A UUID from a key, so sending the same key twice inserts one job (pg-boss inserts with ON CONFLICT DO NOTHING). */
export function jobIdOf(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type JobRunner = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Finds the providers due now (by ctx.clock) and sends one fetch job per provider and due slot; returns how many were new. */
  tick(): Promise<number>;
  /** Runs one fetch job's work: claims the slot and fetches; false when the slot was taken or moved meanwhile. */
  runFetch(job: TProviderFetchJob): Promise<boolean>;
  /** Sends this minute's prediction run (one per minute however many servers tick); true when it was new. */
  tickPredictions(): Promise<boolean>;
  /** Runs the predictions: every approaching call, then Portcast when configured. Returns how many AIS predictions were stored. */
  runPredictions(): Promise<number>;
  /** Deletes positions older than the AIS retention; returns how many. */
  runAisRetention(): Promise<number>;
  /** Recomputes the kept KPI facts of every marked call; returns how many were written. */
  runKpiFactsDrain(): Promise<number>;
  /** Sends one digest job per (user, local date) now due; returns how many were new. */
  tickDigests(): Promise<number>;
  /** Runs one digest job: claims the delivery and mails it (or records a skip). */
  runDigest(job: TDigestJob): Promise<TDigestOutcome>;
  /** Sends one poll of a submitted PRISE notice after the delay; the attempt number keys it (sent twice, it runs once). */
  schedulePrisePoll(job: TPrisePollJob, delayMs: number): Promise<boolean>;
  /** Runs one poll and, while the answer is pending or the authority unreachable, schedules the next with backoff. */
  runPrisePoll(job: TPrisePollJob): Promise<string>;
  /** Sends a poll for every submitted notice whose next poll is overdue (after a restart, or a lost job); returns how many were new. */
  sweepPrise(): Promise<number>;
  /** Delivers the due DCSA JIT messages (docs/dcsa-jit.md): each counterparty's in order, with backoff after a failure. */
  runJitOutbox(): Promise<TDeliveryReport>;
  /** Jobs per queue and state in pg-boss's table (for /metrics; finished ones stay until pg-boss archives them). */
  queueStats(): Promise<TQueueStat[]>;
  readonly boss: PgBoss;
};

export type TQueueStat = { queue: string; state: string; count: number };

export function createJobRunner(ctx: AppContext, options: Partial<TJobRunnerOptions> = {}): JobRunner {
  const opts = { ...DEFAULT_OPTIONS, ...options };
  let hasStopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        // A job that outlives stop()'s grace (a slow run on a busy machine) finishes after the database may be closed;
        // until the next start() its completion is dropped, the job stays active and pg-boss's expiry hands it on.
        if (hasStopped) return { rows: [] };
        const result = await ctx.db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows as unknown[] };
      },
    },
    schedule: opts.isCronEnabled,
    // Maintenance (expiry, archiving) runs on every server; pg-boss takes an advisory lock so one does the work.
    supervise: true,
  });
  boss.on('error', (err: unknown) => opts.log?.error({ err }, 'job queue error'));
  let isStarted = false;

  async function tick(): Promise<number> {
    const due = await findDueProviders(ctx.db, ctx.clock.now());
    let sent = 0;
    for (const provider of due) {
      const slot = new Date(provider.next_attempt_at!).toISOString();
      const key = `provider:${provider.id}:${slot}`;
      const id = await sendJob(boss, PROVIDER_FETCH_QUEUE, { providerId: provider.id, slot }, { id: jobIdOf(key), singletonKey: key, retryLimit: 0, expireInSeconds: FETCH_LEASE_MS / 1000 });
      if (id) sent++;
    }
    return sent;
  }

  async function runFetch(job: TProviderFetchJob): Promise<boolean> {
    const now = ctx.clock.now();
    const provider = await claimProviderSlot(ctx.db, { id: job.providerId, slot: new Date(job.slot), leaseUntil: new Date(now.getTime() + FETCH_LEASE_MS), now });
    if (!provider) return false;
    const run = await fetchProvider(ctx, provider, { trigger: 'schedule', startedBy: null, ...(opts.adapters ? { adapters: opts.adapters } : {}) });
    opts.log?.info({ providerId: provider.id, runId: run.id, outcome: run.outcome }, 'schedule provider fetched');
    return true;
  }

  const portcastConfig = ctx.config.portcast ?? null;
  const portcast = opts.portcast !== undefined ? opts.portcast : portcastConfig ? createPortcastAdapter(portcastConfig) : null;
  const portcastAttempts = new Map<number, number>();

  async function tickPredictions(): Promise<boolean> {
    const minute = new Date(Math.floor(ctx.clock.now().getTime() / 60_000) * 60_000).toISOString();
    const key = `predictions:${minute}`;
    const id = await sendJob(boss, PREDICTION_RUN_QUEUE, { minute }, { id: jobIdOf(key), singletonKey: key, retryLimit: 0, expireInSeconds: 5 * 60 });
    return id !== null;
  }

  async function runPredictions(): Promise<number> {
    const stored = await predictAll(ctx);
    if (portcast) await fetchPortcastPredictions(ctx, { adapter: portcast, horizonDays: portcastConfig?.horizonDays ?? 14, attempts: portcastAttempts, ...(opts.log ? { log: opts.log } : {}) });
    return stored;
  }

  async function runAisRetention(): Promise<number> {
    const before = new Date(ctx.clock.now().getTime() - aisRetentionDays(ctx.config) * 24 * 3_600_000);
    const deleted = await pruneAisPositions(ctx.db, before);
    opts.log?.info({ deleted, before: before.toISOString() }, 'AIS positions pruned');
    return deleted;
  }

  async function runKpiFactsDrain(): Promise<number> {
    const written = await drainKpiFacts(ctx.db);
    if (written > 0) opts.log?.info({ written }, 'kept KPI facts recomputed');
    return written;
  }

  async function tickDigests(): Promise<number> {
    let sent = 0;
    for (const job of await findDueDigests(ctx)) {
      const key = `digest:${job.userId}:${job.localDate}`;
      // A worker that dies after its claim: the job expires and is retried once the claim's lease has run out.
      const id = await sendJob(boss, DIGEST_SEND_QUEUE, job, { id: jobIdOf(key), singletonKey: key, retryLimit: 3, retryDelay: DIGEST_CLAIM_LEASE_MS / 1000, expireInSeconds: DIGEST_CLAIM_LEASE_MS / 1000 });
      if (id) sent++;
    }
    return sent;
  }

  async function runDigest(job: TDigestJob): Promise<TDigestOutcome> {
    const outcome = await deliverDigest(ctx, job);
    opts.log?.info({ userId: job.userId, localDate: job.localDate, outcome }, 'daily task digest');
    return outcome;
  }

  async function schedulePrisePoll(job: TPrisePollJob, delayMs: number): Promise<boolean> {
    const key = `prise:${job.portcallId}:${job.submissionNo}:${job.attempt}`;
    const id = await sendJob(boss, PRISE_POLL_QUEUE, job, { id: jobIdOf(key), singletonKey: key, retryLimit: 0, startAfter: Math.max(0, Math.ceil(delayMs / 1000)), expireInSeconds: 120 });
    return id !== null;
  }

  async function runPrisePoll(job: TPrisePollJob): Promise<string> {
    const client = portAuthorityClientOf(ctx);
    if (!client) return 'skipped';
    const outcome = await pollPriseNotice(ctx, client, job);
    if (outcome === 'pending' || outcome === 'unreachable') await schedulePrisePoll({ ...job, attempt: job.attempt + 1 }, pollDelayMs(job.attempt + 1));
    if (outcome !== 'pending') opts.log?.info({ ...job, outcome }, 'PRISE notice polled');
    return outcome;
  }

  async function sweepPrise(): Promise<number> {
    if (!portAuthorityClientOf(ctx)) return 0;
    let sent = 0;
    for (const n of await findNoticesAwaitingAnswer(ctx.db, ctx.clock.now())) {
      if (await schedulePrisePoll({ portcallId: n.portcall_id, submissionNo: n.submission_no, attempt: n.poll_attempts }, 0)) sent++;
    }
    return sent;
  }

  async function runJitOutbox(): Promise<TDeliveryReport> {
    const report = await deliverJitOutbox(ctx, opts.jitFetch ? { fetch: opts.jitFetch } : {});
    if (report.sent + report.retrying + report.failed > 0) opts.log?.info({ ...report }, 'DCSA JIT messages delivered');
    return report;
  }
  let outboxTimer: NodeJS.Timeout | null = null;
  let outboxRun: Promise<unknown> = Promise.resolve();
  function pollJitOutbox(intervalMs: number): void {
    outboxTimer = setTimeout(() => {
      outboxRun = runJitOutbox()
        .catch((err: unknown) => opts.log?.error({ err }, 'DCSA JIT delivery failed'))
        .finally(() => {
          if (isStarted) pollJitOutbox(intervalMs);
        });
    }, intervalMs);
  }

  async function queueStats(): Promise<TQueueStat[]> {
    if (!isStarted) return [];
    // One grouped count over pg-boss's own table (schema "pgboss", its default), through Kysely for PGlite's lock.
    const result = await ctx.db.executeQuery<TQueueStat>(CompiledQuery.raw('select name as queue, state::text as state, count(*)::int as count from pgboss.job group by name, state'));
    return result.rows;
  }

  return {
    boss,
    queueStats,
    schedulePrisePoll,
    runPrisePoll,
    sweepPrise,
    tick,
    tickDigests,
    runDigest,
    runFetch,
    tickPredictions,
    runPredictions,
    runAisRetention,
    runKpiFactsDrain,
    runJitOutbox,
    async start() {
      // A runner stopped and started again (a test's restart) uses the database again.
      hasStopped = false;
      await boss.start();
      isStarted = true;
      await boss.createQueue(PROVIDER_TICK_QUEUE);
      await boss.createQueue(PROVIDER_FETCH_QUEUE);
      await boss.work(PROVIDER_FETCH_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async ([job]) => {
        if (job) await runFetch(readJob(PROVIDER_FETCH_QUEUE, job.data));
      });
      await boss.work(PROVIDER_TICK_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async () => {
        await tick();
      });
      await boss.createQueue(PREDICTION_TICK_QUEUE);
      await boss.createQueue(PREDICTION_RUN_QUEUE);
      await boss.createQueue(AIS_RETENTION_QUEUE);
      await boss.work(PREDICTION_TICK_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async () => {
        await tickPredictions();
      });
      // The run's minute only keys the job (one run a minute across servers); the worker needs nothing from it.
      await boss.work(PREDICTION_RUN_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async () => {
        await runPredictions();
      });
      await boss.work(AIS_RETENTION_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async () => {
        await runAisRetention();
      });
      await boss.createQueue(KPI_FACTS_QUEUE);
      await boss.work(KPI_FACTS_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async () => {
        await runKpiFactsDrain();
      });
      await boss.createQueue(DIGEST_TICK_QUEUE);
      await boss.createQueue(DIGEST_SEND_QUEUE);
      await boss.work(DIGEST_TICK_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async () => {
        await tickDigests();
      });
      await boss.work(DIGEST_SEND_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async ([job]) => {
        if (job) await runDigest(readJob(DIGEST_SEND_QUEUE, job.data));
      });
      await boss.createQueue(PRISE_POLL_QUEUE);
      await boss.createQueue(PRISE_SWEEP_QUEUE);
      // The poll worker asks at least every second, so an answer shows in the browser within seconds of arriving.
      await boss.work(PRISE_POLL_QUEUE, { pollingIntervalSeconds: Math.min(1, opts.pollingIntervalSeconds) }, async ([job]) => {
        if (job) await runPrisePoll(readJob(PRISE_POLL_QUEUE, job.data));
      });
      await boss.work(PRISE_SWEEP_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async () => {
        await sweepPrise();
      });
      if (opts.isCronEnabled) {
        await boss.schedule(PRISE_SWEEP_QUEUE, '* * * * *');
        await boss.schedule(DIGEST_TICK_QUEUE, '* * * * *');
        await boss.schedule(PROVIDER_TICK_QUEUE, '* * * * *');
        await boss.schedule(PREDICTION_TICK_QUEUE, '* * * * *');
        await boss.schedule(AIS_RETENTION_QUEUE, '17 * * * *');
        await boss.schedule(KPI_FACTS_QUEUE, '*/10 * * * *');
      }
      const jitInterval = opts.jitOutboxIntervalMs ?? 500;
      if (jitInterval > 0) pollJitOutbox(jitInterval);
    },
    async stop() {
      if (!isStarted) return;
      isStarted = false;
      if (outboxTimer) clearTimeout(outboxTimer);
      await outboxRun;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      hasStopped = true;
    },
  };
}
