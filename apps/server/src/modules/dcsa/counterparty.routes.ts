// HTTP for the JIT counterparties a terminal operator connects (docs/dcsa-jit.md).
import { ZDcsaCounterparty, ZDcsaCounterpartyCreate, ZDcsaCounterpartyWithKey, ZErrorEnvelope, ZIdParams, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { createCounterparty, listCounterparties, revokeCounterparty, rotateCounterpartyKey } from './counterparty.service';

const tags = ['DCSA JIT 2.0'];
const errors = { '4xx': ZErrorEnvelope };

export async function counterpartyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/dcsa_counterparties', { ...auth, schema: { tags, summary: 'The JIT systems of carriers and agents connected to your terminals', response: { 200: successEnvelope(z.array(ZDcsaCounterparty)), ...errors } } }, async (request) => ok(await listCounterparties(app.ctx, sessionOf(request))));
  r.post('/dcsa_counterparties', { ...auth, schema: { tags, summary: 'Connect a carrier\u2019s or agent\u2019s JIT system; the answer shows its API key once', body: ZDcsaCounterpartyCreate, response: { 201: successEnvelope(ZDcsaCounterpartyWithKey), ...errors } } }, async (request, reply) => {
    void reply.code(201);
    return ok(await createCounterparty(app.ctx, sessionOf(request), request.body));
  });
  r.post('/dcsa_counterparties/:id/rotate', { ...auth, schema: { tags, summary: 'A new API key (shown once); the old one stops working at once', params: ZIdParams, response: { 200: successEnvelope(ZDcsaCounterpartyWithKey), ...errors } } }, async (request) => ok(await rotateCounterpartyKey(app.ctx, sessionOf(request), request.params.id)));
  r.post('/dcsa_counterparties/:id/revoke', { ...auth, schema: { tags, summary: 'Disconnect the system: its API key stops working', params: ZIdParams, response: { 200: successEnvelope(ZDcsaCounterparty), ...errors } } }, async (request) => ok(await revokeCounterparty(app.ctx, sessionOf(request), request.params.id)));
}
