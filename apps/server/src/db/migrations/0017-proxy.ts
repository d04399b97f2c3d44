// Acting on a colleague's behalf: organisation leads, the audit of every proxy start, end, expiry and
// refusal, and a notification type that tells the person acted for that it happened.
import { type Kysely, sql } from 'kysely';

/** Every check constraint on notification_messages.notification_type (0005 created one; a later migration may have replaced it). */
async function notificationTypeChecks(db: Kysely<unknown>): Promise<{ name: string; definition: string }[]> {
  const result = await sql<{ name: string; definition: string }>`
    select c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    where t.relname = 'notification_messages' and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%notification_type%'
  `.execute(db);
  return result.rows;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table portal_users add column is_organisation_lead boolean not null default false;`.execute(db);

  await sql`
    create table proxy_audit_events (
      id serial primary key,
      actor_user_id integer not null references portal_users(id) on delete cascade,
      target_user_id integer references portal_users(id) on delete cascade,
      event text not null check (event in ('started', 'ended', 'expired', 'refused')),
      reason text,
      session_id integer references sessions(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create index proxy_audit_events_target_idx on proxy_audit_events (target_user_id, created_at);
    create index proxy_audit_events_actor_idx on proxy_audit_events (actor_user_id, created_at);
    -- An expired proxy token may be presented many times (tabs, retries, two servers); it is audited once.
    create unique index proxy_audit_events_expired_once on proxy_audit_events (session_id) where event = 'expired';
    create index sessions_proxy_target_idx on sessions (portal_user_id, created_at) where actor_user_id is not null;
  `.execute(db);

  // The person acted for gets a notification. Widen whatever check is in place rather than restating its list,
  // so values other migrations allowed stay allowed.
  for (const check of await notificationTypeChecks(db)) {
    const expression = check.definition.replace(/^CHECK\s*/i, '');
    await sql`alter table notification_messages drop constraint ${sql.id(check.name)}`.execute(db);
    await sql`alter table notification_messages add constraint ${sql.id(check.name)} check (${sql.raw(expression)} or notification_type = 'proxy_session')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notification_messages where notification_type = 'proxy_session';`.execute(db);
  for (const check of await notificationTypeChecks(db)) {
    const expression = check.definition.replace(/^CHECK\s*/i, '').replaceAll(" OR (notification_type = 'proxy_session'::text)", '');
    await sql`alter table notification_messages drop constraint ${sql.id(check.name)}`.execute(db);
    await sql`alter table notification_messages add constraint ${sql.id(check.name)} check ${sql.raw(expression)}`.execute(db);
  }
  await sql`drop index if exists sessions_proxy_target_idx; drop table proxy_audit_events;`.execute(db);
  await sql`alter table portal_users drop column is_organisation_lead;`.execute(db);
}
