// HTTP for the planner's sandbox.
import { ZDraftState, ZDraftWrite, ZErrorEnvelope, ZPublishPreview, ZFreezeRequest, ZRecordId, ZUpdateDraftRequest, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { previewPublish } from './publish-preview.service';
import { freezePortcall, getDraft, publishDraft, redoDraft, revertDraft, undoDraft, updateDraft } from './draft.service';

const tags = ['Berth plan sandbox'];
const errors = { '4xx': ZErrorEnvelope };
const state = { 200: successEnvelope(ZDraftState), ...errors };

export async function draftRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/draft_portcalls', { ...auth, schema: { tags, summary: 'The planner\u2019s sandbox draft for a terminal', querystring: z.object({ terminal_id: ZRecordId }), response: state } }, async (request) =>
    ok(await getDraft(app.ctx, sessionOf(request), request.query.terminal_id)),
  );
  r.put('/draft_portcalls/update_draft_portcalls', { ...auth, schema: { tags, summary: 'Move port calls in the sandbox (undoable)', body: ZUpdateDraftRequest, response: state } }, async (request) => ok(await updateDraft(app.ctx, sessionOf(request), request.body)));
  r.post('/draft_portcalls/undo', { ...auth, schema: { tags, summary: 'Undo the last sandbox change', body: ZDraftWrite, response: state } }, async (request) => ok(await undoDraft(app.ctx, sessionOf(request), request.body)));
  r.post('/draft_portcalls/redo', { ...auth, schema: { tags, summary: 'Redo', body: ZDraftWrite, response: state } }, async (request) => ok(await redoDraft(app.ctx, sessionOf(request), request.body)));
  r.post('/draft_portcalls/revert', { ...auth, schema: { tags, summary: 'Back to the current live plan', body: ZDraftWrite, response: state } }, async (request) => ok(await revertDraft(app.ctx, sessionOf(request), request.body)));
  r.put('/draft_portcalls/frozen', { ...auth, schema: { tags, summary: 'Freeze or unfreeze a port call in the sandbox', body: ZFreezeRequest, response: state } }, async (request) => ok(await freezePortcall(app.ctx, sessionOf(request), request.body)));
  r.get(
    '/draft_portcalls/publish_preview',
    { ...auth, schema: { tags, summary: 'What publishing the sandbox would change, which clashes go live and who is told; writes nothing', querystring: z.object({ terminal_id: ZRecordId }), response: { 200: successEnvelope(ZPublishPreview), ...errors } } },
    async (request) => ok(await previewPublish(app.ctx, sessionOf(request), { terminal_id: request.query.terminal_id })),
  );
  r.post(
    '/draft_portcalls/publish',
    { ...auth, schema: { tags, summary: 'Apply every sandbox move in one transaction, or none with the reasons (409)', body: ZDraftWrite, response: { 200: successEnvelope(z.object({ published: z.number().int(), draft: ZDraftState })), ...errors } } },
    async (request) => ok(await publishDraft(app.ctx, sessionOf(request), request.body)),
  );
}
