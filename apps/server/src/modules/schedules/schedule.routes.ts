// HTTP for schedule providers, fetches, uploads, sync runs and schedule proposals (docs/voyage-center.md, docs/schedules.md).
import {
  ZErrorEnvelope,
  ZFetchVoyagesRequest,
  ZIdParams,
  ZPortcall,
  ZRecordId,
  ZResolveScheduleProposalRequest,
  ZScheduleProposal,
  ZScheduleProvider,
  ZScheduleProviderInput,
  ZScheduleUploadRequest,
  ZSyncRun,
  ZSyncRunList,
  successEnvelope,
} from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { fetchVoyagesNow, uploadSchedule } from './schedule-fetch.service';
import { applyScheduleProposal, dismissScheduleProposal, listScheduleProposals, listSyncRuns } from './schedule-proposal.service';
import { listScheduleProviders, saveScheduleProvider } from './schedule-provider.service';

const tags = ['Schedule providers'];
const errors = { '4xx': ZErrorEnvelope };
const ZTerminalQuery = z.object({ terminal_id: ZRecordId });
const ZRunsQuery = ZTerminalQuery.extend({ page: z.coerce.number().int().min(1).default(1) });
/** An upload carries the file as text (up to 5 MB in the schema); JSON escaping can grow it. */
const UPLOAD_BODY_LIMIT = 12 * 1024 * 1024;

export async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/schedule_providers', { onRequest: requireSession, schema: { tags, summary: 'Configured schedule providers of a terminal with their fetch status (terminal operators)', querystring: ZTerminalQuery, response: { 200: successEnvelope(z.array(ZScheduleProvider)), ...errors } } }, async (request) =>
    ok(await listScheduleProviders(app.ctx, sessionOf(request), request.query.terminal_id)),
  );

  r.put('/schedule_providers', { onRequest: requireSession, schema: { tags, summary: 'Configure a provider (version required to change one; credentials write-only)', body: ZScheduleProviderInput, response: { 200: successEnvelope(ZScheduleProvider), ...errors } } }, async (request) =>
    ok(await saveScheduleProvider(app.ctx, sessionOf(request), request.body)),
  );

  r.post('/schedule_providers/fetch_voyages', { onRequest: requireSession, schema: { tags, summary: 'Fetch now; a provider failure answers 200 with the failed run', body: ZFetchVoyagesRequest, response: { 200: successEnvelope(z.array(ZSyncRun)), ...errors } } }, async (request) =>
    ok(await fetchVoyagesNow(app.ctx, sessionOf(request), request.body)),
  );

  r.post('/schedule_providers/upload', { onRequest: requireSession, bodyLimit: UPLOAD_BODY_LIMIT, schema: { tags, summary: 'Upload a schedule file (OVS JSON or CSV); a bad file is a 400 and saves nothing', body: ZScheduleUploadRequest, response: { 200: successEnvelope(ZSyncRun), ...errors } } }, async (request) =>
    ok(await uploadSchedule(app.ctx, sessionOf(request), request.body)),
  );

  r.get('/schedule_providers/runs', { onRequest: requireSession, schema: { tags, summary: 'Sync runs of a terminal, newest first, 10 a page', querystring: ZRunsQuery, response: { 200: successEnvelope(ZSyncRunList), ...errors } } }, async (request) =>
    ok(await listSyncRuns(app.ctx, sessionOf(request), request.query, request.log)),
  );

  r.get('/portcalls/:id/schedule_proposals', { onRequest: requireSession, schema: { tags, summary: 'Schedule proposals of a visible port call', params: ZIdParams, response: { 200: successEnvelope(z.array(ZScheduleProposal)), ...errors } } }, async (request) =>
    ok(await listScheduleProposals(app.ctx, sessionOf(request), request.params.id)),
  );

  r.post('/schedule_proposals/:id/apply', { onRequest: requireSession, schema: { tags, summary: "Apply a proposal as the user's own step (terminal revises, vessel side requests); version = the port call's", params: ZIdParams, body: ZResolveScheduleProposalRequest, response: { 200: successEnvelope(z.object({ proposal: ZScheduleProposal, portcall: ZPortcall })), ...errors } } }, async (request) =>
    ok(await applyScheduleProposal(app.ctx, sessionOf(request), request.params.id, request.body)),
  );

  r.post('/schedule_proposals/:id/dismiss', { onRequest: requireSession, schema: { tags, summary: "Dismiss a proposal (audited); version = the port call's", params: ZIdParams, body: ZResolveScheduleProposalRequest, response: { 200: successEnvelope(ZScheduleProposal), ...errors } } }, async (request) =>
    ok(await dismissScheduleProposal(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
}
