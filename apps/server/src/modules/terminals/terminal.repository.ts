// SQL for terminals as a user sees them: the linked terminals, their geometry, cranes and cargo-handling equipment.
import type { TCargoHandlingEquipmentType } from '@quayline/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { containsPattern } from '../../lib/search-pattern';
import type { TLocalizedNames } from '@quayline/domain';
import { readStoredJson } from '../../db/stored-json';

/** Terminals linked to the user, with port and operator; every terminal read goes through this join. */
function linkedTerminals(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('terminals')
    .innerJoin('portal_user_terminals as link', (join) => join.onRef('link.terminal_id', '=', 'terminals.id').on('link.portal_user_id', '=', userId))
    .innerJoin('ports', 'ports.id', 'terminals.port_id')
    .innerJoin('organisations as operator', 'operator.id', 'terminals.terminal_operator_id')
    .select([
      'terminals.id',
      'terminals.code',
      'terminals.name',
      'terminals.time_zone',
      'terminals.quay_length_m',
      'terminals.min_clearance_m',
      'terminals.tide_station',
      'terminals.latitude',
      'terminals.longitude',
      'ports.id as port_id',
      'ports.unlocode as port_unlocode',
      'ports.name as port_name',
      'operator.id as operator_id',
      'operator.code as operator_code',
      'operator.name as operator_name',
    ]);
}

export type TerminalRow = NonNullable<Awaited<ReturnType<typeof findLinkedTerminal>>>;

/** The user's terminals in a stable order (name, then id); "the first linked terminal" means the first of these. */
export function listLinkedTerminals(db: Kysely<DB>, userId: number) {
  return linkedTerminals(db, userId).orderBy('terminals.name').orderBy('terminals.id').execute();
}

/** One terminal, only if it is linked to the user. */
export function findLinkedTerminal(db: Kysely<DB>, userId: number, terminalId: number) {
  return linkedTerminals(db, userId).where('terminals.id', '=', terminalId).executeTakeFirst();
}

export async function findTerminalGeometry(db: Kysely<DB>, terminalId: number) {
  const [sections, bollards, shifts] = await Promise.all([
    db
      .selectFrom('terminal_sections')
      .select(['id', 'name', 'berth_type', 'start_position_m', 'end_position_m', 'water_depth_m'])
      .where('terminal_id', '=', terminalId)
      .orderBy('start_position_m')
      .orderBy('id')
      .execute(),
    db.selectFrom('bollards').select(['id', 'name', 'position_m']).where('terminal_id', '=', terminalId).orderBy('position_m').orderBy('id').execute(),
    db.selectFrom('terminal_shifts').select(['id', 'shift_number', 'name', 'names', 'start_time', 'end_time']).where('terminal_id', '=', terminalId).orderBy('shift_number').execute(),
  ]);
  return { sections, bollards, shifts: shifts.map(withReadableNames) };
}

/**
 * Stores the last used terminal in one statement that also checks the link, so a link removed meanwhile
 * cannot slip through. Returns false when the terminal is not linked to the user.
 */
export async function updateLastUsedTerminal(db: Kysely<DB>, args: { userId: number; terminalId: number; now: Date }): Promise<boolean> {
  const row = await db
    .updateTable('portal_users')
    .set({ last_used_terminal_id: args.terminalId, updated_at: args.now })
    .where('id', '=', args.userId)
    .where((eb) =>
      eb.exists(eb.selectFrom('portal_user_terminals').select('terminal_id').where('portal_user_id', '=', args.userId).where('terminal_id', '=', args.terminalId)),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function listTerminalCranes(db: Kysely<DB>, terminalId: number) {
  return db
    .selectFrom('terminal_cranes')
    .select(['id', 'terminal_id', 'name', 'crane_type', 'outreach_rows', 'moves_per_hour', 'rail_start_m', 'rail_end_m'])
    .where('terminal_id', '=', terminalId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export type EquipmentFilter = { terminalId: number; search: string | null; equipmentType: TCargoHandlingEquipmentType | null };

function equipmentMatching(db: Kysely<DB>, { terminalId, search, equipmentType }: EquipmentFilter) {
  let query = db.selectFrom('cargo_handling_equipments').where('terminal_id', '=', terminalId);
  if (equipmentType) query = query.where('equipment_type', '=', equipmentType);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('equipment_number', 'ilike', pattern)]));
  }
  return query;
}

export async function countEquipment(db: Kysely<DB>, filter: EquipmentFilter): Promise<number> {
  const row = await equipmentMatching(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listEquipment(db: Kysely<DB>, filter: EquipmentFilter, page: { limit: number; offset: number }) {
  return equipmentMatching(db, filter)
    .select(['id', 'terminal_id', 'name', 'equipment_type', 'equipment_number'])
    .orderBy('equipment_type')
    .orderBy('equipment_number')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/**
 * A master-data row with its names per language read through their schema: names that do not parse are left out
 * (the row's own name still shows), so one bad row never fails a terminal's answer.
 */
export function withReadableNames<R extends { names: unknown }>(row: R): Omit<R, 'names'> & { names: TLocalizedNames } {
  const read = readStoredJson('localized_names', row.names);
  return { ...row, names: read.ok ? read.value : {} };
}

