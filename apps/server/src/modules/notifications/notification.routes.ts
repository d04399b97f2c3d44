// HTTP for notifications.
import { NOTIFICATIONS_PAGE_SIZE, ZErrorEnvelope, ZIdParams, ZNotificationList, pageQuery, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notification.service';

const tags = ['Notifications'];
const errors = { '4xx': ZErrorEnvelope };
const ZUnread = successEnvelope(z.object({ unread_count: z.number().int() }));

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/notification_messages', { ...auth, schema: { tags, summary: 'The user\u2019s notifications, newest first, 10 a page', querystring: pageQuery(NOTIFICATIONS_PAGE_SIZE), response: { 200: successEnvelope(ZNotificationList), ...errors } } }, async (request) =>
    ok(await listNotifications(app.ctx, sessionOf(request), request.query, request.log)),
  );
  r.put('/notification_messages/mark_all_as_read', { ...auth, schema: { tags, summary: 'Mark every notification read', response: { 200: ZUnread, ...errors } } }, async (request) => ok(await markAllNotificationsRead(app.ctx, sessionOf(request))));
  r.put('/notification_messages/:id/read', { ...auth, schema: { tags, summary: 'Mark one notification read', params: ZIdParams, response: { 200: ZUnread, ...errors } } }, async (request) =>
    ok(await markNotificationRead(app.ctx, sessionOf(request), request.params.id)),
  );
}
