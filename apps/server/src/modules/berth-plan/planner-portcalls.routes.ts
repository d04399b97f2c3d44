// HTTP for the berth planner's window: every call of a terminal in [from, to) in a few large pages, because the
// planner needs all of them (2,000+) at once and /portcalls pages at most 100 (ARCHITECTURE.md, "The API contract").
import { ZErrorEnvelope, ZPlannerPortcallList, ZRecordId, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { replyCached } from '../../lib/response-cache';
import { requireSession, sessionOf } from '../../plugins/auth';
import { listPlannerPortcalls } from './planner-portcalls.service';

/** Calls per page of the planner window; a busy 28-day window fits in one. */
export const PLANNER_PAGE_SIZE = 2500;
const MAX_WINDOW_DAYS = 90;

const ZPlannerWindowQuery = z
  .object({
    terminal_id: ZRecordId,
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    page: z.coerce.number().int().min(1).default(1),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from) && Date.parse(q.to) - Date.parse(q.from) <= MAX_WINDOW_DAYS * 86_400_000, { message: `Give a window of up to ${MAX_WINDOW_DAYS} days`, path: ['to'] });

export async function plannerPortcallRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/berth_plan/portcalls',
    {
      onRequest: requireSession,
      schema: {
        tags: ['Berth plan'],
        summary: `The port calls of a terminal overlapping a window (not cancelled), in the planner projection, ${PLANNER_PAGE_SIZE} a page`,
        querystring: ZPlannerWindowQuery,
        response: { 200: successEnvelope(ZPlannerPortcallList), '4xx': ZErrorEnvelope },
      },
      // The schema documents the answer; checking 2,000 calls against it on every answer cost 60 to 80 ms of the
      // planner's first render. The calls come from one typed mapper, and the API test parses them strictly.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const { terminal_id, from, to, page } = request.query;
      // Every planner on the terminal reloads the window after each change; the first computes it (docs/performance.md).
      return replyCached({ ctx: app.ctx, cache: app.responseCaches.berthPlanWindow, request, reply, viewer: sessionOf(request).user, scope: request.query }, async () =>
        ok(await listPlannerPortcalls(app.ctx, sessionOf(request), { terminal_id, from, to, page, per_page: PLANNER_PAGE_SIZE })),
      );
    },
  );
}
