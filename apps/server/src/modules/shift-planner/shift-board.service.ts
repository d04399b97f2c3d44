// The shift board (GET /shift_planner): the terminal's shifts over the shown local days as columns, the calls
// working in them as rows with their cards, the totals per shift against capacity, and the plan's problems.
import {
  type TBoardPortcall,
  type TPortcallStatus,
  type TShiftBoard,
  type TShiftBoardQuery,
  addLocalDays,
  canPerform,
  formatLocalDay,
  localDateOf,
  parseLocalDay,
  boardPortcallFigures,
  plausibilityWarnings,
  sortBoardPortcalls,
  summariseShiftBoard,
  terminalCraneRate,
} from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB, PortalUser } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { perPortcall } from '../portcalls/portcall.repository';
import { iso, num, toShiftDetail } from '../portcalls/portcall-mapper';
import { requireLinkedTerminal } from '../terminals/terminal.service';
import { shiftPlannerSettingsOf } from '../users/user-info';
import { type TBoardCallRow, type TCargoRow, type TCraneBookingRow, type TShiftCardRow, findBoardCalls, findCargoRows, findCraneBookings, findCraneRates, findShiftCards } from './shift-board.repository';
import { localMidnight, shiftColumns } from './shift-calendar-range';
import { findViewerSandbox } from '../berth-plan/planner-portcalls.repository';

type Db = Kysely<DB> | Transaction<DB>;

/** The downloads cover up to a month; the screen shows up to 14 days. */
export const MAX_BOARD_DAYS = 31;

type TBoardExtras = { cards: readonly TShiftCardRow[]; cargo: readonly TCargoRow[]; cranes: readonly TCraneBookingRow[]; craneRate: number | null; draftId: number | null };

export function toBoardPortcall(call: TBoardCallRow, extras: TBoardExtras, now: number): TBoardPortcall {
  const details = extras.cards.map((card) => toShiftDetail(card, extras.draftId));
  const cargoDetails = extras.cargo.map((c) => ({ discharge: Number(c.discharge), load: Number(c.load), restow: Number(c.restow), units_per_hour: num(c.units_per_hour), crane_intensity: Number(c.crane_intensity) }));
  const berthArrival = iso(call.berth_arrival)!;
  const berthDeparture = iso(call.berth_departure)!;
  const cargoStart = iso(call.cargo_operations_start);
  const cargoEnd = iso(call.cargo_operations_end);
  // The same rules as the planner card and the details, so the shift planner's rows warn of the same things.
  const plausibility = plausibilityWarnings(
    {
      berth_arrival: berthArrival,
      berth_departure: berthDeparture,
      pilot_boarding_place_arrival: iso(call.pilot_boarding_place_arrival),
      draft_inbound: Number(call.draft_inbound),
      draft_outbound: Number(call.draft_outbound),
      cargo_operations_start: cargoStart,
      cargo_operations_end: cargoEnd,
      cargo_details: cargoDetails.map((c) => ({ total: c.discharge + c.load + c.restow })),
      equipment_details: extras.cranes.map((b) => ({ start_time: iso(b.start_time)!, end_time: iso(b.end_time)! })),
      portcall_shift_details: details,
    },
    { movesPerCraneHour: extras.craneRate },
  );
  return {
    id: call.id,
    version: call.version,
    terminal_id: call.terminal_id,
    vessel_id: call.vessel_id,
    vessel_name: call.vessel_name,
    imo_number: call.imo_number,
    vessel_operator_name: call.vessel_operator_name,
    agent_name: call.agent_name,
    status: call.status as TPortcallStatus,
    berth_arrival: berthArrival,
    berth_departure: berthDeparture,
    cargo_operations_start: cargoStart,
    cargo_operations_end: cargoEnd,
    berth_start_position: num(call.berth_start_position),
    berth_end_position: num(call.berth_end_position),
    sync_shift_cargo_volumes: call.sync_shift_cargo_volumes,
    ...boardPortcallFigures({ cargoDetails, details, now }),
    portcall_shift_details: details,
    plausibility,
  };
}

/**
 * Calls in the board's shape, with their cards, cargo, crane bookings and the terminals' crane rates read side by side;
 * the viewer's sandboxes mark the cards of calls they move (`draft_portcall_id`).
 */
export async function loadBoardPortcalls(db: Db, viewer: PortalUser, calls: readonly TBoardCallRow[], now: number): Promise<TBoardPortcall[]> {
  const ids = calls.map((c) => c.id);
  const terminalIds = [...new Set(calls.map((c) => c.terminal_id))];
  const [cards, cargo, cranes, rates, sandboxes] = await Promise.all([
    findShiftCards(db, ids),
    findCargoRows(db, ids),
    findCraneBookings(db, ids),
    findCraneRates(db, terminalIds),
    Promise.all(terminalIds.map((id) => findViewerSandbox(db, viewer, id))),
  ]);
  const draftOf = (call: TBoardCallRow) => {
    const sandbox = sandboxes[terminalIds.indexOf(call.terminal_id)];
    return sandbox?.draftedIds.has(call.id) ? sandbox.draftId : null;
  };
  const cardsOf = perPortcall(cards);
  const cargoOf = perPortcall(cargo);
  const cranesOf = perPortcall(cranes);
  const rateOf = new Map(terminalIds.map((id) => [id, terminalCraneRate(rates.filter((r) => r.terminal_id === id))]));
  return calls.map((c) => toBoardPortcall(c, { cards: cardsOf(c.id), cargo: cargoOf(c.id), cranes: cranesOf(c.id), craneRate: rateOf.get(c.terminal_id) ?? null, draftId: draftOf(c) }, now));
}

/** One call as the board shows it, if the user may see it. */
export async function loadBoardPortcall(db: Db, user: PortalUser, id: number, now: number): Promise<TBoardPortcall> {
  const [call] = await findBoardCalls(db, user, { ids: [id] });
  if (!call) throw new AppError('NOT_FOUND', { message: 'No such port call.' });
  return (await loadBoardPortcalls(db, user, [call], now))[0]!;
}

export const canPlanShifts = (user: PortalUser) => canPerform(user.user_type, 'plan_shifts');

export async function getShiftBoard(ctx: AppContext, session: AuthSession, query: TShiftBoardQuery): Promise<TShiftBoard> {
  const user = session.user;
  const terminal = await requireLinkedTerminal(ctx, session, query.terminal_id);
  const settings = shiftPlannerSettingsOf(user);
  const days = Math.min(MAX_BOARD_DAYS, query.days ?? settings.number_of_days_to_show_shifts);
  const orderBy = query.order_by ?? settings.order_by;
  const first = query.from ? parseLocalDay(query.from) : localDateOf(ctx.clock.now().getTime(), terminal.time_zone);
  const from = localMidnight(first, terminal.time_zone);
  const to = localMidnight(addLocalDays(first, days), terminal.time_zone);
  const { definitions, columns, nonWorking, equipment } = await shiftColumns(ctx.db, terminal, from, to);
  // The night shift of the last day ends after the last midnight: calls working in it are on the board.
  const span = { from: new Date(columns[0] ? Math.min(from, Date.parse(columns[0].start_time)) : from), to: new Date(columns.length ? Math.max(to, Date.parse(columns.at(-1)!.end_time)) : to) };
  const calls = await findBoardCalls(ctx.db, user, { terminalId: terminal.id, ...span });
  const portcalls = sortBoardPortcalls(await loadBoardPortcalls(ctx.db, session.user, calls, ctx.clock.now().getTime()), orderBy);
  const summary = summariseShiftBoard({ shifts: columns, portcalls });
  return {
    terminal_id: terminal.id,
    time_zone: terminal.time_zone,
    from: formatLocalDay(first),
    days,
    order_by: orderBy,
    can_edit: canPlanShifts(user),
    shiftsData: {
      shifts: definitions,
      non_working_times: nonWorking.map((n) => ({ id: n.id, terminal_id: n.terminal_id, kind: n.kind, reason: n.reason, starts_at: iso(n.starts_at)!, ends_at: iso(n.ends_at)! })),
    },
    shiftsList: columns,
    portcalls,
    shiftsVolume: { days_volume: summary.days_volume, shifts_volume: summary.shifts_volume },
    equipments: equipment.map((e) => ({ id: e.id, name: e.name, equipment_type: e.equipment_type, equipment_number: e.equipment_number })),
    problems: summary.problems,
  };
}
