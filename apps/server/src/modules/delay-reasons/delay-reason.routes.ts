// HTTP for the delay reasons of a linked terminal.
import { ZCreateDelayReasonRequest, ZDelayReason, ZErrorEnvelope, ZIdParams, ZTerminalIdQuery, ZUpdateDelayReasonRequest, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { changeDelayReason, createDelayReason, listDelayReasons, removeDelayReason } from './delay-reason.service';

const tags = ['Delay reasons'];
const errors = { '4xx': ZErrorEnvelope };

export async function delayReasonRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/delay_reasons', { onRequest: requireSession, schema: { tags, summary: "A linked terminal's delay reasons by code, inactive ones included", querystring: ZTerminalIdQuery, response: { 200: successEnvelope(z.array(ZDelayReason)), ...errors } } }, async (request) =>
    ok(await listDelayReasons(app.ctx, sessionOf(request), request.query.terminal_id)),
  );

  r.post('/delay_reasons', { onRequest: requireSession, schema: { tags, summary: 'Add a delay reason (terminal operators of the terminal)', body: ZCreateDelayReasonRequest, response: { 201: successEnvelope(ZDelayReason), ...errors } } }, async (request, reply) => {
    const reason = await createDelayReason(app.ctx, sessionOf(request), request.body);
    return reply.code(201).send(ok(reason));
  });

  r.put('/delay_reasons/:id', { onRequest: requireSession, schema: { tags, summary: 'Rename or (de)activate a delay reason; a stale version is 409 with the current one', params: ZIdParams, body: ZUpdateDelayReasonRequest, response: { 200: successEnvelope(ZDelayReason), ...errors } } }, async (request) =>
    ok(await changeDelayReason(app.ctx, sessionOf(request), request.params.id, request.body)),
  );

  r.delete('/delay_reasons/:id', { onRequest: requireSession, schema: { tags, summary: 'Remove a delay reason (steps that named it keep the code)', params: ZIdParams, response: { 200: successEnvelope(ZDelayReason), ...errors } } }, async (request) =>
    ok(await removeDelayReason(app.ctx, sessionOf(request), request.params.id)),
  );
}
