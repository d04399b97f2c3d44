// Liveness (/health: the process answers; no database round trip, so a load balancer's probe costs nothing) and
// readiness (/ready: the database answers too; 503 when it does not or the server is shutting down, so a load
// balancer stops sending traffic here).
import { ZHealth, ZReadiness, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { isDraining } from './readiness';

const READY_TIMEOUT_MS = 2_000;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The server version does not change while the process runs; read it once, on the first probe.
  let version: Promise<string> | null = null;
  const databaseVersion = () =>
    (version ??= sql<{ version: string }>`select version() as version`
      .execute(app.ctx.db)
      .then((row) => row.rows[0]?.version ?? '')
      .catch((err: unknown) => {
        version = null;
        throw err;
      }));

  r.get('/health', { schema: { tags: ['System'], summary: 'Liveness and which database is in use (no database round trip)', response: { 200: successEnvelope(ZHealth) } } }, async () =>
    ok({ database: app.ctx.dbKind, version: await databaseVersion(), time: app.ctx.clock.now().toISOString() }),
  );

  r.get('/ready', { schema: { tags: ['System'], summary: 'Readiness: the database answers within 2 s and the server is not shutting down (503 otherwise)', response: { 200: successEnvelope(ZReadiness) } } }, async () => {
    if (isDraining(app.ctx)) throw new AppError('SERVICE_UNAVAILABLE', { message: 'The server is shutting down.' });
    const notReady = new AppError('SERVICE_UNAVAILABLE', { message: `The database does not answer within ${READY_TIMEOUT_MS / 1000} s.` });
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(app.ctx.db),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw notReady;
    } finally {
      clearTimeout(timer);
    }
    const elapsedMs = performance.now() - started;
    // The timer cannot fire while the process is busy without a break (the embedded database runs in this thread,
    // so a long statement keeps it busy): a probe whose query answered only after the limit is still too slow.
    if (elapsedMs > READY_TIMEOUT_MS) throw notReady;
    return ok({ database: app.ctx.dbKind, database_ms: Math.round(elapsedMs * 10) / 10 });
  });
}
