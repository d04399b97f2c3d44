// SQL for a terminal's delay reasons (codes with the terminal's own names).
import { type Kysely, type Selectable, sql } from 'kysely';
import type { StoredJson } from '../../db/stored-json';
import type { DB, TerminalDelayReasonsTable } from '../../db/schema';

export type DelayReasonRow = Selectable<TerminalDelayReasonsTable>;

const COLUMNS = ['id', 'terminal_id', 'code', 'name', 'names', 'is_active', 'version'] as const;

export function listDelayReasonRows(db: Kysely<DB>, terminalId: number): Promise<DelayReasonRow[]> {
  return db.selectFrom('terminal_delay_reasons').select(COLUMNS).where('terminal_id', '=', terminalId).orderBy('code').execute();
}

export function findDelayReasonRow(db: Kysely<DB>, id: number): Promise<DelayReasonRow | undefined> {
  return db.selectFrom('terminal_delay_reasons').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function countDelayReasons(db: Kysely<DB>, terminalId: number): Promise<number> {
  const row = await db.selectFrom('terminal_delay_reasons').select((eb) => eb.fn.countAll<string>().as('n')).where('terminal_id', '=', terminalId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Undefined when the terminal already has the code (the unique key decides, so two saves at once cannot both win). */
export function insertDelayReason(
  db: Kysely<DB>,
  row: { terminal_id: number; code: string; name: string; names: StoredJson<'localized_names'>; is_active: boolean },
): Promise<DelayReasonRow | undefined> {
  return db.insertInto('terminal_delay_reasons').values(row).onConflict((oc) => oc.columns(['terminal_id', 'code']).doNothing()).returning(COLUMNS).executeTakeFirst();
}

/** Undefined when the row is gone or its version moved on since the writer read it. */
export function updateDelayReason(
  db: Kysely<DB>,
  args: { id: number; version: number; name: string; names: StoredJson<'localized_names'>; is_active: boolean },
): Promise<DelayReasonRow | undefined> {
  return db
    .updateTable('terminal_delay_reasons')
    .set({ name: args.name, names: args.names, is_active: args.is_active, version: sql<number>`version + 1` })
    .where('id', '=', args.id)
    .where('version', '=', args.version)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export function deleteDelayReason(db: Kysely<DB>, id: number): Promise<DelayReasonRow | undefined> {
  return db.deleteFrom('terminal_delay_reasons').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
}
