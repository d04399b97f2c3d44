// HTTP for the berth plan checks.
import { ZErrorEnvelope, ZOptimizeRequest, ZOptimizeResult, ZRecordId, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { findTerminalClashes } from './berth-plan.service';
import { optimizeBerthPlan } from './optimize.service';

const ZClash = z.object({ kind: z.enum(['overlap', 'block_zone', 'too_shallow', 'outside_quay', 'not_a_berth']), callIds: z.array(z.number().int()) }).passthrough();

export async function berthPlanRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/berth_plan/clashes',
    {
      onRequest: requireSession,
      schema: {
        tags: ['Berth plan'],
        summary: 'Clashes of the live plan in a window: overlaps with clearance, block zones, shallow water, off-quay',
        querystring: z.object({ terminal_id: ZRecordId, from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }).refine((q) => Date.parse(q.to) > Date.parse(q.from) && Date.parse(q.to) - Date.parse(q.from) <= 90 * 86_400_000, { message: 'Give a window of up to 90 days', path: ['to'] }),
        response: { 200: successEnvelope(z.object({ clashes: z.array(ZClash), checked_calls: z.number().int(), unplaced_calls: z.number().int() })), '4xx': ZErrorEnvelope },
      },
    },
    async (request) => ok(await findTerminalClashes(app.ctx, sessionOf(request), request.query)),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/berth_plan/optimize',
    {
      onRequest: requireSession,
      schema: {
        tags: ['Berth plan'],
        summary: 'Optimize the window\u2019s berth plan and write the proposal into the user\u2019s sandbox draft as one undoable step',
        body: ZOptimizeRequest,
        response: { 200: successEnvelope(ZOptimizeResult), '4xx': ZErrorEnvelope },
      },
    },
    async (request) => ok(await optimizeBerthPlan(app.ctx, sessionOf(request), request.body)),
  );
}
