// HTTP for voyages, voyage templates and the schedule sync switch of one port call (docs/voyage-center.md).
import {
  ZApplyTemplateDiffRequest,
  ZErrorEnvelope,
  ZGenerateVoyagesRequest,
  ZGenerateVoyagesResult,
  ZIdParams,
  ZPortcall,
  ZScheduleSyncRequest,
  ZSyncRun,
  ZTemplateDiff,
  ZTemplatePreviewClashes,
  ZTemplatePreviewClashesRequest,
  ZVoyage,
  ZVoyageCreateRequest,
  ZVoyageList,
  ZVoyageListQuery,
  ZVoyageTemplate,
  ZVoyageTemplateInput,
  ZVoyageTemplateList,
  ZVoyageTemplateListQuery,
  ZVoyageTemplateUpdateRequest,
  ZVoyageUpdateRequest,
  successEnvelope,
} from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { applyTemplateDiff, createTemplate, generateVoyages, getTemplate, listTemplates, previewTemplateClashes, templateDiff, updateTemplate } from './voyage-template.service';
import { createVoyage, getVoyage, listVoyages, setScheduleSync, updateVoyage } from './voyage.service';

const errors = { '4xx': ZErrorEnvelope };

export async function voyageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  const tags = ['Voyages'];
  const one = { 200: successEnvelope(ZVoyage), ...errors };

  r.get('/voyages', { ...auth, schema: { tags, summary: 'Current or departed voyages the user may see, 10 a page', querystring: ZVoyageListQuery, response: { 200: successEnvelope(ZVoyageList), ...errors } } }, async (request) =>
    ok(await listVoyages(app.ctx, sessionOf(request), request.query)),
  );
  r.get('/voyages/:id', { ...auth, schema: { tags, summary: 'One voyage with its schedule and port calls', params: ZIdParams, response: one } }, async (request) => ok(await getVoyage(app.ctx, sessionOf(request), request.params.id)));
  r.post('/voyages', { ...auth, schema: { tags, summary: 'A voyage typed in by hand; its terminal row creates the call as requested', body: ZVoyageCreateRequest, response: { 201: successEnvelope(ZVoyage), ...errors } } }, async (request, reply) => {
    const voyage = await createVoyage(app.ctx, sessionOf(request), request.body);
    return reply.code(201).send(ok(voyage));
  });
  r.put('/voyages/:id', { ...auth, schema: { tags, summary: 'Edit a voyage; a moved terminal row reaches the call through the sync rules; stale version answers 409', params: ZIdParams, body: ZVoyageUpdateRequest, response: one } }, async (request) =>
    ok(await updateVoyage(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.put('/portcalls/:id/schedule_sync', { ...auth, schema: { tags, summary: 'Stop or resume schedule sync for one port call (audited)', params: ZIdParams, body: ZScheduleSyncRequest, response: { 200: successEnvelope(ZPortcall), ...errors } } }, async (request) =>
    ok(await setScheduleSync(app.ctx, sessionOf(request), request.params.id, request.body)),
  );

  const templateTags = ['Voyage templates'];
  const template = { 200: successEnvelope(ZVoyageTemplate), ...errors };
  r.get('/voyage_templates', { ...auth, schema: { tags: templateTags, summary: 'Liner-service templates the user may see, 10 a page', querystring: ZVoyageTemplateListQuery, response: { 200: successEnvelope(ZVoyageTemplateList), ...errors } } }, async (request) =>
    ok(await listTemplates(app.ctx, sessionOf(request), request.query)),
  );
  r.get('/voyage_templates/:id', { ...auth, schema: { tags: templateTags, summary: 'One template', params: ZIdParams, response: template } }, async (request) => ok(await getTemplate(app.ctx, sessionOf(request), request.params.id)));
  r.post('/voyage_templates', { ...auth, schema: { tags: templateTags, summary: 'Create a template (terminal operators, vessel operators for their company)', body: ZVoyageTemplateInput, response: { 201: successEnvelope(ZVoyageTemplate), ...errors } } }, async (request, reply) => {
    const created = await createTemplate(app.ctx, sessionOf(request), request.body);
    return reply.code(201).send(ok(created));
  });
  r.put('/voyage_templates/:id', { ...auth, schema: { tags: templateTags, summary: 'Change a template (its voyages change only through the diff); stale version answers 409', params: ZIdParams, body: ZVoyageTemplateUpdateRequest, response: template } }, async (request) =>
    ok(await updateTemplate(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.post('/voyage_templates/preview_clashes', { ...auth, schema: { tags: templateTags, summary: "An unsaved template's next calls checked against the live berth plan; nothing is written", body: ZTemplatePreviewClashesRequest, response: { 200: successEnvelope(ZTemplatePreviewClashes), ...errors } } }, async (request) =>
    ok(await previewTemplateClashes(app.ctx, sessionOf(request), request.body)),
  );
  r.post('/voyage_templates/:id/generate', { ...auth, schema: { tags: templateTags, summary: 'Create the voyages and port calls of a horizon; existing occurrences are skipped', params: ZIdParams, body: ZGenerateVoyagesRequest, response: { 200: successEnvelope(ZGenerateVoyagesResult), ...errors } } }, async (request) =>
    ok(await generateVoyages(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.get('/voyage_templates/:id/diff', { ...auth, schema: { tags: templateTags, summary: 'What the template now generates against the future voyages it created', params: ZIdParams, response: { 200: successEnvelope(ZTemplateDiff), ...errors } } }, async (request) =>
    ok(await templateDiff(app.ctx, sessionOf(request), request.params.id)),
  );
  r.post('/voyage_templates/:id/apply_diff', { ...auth, schema: { tags: templateTags, summary: 'Apply the chosen diff items through the sync rules; recorded as a sync run', params: ZIdParams, body: ZApplyTemplateDiffRequest, response: { 200: successEnvelope(ZSyncRun), ...errors } } }, async (request) =>
    ok(await applyTemplateDiff(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
}
