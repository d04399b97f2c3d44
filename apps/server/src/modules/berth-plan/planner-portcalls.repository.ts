// SQL for the berth planner's window: the page with the columns the planner projection needs and the window's total,
// then each detail table (cargo, crane bookings, shift plans) for the page's calls. Every query answers one JSON
// value: a driver then decodes one field instead of 35 per row, which on the embedded database (PGlite copies every
// field out of its wire buffer) was most of the cost of a 2,000-call window. Each query is a plain index scan, so
// its plan does not hang on table statistics (a join of the page with grouped details went nested-loop and took
// PostgreSQL 3.7 s on a database autovacuum had not analysed yet).
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { portcallsWithParties, visibleTo } from '../portcalls/portcall.repository';

export type TPlannerWindowQuery = { terminalId: number; from: Date; to: Date; offset: number; limit: number };

function plannerPortcallsPage(db: Kysely<DB>, user: PortalUser, q: TPlannerWindowQuery) {
  return portcallsWithParties(db)
    // One terminal per window: its name, operator and port are the same on every row (berth-row extras, spec section 3).
    .innerJoin('terminals', 'terminals.id', 'portcalls.terminal_id')
    .innerJoin('ports as port', 'port.id', 'terminals.port_id')
    .where(visibleTo(user))
    .where('portcalls.terminal_id', '=', q.terminalId)
    .where('portcalls.berth_departure', '>=', q.from)
    .where('portcalls.berth_arrival', '<=', q.to)
    .where('portcalls.status', '!=', 'Cancelled')
    .select([
      'portcalls.id',
      'portcalls.version',
      'portcalls.status',
      'portcalls.terminal_id',
      'terminals.name as terminal_name',
      'terminals.terminal_operator_id',
      'terminals.port_id',
      'port.name as port_name',
      'port.unlocode as port_code',
      'portcalls.vessel_id',
      'portcalls.pilot_boarding_place_id',
      'vessels.name as vessel_name',
      'vessels.vessel_type',
      'vessels.vessel_type_detailed',
      'vessels.length_overall_m as vessel_length_overall',
      'vessels.max_draft_m as vessel_max_draft',
      'vo.code as vessel_operator_code',
      'vo.name as vessel_operator_name',
      'ag.code as agent_code',
      'portcalls.berth_arrival',
      'portcalls.berth_departure',
      'portcalls.berth_arrival_label',
      'portcalls.berth_arrival_change_label',
      'portcalls.berth_departure_label',
      'portcalls.berth_departure_change_label',
      'pbp.name as pilot_boarding_place_name',
      'portcalls.pilot_boarding_place_arrival',
      'portcalls.cargo_operations_start',
      'portcalls.cargo_operations_end',
      'portcalls.berth_start_position',
      'portcalls.berth_end_position',
      'portcalls.berth_start_bollard_id',
      'portcalls.berth_end_bollard_id',
      'portcalls.berth_orientation',
      'portcalls.service_name',
      'portcalls.draft_inbound',
      'portcalls.draft_outbound',
      'portcalls.berth_comment',
      'portcalls.cargo_quantity_status',
      'portcalls.vessel_characteristics',
      'portcalls.card_colour',
      'portcalls.prise_status',
    ])
    .select([
      // The window's size travels with every row, so the page needs no second query.
      sql<string>`count(*) over ()`.as('window_count'),
    ])
    .orderBy('portcalls.berth_arrival')
    .orderBy('portcalls.id')
    .offset(q.offset)
    .limit(q.limit);
}

type TPageRow = Awaited<ReturnType<ReturnType<typeof plannerPortcallsPage>['execute']>>[number];
/** A row as JSON gives it: times as strings, numeric columns as numbers. */
type TJsonRow<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
export type TPlannerPageRow = TJsonRow<TPageRow>;
export type TPlannerCargoRow = { portcall_id: number; cargo_type: string; discharge: number | string; load: number | string; restow: number | string };
export type TPlannerEquipmentRow = { portcall_id: number; id: number; equipment_name: string; equipment_number: string; start_time: string; end_time: string };
export type TPlannerShiftRow = { portcall_id: number; start_time: string; end_time: string; discharge: number; load: number; restow: number; gangs: number; resource_per_shift: number | null; actual_moves: number | null };
export type TPlannerWindowRows = { page: TPlannerPageRow[]; cargo: TPlannerCargoRow[]; equipment: TPlannerEquipmentRow[]; shifts: TPlannerShiftRow[] };

export async function findPlannerPortcalls(db: Kysely<DB>, user: PortalUser, q: TPlannerWindowQuery): Promise<TPlannerWindowRows> {
  const { items: page } = await db
    .selectFrom(plannerPortcallsPage(db, user, q).as('p'))
    .select(sql<TPlannerPageRow[]>`coalesce(json_agg(p order by p.berth_arrival, p.id), '[]')`.as('items'))
    .executeTakeFirstOrThrow();
  if (page.length === 0) return { page, cargo: [], equipment: [], shifts: [] };
  // One array parameter rather than 2,000 placeholders.
  const ids = sql`${page.map((row) => row.id)}::int[]`;
  const cargo = await db
    .selectFrom('portcall_cargo_details as d')
    .where(sql<boolean>`d.portcall_id = any(${ids})`)
    .select(sql<TPlannerCargoRow[]>`coalesce(json_agg(json_build_object('portcall_id', d.portcall_id, 'cargo_type', d.cargo_type, 'discharge', d.discharge, 'load', d.load, 'restow', d.restow) order by d.portcall_id, d.position), '[]')`.as('items'))
    .executeTakeFirstOrThrow();
  const equipment = await db
    .selectFrom('portcall_equipment_details as e')
    .innerJoin('cargo_handling_equipments as che', 'che.id', 'e.cargo_handling_equipment_id')
    .where(sql<boolean>`e.portcall_id = any(${ids})`)
    .select(
      sql<TPlannerEquipmentRow[]>`coalesce(json_agg(json_build_object('portcall_id', e.portcall_id, 'id', e.id, 'equipment_name', che.name, 'equipment_number', che.equipment_number, 'start_time', e.start_time, 'end_time', e.end_time) order by e.start_time, e.id), '[]')`.as('items'),
    )
    .executeTakeFirstOrThrow();
  const shifts = await db
    .selectFrom('portcall_shift_details as s')
    .where(sql<boolean>`s.portcall_id = any(${ids})`)
    .select(
      sql<TPlannerShiftRow[]>`coalesce(json_agg(json_build_object('portcall_id', s.portcall_id, 'start_time', s.start_time, 'end_time', s.end_time, 'discharge', s.discharge, 'load', s.load, 'restow', s.restow, 'gangs', s.gangs, 'resource_per_shift', s.resource_per_shift, 'actual_moves', s.actual_moves) order by s.start_time, s.id), '[]')`.as('items'),
    )
    .executeTakeFirstOrThrow();
  return { page, cargo: cargo.items, equipment: equipment.items, shifts: shifts.items };
}

/** The viewer's sandbox of the terminal, once per window (not per row): drafted calls and frozen calls. */
export async function findViewerSandbox(db: Kysely<DB> | Transaction<DB>, user: PortalUser, terminalId: number): Promise<{ draftId: number | null; draftedIds: Set<number>; frozenIds: Set<number> }> {
  const draft = await db
    .selectFrom('berth_drafts')
    .select(['id', sql<number[]>`coalesce((select array_agg((e->>'portcall_id')::int) from jsonb_array_elements(changes) e), '{}')`.as('drafted'), 'frozen_portcall_ids'])
    .where('portal_user_id', '=', user.id)
    .where('terminal_id', '=', terminalId)
    .executeTakeFirst();
  return { draftId: draft?.id ?? null, draftedIds: new Set(draft?.drafted ?? []), frozenIds: new Set(draft?.frozen_portcall_ids ?? []) };
}
