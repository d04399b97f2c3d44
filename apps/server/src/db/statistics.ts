// Table statistics for the embedded database. PostgreSQL's autovacuum keeps them current on a server; PGlite runs in
// our process and has no autovacuum, so without this every table looks empty to its query planner and a 2,000-call
// planner window is answered with nested loops (row estimates of 1). Refreshed at start and every few hours.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from './database';

export const STATISTICS_REFRESH_MS = 6 * 3_600_000;

/** ANALYZE over the whole database; a few hundred milliseconds on a busy demo terminal. */
export async function refreshStatistics(database: Database): Promise<void> {
  await sql`analyze`.execute(database.db);
}

/** PGlite only: refreshes after the server is ready (not delaying its start) and then on a timer. */
export function registerStatisticsRefresh(app: FastifyInstance, database: Database): void {
  if (database.kind !== 'pglite') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let isClosing = false;
  const run = () => {
    running ??= refreshStatistics(database)
      .catch((err: unknown) => {
        if (!isClosing) app.log.error({ err }, 'database: refreshing table statistics failed');
      })
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, STATISTICS_REFRESH_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    isClosing = true;
    clearInterval(timer);
    await running;
  });
}
