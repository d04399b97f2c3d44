// Master data that people read (a shift, a pilot station) can carry a name per language of the app; `name` stays the
// one shown where a language has none (localizedName in @quayline/domain).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table terminal_shifts add column names jsonb not null default '{}';
    alter table pilot_boarding_places add column names jsonb not null default '{}';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table terminal_shifts drop column names;
    alter table pilot_boarding_places drop column names;
  `.execute(db);
}
