// HTTP for port-call message threads.
import { ZErrorEnvelope, ZIdParams, ZMessageStates, ZPortcallMessage, ZPostPortcallMessage, ZRecordIdValue, MESSAGE_ICON_STATES, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { listPortcallMessages, markPortcallMessagesRead, messageStates, postPortcallMessage } from './portcall-message.service';

const tags = ['Vessel communication'];
const errors = { '4xx': ZErrorEnvelope };
const thread = { 200: successEnvelope(z.array(ZPortcallMessage)), ...errors };

export async function portcallMessageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/portcalls/:id/messages', { ...auth, schema: { tags, summary: 'The message thread of a port call', params: ZIdParams, response: thread } }, async (request) => ok(await listPortcallMessages(app.ctx, sessionOf(request), request.params.id)));
  r.post('/portcalls/:id/messages', { ...auth, schema: { tags, summary: 'Write to the port call\u2019s thread', params: ZIdParams, body: ZPostPortcallMessage, response: thread } }, async (request) =>
    ok(await postPortcallMessage(app.ctx, sessionOf(request), request.params.id, request.body.body)),
  );
  r.put('/portcalls/:id/messages/read', { ...auth, schema: { tags, summary: 'Mark the thread read', params: ZIdParams, response: { 200: successEnvelope(z.object({ state: z.enum(MESSAGE_ICON_STATES) })), ...errors } } }, async (request) =>
    ok(await markPortcallMessagesRead(app.ctx, sessionOf(request), request.params.id)),
  );
  r.get(
    '/portcall_message_states',
    { ...auth, schema: { tags, summary: 'new / none / all_read per port call', querystring: z.object({ portcall_ids: z.string().regex(/^\d+(,\d+)*$/).max(2000).transform((s) => s.split(',').map(Number)).pipe(z.array(ZRecordIdValue)) }), response: { 200: successEnvelope(ZMessageStates), ...errors } } },
    async (request) => ok(await messageStates(app.ctx, sessionOf(request), request.query.portcall_ids)),
  );
}
