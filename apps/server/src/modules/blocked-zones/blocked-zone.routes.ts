// HTTP for block zones of a linked terminal.
import { ZBlockedZone, ZBlockedZonesQuery, ZCreateBlockedZoneRequest, ZErrorEnvelope, ZIdParams, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { createBlockedZone, listBlockedZones, removeBlockedZone } from './blocked-zone.service';

const tags = ['Block zones'];
const errors = { '4xx': ZErrorEnvelope };

export async function blockedZoneRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/blocked_zones', { onRequest: requireSession, schema: { tags, summary: 'Block zones of a linked terminal overlapping [from, to)', querystring: ZBlockedZonesQuery, response: { 200: successEnvelope(z.array(ZBlockedZone)), ...errors } } }, async (request) =>
    ok(await listBlockedZones(app.ctx, sessionOf(request), request.query)),
  );

  r.post('/blocked_zones', { onRequest: requireSession, schema: { tags, summary: 'Close a stretch of quay for a time (terminal operators of the terminal)', body: ZCreateBlockedZoneRequest, response: { 201: successEnvelope(ZBlockedZone), ...errors } } }, async (request, reply) => {
    const zone = await createBlockedZone(app.ctx, sessionOf(request), request.body);
    return reply.code(201).send(ok(zone));
  });

  r.delete('/blocked_zones/:id', { onRequest: requireSession, schema: { tags, summary: 'Remove a block zone (terminal operators of the terminal)', params: ZIdParams, response: { 200: successEnvelope(ZBlockedZone), ...errors } } }, async (request) =>
    ok(await removeBlockedZone(app.ctx, sessionOf(request), request.params.id)),
  );
}
