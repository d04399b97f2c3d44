// SQL for notifications: who is on the other side of a port call, storing messages, paging and read state.
import type { TNotificationDetails, TNotificationType } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { storedJson } from '../../db/stored-json';

type Db = Kysely<DB> | Transaction<DB>;

/** Users who may see the call on the given side (docs/permissions.md), excluding one user. */
export function findUsersOfSide(db: Db, args: { side: 'terminal' | 'vessel_side'; terminalId: number; vesselOperatorId: number; agentId: number | null; excludeUserId: number }) {
  return db
    .selectFrom('portal_users as u')
    .innerJoin('portal_user_terminals as put', 'put.portal_user_id', 'u.id')
    .select(['u.id'])
    .where('put.terminal_id', '=', args.terminalId)
    .where('u.id', '!=', args.excludeUserId)
    .where((eb) =>
      args.side === 'terminal'
        ? eb('u.user_type', '=', 'terminal_operator')
        : eb.or([
            eb.and([eb('u.user_type', '=', 'vessel_operator'), eb('u.organisation_id', '=', args.vesselOperatorId)]),
            ...(args.agentId ? [eb.and([eb('u.user_type', '=', 'agent'), eb('u.organisation_id', '=', args.agentId)])] : []),
          ]),
    )
    .execute();
}

/** One notification with the same details for each recipient; the details go in through their schema (they are parsed once). */
export function insertNotifications(db: Db, args: { recipientIds: readonly number[]; portcall_id: number | null; notification_type: TNotificationType; details: TNotificationDetails; created_at: Date }) {
  if (args.recipientIds.length === 0) return Promise.resolve([]);
  const details = storedJson('notification_details', args.details);
  return db
    .insertInto('notification_messages')
    .values(args.recipientIds.map((id) => ({ portal_user_id: id, portcall_id: args.portcall_id, notification_type: args.notification_type, details, created_at: args.created_at })))
    .returning(['id', 'portal_user_id'])
    .execute();
}

export function findNotifications(db: Db, userId: number, offset: number, limit: number) {
  return db.selectFrom('notification_messages').selectAll().where('portal_user_id', '=', userId).orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countNotifications(db: Db, userId: number) {
  const row = await db
    .selectFrom('notification_messages')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread')])
    .where('portal_user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

export function markAllRead(db: Db, userId: number, now: Date) {
  return db.updateTable('notification_messages').set({ read_at: now }).where('portal_user_id', '=', userId).where('read_at', 'is', null).execute();
}

export function markOneRead(db: Db, userId: number, id: number, now: Date) {
  return db.updateTable('notification_messages').set({ read_at: now }).where('portal_user_id', '=', userId).where('id', '=', id).where('read_at', 'is', null).executeTakeFirst();
}
