// SQL for the JIT outbox: the messages owed to counterparties, their claim by a delivering server, their outcome,
// and what the call's timeline shows of them.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, JitOutboxTable } from '../../db/schema';
import type { StoredJson } from '../../db/stored-json';

type Db = Kysely<DB> | Transaction<DB>;
export type TOutboxRow = Selectable<JitOutboxTable>;

/** The counterparties that speak for one of these organisations at the terminal's operator, not revoked. */
export function findCounterpartiesOf(db: Db, args: { terminalId: number; organisationIds: readonly number[] }) {
  return db
    .selectFrom('dcsa_counterparties as c')
    .innerJoin('terminals as t', 't.terminal_operator_id', 'c.terminal_operator_id')
    .select(['c.id', 'c.name', 'c.organisation_id', 'c.portal_user_id', 'c.endpoint_url'])
    .where('t.id', '=', args.terminalId)
    .where('c.organisation_id', 'in', args.organisationIds.length ? [...args.organisationIds] : [-1])
    .where('c.revoked_at', 'is', null)
    .orderBy('c.id')
    .execute();
}

export type TOutboxInsert = { counterparty_id: number; message_key: string; portcall_id: number | null; method: 'PUT' | 'POST'; path: string; jit_body: StoredJson<'jit_outbound_body'>; is_fyi: boolean; next_attempt_at: Date; created_at: Date };

/** Queues messages; one already queued for the same counterparty under the same key stays as it is. */
export async function insertOutboxRows(db: Db, rows: readonly TOutboxInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('jit_outbox')
    .values(rows.map((r) => ({ ...r })))
    .onConflict((oc) => oc.columns(['counterparty_id', 'message_key']).doNothing())
    .execute();
}

/**
 * Takes the due messages for delivery by this server until `leaseUntil`. A message waits while an earlier one to the
 * same counterparty is still undelivered and not due (or taken by another server): each endpoint learns the port
 * call before its services, and a service before its timestamps.
 */
export async function claimDueOutbox(db: Kysely<DB>, args: { now: Date; leaseUntil: Date; limit: number }): Promise<(TOutboxRow & { endpoint_url: string; revoked: boolean })[]> {
  const { now } = args;
  const claimed = await db
    .updateTable('jit_outbox')
    .set({ claimed_until: args.leaseUntil })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jit_outbox as o')
        .select('o.id')
        .where('o.status', 'in', ['pending', 'retrying'])
        .where('o.next_attempt_at', '<=', now)
        .where((w) => w.or([w('o.claimed_until', 'is', null), w('o.claimed_until', '<', now)]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('jit_outbox as e')
                .select('e.id')
                .whereRef('e.counterparty_id', '=', 'o.counterparty_id')
                .whereRef('e.id', '<', 'o.id')
                .where('e.status', 'in', ['pending', 'retrying'])
                .where((w) => w.or([w('e.next_attempt_at', '>', now), w('e.claimed_until', '>=', now)])),
            ),
          ),
        )
        .orderBy('o.id')
        .limit(args.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  const rows = await db
    .selectFrom('jit_outbox as o')
    .innerJoin('dcsa_counterparties as c', 'c.id', 'o.counterparty_id')
    .selectAll('o')
    .select(['c.endpoint_url'])
    .select((eb) => eb('c.revoked_at', 'is not', null).as('revoked'))
    .where('o.id', 'in', claimed.map((c) => c.id))
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({ ...r, revoked: Boolean(r.revoked) }));
}

export async function recordOutcome(db: Db, id: number, outcome: { status: 'sent' | 'retrying' | 'failed'; attempts: number; httpStatus: number | null; error: string | null; nextAttemptAt: Date; deliveredAt: Date | null }): Promise<void> {
  await db
    .updateTable('jit_outbox')
    .set({ status: outcome.status, attempts: outcome.attempts, last_http_status: outcome.httpStatus, last_error: outcome.error, next_attempt_at: outcome.nextAttemptAt, delivered_at: outcome.deliveredAt, claimed_until: null })
    .where('id', '=', id)
    .execute();
}

/** Gives back messages taken but not tried (an earlier one to the same endpoint failed). */
export async function releaseClaims(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('jit_outbox').set({ claimed_until: null }).where('id', 'in', [...ids]).execute();
}

/** The messages about one call, newest first, with the counterparty's name. */
export function findOutboxOfPortcall(db: Db, args: { portcallId: number; terminalOperatorId: number; limit: number }) {
  return db
    .selectFrom('jit_outbox as o')
    .innerJoin('dcsa_counterparties as c', 'c.id', 'o.counterparty_id')
    .select(['o.id', 'c.name as counterparty_name', 'o.method', 'o.path', 'o.jit_body', 'o.is_fyi', 'o.status', 'o.attempts', 'o.last_http_status', 'o.last_error', 'o.created_at', 'o.delivered_at'])
    .where('o.portcall_id', '=', args.portcallId)
    .where('c.terminal_operator_id', '=', args.terminalOperatorId)
    .orderBy('o.id', 'desc')
    .limit(args.limit)
    .execute();
}
