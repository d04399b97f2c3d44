// Names are refused with characters that change the direction text is shown in (packages/domain display-name.ts).
// Names stored before that was refused lose those characters here, so every stored name reads as the schemas now
// require, and no answer that carries one fails on an old row.
import { type Kysely, sql } from 'kysely';

/** The bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), as a regular expression. */
const CONTROLS = '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';

/** The text columns of the name fields the request schemas check. */
const NAME_COLUMNS: Record<string, string[]> = {
  vessels: ['name', 'call_sign'],
  portcalls: ['service_name', 'voyage_number_import', 'voyage_number_export', 'voyage_name', 'zone'],
  portcall_cargo_details: ['cargo_sub_type', 'product_type'],
  portcall_shift_details: ['cargo_sub_type', 'product_name', 'contact_person_name'],
  voyages: ['service_name', 'service_code', 'voyage_number_import', 'voyage_number_export'],
  voyage_templates: ['name', 'code'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of Object.entries(NAME_COLUMNS)) {
    for (const column of columns) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = regexp_replace(${sql.ref(column)}, ${CONTROLS}, '', 'g') where ${sql.ref(column)} ~ ${CONTROLS}`.execute(db);
    }
  }
  // The equipment numbers of a shift card are a list of names.
  await sql`
    update portcall_shift_details
    set equipment_numbers = array(select regexp_replace(n, ${CONTROLS}, '', 'g') from unnest(equipment_numbers) with ordinality as e(n, i) order by i)
    where array_to_string(equipment_numbers, ' ') ~ ${CONTROLS}
  `.execute(db);
}

/** The characters removed are not kept: there is nothing to put back. */
export async function down(): Promise<void> {}
