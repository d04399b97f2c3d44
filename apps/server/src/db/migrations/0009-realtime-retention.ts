// How far the retention sweep has deleted realtime events, so a client resuming from an older id is told that its
// gap cannot be replayed (docs/realtime.md) instead of silently missing events.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table realtime_retention (
      id smallint primary key default 1 check (id = 1),
      pruned_up_to_id bigint not null default 0
    );
    insert into realtime_retention default values;
    -- Events deleted before this table existed leave no trace; the smallest surviving id is the safe estimate.
    update realtime_retention set pruned_up_to_id = coalesce((select min(id) - 1 from realtime_events), (select case when is_called then last_value else 0 end from realtime_events_id_seq));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table realtime_retention;`.execute(db);
}
