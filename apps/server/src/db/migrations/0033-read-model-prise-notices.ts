// The port-call list now shows each call's PRISE step, read from prise_notices: a cached list page must not outlive a
// change to a notice (a port authority's answer), so that table moves the read-model version too (migration 0020).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create constraint trigger read_model_changed after insert or update or delete on prise_notices
      deferrable initially deferred for each row execute function read_model_changed();
    create trigger read_model_truncated after truncate on prise_notices for each statement execute function read_model_truncated();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger read_model_changed on prise_notices;
    drop trigger read_model_truncated on prise_notices;
  `.execute(db);
}
