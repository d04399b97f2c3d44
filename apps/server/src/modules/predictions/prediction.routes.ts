// HTTP for prediction/previous_portcall_data.
import { ZErrorEnvelope, ZPreviousPortcallData, ZPreviousPortcallDataQuery, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { previousPortcallData } from './previous-portcall-data.service';

export async function predictionRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/prediction/previous_portcall_data',
    {
      onRequest: requireSession,
      schema: {
        tags: ['Map'],
        summary: 'The previous calls (same and similar vessels) at the terminal that teach a call\u2019s arrival prediction',
        querystring: ZPreviousPortcallDataQuery,
        response: { 200: successEnvelope(ZPreviousPortcallData), '4xx': ZErrorEnvelope },
      },
    },
    async (request) => ok(await previousPortcallData(app.ctx, sessionOf(request), request.query.portcall_id)),
  );
}
