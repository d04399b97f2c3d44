// HTTP of the shift planner: the board, a call's shift plan, the shift calendar (non-working times, gangs per
// shift) and the shift-plan and shift-report downloads.
import {
  ZBoardShiftDefinition,
  ZErrorEnvelope,
  ZIdParams,
  ZNonWorkingTime,
  ZNonWorkingTimeCreate,
  ZNonWorkingTimesQuery,
  ZShiftBoard,
  ZShiftBoardQuery,
  ZShiftDetailsUpdateRequest,
  ZShiftDetailsUpdateResponse,
  ZShiftDownloadQuery,
  successEnvelope,
} from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { sendDownload } from '../downloads/workbook';
import { getShiftBoard } from './shift-board.service';
import { createNonWorkingTime, deleteNonWorkingTime, listNonWorkingTimes, updateShiftGangs } from './shift-calendar.service';
import { downloadShiftPlan, downloadShiftReport } from './shift-downloads.service';
import { updateShiftDetails } from './shift-plan-write.service';

const tags = ['Shift planner'];
const errors = { '4xx': ZErrorEnvelope };


export async function shiftPlannerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };

  r.get(
    '/shift_planner',
    {
      ...auth,
      schema: { tags, summary: 'The shift board: the terminal\u2019s shifts over the shown local days, the calls working in them, totals against capacity, problems', querystring: ZShiftBoardQuery, response: { 200: successEnvelope(ZShiftBoard), ...errors } },
      // A 300-call board is large; checking it against the schema on every answer cost more than building it.
      // It comes from one typed builder, and the API test parses it strictly.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => ok(await getShiftBoard(app.ctx, sessionOf(request), request.query)),
  );

  r.put(
    '/portcalls/:id/shift_details',
    { ...auth, schema: { tags, summary: 'Replace a call\u2019s shift plan (terminal only), with its version; 409 with the call as it is when stale', params: ZIdParams, body: ZShiftDetailsUpdateRequest, response: { 200: successEnvelope(ZShiftDetailsUpdateResponse), ...errors } } },
    async (request) => ok({ portcall: await updateShiftDetails(app.ctx, sessionOf(request), request.params.id, request.body) }),
  );

  r.get('/non_working_times', { ...auth, schema: { tags, summary: 'Holidays, breaks and closed shifts of a terminal', querystring: ZNonWorkingTimesQuery, response: { 200: successEnvelope(z.array(ZNonWorkingTime)), ...errors } } }, async (request) =>
    ok(await listNonWorkingTimes(app.ctx, sessionOf(request), request.query)),
  );
  r.post('/non_working_times', { ...auth, schema: { tags, summary: 'Add a non-working time (terminal only)', body: ZNonWorkingTimeCreate, response: { 200: successEnvelope(ZNonWorkingTime), ...errors } } }, async (request) =>
    ok(await createNonWorkingTime(app.ctx, sessionOf(request), request.body)),
  );
  r.delete('/non_working_times/:id', { ...auth, schema: { tags, summary: 'Remove a non-working time (terminal only)', params: ZIdParams, response: { 200: successEnvelope(z.object({ id: z.number().int() })), ...errors } } }, async (request) =>
    ok(await deleteNonWorkingTime(app.ctx, sessionOf(request), request.params.id)),
  );
  r.put(
    '/terminal_shifts/:id',
    { ...auth, schema: { tags, summary: 'Set the gangs a shift can man (terminal only)', params: ZIdParams, body: z.object({ gangs_available: z.number().int().min(0).max(50) }), response: { 200: successEnvelope(ZBoardShiftDefinition), ...errors } } },
    async (request) => ok(await updateShiftGangs(app.ctx, sessionOf(request), request.params.id, request.body.gangs_available)),
  );

  r.get('/portcall-shifts/download', { ...auth, schema: { tags, summary: 'The shift plan of a period, one row per call and shift, as csv or xlsx', querystring: ZShiftDownloadQuery } }, async (request, reply) =>
    sendDownload(reply, await downloadShiftPlan(app.ctx, sessionOf(request), request.query)),
  );
  r.get('/shift-reports/download', { ...auth, schema: { tags, summary: 'Per shift: calls worked, gangs, equipment, planned and actual moves, productivity, as csv or xlsx', querystring: ZShiftDownloadQuery } }, async (request, reply) =>
    sendDownload(reply, await downloadShiftReport(app.ctx, sessionOf(request), request.query)),
  );
}
