// Reading and marking the signed-in user's notifications.
import { NOTIFICATION_TYPES, type TNotificationMessage, pageMeta } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import { countNotifications, findNotifications, markAllRead, markOneRead } from './notification.repository';

export async function listNotifications(ctx: AppContext, session: AuthSession, query: { page: number; per_page: number }) {
  const rows = await findNotifications(ctx.db, session.user.id, (query.page - 1) * query.per_page, query.per_page);
  const counts = await countNotifications(ctx.db, session.user.id);
  const items: TNotificationMessage[] = rows.map((r) => ({
    id: r.id,
    notification_type: (NOTIFICATION_TYPES as readonly string[]).includes(r.notification_type) ? r.notification_type : 'portcall_update',
    portcall_id: r.portcall_id,
    details: r.details as TNotificationMessage['details'],
    read: r.read_at !== null,
    created_at: new Date(r.created_at).toISOString(),
  }));
  return { items, meta: { ...pageMeta({ page: query.page, perPage: query.per_page, totalCount: counts.total }), unread_count: counts.unread } };
}

export async function markAllNotificationsRead(ctx: AppContext, session: AuthSession) {
  await markAllRead(ctx.db, session.user.id, ctx.clock.now());
  return { unread_count: 0 };
}

export async function markNotificationRead(ctx: AppContext, session: AuthSession, id: number) {
  await markOneRead(ctx.db, session.user.id, id, ctx.clock.now());
  return { unread_count: (await countNotifications(ctx.db, session.user.id)).unread };
}
