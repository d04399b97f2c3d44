// SQL for realtime events: publishing (insert + NOTIFY), reading after an id, retention, and the terminals a subscriber is linked to.
import { type Kysely, sql } from 'kysely';
import { insertRowsAsJson } from '../../db/json-rows';
import type { DB, RealtimePayload } from '../../db/schema';
import { storedRealtimePayload } from '../../db/stored-json';

/** The PostgreSQL notification channel every server LISTENs on; a notification's payload is the new row's id. */
export const REALTIME_NOTIFY_CHANNEL = 'quayline_events';

/**
 * Transaction-scoped advisory lock held from just before a publishing transaction takes its event id until it
 * commits. Event ids are therefore handed out in commit order, so "every event after id N" is exact: a reader
 * that has seen id N can never later find a smaller id committed behind its back.
 */
const PUBLISH_LOCK_KEY = 7_311_503_001;

export type RealtimeEventRow = { id: number; channel: string; event: string; payload: RealtimePayload; created_at: Date };

/** Must run inside a transaction: the lock and the notification both belong to it, so a rollback publishes nothing. */
export async function insertEventAndNotify(tx: Kysely<DB>, row: { channel: string; event: string; payload: RealtimePayload }): Promise<{ id: number; created_at: Date }> {
  const [inserted] = await insertEventsAndNotify(tx, [row]);
  return inserted!;
}

/**
 * Several events of one transaction in one insert, in the order given, and one notification: every server reads all
 * events up to the newest id when it is woken, so one wake-up covers them all.
 */
export async function insertEventsAndNotify(tx: Kysely<DB>, rows: readonly { channel: string; event: string; payload: RealtimePayload }[]): Promise<{ id: number; created_at: Date }[]> {
  if (rows.length === 0) return [];
  await sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_KEY}::bigint)`.execute(tx);
  const stored = rows.map((row) => ({ channel: row.channel, event: row.event, payload: storedRealtimePayload(row.event, row.payload) }));
  const inserted =
    stored.length === 1
      ? await tx.insertInto('realtime_events').values(stored[0]!).returning(['id', 'created_at']).execute()
      : (await insertRowsAsJson(tx, 'realtime_events', stored, ['id', 'created_at'], ['payload'])).map((r) => ({ id: r.id, created_at: new Date(r.created_at) }));
  inserted.sort((a, b) => a.id - b.id);
  await sql`select pg_notify(${REALTIME_NOTIFY_CHANNEL}, ${String(inserted.at(-1)!.id)})`.execute(tx);
  return inserted;
}

/** The largest event id above `afterId`, or null when nothing newer is committed. */
export async function findMaxEventIdAfter(db: Kysely<DB>, afterId: number): Promise<number | null> {
  const row = await db.selectFrom('realtime_events').select((eb) => eb.fn.max('id').as('max_id')).where('id', '>', afterId).executeTakeFirst();
  return row?.max_id ?? null;
}

/** Past this many channels the filter is dropped (the caller ignores rows nobody here listens to); keeps the query small. */
const MAX_CHANNEL_FILTER = 500;

/** Events of the given channels (or, for a long list, of all channels) with afterId < id <= upToId, oldest first. */
export function findEventsInRange(db: Kysely<DB>, args: { afterId: number; upToId: number; channels: string[]; limit: number }): Promise<RealtimeEventRow[]> {
  return db
    .selectFrom('realtime_events')
    .select(['id', 'channel', 'event', 'payload', 'created_at'])
    .where('id', '>', args.afterId)
    .where('id', '<=', args.upToId)
    .$if(args.channels.length <= MAX_CHANNEL_FILTER, (qb) => qb.where('channel', 'in', args.channels))
    .orderBy('id')
    .limit(args.limit)
    .execute();
}

/** One channel's events after an id, oldest first: the catch-up of a client that reconnects. */
export function findChannelEventsAfter(db: Kysely<DB>, args: { channel: string; afterId: number; limit: number }): Promise<RealtimeEventRow[]> {
  return db
    .selectFrom('realtime_events')
    .select(['id', 'channel', 'event', 'payload', 'created_at'])
    .where('channel', '=', args.channel)
    .where('id', '>', args.afterId)
    .orderBy('id')
    .limit(args.limit)
    .execute();
}

/** Deletes by age and, in the same statement, raises the mark of what is gone (greatest: sweeps may overlap). */
export async function deleteEventsCreatedBefore(db: Kysely<DB>, cutoff: Date): Promise<number> {
  const result = await sql<{ deleted: number }>`
    with deleted as (delete from realtime_events where created_at < ${cutoff} returning id),
    marked as (update realtime_retention set pruned_up_to_id = greatest(pruned_up_to_id, (select max(id) from deleted)) where exists (select 1 from deleted))
    select count(*)::int as deleted from deleted
  `.execute(db);
  return result.rows[0]?.deleted ?? 0;
}

/** Events with an id up to this one may have been deleted, so a catch-up from an older id would miss some. */
export async function findPrunedUpToId(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('realtime_retention').select('pruned_up_to_id').executeTakeFirst();
  return row?.pruned_up_to_id ?? 0;
}

export async function findTerminalIdsOfUser(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('portal_user_terminals').select('terminal_id').where('portal_user_id', '=', userId).orderBy('terminal_id').execute();
  return rows.map((r) => r.terminal_id);
}
