// A vessel's detailed type: free text next to the coded vessel_type ("Feeder container ship", or the writer's own
// words), null while nobody has given one. The length bound is the request schema's, repeated here so no other
// writer (an import, a script) can store what the API would refuse.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table vessels add column vessel_type_detailed text
      check (vessel_type_detailed is null or char_length(vessel_type_detailed) between 1 and 100);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vessels drop column vessel_type_detailed`.execute(db);
}
