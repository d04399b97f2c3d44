// Realtime events: every published event is a row; servers LISTEN on quayline_events for new ids
// and fan the rows out to their WebSocket clients. Rows are kept 24 h so reconnecting clients can catch up.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table realtime_events (
      id bigserial primary key,
      channel text not null,
      event text not null,
      payload jsonb not null,
      created_at timestamptz not null default now()
    );
    -- Catch-up reads one channel after an id.
    create index realtime_events_channel_id on realtime_events (channel, id);
    -- The retention sweep deletes by age.
    create index realtime_events_created_at on realtime_events (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table realtime_events;`.execute(db);
}
