// SQL of the service-center reports: calls in port or due, arrivals/departures/shifts in a period; always within visibleTo(user).
import { type ExpressionBuilder, type Kysely, type Transaction, sql } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { selectPortcalls, visibleTo } from '../portcalls/portcall.repository';

type Db = Kysely<DB> | Transaction<DB>;

/** The calls every report counts: the terminal's calls the user may see, without dummies or cancelled calls. */
function inReport(user: PortalUser, terminalId: number) {
  return (eb: ExpressionBuilder<DB, 'portcalls'>) =>
    eb.and([
      visibleTo(user)(eb),
      eb('portcalls.terminal_id', '=', terminalId),
      // Dummy calls are placeholders of the berth plan, not vessels; cancelled calls will not come.
      eb('portcalls.status', '!=', 'Cancelled'),
      eb('portcalls.is_dummy', '=', false),
    ]);
}

function reportCalls(db: Db, user: PortalUser, terminalId: number) {
  return selectPortcalls(db)
    .leftJoin('terminal_sections as section', 'section.id', 'portcalls.terminal_section_id')
    .leftJoin('bollards as sb', 'sb.id', 'portcalls.berth_start_bollard_id')
    .leftJoin('bollards as eb', 'eb.id', 'portcalls.berth_end_bollard_id')
    .select(['section.name as section_name', 'sb.name as start_bollard_name', 'eb.name as end_bollard_name'])
    .where(inReport(user, terminalId));
}

/** Calls alongside at the cut-off, and calls whose berth arrival falls after it and no later than `until`. */
export function findSituationCalls(db: Db, user: PortalUser, args: { terminalId: number; cutOff: Date; until: Date }) {
  return reportCalls(db, user, args.terminalId)
    .where((eb) =>
      eb.or([
        eb.and([eb('portcalls.berth_arrival', '<=', args.cutOff), eb('portcalls.berth_departure', '>', args.cutOff)]),
        eb.and([eb('portcalls.berth_arrival', '>', args.cutOff), eb('portcalls.berth_arrival', '<=', args.until)]),
      ]),
    )
    .orderBy('portcalls.berth_arrival')
    .orderBy('portcalls.id')
    .execute();
}

/**
 * The columns a movement row shows, for the calls of a terminal the user may see: a busy month holds thousands of
 * calls, and reading each in full (60 columns and eight joins) cost most of the report's time.
 */
function movementCalls(db: Db, user: PortalUser, terminalId: number) {
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .innerJoin('organisations as vo', 'vo.id', 'portcalls.vessel_operator_id')
    .leftJoin('terminal_sections as section', 'section.id', 'portcalls.terminal_section_id')
    .select([
      'portcalls.id',
      'portcalls.status',
      'portcalls.berth_arrival',
      'portcalls.berth_arrival_label',
      'portcalls.berth_departure',
      'portcalls.berth_departure_label',
      'portcalls.berth_start_position',
      'vessels.name as vessel_name',
      'vessels.imo_number',
      'vo.name as vessel_operator_name',
      'section.name as section_name',
    ])
    .where(inReport(user, terminalId));
}
export type MovementCallRow = Awaited<ReturnType<ReturnType<typeof movementCalls>['executeTakeFirstOrThrow']>>;

/** Calls that arrive or depart inside [from, to). */
export function findMovementCalls(db: Db, user: PortalUser, args: { terminalId: number; from: Date; to: Date }) {
  return movementCalls(db, user, args.terminalId)
    .where((eb) =>
      eb.or([
        eb.and([eb('portcalls.berth_arrival', '>=', args.from), eb('portcalls.berth_arrival', '<', args.to)]),
        eb.and([eb('portcalls.berth_departure', '>=', args.from), eb('portcalls.berth_departure', '<', args.to)]),
      ]),
    )
    .execute();
}

/**
 * Berth moves inside [from, to): revisions of berth_start_position from one position to another, made while the call was
 * alongside (between its berth arrival and departure); moving a call that has not arrived yet is planning, not a shift.
 */
export function findShiftEvents(db: Db, user: PortalUser, args: { terminalId: number; from: Date; to: Date }) {
  return movementCalls(db, user, args.terminalId)
    .innerJoin('portcall_audit_events as ev', 'ev.portcall_id', 'portcalls.id')
    .select(['ev.id as event_id', 'ev.created_at as moved_at', 'ev.old_value as old_position', 'ev.new_value as new_position'])
    .where('ev.field', '=', 'berth_start_position')
    .where('ev.event_type', '=', 'revised')
    .where('ev.created_at', '>=', args.from)
    .where('ev.created_at', '<', args.to)
    .where(sql<boolean>`ev.old_value is not null and ev.new_value is not null and ev.old_value::text <> 'null' and ev.new_value::text <> 'null'`)
    .whereRef('ev.created_at', '>=', 'portcalls.berth_arrival')
    .whereRef('ev.created_at', '<=', 'portcalls.berth_departure')
    .orderBy('ev.created_at')
    .execute();
}
