// Reading and marking the signed-in user's notifications.
import { NOTIFICATION_TYPES, type TNotificationMessage, type TNotificationType, pageMeta } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { type TStoredJsonLog, readRows } from '../../db/stored-json';
import type { AuthSession } from '../auth/auth.service';
import { countNotifications, findNotifications, markAllRead, markOneRead } from './notification.repository';

const typeOf = (stored: string): TNotificationType => ((NOTIFICATION_TYPES as readonly string[]).includes(stored) ? (stored as TNotificationType) : 'portcall_update');

/** A page of the user's notifications; one whose details no longer read is listed as unreadable (and logged), never a failed page. */
export async function listNotifications(ctx: AppContext, session: AuthSession, query: { page: number; per_page: number }, log: TStoredJsonLog) {
  const rows = await findNotifications(ctx.db, session.user.id, (query.page - 1) * query.per_page, query.per_page);
  const counts = await countNotifications(ctx.db, session.user.id);
  const base = (r: (typeof rows)[number]) => ({ id: r.id, notification_type: typeOf(r.notification_type), portcall_id: r.portcall_id, read: r.read_at !== null, created_at: new Date(r.created_at).toISOString() });
  const items: TNotificationMessage[] = readRows(
    rows,
    { kind: 'notification_details', valueOf: (r) => r.details, idOf: (r) => r.id, log },
    (r, details) => ({ ...base(r), details }),
    (r) => ({ ...base(r), details: {}, is_unreadable: true }),
  );
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
