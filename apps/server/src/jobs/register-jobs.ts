// Starts the job runner with the app when config.runJobs is on and stops it before the database closes.
import type { FastifyInstance } from 'fastify';
import { type JobRunner, type TJobRunnerOptions, createJobRunner } from './job-queue';

export type { TJobRunnerOptions } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The running job runner, or null when this process runs no background jobs. */
    jobs: JobRunner | null;
  }
}

export async function registerJobs(app: FastifyInstance, options: Partial<TJobRunnerOptions> = {}): Promise<void> {
  if (!app.ctx.config.runJobs) {
    app.decorate('jobs', null);
    return;
  }
  const runner = createJobRunner(app.ctx, { log: app.log, ...options });
  await runner.start();
  app.decorate('jobs', runner);
  // preClose runs before every onClose hook, so the runner stops while the database is still open.
  app.addHook('preClose', async () => runner.stop());
}
