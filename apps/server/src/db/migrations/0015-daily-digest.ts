// Daily task digest: one row per user and local date is the claim that makes the digest go out once,
// however many servers run the job and however often it is retried.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table daily_digest_deliveries (
      portal_user_id integer not null references portal_users(id) on delete cascade,
      -- YYYY-MM-DD in the user's mail_timezone; text so both drivers hand back the same string.
      local_date text not null check (local_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      -- 'claimed' while a worker builds and sends it; a claim whose lease has run out may be taken over (crash).
      status text not null check (status in ('claimed', 'sent', 'skipped')),
      task_count integer not null default 0,
      claimed_until timestamptz,
      sent_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (portal_user_id, local_date)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table daily_digest_deliveries;`.execute(db);
}
