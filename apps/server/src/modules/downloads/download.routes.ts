// HTTP for the downloads of spec section 2: csv or Excel, with the list's filters.
import { TASK_FILTERS, ZPortcallListQuery, ZRecordId, ZTimeZone } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../plugins/auth';
import { downloadAudit, downloadDraft, downloadPortcalls, downloadTasks } from './download.service';
import { sendDownload } from './workbook';

const tags = ['Downloads'];
const ZFileOptions = z.object({
  format: z.enum(['csv', 'xls', 'xlsx']).default('csv'),
  bom: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  timezone: ZTimeZone.optional(),
});


export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/portcall/download', { ...auth, schema: { tags, summary: 'Port calls as csv or xlsx, with the list filters', querystring: ZPortcallListQuery.omit({ page: true, per_page: true }).extend(ZFileOptions.shape) } }, async (request, reply) => {
    const { format, bom, timezone, ...filters } = request.query;
    return sendDownload(reply, await downloadPortcalls(app.ctx, sessionOf(request), filters, { format, bom, timezone }));
  });
  r.get('/portcall-tasks-list/download', { ...auth, schema: { tags, summary: 'Tasks as csv or xlsx', querystring: ZFileOptions.extend({ type: z.enum(['open', 'closed']).default('open'), filter: z.enum(TASK_FILTERS).default('all') }) } }, async (request, reply) => {
    const { format, bom, timezone, type, filter } = request.query;
    return sendDownload(reply, await downloadTasks(app.ctx, sessionOf(request), { type, filter }, { format, bom, timezone }));
  });
  r.get('/draft-portcalls/download', { ...auth, schema: { tags, summary: 'The sandbox draft next to the live plan, as csv or xlsx', querystring: ZFileOptions.extend({ terminal_id: ZRecordId }) } }, async (request, reply) => {
    const { format, bom, timezone, terminal_id } = request.query;
    return sendDownload(reply, await downloadDraft(app.ctx, sessionOf(request), terminal_id, { format, bom, timezone }));
  });
  r.get('/portcall_audit/download', { ...auth, schema: { tags, summary: 'Audit trail as csv or xlsx', querystring: ZFileOptions.extend({ portcall_id: ZRecordId.optional() }) } }, async (request, reply) => {
    const { format, bom, timezone, portcall_id } = request.query;
    return sendDownload(reply, await downloadAudit(app.ctx, sessionOf(request), { portcall_id }, { format, bom, timezone }));
  });
}
