// The delay reasons a terminal uses: SMDG-style three-letter codes (what DCSA JIT and OVS carry) with names the
// terminal writes itself, per language. Negotiation steps keep the code as text, so a code from outside that is not in
// the list stays valid; deactivating a reason only takes it out of the picker.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table terminal_delay_reasons (
      id serial primary key,
      terminal_id integer not null references terminals(id) on delete cascade,
      code text not null check (code ~ '^[A-Z]{3}$'),
      name text not null check (char_length(name) between 1 and 80),
      names jsonb not null default '{}',
      is_active boolean not null default true,
      version integer not null default 1,
      unique (terminal_id, code)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table terminal_delay_reasons`.execute(db);
}
