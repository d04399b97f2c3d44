// HTTP for the daily task digest: the signed-in user's own digest, as the mail would carry it now.
import { ZDailyTaskSummary, ZErrorEnvelope, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { buildDailyTaskSummary } from './digest.service';

export async function digestRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/daily_task_summary',
    { onRequest: requireSession, schema: { tags: ['Tasks'], summary: 'The daily task digest of the signed-in user', response: { 200: successEnvelope(ZDailyTaskSummary), '4xx': ZErrorEnvelope } } },
    async (request) => ok(await buildDailyTaskSummary(app.ctx, sessionOf(request).user)),
  );
}
