// HTTP for the DCSA JIT v2 bridge.
import { ZDcsaPortCallExport, ZDcsaPortCallImport, ZDcsaTimestamp, ZErrorEnvelope, ZIdParams, ZPortcall, ZPortcallJitMessage, ZPortcallJitService, ZRecordId, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { exportPortcallDcsa, importDcsaPortCall, importDcsaTimestamp } from './dcsa.service';
import { portcallJitOutbound, portcallJitServices } from './jit.service';
import { z } from 'zod';

const tags = ['DCSA JIT v2'];
const errors = { '4xx': ZErrorEnvelope };

export async function dcsaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/portcalls/:id/dcsa', { ...auth, schema: { tags, summary: 'The port call, its services and timestamps as DCSA JIT v2 objects', params: ZIdParams, response: { 200: successEnvelope(ZDcsaPortCallExport), ...errors } } }, async (request) =>
    ok(await exportPortcallDcsa(app.ctx, sessionOf(request), request.params.id)),
  );
  r.post(
    '/portcalls/dcsa',
    { ...auth, schema: { tags, summary: 'Create a port call from DCSA JIT v2 objects (idempotent on terminalCallID)', querystring: z.object({ terminal_id: ZRecordId.optional() }), body: ZDcsaPortCallImport, response: { 201: successEnvelope(ZPortcall), ...errors } } },
    async (request, reply) => {
      void reply.code(201);
      return ok(await importDcsaPortCall(app.ctx, sessionOf(request), request.body, request.query.terminal_id));
    },
  );
  r.post('/portcalls/:id/dcsa/timestamps', { ...auth, schema: { tags, summary: 'Apply a DCSA JIT v2 timestamp as a negotiation step', params: ZIdParams, body: ZDcsaTimestamp, response: { 200: successEnvelope(ZPortcall), ...errors } } }, async (request) =>
    ok(await importDcsaTimestamp(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.get('/portcalls/:id/jit_services', { ...auth, schema: { tags, summary: 'The DCSA JIT 2.0 services of the call with their timestamps (its JIT timeline)', params: ZIdParams, response: { 200: successEnvelope(z.array(ZPortcallJitService)), ...errors } } }, async (request) =>
    ok(await portcallJitServices(app.ctx, sessionOf(request), request.params.id)),
  );
  r.get(
    '/portcalls/:id/jit_messages',
    { ...auth, schema: { tags, summary: 'The DCSA JIT 2.0 messages sent about the call to connected systems, with their delivery (terminal operators; empty for others)', params: ZIdParams, response: { 200: successEnvelope(z.array(ZPortcallJitMessage)), ...errors } } },
    async (request) => ok(await portcallJitOutbound(app.ctx, sessionOf(request), request.params.id)),
  );
}
