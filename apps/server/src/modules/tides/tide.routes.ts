// HTTP for tidal data.
import { ZErrorEnvelope, ZRecordId, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { tidalData } from './tide.service';

const ZTidalData = z.object({
  station: z.object({ id: z.string(), name: z.string(), distance_km: z.number(), datum: z.literal('LAT') }).nullable(),
  levels: z.array(z.object({ time: z.string(), height: z.number() })),
  extremes: z.array(z.object({ time: z.string(), height: z.number(), type: z.enum(['high', 'low']) })),
});

export async function tideRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/tidal_data',
    {
      onRequest: requireSession,
      schema: {
        tags: ['Berth plan'],
        summary: 'Predicted water level (m above chart datum) and high/low waters at the terminal\u2019s nearest tide station',
        querystring: z
          .object({ terminal_id: ZRecordId, from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }), step_minutes: z.coerce.number().int().min(5).max(120).default(10) })
          .refine((q) => Date.parse(q.to) > Date.parse(q.from) && Date.parse(q.to) - Date.parse(q.from) <= 45 * 86_400_000, { message: 'Give a window of up to 45 days', path: ['to'] }),
        response: { 200: successEnvelope(ZTidalData), '4xx': ZErrorEnvelope },
      },
    },
    async (request) => ok(await tidalData(app.ctx, sessionOf(request), request.query)),
  );
}
