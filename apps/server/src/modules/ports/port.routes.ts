// HTTP for the port look-up and pilot boarding places.
import { ZErrorEnvelope, ZPilotBoardingPlace, ZPilotBoardingPlacesQuery, ZPortPage, ZPortsQuery, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession } from '../../plugins/auth';
import { getPilotBoardingPlaces, searchPorts } from './port.service';

const tags = ['Ports'];
const errors = { '4xx': ZErrorEnvelope };

export async function portRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/ports', { onRequest: requireSession, schema: { tags, summary: 'Search ports by UN/LOCODE or name (paged)', querystring: ZPortsQuery, response: { 200: successEnvelope(ZPortPage), ...errors } } }, async (request) =>
    ok(await searchPorts(app.ctx, request.query)),
  );

  r.get('/pilot_boarding_places', { onRequest: requireSession, schema: { tags, summary: 'Pilot boarding places of a port', querystring: ZPilotBoardingPlacesQuery, response: { 200: successEnvelope(z.array(ZPilotBoardingPlace)), ...errors } } }, async (request) =>
    ok(await getPilotBoardingPlaces(app.ctx, request.query.port_id)),
  );
}
