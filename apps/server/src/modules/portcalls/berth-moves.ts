// Many berth moves (times and places on the quay) written at once, by the rules of a live move: a published sandbox.
// Each call gets exactly what saving its move live gives it (negotiation steps, place, cargo window, crane bookings and
// shift cards moved along, audit rows, notifications, realtime events), but every table is written by one statement
// for all calls, so a plan of a hundred moves holds the database for a moment, not for seconds.
import { NEGOTIATED_TIMES, type TNegotiatedTime, type TPortcall, type TPublishConflict, type TStoredDraftChange, type TTimeLabel, movedCargoWindow, movedInterval, introducedWindowProblems, partyOf, validatePortcallWindow } from '@quayline/domain';
import type { Insertable, Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB, PortcallAuditEventsTable, PortcallTimestampsTable } from '../../db/schema';
import { insertRowsAsJson } from '../../db/json-rows';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { type TChange, announcePortcallChanges } from '../notifications/portcall-announcer';
import { type TBerthPlaceWrite, findEquipmentBookingsOverlapping, findLastStepsAndRequests, lockPortcalls, replaceBookingsAndCards, updateBerthPlaces } from './berth-moves.repository';
import { assertFieldsWritable, auditRow, changedPlainFields, decideStep, findQuayLayout, movedTimeAction, movedTimes, placeOnQuay, portcallsByIds, statusOf, stepRows } from './portcall.service';
import { shiftDetailRow } from './portcall.repository';

type Trx = Transaction<DB>;
type TBooking = { equipmentId: number; startMs: number; endMs: number };

const overlaps = (a: TBooking, b: TBooking) => a.equipmentId === b.equipmentId && a.startMs < b.endMs && a.endMs > b.startMs;

/** Everything a set of moves writes, worked out without writing: what a publish writes and its preview shows. */
export type TBerthMovesPlan = {
  ids: readonly number[];
  /** Each moved call as it is now, in the order of the moves. */
  calls: readonly TPortcall[];
  timestamps: Insertable<PortcallTimestampsTable>[];
  audits: Insertable<PortcallAuditEventsTable>[];
  places: TBerthPlaceWrite[];
  announcements: { call: TPortcall; change: TChange }[];
  carried: { call: TPortcall; place: { berth_arrival: string; berth_departure: string } }[];
  keptBookings: { portcall_id: number; cargo_handling_equipment_id: number; start_time: string; end_time: string }[];
  /** Per call whose crane bookings move, how many it has and how many it keeps (the others would double-book). */
  bookingCounts: { portcallId: number; before: number; kept: number }[];
  movedCards: ReturnType<typeof shiftDetailRow>[];
};

/**
 * Applies every move, or none: the calls are locked, checked against the versions the moves were made on (and for
 * being cancelled, gone or at another terminal), and each move against the quay and the negotiation table. Any
 * refusal returns the reasons and writes nothing. A crane booking that would then double-book its equipment (with a
 * call that does not move, or one moved earlier in the list) is released, as a live move does.
 */
export async function applyBerthMoves(ctx: AppContext, trx: Trx, session: AuthSession, args: { terminalId: number; moves: readonly TStoredDraftChange[] }): Promise<{ refusals: TPublishConflict[] }> {
  const planned = await planBerthMoves(ctx, trx, session, { ...args, isLocking: true });
  if (planned.refusals.length) return { refusals: planned.refusals };
  await writeBerthMoves(trx, session, planned.plan, ctx.clock.now());
  return { refusals: [] };
}

/**
 * What applyBerthMoves would write, read only: the refusals, or the plan of every row. `isLocking` locks the calls
 * for the publish that follows; a preview reads them as they are.
 */
export async function planBerthMoves(
  ctx: AppContext,
  trx: Trx,
  session: AuthSession,
  args: { terminalId: number; moves: readonly TStoredDraftChange[]; isLocking: boolean },
): Promise<{ refusals: TPublishConflict[]; plan: TBerthMovesPlan }> {
  const now = ctx.clock.now();
  const party = partyOf(session.user.user_type);
  const ids = args.moves.map((m) => m.portcall_id);
  const empty: TBerthMovesPlan = { ids, calls: [], timestamps: [], audits: [], places: [], announcements: [], carried: [], keptBookings: [], bookingCounts: [], movedCards: [] };
  // The refusals for changed, cancelled or vanished calls need only the locked rows themselves: a refused publish is quick.
  const heads = new Map((await lockPortcalls(trx, ids, args.isLocking)).map((c) => [c.id, c]));
  const refusals: TPublishConflict[] = [];
  for (const move of args.moves) {
    const call = heads.get(move.portcall_id);
    // The planner's terminal is checked by the caller; a call at another terminal is not theirs to move.
    if (!call || call.terminal_id !== args.terminalId) refusals.push({ portcall_id: move.portcall_id, reason: 'not_found', message: 'The port call no longer exists or is no longer visible.', current_version: null });
    else if (call.status === 'Cancelled') refusals.push({ portcall_id: move.portcall_id, reason: 'cancelled', message: `${call.vessel_name} was cancelled.`, current_version: call.version });
    else if (call.version !== move.base_version) refusals.push({ portcall_id: move.portcall_id, reason: 'changed_since_draft', message: `${call.vessel_name} was changed by someone else after you moved it in the sandbox.`, current_version: call.version });
  }
  if (refusals.length) return { refusals, plan: empty };
  const calls = new Map((await portcallsByIds(ctx, session.user, ids, trx)).map((c) => [c.id, c]));

  const [quay, quayLength, history] = await Promise.all([
    findQuayLayout(trx, args.terminalId),
    trx.selectFrom('terminals').select('quay_length_m').where('id', '=', args.terminalId).executeTakeFirstOrThrow(),
    findLastStepsAndRequests(trx, ids),
  ]);

  // Everything each move writes, worked out before anything is written.
  const timestamps: Insertable<PortcallTimestampsTable>[] = [];
  const audits: Insertable<PortcallAuditEventsTable>[] = [];
  const places: TBerthPlaceWrite[] = [];
  const announcements: { call: TPortcall; change: TChange }[] = [];
  const carried: { call: TPortcall; place: { berth_arrival: string; berth_departure: string } }[] = [];
  for (const { portcall_id, base_version, ...move } of args.moves) {
    const call = calls.get(portcall_id)!;
    const place = { berth_arrival: move.berth_arrival ?? call.berth_arrival, berth_departure: move.berth_departure ?? call.berth_departure };
    // The sandbox moves berth times only; cargo operations go along with the call as they do for a live move.
    const fields: Record<string, unknown> = { ...move, ...(movedCargoWindow(call, place) ?? {}) };
    assertFieldsWritable(session.user, call, fields);
    const merged = { ...call, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) } as TPortcall;
    const dimensions = { quayLength: quayLength.quay_length_m, vesselLength: call.vessel_length_overall };
    const problems = introducedWindowProblems(validatePortcallWindow({ ...call, ...dimensions }), validatePortcallWindow({ ...merged, ...dimensions }));
    const steps = new Map<TNegotiatedTime, ReturnType<typeof stepRows>['outcome']>();
    try {
      if (problems.length) throw new AppError('VALIDATION_FAILED', { errors: problems });
      for (const { time, value } of movedTimes(call, move)) {
        const step = { time, action: movedTimeAction(party, call[`${time}_state`].label), date_time: value };
        const last = history.lastStep(portcall_id, time);
        const { result, currentLabel } = decideStep(session, call, step, last, history.requestCount(portcall_id, time));
        // Every step a move makes (plan, propose, revise, actual) takes the new time.
        const stepValue = result.transition.takesTime ? new Date(value).toISOString() : call[time];
        const written = stepRows({ session, party, current: call, step, result, currentLabel, value: stepValue, replyToId: last?.id ?? null, now });
        timestamps.push(written.timestamp);
        audits.push(written.audit);
        steps.set(time, written.outcome);
      }
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'VALIDATION_FAILED') throw err;
      refusals.push({ portcall_id, reason: 'invalid', message: err.errors?.map((e) => e.message).join('; ') || err.message, current_version: base_version });
      continue;
    }
    const extra: Record<string, unknown> = {};
    for (const { key, before, value } of changedPlainFields(call, fields)) {
      extra[key] = value;
      audits.push(auditRow(session, portcall_id, 'revised', key, before, value, now));
    }
    const onQuay = placeOnQuay(quay, merged);
    const labels = Object.fromEntries(NEGOTIATED_TIMES.map((t) => [t, steps.get(t)?.label ?? call[`${t}_state`].label])) as Record<TNegotiatedTime, TTimeLabel | null>;
    const cargoStart = merged.cargo_operations_start;
    const status = statusOf({ cancelled: false, labels, cargoStart: cargoStart ? new Date(cargoStart) : null, now });
    const timeOf = (t: 'berth_arrival' | 'berth_departure') => ({
      value: steps.get(t)?.value ?? call[t],
      label: steps.has(t) ? steps.get(t)!.label : call[`${t}_state`].label,
      change: steps.has(t) ? steps.get(t)!.change : call[`${t}_state`].change_label,
    });
    places.push({
      id: portcall_id,
      version: base_version,
      berth_arrival: timeOf('berth_arrival'),
      berth_departure: timeOf('berth_departure'),
      berth_start_position: merged.berth_start_position,
      berth_end_position: merged.berth_end_position,
      ...onQuay,
      cargo_operations_start: merged.cargo_operations_start,
      cargo_operations_end: merged.cargo_operations_end,
      status,
    });
    if (Date.parse(place.berth_arrival) !== Date.parse(call.berth_arrival) || Date.parse(place.berth_departure) !== Date.parse(call.berth_departure)) carried.push({ call, place });
    const [firstTime, firstStep] = [...steps.entries()][0] ?? [];
    const change: TChange = firstStep && firstTime ? { auditType: firstStep.audit, field: firstTime, action: firstStep.action, value: firstStep.value } : { auditType: 'revised', field: Object.keys(extra).filter((k) => !k.endsWith('_id') || k === 'agent_id').join(',') || 'details' };
    announcements.push({ call: { ...call, version: base_version + 1, status }, change });
  }
  if (refusals.length) return { refusals, plan: empty };

  // Crane bookings and shift cards go along with a call whose berth times moved: against the calls that stay, and
  // the bookings already kept, in the order of the moves; a booking that would double-book its equipment is released.
  const booked = carried.flatMap(({ call }) => call.equipment_details);
  const others = booked.length
    ? (
        await findEquipmentBookingsOverlapping(trx, {
          equipmentIds: [...new Set(booked.map((b) => b.cargo_handling_equipment_id))],
          excludePortcallIds: carried.map(({ call }) => call.id),
          from: new Date(Math.min(...carried.map(({ place }) => Date.parse(place.berth_arrival)))),
          to: new Date(Math.max(...carried.map(({ place }) => Date.parse(place.berth_departure)))),
        })
      ).map((b) => ({ equipmentId: b.cargo_handling_equipment_id, startMs: new Date(b.start_time).getTime(), endMs: new Date(b.end_time).getTime() }))
    : [];
  const keptBookings: { portcall_id: number; cargo_handling_equipment_id: number; start_time: string; end_time: string }[] = [];
  const movedCards: ReturnType<typeof shiftDetailRow>[] = [];
  const bookingCounts: TBerthMovesPlan['bookingCounts'] = [];
  for (const { call, place } of carried) {
    if (call.equipment_details.length) {
      let kept = 0;
      for (const booking of call.equipment_details) {
        const moved = movedInterval(booking, call.berth_arrival, place);
        if (!moved) continue;
        const candidate = { equipmentId: booking.cargo_handling_equipment_id, startMs: Date.parse(moved.start_time), endMs: Date.parse(moved.end_time) };
        if (others.some((o) => overlaps(candidate, o))) continue;
        others.push(candidate);
        keptBookings.push({ portcall_id: call.id, cargo_handling_equipment_id: booking.cargo_handling_equipment_id, ...moved });
        kept++;
      }
      bookingCounts.push({ portcallId: call.id, before: call.equipment_details.length, kept });
      if (kept !== call.equipment_details.length) audits.push(auditRow(session, call.id, 'revised', 'equipment_details', call.equipment_details.length, kept, now));
    }
    const shift = Date.parse(place.berth_arrival) - Date.parse(call.berth_arrival);
    const at = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
    for (const { id: _id, portcall_id: _portcall, total_resources: _total, ...card } of call.portcall_shift_details) movedCards.push(shiftDetailRow(call.id, { ...card, start_time: at(card.start_time), end_time: at(card.end_time) }));
  }

  return { refusals: [], plan: { ids, calls: ids.map((id) => calls.get(id)!), timestamps, audits, places, announcements, carried, keptBookings, bookingCounts, movedCards } };
}

/** Writes a plan of planBerthMoves: every table by one statement for all calls. */
async function writeBerthMoves(trx: Trx, session: AuthSession, plan: TBerthMovesPlan, now: Date): Promise<void> {
  const { ids, timestamps, audits, carried, keptBookings, movedCards, places, announcements } = plan;
  await insertRowsAsJson(trx, 'portcall_timestamps', timestamps);
  await insertRowsAsJson(trx, 'portcall_audit_events', sortedByCall(audits, ids), [], ['old_value', 'new_value']);
  await replaceBookingsAndCards(trx, {
    bookingsOf: carried.filter(({ call }) => call.equipment_details.length).map(({ call }) => call.id),
    bookings: keptBookings,
    cardsOf: carried.filter(({ call }) => call.portcall_shift_details.length).map(({ call }) => call.id),
    cards: movedCards,
  });
  const updated = await updateBerthPlaces(trx, places, now);
  // The rows are locked, so this holds; the statement checks the versions itself all the same.
  if (updated !== places.length) throw new AppError('CONFLICT', { message: 'Nothing was published: some port calls changed while publishing.' });
  await announcePortcallChanges(trx, session, announcements, now);
}

/** Audit rows grouped by call in the order of the moves, each call's rows in the order they were made. */
function sortedByCall<T extends { portcall_id: number }>(rows: T[], ids: readonly number[]): T[] {
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.map((row, i) => ({ row, i })).sort((a, b) => order.get(a.row.portcall_id)! - order.get(b.row.portcall_id)! || a.i - b.i).map(({ row }) => row);
}
