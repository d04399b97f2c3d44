// HTTP for a terminal's map geometry (quay, berths, pilot boarding places, tile server).
import { ZErrorEnvelope, ZRecordId, ZTerminalMapGeometry, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { terminalMapGeometry } from './map-geometry';

export async function mapGeometryRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/terminals/:id/map_geometry',
    {
      onRequest: requireSession,
      schema: {
        tags: ['Map'],
        summary: 'The terminal on the map: quay line, berth polygons, pilot boarding places with their geofence radius, centre and tile server',
        params: z.object({ id: ZRecordId }),
        response: { 200: successEnvelope(ZTerminalMapGeometry), '4xx': ZErrorEnvelope },
      },
    },
    async (request) => ok(await terminalMapGeometry(app.ctx, sessionOf(request), request.params.id)),
  );
}
