// HTTP for the vessel register.
import { ZCreateVesselRequest, ZErrorEnvelope, ZIdParams, ZUpdateVesselTypeRequest, ZVessel, ZVesselPage, ZVesselsQuery, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { createVessel, getVessel, searchVessels, updateVesselTypeOf } from './vessel.service';

const tags = ['Vessels'];
const errors = { '4xx': ZErrorEnvelope };

export async function vesselRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/vessels', { onRequest: requireSession, schema: { tags, summary: 'Search vessels by name, IMO number or MMSI (paged)', querystring: ZVesselsQuery, response: { 200: successEnvelope(ZVesselPage), ...errors } } }, async (request) =>
    ok(await searchVessels(app.ctx, request.query)),
  );

  r.get('/vessels/:id', { onRequest: requireSession, schema: { tags, summary: 'One vessel', params: ZIdParams, response: { 200: successEnvelope(ZVessel), ...errors } } }, async (request) =>
    ok(await getVessel(app.ctx, request.params.id)),
  );

  r.post('/vessels', { onRequest: requireSession, schema: { tags, summary: 'Add a vessel (terminal operators and agents); a known IMO number is a 409 with the stored vessel', body: ZCreateVesselRequest, response: { 201: successEnvelope(ZVessel), ...errors } } }, async (request, reply) => {
    const vessel = await createVessel(app.ctx, sessionOf(request), request.body);
    return reply.code(201).send(ok(vessel));
  });

  r.patch('/vessels/:id', { onRequest: requireSession, schema: { tags, summary: "Change a vessel's coded and detailed type (the terminal: any vessel; the vessel side: the vessels it answers for)", params: ZIdParams, body: ZUpdateVesselTypeRequest, response: { 200: successEnvelope(ZVessel), ...errors } } }, async (request) =>
    ok(await updateVesselTypeOf(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
}
