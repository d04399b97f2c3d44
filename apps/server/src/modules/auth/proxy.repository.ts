// SQL for acting on a colleague's behalf: the parties of the rule, its audit rows, the sessions and what they did.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { TProxyParty, TProxyStanding } from './proxy-rules';

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
  return db.selectFrom('sessions').select(['id', 'portal_user_id', 'actor_user_id', 'parent_session_id', 'expires_at', 'revoked_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** What decides whether a proxy session may go on: the actor's own session it came from, and both accounts. */
export async function findProxyStanding(db: Db, session: { parent_session_id: number | null; actor_user_id: number; portal_user_id: number }): Promise<TProxyStanding> {
  const [parent, actor, target] = await Promise.all([
    session.parent_session_id === null ? undefined : db.selectFrom('sessions').select(['revoked_at', 'expires_at']).where('id', '=', session.parent_session_id).executeTakeFirst(),
    db.selectFrom('portal_users').select(['locked_until']).where('id', '=', session.actor_user_id).executeTakeFirst(),
    db.selectFrom('portal_users').select(['locked_until', 'password_expires_at']).where('id', '=', session.portal_user_id).executeTakeFirst(),
  ]);
  return { parent: parent ?? null, actor: actor ?? { locked_until: null }, target: target ?? { locked_until: null, password_expires_at: null } };
}

/** Which live proxy sessions to end: one, those started from one session, or those started from any session of a user, or those acting for a user. */
export type TProxySessionSelection = { sessionId: number } | { parentSessionId: number } | { actorUserId: number } | { targetUserId: number };

/** Ends the selected proxy sessions that are still live; returns those this call ended, so each is audited once. */
export function revokeLiveProxySessions(db: Db, which: TProxySessionSelection, now: Date) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('actor_user_id', 'is not', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) => {
      if ('sessionId' in which) return eb('id', '=', which.sessionId);
      if ('parentSessionId' in which) return eb('parent_session_id', '=', which.parentSessionId);
      if ('actorUserId' in which) return eb('actor_user_id', '=', which.actorUserId);
      return eb('portal_user_id', '=', which.targetUserId);
    })
    .returning(['id', 'actor_user_id', 'portal_user_id'])
    .execute();
}

async function terminalIdsOf(db: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db.selectFrom('portal_user_terminals').select(['portal_user_id', 'terminal_id']).where('portal_user_id', 'in', userIds).execute();
  for (const r of rows) map.get(r.portal_user_id)?.push(r.terminal_id);
  return map;
}

const partyColumns = ['id', 'user_type', 'organisation_id', 'is_organisation_lead', 'locked_until', 'password_expires_at'] as const;

type TAccountState = { locked_until: Date | string | null; password_expires_at: Date | string | null };

/** The account's state at `now`, as the rule reads it. */
function accountState<T extends TAccountState>(row: T, now: Date): Omit<T, keyof TAccountState> & Pick<TProxyParty, 'is_locked' | 'is_password_expired'> {
  const { locked_until, password_expires_at, ...rest } = row;
  return {
    ...rest,
    is_locked: locked_until !== null && new Date(locked_until).getTime() > now.getTime(),
    is_password_expired: password_expires_at !== null && new Date(password_expires_at).getTime() <= now.getTime(),
  };
}

/** A connected system (a DCSA counterparty) acts as a user of its organisation, but it is no colleague to act for. */
const isPerson = (userId: 'portal_users.id' | 'u.id') => sql<boolean>`not exists (select 1 from dcsa_counterparties c where c.portal_user_id = ${sql.ref(userId)})`;

export async function findProxyParty(db: Db, userId: number, now: Date): Promise<TProxyParty | undefined> {
  const row = await db.selectFrom('portal_users').select(partyColumns).where('id', '=', userId).where(isPerson('portal_users.id')).executeTakeFirst();
  if (!row) return undefined;
  return { ...accountState(row, now), terminal_ids: (await terminalIdsOf(db, [row.id])).get(row.id) ?? [] };
}

/** Everyone else of an organisation, with what the rule and the candidate list need. */
export async function findOrganisationMembers(db: Db, organisationId: number, excludeUserId: number, now: Date) {
  const rows = await db
    .selectFrom('portal_users as u')
    .leftJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select(['u.id', 'u.user_type', 'u.organisation_id', 'u.is_organisation_lead', 'u.locked_until', 'u.password_expires_at', 'u.first_name', 'u.last_name', 'u.email', 'o.name as organisation_name'])
    .where('u.organisation_id', '=', organisationId)
    .where('u.id', '!=', excludeUserId)
    .where(isPerson('u.id'))
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  const terminals = await terminalIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...accountState(r, now), terminal_ids: terminals.get(r.id) ?? [] }));
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
