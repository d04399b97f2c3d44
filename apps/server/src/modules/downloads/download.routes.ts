// HTTP for the downloads of spec section 2: csv or Excel, with the list's filters.
import { DOWNLOAD_FILE_TYPES, TASK_FILTERS, type TDownloadFileType, ZDownloadFileOptions, ZDownloadFileType, ZPortcallListQuery, ZRecordId, ZTimeZone } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../plugins/auth';
import { downloadAudit, downloadDraft, downloadPortcalls, downloadTasks } from './download.service';
import { sendDownload } from './workbook';

const tags = ['Downloads'];
// `type` is the spec's name for the file type (ZDownloadFileOptions); `format` is kept for links made before it.
const ZFileOptions = ZDownloadFileOptions.extend({
  type: ZDownloadFileType.optional(),
  format: ZDownloadFileType.optional(),
  timezone: ZTimeZone.optional(),
});
type TFileQuery = Omit<z.infer<typeof ZFileOptions>, 'type'> & { type?: TDownloadFileType | 'open' | 'closed' | undefined };

function fileOptions(q: TFileQuery) {
  const type = q.type === 'open' || q.type === 'closed' ? undefined : q.type;
  return { format: type ?? q.format ?? 'csv', locale: q.locale, bom: q.bom, timezone: q.timezone };
}

// The task list named its open or closed list `type` before `list`; such links still work.
const ZTaskFileQuery = ZFileOptions.extend({
  type: z.enum([...DOWNLOAD_FILE_TYPES, 'open', 'closed'], { message: 'Use csv or xls' }).optional(),
  list: z.enum(['open', 'closed']).optional(),
  filter: z.enum(TASK_FILTERS).default('all'),
});

export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/portcall/download', { ...auth, schema: { tags, summary: 'Port calls as csv or xlsx, with the list filters', querystring: ZPortcallListQuery.omit({ page: true, per_page: true }).extend(ZFileOptions.shape) } }, async (request, reply) => {
    const { type, format, locale, bom, timezone, ...filters } = request.query;
    return sendDownload(reply, await downloadPortcalls(app.ctx, sessionOf(request), filters, fileOptions({ type, format, locale, bom, timezone })));
  });
  r.get('/portcall-tasks-list/download', { ...auth, schema: { tags, summary: 'Tasks as csv or xlsx', querystring: ZTaskFileQuery } }, async (request, reply) => {
    const { list, filter, ...file } = request.query;
    const kind = list ?? (file.type === 'closed' ? 'closed' : 'open');
    return sendDownload(reply, await downloadTasks(app.ctx, sessionOf(request), { type: kind, filter }, fileOptions(file)));
  });
  r.get('/draft-portcalls/download', { ...auth, schema: { tags, summary: 'The sandbox draft next to the live plan, as csv or xlsx', querystring: ZFileOptions.extend({ terminal_id: ZRecordId }) } }, async (request, reply) => {
    const { terminal_id, ...file } = request.query;
    return sendDownload(reply, await downloadDraft(app.ctx, sessionOf(request), terminal_id, fileOptions(file)));
  });
  r.get('/portcall_audit/download', { ...auth, schema: { tags, summary: 'Audit trail as csv or xlsx', querystring: ZFileOptions.extend({ portcall_id: ZRecordId.optional() }) } }, async (request, reply) => {
    const { portcall_id, ...file } = request.query;
    return sendDownload(reply, await downloadAudit(app.ctx, sessionOf(request), { portcall_id }, fileOptions(file)));
  });
}
