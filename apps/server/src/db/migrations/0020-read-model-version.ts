// The read-model version (docs/performance.md "Cached list pages"): one counter that every committed change
// to a table the port-call list reads moves on, whoever writes (any server, a job, psql). A cached list page is valid
// for exactly one value of it. Row changes bump it from a deferred trigger, so the counter's row lock is taken at
// commit and held only until the commit ends: writers never wait on it while holding other locks (no deadlock), and
// a transaction with many changed rows bumps it once.
import { type Kysely, sql } from 'kysely';

/**
 * The tables the port-call list and one call read when this migration was written. A later read of another table adds
 * the two triggers in its own migration: test/read-model-version.test.ts checks the installed triggers against the
 * queries' plans, not against this list.
 */
const READ_MODEL_TABLES = [
  'portcalls',
  'portcall_cargo_details',
  'portcall_equipment_details',
  'cargo_handling_equipments',
  'portcall_shift_details',
  'portcall_timestamps',
  'portcall_predictions',
  'terminal_alert_settings',
  'berth_drafts',
  'portal_user_terminals',
  'vessels',
  'organisations',
  'terminals',
  'ports',
  'terminal_sections',
  'pilot_boarding_places',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table read_model_version (
      id boolean primary key default true check (id),
      n bigint not null
    );
    insert into read_model_version (n) values (1);
    create function read_model_changed() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('quayline.read_model_bumped', true), '') <> 'on' then
        update read_model_version set n = n + 1;
        perform set_config('quayline.read_model_bumped', 'on', true);
      end if;
      return null;
    end $$;
    create function read_model_truncated() returns trigger language plpgsql as $$
    begin
      update read_model_version set n = n + 1;
      return null;
    end $$;
  `.execute(db);
  for (const table of READ_MODEL_TABLES) {
    await sql`
      create constraint trigger read_model_changed after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function read_model_changed();
      create trigger read_model_truncated after truncate on ${sql.table(table)} for each statement execute function read_model_truncated();
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of READ_MODEL_TABLES) {
    await sql`
      drop trigger read_model_changed on ${sql.table(table)};
      drop trigger read_model_truncated on ${sql.table(table)};
    `.execute(db);
  }
  await sql`
    drop function read_model_changed();
    drop function read_model_truncated();
    drop table read_model_version;
  `.execute(db);
}
