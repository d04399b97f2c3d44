// SQL of the dashboard widgets: visible calls in a window, negotiation ages, unread messages, pins, alert settings
// and acknowledgements, and the live plan of a terminal for the clash and depth rules.
import type { TAlertSettings } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { selectPortcalls, visibleTo } from '../portcalls/portcall.repository';

type Db = Kysely<DB> | Transaction<DB>;

export type TCallFilter = { terminalId?: number | undefined; departureFrom?: Date; arrivalTo?: Date; arrivalFrom?: Date; statuses?: string[]; excludeStatuses?: string[]; ids?: number[] };

/** The user's visible calls narrowed by a filter, ordered by arrival. */
export function findVisibleCalls(db: Db, user: PortalUser, f: TCallFilter) {
  return visibleCallsQuery(db, user, f).orderBy('portcalls.berth_arrival').orderBy('portcalls.id').execute();
}

function visibleCallsQuery(db: Db, user: PortalUser, f: TCallFilter) {
  return selectPortcalls(db, user)
    .where(visibleTo(user))
    .$if(f.terminalId !== undefined, (q) => q.where('portcalls.terminal_id', '=', f.terminalId!))
    .$if(f.departureFrom !== undefined, (q) => q.where('portcalls.berth_departure', '>=', f.departureFrom!))
    .$if(f.arrivalFrom !== undefined, (q) => q.where('portcalls.berth_arrival', '>=', f.arrivalFrom!))
    .$if(f.arrivalTo !== undefined, (q) => q.where('portcalls.berth_arrival', '<=', f.arrivalTo!))
    .$if(f.statuses !== undefined, (q) => q.where('portcalls.status', 'in', f.statuses!.length ? f.statuses! : ['-']))
    .$if(f.excludeStatuses !== undefined && f.excludeStatuses.length > 0, (q) => q.where('portcalls.status', 'not in', f.excludeStatuses!))
    .$if(f.ids !== undefined, (q) => q.where('portcalls.id', 'in', f.ids!.length ? f.ids! : [-1]));
}

/** One page of visible calls and the count of all of them. */
export async function findVisibleCallsPage(db: Db, user: PortalUser, f: TCallFilter, page: { offset: number; limit: number }) {
  const base = visibleCallsQuery(db, user, f);
  const total = await db.selectFrom(base.as('filtered')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.orderBy('portcalls.berth_departure').orderBy('portcalls.id').offset(page.offset).limit(page.limit).execute();
  return { rows, total: Number(total.n) };
}

/** When each negotiated time of the calls last moved (its newest step; schedule proposals are news, not steps). */
export function findLastStepTimes(db: Db, portcallIds: number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portcall_timestamps')
    .select((eb) => ['portcall_id', 'time_type', eb.fn.max('created_at').as('at')])
    .where('portcall_id', 'in', portcallIds)
    .where('action', '!=', 'schedule_proposal')
    .groupBy(['portcall_id', 'time_type'])
    .execute();
}

/** Messages by others after the user's read mark, on calls the user may see. */
export async function countUnreadMessages(db: Db, user: PortalUser, terminalId: number | undefined) {
  const row = await db
    .selectFrom('portcall_messages as m')
    .leftJoin('portcall_message_reads as r', (j) => j.onRef('r.portcall_id', '=', 'm.portcall_id').on('r.portal_user_id', '=', user.id))
    .select((eb) => [eb.fn.count<number>('m.id').as('messages'), eb.fn.count<number>('m.portcall_id').distinct().as('portcalls')])
    .where('m.portcall_id', 'in', (eb) =>
      eb
        .selectFrom('portcalls')
        .select('portcalls.id')
        .where(visibleTo(user))
        .$if(terminalId !== undefined, (q) => q.where('portcalls.terminal_id', '=', terminalId!)),
    )
    .where('m.author_user_id', '!=', user.id)
    .where((eb) => eb.or([eb('r.last_read_message_id', 'is', null), eb('m.id', '>', eb.ref('r.last_read_message_id'))]))
    .executeTakeFirstOrThrow();
  return { messages: Number(row.messages), portcalls: Number(row.portcalls) };
}

// ---- watch list ---------------------------------------------------------------------------------------

export function findWatchlistEntries(db: Db, userId: number) {
  return db.selectFrom('watchlist_entries').selectAll().where('portal_user_id', '=', userId).execute();
}

export async function insertWatchlistEntry(db: Db, args: { userId: number; portcallId: number; now: Date }): Promise<void> {
  await db
    .insertInto('watchlist_entries')
    .values({ portal_user_id: args.userId, portcall_id: args.portcallId, created_at: args.now, last_seen_at: args.now })
    .onConflict((oc) => oc.columns(['portal_user_id', 'portcall_id']).doNothing())
    .execute();
}

export async function deleteWatchlistEntry(db: Db, args: { userId: number; portcallId: number }): Promise<number> {
  const result = await db.deleteFrom('watchlist_entries').where('portal_user_id', '=', args.userId).where('portcall_id', '=', args.portcallId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function markWatchlistSeen(db: Db, args: { userId: number; portcallId: number; now: Date }): Promise<number> {
  const result = await db.updateTable('watchlist_entries').set({ last_seen_at: args.now }).where('portal_user_id', '=', args.userId).where('portcall_id', '=', args.portcallId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Audit events of the calls after the earliest of the given instants; the caller keeps those after each call's own mark. */
export function findAuditEventsSince(db: Db, portcallIds: number[], since: Date) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portcall_audit_events')
    .select(['id', 'portcall_id', 'field', 'old_value', 'new_value', 'created_at'])
    .where('portcall_id', 'in', portcallIds)
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .execute();
}

// ---- alerts -------------------------------------------------------------------------------------------

export function findAlertSettingsRows(db: Db, terminalIds: number[]) {
  if (terminalIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('terminal_alert_settings').selectAll().where('terminal_id', 'in', terminalIds).execute();
}

export async function upsertAlertSettings(db: Db, args: { terminalId: number; settings: TAlertSettings; userId: number; now: Date }): Promise<void> {
  const values = { ...args.settings, updated_by: args.userId, updated_at: args.now };
  await db
    .insertInto('terminal_alert_settings')
    .values({ terminal_id: args.terminalId, ...values })
    .onConflict((oc) => oc.column('terminal_id').doUpdateSet(values))
    .execute();
}

export function findAcknowledgedKeys(db: Db, userId: number, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('alert_acknowledgements').select('alert_key').where('portal_user_id', '=', userId).where('alert_key', 'in', keys).execute();
}

export async function insertAcknowledgement(db: Db, args: { userId: number; actingUserId: number | null; key: string; rule: string; portcallId: number; now: Date }) {
  await db
    .insertInto('alert_acknowledgements')
    .values({ portal_user_id: args.userId, acting_user_id: args.actingUserId, alert_key: args.key, rule: args.rule, portcall_id: args.portcallId, acknowledged_at: args.now })
    .onConflict((oc) => oc.columns(['portal_user_id', 'alert_key']).doNothing())
    .execute();
  return db.selectFrom('alert_acknowledgements').selectAll().where('portal_user_id', '=', args.userId).where('alert_key', '=', args.key).executeTakeFirstOrThrow();
}

export function findOpenArrivalProposals(db: Db, portcallIds: number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('schedule_proposals')
    .select(['portcall_id', 'proposed_time', 'created_at'])
    .where('portcall_id', 'in', portcallIds)
    .where('time_type', '=', 'berth_arrival')
    .where('status', '=', 'open')
    .execute();
}

/** Ids of the terminals the user is linked to. */
export async function findLinkedTerminalIds(db: Db, userId: number): Promise<number[]> {
  return (await db.selectFrom('portal_user_terminals').select('terminal_id').where('portal_user_id', '=', userId).orderBy('terminal_id').execute()).map((r) => r.terminal_id);
}

