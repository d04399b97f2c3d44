// HTTP for port-call tasks and the user's task settings.
import { LIST_INPUT_MAX_ITEMS, TASKS_PAGE_SIZE, TASK_FILTERS, TASK_REASONS, ZErrorEnvelope, ZPageMeta, ZPortcall, pageQuery, successEnvelope } from '@quayline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { replyCached } from '../../lib/response-cache';
import { requireSession, sessionOf } from '../../plugins/auth';
import { getTaskSettings, listTasks, taskSettingsOf, tasksMeta, updateTaskSettings } from './task.service';

const tags = ['Tasks'];
const errors = { '4xx': ZErrorEnvelope };
export const ZTaskListQuery = pageQuery(TASKS_PAGE_SIZE).extend({ type: z.enum(['open', 'closed']).default('open'), filter: z.enum(TASK_FILTERS).default('all') });
const ZTask = z.object({ portcall: ZPortcall, reasons: z.array(z.enum(TASK_REASONS)) });
const ZCounts = z.object({ total: z.number().int(), upcoming: z.number().int(), departed: z.number().int() });
const ZTaskSettings = z.object({ enabled_reasons: z.array(z.enum(TASK_REASONS)).max(LIST_INPUT_MAX_ITEMS) });

export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  // Kept like the list's pages (lib/response-cache.ts): every table the tasks read moves the read-model version on,
  // except the user's own row, whose task settings are therefore part of the key.
  const scopeOf = (request: FastifyRequest, query: object) => ({ ...query, task_settings: taskSettingsOf(sessionOf(request).user).enabled_reasons });
  r.get('/tasks', { ...auth, schema: { tags, summary: 'Open or closed tasks, upcoming or departed, 10 a page', querystring: ZTaskListQuery, response: { 200: successEnvelope(z.object({ items: z.array(ZTask), meta: ZPageMeta.extend({ type: z.literal('portcall_tasks') }) })), ...errors } } }, async (request, reply) =>
    replyCached({ ctx: app.ctx, cache: app.responseCaches.tasks, request, reply, viewer: sessionOf(request).user, scope: scopeOf(request, request.query) }, async () => ok(await listTasks(app.ctx, sessionOf(request), request.query))),
  );
  r.get('/tasks_meta', { ...auth, schema: { tags, summary: 'Task counts', response: { 200: successEnvelope(z.object({ open: ZCounts, closed: ZCounts, per_page: z.number().int() })), ...errors } } }, async (request, reply) =>
    replyCached({ ctx: app.ctx, cache: app.responseCaches.tasksMeta, request, reply, viewer: sessionOf(request).user, scope: scopeOf(request, {}) }, async () => ok(await tasksMeta(app.ctx, sessionOf(request)))),
  );
  r.get('/portal_user_portcall_task_settings', { ...auth, schema: { tags, summary: 'Which kinds of task the user wants', response: { 200: successEnvelope(ZTaskSettings), ...errors } } }, async (request) => ok(await getTaskSettings(app.ctx, sessionOf(request))));
  r.put('/portal_user_portcall_task_settings', { ...auth, schema: { tags, summary: 'Choose which kinds of task to see', body: ZTaskSettings, response: { 200: successEnvelope(ZTaskSettings), ...errors } } }, async (request) =>
    ok(await updateTaskSettings(app.ctx, sessionOf(request), request.body.enabled_reasons)),
  );
}
