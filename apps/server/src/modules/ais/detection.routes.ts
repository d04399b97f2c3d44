// HTTP for AIS-detected times and the terminal's AIS settings.
import { ZAisDetection, ZAisDetectionDecision, ZErrorEnvelope, ZPortcall, ZRecordId, ZTerminalAisSettings, ZTerminalAisSettingsUpdate, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { applyDetection, dismissDetection, getTerminalAisSettings, listDetections, updateTerminalAisSettings } from './detection.service';

const ZId = z.object({ id: ZRecordId });

export async function aisDetectionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/portcalls/:id/ais_detections',
    { onRequest: requireSession, schema: { tags: ['Map'], summary: 'Times AIS detected for a port call', params: ZId, response: { 200: successEnvelope(z.array(ZAisDetection)), '4xx': ZErrorEnvelope } } },
    async (request) => ok(await listDetections(app.ctx, sessionOf(request), request.params.id)),
  );
  r.post(
    '/ais_detections/:id/apply',
    { onRequest: requireSession, schema: { tags: ['Map'], summary: 'Record a proposed AIS-detected time as actual', params: ZId, body: ZAisDetectionDecision, response: { 200: successEnvelope(ZPortcall), '4xx': ZErrorEnvelope } } },
    async (request) => ok(await applyDetection(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.post(
    '/ais_detections/:id/dismiss',
    { onRequest: requireSession, schema: { tags: ['Map'], summary: 'Dismiss a proposed AIS-detected time', params: ZId, body: ZAisDetectionDecision, response: { 200: successEnvelope(ZAisDetection), '4xx': ZErrorEnvelope } } },
    async (request) => ok(await dismissDetection(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.get(
    '/terminals/:id/ais_settings',
    { onRequest: requireSession, schema: { tags: ['Map'], summary: 'The terminal\u2019s AIS settings', params: ZId, response: { 200: successEnvelope(ZTerminalAisSettings), '4xx': ZErrorEnvelope } } },
    async (request) => ok(await getTerminalAisSettings(app.ctx, sessionOf(request), request.params.id)),
  );
  r.put(
    '/terminals/:id/ais_settings',
    { onRequest: requireSession, schema: { tags: ['Map'], summary: 'Change the terminal\u2019s AIS settings', params: ZId, body: ZTerminalAisSettingsUpdate, response: { 200: successEnvelope(ZTerminalAisSettings), '4xx': ZErrorEnvelope } } },
    async (request) => ok(await updateTerminalAisSettings(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
}
