// HTTP for a port call's PRISE pre-arrival notice: read, fill the notice's own fields, submit (docs/prise.md).
import { ZErrorEnvelope, ZIdParams, ZPriseNotice, ZPriseNoticeUpdateRequest, ZPriseSubmitRequest, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { FIRST_POLL_DELAY_MS, getPriseNotice, submitPriseNotice, updatePriseNotice } from './prise.service';

const tags = ['PRISE'];
const one = { 200: successEnvelope(ZPriseNotice), '4xx': ZErrorEnvelope, '5xx': ZErrorEnvelope };

export async function priseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };

  r.get('/portcalls/:id/prise_notice', { ...auth, schema: { tags, summary: 'The call\u2019s PRISE pre-arrival notice (a draft built from the call until one is stored)', params: ZIdParams, response: one } }, async (request) =>
    ok(await getPriseNotice(app.ctx, sessionOf(request), request.params.id)),
  );
  r.put('/portcalls/:id/prise_notice', { ...auth, schema: { tags, summary: 'Set the notice\u2019s own fields (terminal and the call\u2019s agent); stale version answers 409', params: ZIdParams, body: ZPriseNoticeUpdateRequest, response: one } }, async (request) =>
    ok(await updatePriseNotice(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.post('/portcalls/:id/prise_notice/submit', { ...auth, schema: { tags, summary: 'Send the notice to the port authority; 400 names missing fields, 502/503 when the authority is down', params: ZIdParams, body: ZPriseSubmitRequest, response: one } }, async (request) => {
    const { notice, submissionNo } = await submitPriseNotice(app.ctx, sessionOf(request), request.params.id, request.body);
    // The answer is polled by a job; without a job runner here, another server's per-minute sweep picks it up.
    await app.jobs?.schedulePrisePoll({ portcallId: notice.portcall_id, submissionNo, attempt: 0 }, FIRST_POLL_DELAY_MS).catch((err: unknown) => app.log.error({ err }, 'PRISE poll not scheduled'));
    return ok(notice);
  });
}
