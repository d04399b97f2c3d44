// HTTP for port calls: list, read, create, update, cancel, negotiate, history and audit.
import {
  ZAuditEvent,
  ZCalculatedCargo,
  ZCargoDetailInput,
  ZEquipmentDetailInput,
  ZPrefillDuration,
  ZPrefillDurationRequest,
  ZCancelPortcallRequest,
  ZErrorEnvelope,
  ZIdParams,
  ZNegotiationRequest,
  ZPortcall,
  ZPortcallCreateRequest,
  ZPortcallList,
  ZPortcallListQuery,
  ZPortcallTimestamp,
  ZPortcallUpdateRequest,
  ZRecordId,
  pageQuery,
  pagedPayload,
  successEnvelope,
} from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { replyCached } from '../../lib/response-cache';
import { requireSession, sessionOf } from '../../plugins/auth';
import { calculateCargo, prefillDuration } from './cargo-calculation';
import { calculateEquipmentDetails, prefillEquipmentDetails, prefillShiftDetails } from './prefill.service';
import { listAuditEvents, listTimestamps } from './portcall-history.service';
import { cancelPortcall, createPortcall, getPortcall, listPortcalls, negotiatePortcall, updatePortcall } from './portcall.service';

const tags = ['Port calls'];
const errors = { '4xx': ZErrorEnvelope };
const one = { 200: successEnvelope(ZPortcall), ...errors };

export async function portcallRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };

  r.get('/portcalls', { ...auth, schema: { tags, summary: 'Port calls the user may see, filtered and paged', querystring: ZPortcallListQuery, response: { 200: successEnvelope(ZPortcallList), ...errors } } }, async (request, reply) => {
    return replyCached({ ctx: app.ctx, cache: app.responseCaches.portcallList, request, reply, viewer: sessionOf(request).user, scope: request.query }, async () => ok(await listPortcalls(app.ctx, sessionOf(request), request.query)));
  });
  r.get('/portcalls/:id', { ...auth, schema: { tags, summary: 'One port call', params: ZIdParams, response: one } }, async (request, reply) => {
    return replyCached({ ctx: app.ctx, cache: app.responseCaches.portcall, request, reply, viewer: sessionOf(request).user, scope: request.params }, async () => ok(await getPortcall(app.ctx, sessionOf(request), request.params.id)));
  });
  r.post('/portcalls', { ...auth, schema: { tags, summary: 'Create a port call (the terminal plans, the vessel side requests); a field the user may not write is 403, a vessel they may not book 400', body: ZPortcallCreateRequest, response: { 201: successEnvelope(ZPortcall), ...errors } } }, async (request, reply) => {
    void reply.code(201);
    return ok(await createPortcall(app.ctx, sessionOf(request), request.body));
  });
  r.put('/portcalls/:id', { ...auth, schema: { tags, summary: 'Change a port call; stale version answers 409 with the current record; a changed field the user may not write is 403 (docs/permissions.md)', params: ZIdParams, body: ZPortcallUpdateRequest, response: one } }, async (request) =>
    ok(await updatePortcall(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.post('/portcalls/:id/cancel', { ...auth, schema: { tags, summary: 'Cancel (terminal) or ask to cancel (vessel side)', params: ZIdParams, body: ZCancelPortcallRequest, response: one } }, async (request) =>
    ok(await cancelPortcall(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.post('/portcalls/:id/negotiate', { ...auth, schema: { tags, summary: 'One negotiation step on one time (docs/negotiation.md)', params: ZIdParams, body: ZNegotiationRequest, response: one } }, async (request) =>
    ok(await negotiatePortcall(app.ctx, sessionOf(request), request.params.id, request.body)),
  );
  r.get('/portcalls/:id/timestamps', { ...auth, schema: { tags, summary: 'The negotiation chain of every time, oldest first', params: ZIdParams, response: { 200: successEnvelope(z.array(ZPortcallTimestamp)), ...errors } } }, async (request) =>
    ok(await listTimestamps(app.ctx, sessionOf(request), request.params.id)),
  );
  r.post(
    '/portcalls/calculated_cargo_details',
    { ...auth, schema: { tags, summary: 'Totals of cargo details, computed (never typed)', body: z.object({ cargo_details: z.array(ZCargoDetailInput).max(50) }), response: { 200: successEnvelope(ZCalculatedCargo), ...errors } } },
    async (request) => ok(calculateCargo(request.body.cargo_details)),
  );
  r.post(
    '/prefill_cargo_ops_duration',
    { ...auth, schema: { tags, summary: 'Cargo-operations duration from moves, units per hour and crane intensity', body: ZPrefillDurationRequest, response: { 200: successEnvelope(ZPrefillDuration), ...errors } } },
    async (request) => ok(prefillDuration(request.body)),
  );
  const ZWindowQuery = { terminal_id: z.number().int().positive(), portcall_id: z.number().int().positive().optional() };
  const ZOptionalInstant = z.iso.datetime({ offset: true }).optional();
  r.post(
    '/prefill_shift_details',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Shift plan for a cargo window (or a port call\u2019s): the terminal\u2019s open shifts in its time zone, moves spread by rate or by working hours',
        body: z
          .object({
            ...ZWindowQuery,
            cargo_operations_start: ZOptionalInstant,
            cargo_operations_end: ZOptionalInstant,
            discharge: z.number().int().min(0).max(10_000_000).optional(),
            load: z.number().int().min(0).max(10_000_000).optional(),
            restow: z.number().int().min(0).max(10_000_000).optional(),
            units_per_hour: z.number().min(0).max(100_000).optional(),
            crane_intensity: z.number().min(0.1).max(20).optional(),
          })
          .refine((b) => b.portcall_id !== undefined || (b.cargo_operations_start !== undefined && b.cargo_operations_end !== undefined), { path: ['cargo_operations_start'], message: 'Give the cargo window, or the port call' }),
      },
    },
    async (request) => ok(await prefillShiftDetails(app.ctx, sessionOf(request), request.body)),
  );
  r.post(
    '/prefill_equipment_details',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Equipment of the terminal that is free in a window (or a port call\u2019s cargo window): not booked, not on another call\u2019s shift card',
        body: z.object({ ...ZWindowQuery, start_time: ZOptionalInstant, end_time: ZOptionalInstant }).refine((b) => b.portcall_id !== undefined || (b.start_time !== undefined && b.end_time !== undefined), { path: ['start_time'], message: 'Give the window, or the port call' }),
      },
    },
    async (request) => ok(await prefillEquipmentDetails(app.ctx, sessionOf(request), request.body)),
  );
  r.post(
    '/calculated_equipment_details',
    { ...auth, schema: { tags, summary: 'Hours of each equipment booking and in total', body: z.object({ equipment_details: z.array(ZEquipmentDetailInput).max(100) }) } },
    async (request) => ok(calculateEquipmentDetails(request.body.equipment_details)),
  );
  r.get(
    '/portcall_audit',
    { ...auth, schema: { tags, summary: 'Audit trail (created, revised, accepted) of one or all visible port calls', querystring: pageQuery(50).extend({ portcall_id: ZRecordId.optional() }), response: { 200: successEnvelope(pagedPayload(ZAuditEvent)), ...errors } } },
    async (request) => ok(await listAuditEvents(app.ctx, sessionOf(request), request.query)),
  );
}
