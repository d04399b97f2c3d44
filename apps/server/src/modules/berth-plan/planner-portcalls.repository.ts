// SQL for the berth planner's window: one query answers the page with the columns the planner projection needs,
// each call's cargo, crane bookings and shift plans, and the window's total (2,000+ calls in one round trip).
// The page comes back as one JSON value: a driver then decodes one field instead of 35 per row, which on the
// embedded database (PGlite copies every field out of its wire buffer) is most of the cost of a 2,000-call window.
import { type Kysely, sql } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { visibleTo } from '../portcalls/portcall.repository';

export type TPlannerWindowQuery = { terminalId: number; from: Date; to: Date; offset: number; limit: number };

export function plannerPortcallsPage(db: Kysely<DB>, user: PortalUser, q: TPlannerWindowQuery) {
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .innerJoin('organisations as vo', 'vo.id', 'portcalls.vessel_operator_id')
    .leftJoin('organisations as ag', 'ag.id', 'portcalls.agent_id')
    .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'portcalls.pilot_boarding_place_id')
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
      'vessels.name as vessel_name',
      'vessels.vessel_type',
      'vessels.length_overall_m as vessel_length_overall',
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

type TPageRow = Awaited<ReturnType<ReturnType<typeof plannerPortcallsPage>['execute']>>[number] & { cargo: unknown[]; equipment: unknown[]; shifts: unknown[] };
/** A row as JSON gives it: times as strings, numeric columns as numbers, the nested lists as arrays. */
export type TPlannerPortcallRow = { [K in keyof TPageRow]: TPageRow[K] extends Date ? string : TPageRow[K] extends Date | null ? string | null : TPageRow[K] };

/**
 * The page, then each detail table aggregated once per call of the page (a grouped scan each, where a subquery per
 * call costs the embedded database 0.02 to 0.05 ms per call and table), then the rows as one JSON array.
 */
export async function findPlannerPortcalls(db: Kysely<DB>, user: PortalUser, q: TPlannerWindowQuery): Promise<TPlannerPortcallRow[]> {
  const page = await db
    .with('w', () => plannerPortcallsPage(db, user, q))
    .with('cargo', (qc) =>
      qc
        .selectFrom('portcall_cargo_details as d')
        .innerJoin('w', 'w.id', 'd.portcall_id')
        .groupBy('d.portcall_id')
        .select(['d.portcall_id', sql<unknown[]>`json_agg(json_build_object('cargo_type', d.cargo_type, 'discharge', d.discharge, 'load', d.load, 'restow', d.restow) order by d.position)`.as('items')]),
    )
    .with('equipment', (qc) =>
      qc
        .selectFrom('portcall_equipment_details as e')
        .innerJoin('w', 'w.id', 'e.portcall_id')
        .innerJoin('cargo_handling_equipments as che', 'che.id', 'e.cargo_handling_equipment_id')
        .groupBy('e.portcall_id')
        .select([
          'e.portcall_id',
          sql<unknown[]>`json_agg(json_build_object('id', e.id, 'equipment_name', che.name, 'equipment_number', che.equipment_number, 'start_time', e.start_time, 'end_time', e.end_time) order by e.start_time, e.id)`.as('items'),
        ]),
    )
    .with('shifts', (qc) =>
      qc
        .selectFrom('portcall_shift_details as s')
        .innerJoin('w', 'w.id', 's.portcall_id')
        .groupBy('s.portcall_id')
        .select([
          's.portcall_id',
          sql<unknown[]>`json_agg(json_build_object('start_time', s.start_time, 'discharge', s.discharge, 'load', s.load, 'restow', s.restow, 'gangs', s.gangs, 'resource_per_shift', s.resource_per_shift) order by s.start_time, s.id)`.as('items'),
        ]),
    )
    .selectFrom((qc) =>
      qc
        .selectFrom('w')
        .leftJoin('cargo', 'cargo.portcall_id', 'w.id')
        .leftJoin('equipment', 'equipment.portcall_id', 'w.id')
        .leftJoin('shifts', 'shifts.portcall_id', 'w.id')
        .selectAll('w')
        .select([sql`coalesce(cargo.items, '[]')`.as('cargo'), sql`coalesce(equipment.items, '[]')`.as('equipment'), sql`coalesce(shifts.items, '[]')`.as('shifts')])
        .as('p'),
    )
    .select(sql<TPlannerPortcallRow[]>`coalesce(json_agg(p order by p.berth_arrival, p.id), '[]')`.as('items'))
    .executeTakeFirstOrThrow();
  return page.items;
}
