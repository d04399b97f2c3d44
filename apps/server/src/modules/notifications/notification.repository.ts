// SQL for notifications: who is on the other side of a port call, storing messages, paging and read state.
import type { TNotificationDetails, TNotificationType } from '@quayline/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import { insertRowsAsJson } from '../../db/json-rows';
import type { DB } from '../../db/schema';
import { storedJson } from '../../db/stored-json';

type Db = Kysely<DB> | Transaction<DB>;

/** Users who may see the call on the given side (docs/permissions.md), excluding one user. */
export function findUsersOfSide(db: Db, args: { side: 'terminal' | 'vessel_side'; terminalId: number; vesselOperatorId: number; agentId: number | null; excludeUserId: number }): Promise<{ id: number }[]> {
  return findUsersOfSideForCalls(db, { side: args.side, calls: [{ key: 0, terminalId: args.terminalId, vesselOperatorId: args.vesselOperatorId, agentId: args.agentId }], excludeUserId: args.excludeUserId });
}

/**
 * The users of one side of each call, in one query: the terminal's operators, or the vessel side (the call's vessel
 * operator and agent), linked to the call's terminal. `key` says which call a user belongs to.
 */
export async function findUsersOfSideForCalls(
  db: Db,
  args: { side: 'terminal' | 'vessel_side'; calls: readonly { key: number; terminalId: number; vesselOperatorId: number; agentId: number | null }[]; excludeUserId: number },
): Promise<{ key: number; id: number }[]> {
  if (args.calls.length === 0) return [];
  const calls = sql.join(args.calls.map((c) => sql`(${c.key}::int, ${c.terminalId}::int, ${c.vesselOperatorId}::int, ${c.agentId}::int)`));
  const isOfSide =
    args.side === 'terminal'
      ? sql`u.user_type = 'terminal_operator'`
      : sql`((u.user_type = 'vessel_operator' and u.organisation_id = c.vessel_operator_id) or (u.user_type = 'agent' and u.organisation_id = c.agent_id))`;
  const result = await sql<{ key: number; id: number }>`
    select c.key, u.id
    from (values ${calls}) as c(key, terminal_id, vessel_operator_id, agent_id)
    join portal_user_terminals put on put.terminal_id = c.terminal_id
    join portal_users u on u.id = put.portal_user_id
    where u.id <> ${args.excludeUserId} and ${isOfSide}
    order by c.key, u.id
  `.execute(db);
  return result.rows;
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

export type TNotificationRow = { portal_user_id: number; portcall_id: number; notification_type: TNotificationType; details: TNotificationDetails; created_at: Date };

/**
 * Notifications with details of their own (a published sandbox's many calls), in one statement whatever their
 * number; each row's details go in through their schema. Ids are handed out in the order of the rows.
 */
export async function insertNotificationRows(db: Db, rows: readonly TNotificationRow[]): Promise<{ id: number; portal_user_id: number }[]> {
  if (rows.length === 0) return [];
  const stored = rows.map((r) => ({ ...r, details: storedJson('notification_details', r.details) }));
  if (stored.length === 1) return db.insertInto('notification_messages').values(stored).returning(['id', 'portal_user_id']).execute();
  const inserted = await insertRowsAsJson(db, 'notification_messages', stored, ['id', 'portal_user_id'], ['details']);
  return inserted.sort((a, b) => a.id - b.id);
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
