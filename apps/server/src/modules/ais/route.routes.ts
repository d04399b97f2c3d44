// HTTP for ais/predict_route.
import { ZErrorEnvelope, ZPredictRouteQuery, ZPredictedRoute, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { predictRoute } from '../predictions/predict-route.service';

export async function aisRouteRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ais/predict_route',
    {
      onRequest: requireSession,
      schema: {
        tags: ['Map'],
        summary: 'The predicted route of a call from the vessel to the pilot boarding place and the berth, with ETAs',
        querystring: ZPredictRouteQuery,
        response: { 200: successEnvelope(ZPredictedRoute), '4xx': ZErrorEnvelope },
      },
    },
    async (request) => ok(await predictRoute(app.ctx, sessionOf(request), request.query.portcall_id)),
  );
}
