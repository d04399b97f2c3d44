// SQL of the shift planner: the calls working in a period with their cards and cargo, the terminal's shifts,
// non-working times and equipment, and the equipment other calls have on their cards.
import type { Kysely, Transaction } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { portcallsWithParties, visibleTo } from '../portcalls/portcall.repository';
import { withReadableNames } from '../terminals/terminal.repository';

type Db = Kysely<DB> | Transaction<DB>;

/** Live calls (not cancelled) of a terminal whose stay overlaps [from, to), as the user may see them; or the given ids. */
export function findBoardCalls(db: Db, user: PortalUser, args: { terminalId: number; from: Date; to: Date } | { ids: readonly number[] }) {
  let q = portcallsWithParties(db)
    .select([
      'portcalls.id',
      'portcalls.version',
      'portcalls.terminal_id',
      'portcalls.vessel_id',
      'portcalls.vessel_operator_id',
      'portcalls.agent_id',
      'portcalls.status',
      'portcalls.berth_arrival',
      'portcalls.berth_departure',
      'portcalls.cargo_operations_start',
      'portcalls.cargo_operations_end',
      'portcalls.berth_start_position',
      'portcalls.berth_end_position',
      'portcalls.sync_shift_cargo_volumes',
      'portcalls.pilot_boarding_place_arrival',
      'portcalls.draft_inbound',
      'portcalls.draft_outbound',
      'vessels.name as vessel_name',
      'vessels.imo_number',
      'vo.name as vessel_operator_name',
      'ag.name as agent_name',
    ])
    .where(visibleTo(user));
  if ('ids' in args) {
    if (args.ids.length === 0) return Promise.resolve([]);
    q = q.where('portcalls.id', 'in', [...args.ids]);
  } else {
    q = q.where('portcalls.terminal_id', '=', args.terminalId).where('portcalls.status', '!=', 'Cancelled').where('portcalls.berth_arrival', '<', args.to).where('portcalls.berth_departure', '>', args.from);
  }
  return q.orderBy('portcalls.berth_arrival').orderBy('portcalls.id').execute();
}
export type TBoardCallRow = Awaited<ReturnType<typeof findBoardCalls>>[number];

export function findShiftCards(db: Db, portcallIds: readonly number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('portcall_shift_details').selectAll().where('portcall_id', 'in', [...portcallIds]).orderBy('portcall_id').orderBy('start_time').orderBy('id').execute();
}
export type TShiftCardRow = Awaited<ReturnType<typeof findShiftCards>>[number];

export function findCargoRows(db: Db, portcallIds: readonly number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portcall_cargo_details')
    .select(['id', 'portcall_id', 'position', 'discharge', 'load', 'restow', 'units_per_hour', 'crane_intensity', 'quantities'])
    .where('portcall_id', 'in', [...portcallIds])
    .orderBy('portcall_id')
    .orderBy('position')
    .execute();
}
export type TCargoRow = Awaited<ReturnType<typeof findCargoRows>>[number];

/** The calls' crane bookings (their times only): the plausibility rules count the cranes working in each shift. */
export function findCraneBookings(db: Db, portcallIds: readonly number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('portcall_equipment_details').select(['portcall_id', 'start_time', 'end_time']).where('portcall_id', 'in', [...portcallIds]).orderBy('portcall_id').orderBy('start_time').execute();
}
export type TCraneBookingRow = Awaited<ReturnType<typeof findCraneBookings>>[number];

/** Moves per hour of the cranes of the given terminals. */
export function findCraneRates(db: Db, terminalIds: readonly number[]) {
  if (terminalIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('terminal_cranes').select(['terminal_id', 'moves_per_hour']).where('terminal_id', 'in', [...terminalIds]).execute();
}

export async function findShiftDefinitions(db: Db, terminalId: number) {
  const rows = await db.selectFrom('terminal_shifts').select(['id', 'shift_number', 'name', 'names', 'start_time', 'end_time', 'gangs_available']).where('terminal_id', '=', terminalId).orderBy('shift_number').execute();
  return rows.map(withReadableNames);
}

export function findNonWorkingTimes(db: Db, terminalId: number, range: { from: Date; to: Date } | null) {
  let q = db.selectFrom('terminal_non_working_times').select(['id', 'terminal_id', 'kind', 'reason', 'starts_at', 'ends_at']).where('terminal_id', '=', terminalId);
  if (range) q = q.where('starts_at', '<', range.to).where('ends_at', '>', range.from);
  return q.orderBy('starts_at').orderBy('id').execute();
}

export function findEquipment(db: Db, terminalId: number) {
  return db.selectFrom('cargo_handling_equipments').select(['id', 'name', 'equipment_type', 'equipment_number']).where('terminal_id', '=', terminalId).orderBy('equipment_type').orderBy('equipment_number').execute();
}

/** Equipment numbers on the cards of the terminal's other live calls that overlap [from, to). */
export async function findEquipmentOnOtherCards(db: Db, args: { terminalId: number; portcallId: number; from: Date; to: Date }) {
  const rows = await db
    .selectFrom('portcall_shift_details as d')
    .innerJoin('portcalls as p', 'p.id', 'd.portcall_id')
    .select(['d.portcall_id', 'd.start_time', 'd.end_time', 'd.equipment_numbers'])
    .where('p.terminal_id', '=', args.terminalId)
    .where('p.status', '!=', 'Cancelled')
    .where('d.portcall_id', '!=', args.portcallId)
    .where('d.start_time', '<', args.to)
    .where('d.end_time', '>', args.from)
    .execute();
  return rows.flatMap((r) => r.equipment_numbers.map((n) => ({ equipment_number: n, start: new Date(r.start_time).getTime(), end: new Date(r.end_time).getTime(), portcall_id: r.portcall_id })));
}
