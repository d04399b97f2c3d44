// The one job queue of the server (ARCHITECTURE.md, "Background work"): pg-boss 10 on the app's own database, on
// PostgreSQL and on PGlite alike, with every statement sent through Kysely so PGlite's single connection is shared
// under the dialect's lock. Jobs are idempotent: a job id derived from its key, and a claim in the worker.
import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { AppContext } from '../app-context';
import { type TAdapterFactory, fetchProvider } from '../modules/schedules/schedule-fetch.service';
import { claimProviderSlot, findDueProviders } from '../modules/schedules/schedule.repository';

export const PROVIDER_TICK_QUEUE = 'schedule-provider-tick';
export const PROVIDER_FETCH_QUEUE = 'schedule-provider-fetch';
/** How long a claimed provider stays out of the tick's sight while its fetch runs (pages x timeout, with room). */
const FETCH_LEASE_MS = 15 * 60_000;

export type TJobRunnerOptions = {
  /** How often a worker asks for new jobs (pg-boss allows 0.5 s at least). */
  pollingIntervalSeconds: number;
  /** Schedule the every-minute tick through pg-boss cron; tests turn it off and call tick() themselves. */
  isCronEnabled: boolean;
  /** Provider adapters (tests give short timeouts). */
  adapters?: TAdapterFactory;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

const DEFAULT_OPTIONS: TJobRunnerOptions = { pollingIntervalSeconds: 2, isCronEnabled: true };

type TFetchJob = { providerId: number; slot: string };

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
  runFetch(job: TFetchJob): Promise<boolean>;
  readonly boss: PgBoss;
};

export function createJobRunner(ctx: AppContext, options: Partial<TJobRunnerOptions> = {}): JobRunner {
  const opts = { ...DEFAULT_OPTIONS, ...options };
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
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
      const id = await boss.send(PROVIDER_FETCH_QUEUE, { providerId: provider.id, slot } satisfies TFetchJob, { id: jobIdOf(key), singletonKey: key, retryLimit: 0, expireInSeconds: FETCH_LEASE_MS / 1000 });
      if (id) sent++;
    }
    return sent;
  }

  async function runFetch(job: TFetchJob): Promise<boolean> {
    const now = ctx.clock.now();
    const provider = await claimProviderSlot(ctx.db, { id: job.providerId, slot: new Date(job.slot), leaseUntil: new Date(now.getTime() + FETCH_LEASE_MS), now });
    if (!provider) return false;
    const run = await fetchProvider(ctx, provider, { trigger: 'schedule', startedBy: null, ...(opts.adapters ? { adapters: opts.adapters } : {}) });
    opts.log?.info({ providerId: provider.id, runId: run.id, outcome: run.outcome }, 'schedule provider fetched');
    return true;
  }

  return {
    boss,
    tick,
    runFetch,
    async start() {
      await boss.start();
      isStarted = true;
      await boss.createQueue(PROVIDER_TICK_QUEUE);
      await boss.createQueue(PROVIDER_FETCH_QUEUE);
      await boss.work<TFetchJob>(PROVIDER_FETCH_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async ([job]) => {
        if (job) await runFetch(job.data);
      });
      await boss.work(PROVIDER_TICK_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds }, async () => {
        await tick();
      });
      if (opts.isCronEnabled) await boss.schedule(PROVIDER_TICK_QUEUE, '* * * * *');
    },
    async stop() {
      if (!isStarted) return;
      isStarted = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
