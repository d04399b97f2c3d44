// Acting for a colleague lives inside the actor's own session: each proxy session names the session it was started
// from, so signing out, a new password or the end of that session ends the proxy session too.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sessions add column parent_session_id integer references sessions(id) on delete cascade;
    create index sessions_parent_idx on sessions (parent_session_id) where parent_session_id is not null;
  `.execute(db);
  // A proxy session started before this column existed cannot say whose session it belongs to: it ends now
  // rather than outliving a session that may already be gone (it would have run out within 30 minutes anyway).
  await sql`
    with ended as (
      update sessions set revoked_at = now()
      where actor_user_id is not null and revoked_at is null and expires_at > now()
      returning id, actor_user_id, portal_user_id
    )
    insert into proxy_audit_events (actor_user_id, target_user_id, event, reason, session_id, created_at)
    select actor_user_id, portal_user_id, 'ended', 'actor_session_unknown', id, now() from ended
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sessions_parent_idx; alter table sessions drop column parent_session_id;`.execute(db);
}
