// SQL for sessions and proxy-request records.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function insertSession(db: Kysely<DB>, row: { token_hash: string; portal_user_id: number; actor_user_id: number | null; parent_session_id?: number | null; created_at: Date; expires_at: Date; user_agent: string | null }) {
  return db.insertInto('sessions').values(row).returning('id').executeTakeFirstOrThrow();
}

/**
 * The live session of a token with its user, in one round trip: every signed-in request starts here. A proxy
 * session comes with the state of the actor's own session it was started from (its parent).
 */
export function findLiveSessionWithUser(db: Kysely<DB>, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('portal_users as u', 'u.id', 's.portal_user_id')
    .leftJoin('sessions as p', 'p.id', 's.parent_session_id')
    .selectAll('u')
    .select(['s.id as session_id', 's.actor_user_id as session_actor_user_id', 's.expires_at as session_expires_at', 'p.revoked_at as parent_revoked_at', 'p.expires_at as parent_expires_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
}

export function revokeSession(db: Kysely<DB>, sessionId: number, now: Date) {
  return db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export function revokeAllSessionsOfUser(db: Kysely<DB>, userId: number, now: Date) {
  return db.updateTable('sessions').set({ revoked_at: now }).where('portal_user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export function insertProxyRequest(db: Kysely<DB>, row: { session_id: number; actor_user_id: number; acted_as_user_id: number; method: string; path: string; status_code: number; created_at: Date }) {
  return db.insertInto('proxy_requests').values(row).execute();
}
