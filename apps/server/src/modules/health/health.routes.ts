import { ZHealth, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { ok } from '../../lib/envelope';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/health', { schema: { tags: ['System'], summary: 'Liveness and which database is in use', response: { 200: successEnvelope(ZHealth) } } }, async () => {
    const row = await sql<{ version: string }>`select version() as version`.execute(app.ctx.db);
    return ok({ database: app.ctx.dbKind, version: row.rows[0]?.version ?? '', time: app.ctx.clock.now().toISOString() });
  });
}
