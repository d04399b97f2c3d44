// Rate-limit counters: one row per key and fixed window, shared by every server on the database so a
// limit holds however many processes answer. Rows are short-lived; the store deletes expired ones now and then.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limit_counters (
      key text primary key,
      window_started_at timestamptz not null,
      expires_at timestamptz not null,
      hits integer not null check (hits >= 0)
    );
    create index rate_limit_counters_expires_idx on rate_limit_counters (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_counters;`.execute(db);
}
