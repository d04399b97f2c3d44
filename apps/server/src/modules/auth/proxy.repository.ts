// SQL for acting on a colleague's behalf: the parties of the rule, its audit rows, the sessions and what they did.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { TProxyParty } from './proxy-rules';

type Db = Kysely<DB> | Transaction<DB>;

export type TProxyAuditEvent = 'started' | 'ended' | 'expired' | 'refused';

export function insertProxyAuditEvent(db: Db, row: { actor_user_id: number; target_user_id: number | null; event: TProxyAuditEvent; reason: string | null; session_id: number | null; created_at: Date }) {
  return db.insertInto('proxy_audit_events').values(row).execute();
}

/** The expiry of one session is recorded once, however often its token is presented again (unique partial index). */
export async function insertExpiredOnce(db: Db, row: { actor_user_id: number; target_user_id: number; session_id: number; created_at: Date }): Promise<void> {
  await sql`
    insert into proxy_audit_events (actor_user_id, target_user_id, event, reason, session_id, created_at)
    values (${row.actor_user_id}, ${row.target_user_id}, 'expired', 'token presented after expiry', ${row.session_id}, ${row.created_at})
    on conflict (session_id) where event = 'expired' do nothing
  `.execute(db);
}

/** A session by its token hash whatever its state, so a dead proxy token can be told from an unknown one. */
export function findSessionByHash(db: Db, tokenHash: string) {
  return db.selectFrom('sessions').select(['id', 'portal_user_id', 'actor_user_id', 'expires_at', 'revoked_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

async function terminalIdsOf(db: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db.selectFrom('portal_user_terminals').select(['portal_user_id', 'terminal_id']).where('portal_user_id', 'in', userIds).execute();
  for (const r of rows) map.get(r.portal_user_id)?.push(r.terminal_id);
  return map;
}

const partyColumns = ['id', 'user_type', 'organisation_id', 'is_organisation_lead'] as const;

export async function findProxyParty(db: Db, userId: number): Promise<TProxyParty | undefined> {
  const row = await db.selectFrom('portal_users').select(partyColumns).where('id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  return { ...row, terminal_ids: (await terminalIdsOf(db, [row.id])).get(row.id) ?? [] };
}

/** Everyone else of an organisation, with what the rule and the candidate list need. */
export async function findOrganisationMembers(db: Db, organisationId: number, excludeUserId: number) {
  const rows = await db
    .selectFrom('portal_users as u')
    .leftJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select(['u.id', 'u.user_type', 'u.organisation_id', 'u.is_organisation_lead', 'u.first_name', 'u.last_name', 'u.email', 'o.name as organisation_name'])
    .where('u.organisation_id', '=', organisationId)
    .where('u.id', '!=', excludeUserId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  const terminals = await terminalIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, terminal_ids: terminals.get(r.id) ?? [] }));
}

/** Proxy sessions in which someone acted for the user, newest first, with what was done in them. */
export function findSessionsOnBehalfOf(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('portal_users as a', 'a.id', 's.actor_user_id')
    .select([
      's.id',
      's.created_at',
      's.expires_at',
      's.revoked_at',
      'a.id as actor_id',
      'a.email as actor_email',
      'a.first_name as actor_first_name',
      'a.last_name as actor_last_name',
      (eb) => eb.selectFrom('proxy_requests as r').select(eb.fn.countAll<string>().as('n')).whereRef('r.session_id', '=', 's.id').as('request_count'),
      (eb) =>
        eb
          .selectFrom('proxy_requests as r')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('r.session_id', '=', 's.id')
          .where('r.method', 'in', ['POST', 'PUT', 'PATCH', 'DELETE'])
          // Ending the session is recorded too, but it is not something done for the person.
          .where('r.path', '!=', '/api/portal/v1/proxy_session')
          .as('write_count'),
    ])
    .where('s.portal_user_id', '=', userId)
    .where('s.actor_user_id', 'is not', null)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}
