// HTTP for ais/portcalls_list and ais/vessel_characteristics.
import { ZAisPortcallsList, ZAisPortcallsListQuery, ZAisVesselCharacteristics, ZAisVesselCharacteristicsQuery, ZErrorEnvelope, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { listMapPortcalls, vesselCharacteristics } from './ais.service';

export async function aisRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/ais/portcalls_list',
    {
      onRequest: requireSession,
      schema: {
        tags: ['Map'],
        summary: 'The calls of a terminal for the map: times, prediction, the vessel\u2019s latest AIS position, reported destination and ETA, and its recent track',
        querystring: ZAisPortcallsListQuery,
        response: { 200: successEnvelope(ZAisPortcallsList), '4xx': ZErrorEnvelope },
      },
    },
    async (request) => ok(await listMapPortcalls(app.ctx, sessionOf(request), request.query)),
  );
  typed.get(
    '/ais/vessel_characteristics',
    {
      onRequest: requireSession,
      schema: {
        tags: ['Map'],
        summary: 'AIS static and voyage data of a vessel, and which vessel-record fields AIS filled',
        querystring: ZAisVesselCharacteristicsQuery,
        response: { 200: successEnvelope(ZAisVesselCharacteristics), '4xx': ZErrorEnvelope },
      },
    },
    async (request) => ok(await vesselCharacteristics(app.ctx, sessionOf(request), request.query.vessel_id)),
  );
}
