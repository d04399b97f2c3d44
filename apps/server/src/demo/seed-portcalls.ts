// About 150 demo port calls from 7 days back to 21 days ahead, each with a negotiation chain played through the
// real rules so every status and label occurs, laid out on the quay without clashes (seed-placement.ts).
import {
  type TNegotiatedTime,
  type TNegotiationAction,
  type TParty,
  type TTimeLabel,
  type TFromLabel,
  type TPlanQuay,
  type TShiftOccurrence,
  applyNegotiation,
  bollardsCovering,
  addLocalDays,
  createRng,
  deriveStatus,
  localDateOf,
  localTimeToInstant,
  quayMetres,
  shiftsInWindow,
  terminalCraneRate,
} from '@quayline/domain';
import type { Transaction } from 'kysely';
import type { Insertable } from 'kysely';
import type { DB, PortcallAuditEventsTable, PortcallEquipmentDetailsTable, PortcallShiftDetailsTable } from '../db/schema';
import { type TSeedContact, type TSeedCrane, type TSeedCraneBooking, bookCranes, cranesWanted, equipmentDetailOf, shiftDetailRow, shiftPlan } from './seed-operations';
import { MAX_SHIFT_HOURS, type TSeedCallToPlace, placeDemoCalls } from './seed-placement';
import { storedJson } from '../db/stored-json';
import { demoCranes } from './demo-data';
import { GangLedger, MAX_DRIFT_MS, VesselCalendar, linerCalls, voyageNumberOf, workedOccurrences } from './seed-rotation';

const H = 3600_000;
const DAY = 24 * H;

type SeedWorld = {
  terminalId: number;
  quayLength: number;
  clearance: number;
  sections: { id: number; start_position_m: number; end_position_m: number; water_depth_m: string; berth_type: 'Berth' | 'Blocked Zone' | 'Buffer Zone' }[];
  blockZones: { id: number; start_position_m: number; end_position_m: number; starts_at: Date; ends_at: Date }[];
  bollards: { id: number; position_m: string }[];
  vessels: { id: number; length_overall_m: string; max_draft_m: string; vessel_type: string; vessel_operator_id: number | null }[];
  /** The vessel operators by code, for the services' fleets. */
  operators: readonly { id: number; code: string }[];
  agentIds: number[];
  pbpIds: number[];
  portIds: number[];
  portIdOf: (unlocode: string) => number | undefined;
  timeZone: string;
  shifts: { id: number; shift_number: number; name: string; start_time: string; end_time: string; gangs_available: number }[];
  shiftContacts: Readonly<Record<number, TSeedContact>>;
  /** Holidays and closed shifts: a shift they cover whole takes no work. */
  nonWorking: readonly { start: number; end: number }[];
  /** Quay cranes as bookable equipment, with the rail each runs on. */
  cranes: TSeedCrane[];
  terminalUserId: number;
  vesselUserId: number;
  agentUserId: number;
};

export type TSeedStep = { time: TNegotiatedTime; party: TParty; action: TNegotiationAction; at?: number };

export const DEMO_PORTCALL_COUNT = 150;
const INSERT_BATCH = 500;
/** Upcoming requested calls kept off the quay on purpose: the planner's unassigned list shows them. */
export const DEMO_UNPLACED_ON_PURPOSE = 4;

export function auditTypeOf(action: string, change: string | null): 'created' | 'revised' | 'accepted' {
  if (action === 'accept' || action === 'accept_cancel') return 'accepted';
  if (action === 'plan' || action === 'actual' || (action === 'request' && change === 'newly created')) return 'created';
  return 'revised';
}

/** Plays steps through the negotiation table; returns labels, values and the timestamp rows. */
export function playChain(steps: TSeedStep[], initial: Record<TNegotiatedTime, number | null>) {
  const state: Record<string, { label: TFromLabel; previous: TFromLabel; lastParty: TParty | null; requests: number; value: number | null; previousValue: number | null; change: string | null }> = {};
  for (const t of Object.keys(initial)) state[t] = { label: 'none', previous: 'none', lastParty: null, requests: 0, value: initial[t as TNegotiatedTime], previousValue: initial[t as TNegotiatedTime], change: null };
  const rows: { time: TNegotiatedTime; action: string; classifier: string; party: TParty; dateTime: number | null; label: TTimeLabel | null; previous: TFromLabel; change: string | null }[] = [];
  for (const step of steps) {
    const s = state[step.time]!;
    const r = applyNegotiation({ label: s.label, previousLabel: s.previous, lastParty: s.lastParty, isFirstRequest: s.requests === 0 }, step.action, step.party);
    if (!r.ok) throw new Error(`demo chain is illegal: ${step.party} ${step.action} on ${step.time} from ${s.label}: ${r.message}`);
    if (r.transition.takesTime) {
      s.previousValue = s.value;
      s.value = step.at ?? s.value;
    } else if (r.transition.to === 'previous') s.value = s.previousValue;
    rows.push({ time: step.time, action: step.action, classifier: r.transition.classifier, party: step.party, dateTime: r.transition.takesTime ? s.value : null, label: r.to === 'none' ? null : r.to, previous: s.label, change: r.change ?? s.change });
    s.previous = s.label;
    s.label = r.to;
    s.lastParty = step.party;
    if (step.action === 'request') s.requests++;
    s.change = r.change ?? s.change;
  }
  return { state, rows };
}

/**
 * What each time was before its last change, for a call inserted with its chain (the trigger that keeps previous_*
 * only runs on updates): the newest value of the chain that differs from the stored one, as existing calls were
 * filled when the columns came. `shiftOf` is the amount a time was moved after its chain was played.
 */
export function previousTimesOf(
  rows: readonly { time: TNegotiatedTime; dateTime: number | null }[],
  stored: Record<TNegotiatedTime, number | null>,
  shiftOf: (time: TNegotiatedTime) => number = () => 0,
) {
  const previous = (time: TNegotiatedTime) => {
    const value = rows
      .filter((r) => r.time === time && r.dateTime !== null)
      .map((r) => r.dateTime! + shiftOf(time))
      .reverse()
      .find((v) => v !== stored[time]);
    return value === undefined ? null : new Date(value);
  };
  return {
    previous_berth_arrival: previous('berth_arrival'),
    previous_berth_departure: previous('berth_departure'),
    previous_pilot_boarding_place_arrival: previous('pilot_boarding_place_arrival'),
    previous_pilot_boarding_place_departure: previous('pilot_boarding_place_departure'),
  };
}

export async function seedDemoPortcalls(trx: Transaction<DB>, world: SeedWorld, now: Date, seed: number): Promise<number> {
  const rng = createRng(seed);
  const start = Math.floor(now.getTime() / H) * H - 7 * DAY;
  const berthSections = world.sections.filter((s) => s.berth_type === 'Berth');
  let futureIndex = 0;
  let alongsideIndex = 0;

  // First every call's vessel and stay, spread in time so the quay can hold them (a rough layout with a margin for
  // the negotiation to move times a little); then each call's story; then its final place; then the rows.
  // The liner calls on their services' days; the rest of the calls tramp vessels, each at most once a week.
  const windowEnd = start + (28 * 24 - 30) * H;
  const liner = linerCalls({ from: start, to: windowEnd, timeZone: world.timeZone, vessels: world.vessels, operatorIdOf: (code) => world.operators.find((o) => o.code === code)?.id });
  const calendar = new VesselCalendar();
  for (const l of liner) calendar.add(l.vessel.id, l.arrival);
  const tramps = world.vessels.filter((v) => !liner.some((l) => l.vessel.id === v.id));
  const trampArrivals = Array.from({ length: DEMO_PORTCALL_COUNT - liner.length }, () => start + rng.int(0, 28 * 24 - 30) * H).sort((a, b) => a - b);
  const planned = [
    ...liner.map((l) => ({ vessel: l.vessel, arrival: l.arrival, service: l.service })),
    ...trampArrivals.flatMap((arrival) => {
      const vessel = calendar.pick(tramps, arrival, (free) => rng.pick(free));
      return vessel ? [{ vessel, arrival, service: null }] : [];
    }),
  ].sort((a, b) => a.arrival - b.arrival || a.vessel.id - b.vessel.id);
  const nowMs = now.getTime();
  const quay: TPlanQuay = {
    length: world.quayLength,
    clearance: world.clearance,
    sections: world.sections.map((s) => ({ id: s.id, start: s.start_position_m, end: s.end_position_m, depth: Number(s.water_depth_m), berthType: s.berth_type })),
    blockZones: world.blockZones.map((z) => ({ id: z.id, start: z.start_position_m, end: z.end_position_m, from: z.starts_at.getTime(), to: z.ends_at.getTime() })),
  };
  const stays = planned.map(({ vessel, arrival, service }, index) => {
    const draft = Number(vessel.max_draft_m);
    const isContainer = vessel.vessel_type === 'CONTAINER';
    const dwellHours = service ? service.stayHours : isContainer ? rng.int(12, 30) : rng.int(8, 24);
    // A liner call stays on its service's day: it may move within that local day only.
    const day = localDateOf(arrival, world.timeZone);
    const sameDay = service ? { from: localTimeToInstant(day, '00:00', world.timeZone), to: localTimeToInstant(addLocalDays(day, 1), '00:00', world.timeZone) - H } : null;
    // What the call declares (a loaded vessel rarely sits at her deepest draft); the planner checks the water against it.
    const draftInbound = Math.round(Math.max(4, draft - rng.next() * 1.5) * 10) / 10;
    const draftOutbound = Math.round(Math.max(4, draft - rng.next() * 1.5) * 10) / 10;
    return { index, vessel, service, nominal: arrival, sameDay, isContainer, arrival, departure: arrival + dwellHours * H, draftInbound, draftOutbound };
  });
  // Whether a call arriving at `at` still keeps its vessel's rotation: near its nominal arrival, a liner on its day.
  const keepsRotation = (st: { nominal: number; sameDay: { from: number; to: number } | null }, at: number) =>
    Math.abs(at - st.nominal) <= MAX_DRIFT_MS && (!st.sameDay || (at >= st.sameDay.from && at <= st.sameDay.to));
  const margin = H;
  const rough = placeDemoCalls(
    stays.map((st) => ({
      id: st.index,
      length: Number(st.vessel.length_overall_m),
      draft: Math.max(st.draftInbound, st.draftOutbound),
      from: st.arrival - margin,
      to: st.departure + margin,
      isAlongside: false,
      isLeftUnplaced: false,
      isLiner: st.service !== null,
      canShift: (shift) => st.arrival + shift >= start && st.arrival + shift <= nowMs + 21 * DAY - margin && Math.abs(shift) <= MAX_DRIFT_MS / 2 && keepsRotation(st, st.arrival + shift),
    })),
    quay,
  );
  const spread = stays.map((st) => ({ ...st, shift: rough.get(st.index)?.shiftMs ?? 0 })).sort((a, b) => a.arrival + a.shift - (b.arrival + b.shift) || a.index - b.index);

  const calls = spread.map(({ index, vessel, service, nominal, sameDay, isContainer, draftInbound, draftOutbound, ...st }) => {
    const rawArrival = st.arrival + st.shift;
    const departure = st.departure + st.shift;
    const loa = Number(vessel.length_overall_m);
    const past = departure < nowMs;
    const alongside = rawArrival <= nowMs && nowMs < departure;
    // The call whose pilot is on board arrives at the berth a few hours from now.
    const arrival = !past && !alongside && futureIndex === 0 ? Math.max(rawArrival, nowMs + 3 * H) : rawArrival;

    const isFuture = !past && !alongside;
    const futureNumber = isFuture ? futureIndex++ : -1;
    // The first future call is the one whose pilot is already on board.
    const pilotOnBoard = futureNumber === 0;
    const hasPbp = pilotOnBoard || rng.chance(0.7);
    // Hours before the berth, more than a vessel's request may bring the berth forward (4 h): the pilot boards first.
    const pbpArrival = pilotOnBoard ? nowMs - H : hasPbp ? arrival - rng.int(5, 8) * H : null;
    const initial: Record<TNegotiatedTime, number | null> = { berth_arrival: arrival, berth_departure: departure, pilot_boarding_place_arrival: pbpArrival, pilot_boarding_place_departure: null };
    const vesselSide: TParty = 'vessel_side';
    const steps: TSeedStep[] = [];
    const requestBoth = () => {
      steps.push({ time: 'berth_arrival', party: vesselSide, action: 'request', at: arrival - rng.int(0, 4) * H });
      steps.push({ time: 'berth_departure', party: vesselSide, action: 'request', at: departure });
    };
    const scenario = rng.next();
    let cancelled = false;
    if (past || alongside) {
      requestBoth();
      steps.push({ time: 'berth_arrival', party: 'terminal', action: 'propose', at: arrival });
      steps.push({ time: 'berth_arrival', party: vesselSide, action: 'accept' });
      steps.push({ time: 'berth_departure', party: 'terminal', action: 'accept' });
      if (hasPbp) steps.push({ time: 'pilot_boarding_place_arrival', party: 'terminal', action: 'actual', at: pbpArrival! });
      steps.push({ time: 'berth_arrival', party: 'terminal', action: 'actual', at: arrival + rng.int(-1, 2) * H });
      if (past) steps.push({ time: 'berth_departure', party: 'terminal', action: 'actual', at: departure + rng.int(0, 3) * H });
    } else if (futureNumber % 25 === 3) {
      requestBoth();
      // Cancelled as a whole: the departure is cancelled with the arrival, never left "requested".
      steps.push({ time: 'berth_arrival', party: 'terminal', action: 'cancel' });
      steps.push({ time: 'berth_departure', party: 'terminal', action: 'cancel' });
      cancelled = true;
    } else if (futureNumber % 25 === 7) {
      requestBoth();
      steps.push({ time: 'berth_arrival', party: 'terminal', action: 'accept' });
      steps.push({ time: 'berth_arrival', party: vesselSide, action: 'request_cancel' });
    } else if (pilotOnBoard) {
      requestBoth();
      steps.push({ time: 'berth_arrival', party: 'terminal', action: 'accept' });
      steps.push({ time: 'berth_departure', party: 'terminal', action: 'accept' });
      steps.push({ time: 'pilot_boarding_place_arrival', party: 'terminal', action: 'actual', at: pbpArrival! });
    } else if (scenario < 0.25) {
      requestBoth(); // newly created, waiting for the terminal
    } else if (scenario < 0.45) {
      requestBoth();
      steps.push({ time: 'berth_arrival', party: 'terminal', action: 'propose', at: arrival + rng.int(2, 10) * H });
    } else if (scenario < 0.75) {
      requestBoth();
      steps.push({ time: 'berth_arrival', party: 'terminal', action: 'accept' });
      steps.push({ time: 'berth_departure', party: 'terminal', action: 'accept' });
      if (rng.chance(0.3)) steps.push({ time: 'berth_arrival', party: vesselSide, action: 'estimate', at: arrival + rng.int(-2, 3) * H });
    } else if (scenario < 0.85) {
      steps.push({ time: 'berth_arrival', party: 'terminal', action: 'plan', at: arrival });
      steps.push({ time: 'berth_departure', party: 'terminal', action: 'plan', at: departure });
    } else {
      requestBoth();
      steps.push({ time: 'berth_arrival', party: 'terminal', action: 'propose', at: arrival + 6 * H });
      steps.push({ time: 'berth_arrival', party: vesselSide, action: 'reject' });
    }
    const { state, rows } = playChain(steps, initial);
    const value = (t: TNegotiatedTime) => state[t]!.value;
    const label = (t: TNegotiatedTime) => (state[t]!.label === 'none' ? null : (state[t]!.label as TTimeLabel));
    const arrivalValue = value('berth_arrival')!;
    const departureValue = Math.max(value('berth_departure')!, arrivalValue + 4 * H);
    // Every third call alongside still waits for its gangs, so it is Berthed rather than in Cargo Ops.
    const waitingForGangs = alongside && alongsideIndex++ % 3 === 0;
    const cargoStart = Math.min(waitingForGangs ? Math.max(arrivalValue + 2 * H, nowMs + 2 * H) : arrivalValue + 2 * H, departureValue - 2 * H);
    const cargoEnd = Math.max(cargoStart + H, departureValue - 2 * H);
    return { index, vessel, service, nominal, sameDay, loa, draft: Math.max(draftInbound, draftOutbound), draftInbound, draftOutbound, isContainer, arrival, past, alongside, pilotOnBoard, hasPbp, cancelled, state, rows, value, label, arrivalValue, departureValue, cargoStart, cargoEnd };
  });

  // A few upcoming calls that only carry the vessel side's request stay off the quay, spread over the weeks ahead.
  const waiting = calls.filter((c) => !c.cancelled && !c.past && !c.alongside && c.label('berth_arrival') === 'requested' && c.arrivalValue > nowMs + 3 * DAY);
  const leftUnplaced = new Set(Array.from({ length: Math.min(DEMO_UNPLACED_ON_PURPOSE, waiting.length) }, (_, i) => waiting[Math.floor((i * waiting.length) / DEMO_UNPLACED_ON_PURPOSE)]!.index));
  const toPlace: TSeedCallToPlace[] = calls
    .filter((c) => !c.cancelled)
    .map((c) => ({
      id: c.index,
      length: c.loa,
      draft: c.draft,
      from: c.arrivalValue,
      to: c.departureValue,
      isAlongside: c.alongside,
      isLeftUnplaced: leftUnplaced.has(c.index),
      isLiner: c.service !== null,
      // Moving a call must not move an actual time into the future, nor a planned one into the past.
      canShift: (shift) => {
        const from = c.arrivalValue + shift;
        const to = c.departureValue + shift;
        if (from < nowMs - 8 * DAY + DAY / 2 || from > nowMs + 21 * DAY) return false;
        if (!keepsRotation(c, from)) return false;
        if (c.past) return to <= nowMs - H;
        if (c.alongside) return from <= nowMs - H && to >= nowMs + 2 * H;
        // The pilot of the first upcoming call boarded an hour ago; its berth arrival stays a few hours ahead.
        return from >= nowMs + (c.pilotOnBoard ? 2 : 1) * H;
      },
    }));
  const placements = placeDemoCalls(toPlace, quay);

  // Shift occurrences once for every cargo window, even one moved the most by the placement: the shift calendar is
  // slow per call (time zone look-ups), so each call only picks its shifts from this list.
  const occurrences = shiftsInWindow({
    shifts: world.shifts,
    timeZone: world.timeZone,
    from: Math.min(...calls.map((c) => c.cargoStart)) - MAX_SHIFT_HOURS * H - DAY,
    to: Math.max(...calls.map((c) => c.cargoEnd)) + MAX_SHIFT_HOURS * H + DAY,
  }).filter((o) => !world.nonWorking.some((n) => n.start <= o.start && n.end >= o.end));
  const craneBookings: TSeedCraneBooking[] = [];
  const ledger = new GangLedger((n) => world.shifts.find((s) => s.shift_number === n)?.gangs_available ?? 0);
  // Moves per crane-hour as the plausibility rules reckon them (the mean of the terminal's cranes).
  const rate = terminalCraneRate(demoCranes()) ?? 25;
  /**
   * Gangs, cranes and moves of one call: a container call books the cranes it wants (one gang each) as far as cranes
   * and gangs are free in every shift it works; any other call works with one gang. The moves are what those gangs do
   * at `factor` (50-80 %) of the terminal's rate in the worked hours, so the cargo fits the window, no shift runs
   * far above the norm and no shift has more gangs than cranes or than the terminal can man.
   */
  function cargoPlan(args: { isContainer: boolean; loa: number; cargoStart: number; cargoEnd: number; worked: TShiftOccurrence[]; cranesBooked: { berthStart: number; berthEnd: number; berthFrom: number; berthTo: number } | null; factor: number }) {
    const free = ledger.free(args.worked);
    const bookings = args.cranesBooked && free > 0 ? bookCranes({ ...args.cranesBooked, workFrom: args.cargoStart, workTo: args.cargoEnd }, Math.min(cranesWanted(args.loa, 0), free), world.cranes, craneBookings) : [];
    craneBookings.push(...bookings);
    const gangs = bookings.length || Math.min(free, args.isContainer ? cranesWanted(args.loa, 0) : 1);
    const hours = args.worked.reduce((sum, o) => sum + Math.min(o.end, args.cargoEnd) - Math.max(o.start, args.cargoStart), 0) / H;
    // Without a booked crane the rules count one crane's rate, however many gangs work.
    const moves = gangs > 0 ? Math.max(1, Math.floor(hours * rate * Math.max(1, bookings.length) * args.factor)) : 0;
    if (moves > 0) ledger.take(args.worked, gangs);
    return { moves, gangs, bookings };
  }
  const equipmentRows: Insertable<PortcallEquipmentDetailsTable>[] = [];
  const shiftRows: Insertable<PortcallShiftDetailsTable>[] = [];

  let count = 0;
  for (const c of calls) {
    const { vessel, isContainer, arrival, past, hasPbp, cancelled, state, rows, value, label } = c;
    const placement = placements.get(c.index) ?? null;
    // A call that finds no room even hours later is not part of the demo; only the chosen few wait unplaced.
    if (!placement && !cancelled && !leftUnplaced.has(c.index)) continue;
    const shift = placement?.shiftMs ?? 0;
    const position = placement ? { start: placement.start, end: placement.end } : null;
    const arrivalValue = c.arrivalValue + shift;
    const departureValue = c.departureValue + shift;
    const cargoStart = c.cargoStart + shift;
    const cargoEnd = c.cargoEnd + shift;
    // The pilot of the first upcoming call boarded at a fixed moment; every other time moves with the call.
    const shiftOf = (time: TNegotiatedTime) => (c.pilotOnBoard && time.startsWith('pilot_') ? 0 : shift);
    const pbpValue = value('pilot_boarding_place_arrival');

    const status = deriveStatus({
      isCancelled: cancelled,
      berthArrivalLabel: label('berth_arrival'),
      berthDepartureLabel: label('berth_departure'),
      pilotArrivalLabel: label('pilot_boarding_place_arrival'),
      cargoOperationsStarted: cargoStart <= nowMs,
    });
    // The API's own rule (a call starting before the first bollard is made fast to it), so seeded calls read alike.
    const covering = position ? bollardsCovering(world.bollards.map((b) => ({ id: b.id, position_m: Number(b.position_m) })), quayMetres(position.start), quayMetres(position.end)) : null;
    const agentId = rng.chance(0.85) ? world.agentIds[rng.int(0, world.agentIds.length - 1)]! : null;
    // The work the call's gangs can do in its cargo window (cargo-plan below), so no demo call reads implausible.
    const worked = cancelled ? [] : workedOccurrences(occurrences, cargoStart, cargoEnd);
    const { moves, gangs, bookings } = cargoPlan({ isContainer, loa: c.loa, cargoStart, cargoEnd, worked, cranesBooked: isContainer && !!position && !past && arrivalValue < nowMs + 28 * DAY ? { berthStart: position!.start, berthEnd: position!.end, berthFrom: arrivalValue, berthTo: departureValue } : null, factor: 0.5 + rng.next() * 0.3 });
    const discharge = Math.round(moves * (0.4 + rng.next() * 0.2));
    const restow = isContainer ? Math.min(rng.int(0, 60), moves - discharge) : 0;
    const load = moves - discharge - restow;
    const cargoType = isContainer ? 'Container (boxes)' : vessel.vessel_type === 'CAR_CARRIER' || vessel.vessel_type === 'RO_RO' ? 'Roll-on/Roll-off' : vessel.vessel_type === 'DRY_BULK' ? 'Dry bulk (tons)' : 'General';
    const orientation = rng.pick(['Starboard', 'Port'] as const);
    // One number for the voyage in and out, as a carrier numbers a round voyage.
    const voyage = c.service ? voyageNumberOf(c.nominal, c.service) : String(rng.int(100, 999));
    const row = await trx
      .insertInto('portcalls')
      .values({
        terminal_id: world.terminalId,
        vessel_id: vessel.id,
        vessel_operator_id: vessel.vessel_operator_id!,
        agent_id: agentId,
        status,
        portcall_type: rng.chance(0.08) ? 'Shifter' : 'Inbound',
        berth_arrival: new Date(arrivalValue),
        berth_departure: new Date(departureValue),
        berth_arrival_label: label('berth_arrival'),
        berth_arrival_change_label: state.berth_arrival!.change,
        berth_departure_label: label('berth_departure'),
        berth_departure_change_label: state.berth_departure!.change,
        pilot_boarding_place_id: hasPbp ? rng.pick(world.pbpIds) : null,
        pilot_boarding_place_arrival: pbpValue ? new Date(pbpValue + shiftOf('pilot_boarding_place_arrival')) : null,
        pilot_boarding_place_arrival_label: label('pilot_boarding_place_arrival'),
        pilot_boarding_place_arrival_change_label: state.pilot_boarding_place_arrival!.change,
        cargo_operations_start: new Date(cargoStart),
        cargo_operations_end: new Date(cargoEnd),
        berth_start_position: position?.start ?? null,
        berth_end_position: position?.end ?? null,
        berth_start_bollard_id: covering?.first.id ?? null,
        berth_end_bollard_id: covering?.last.id ?? null,
        terminal_section_id: position ? (berthSections.find((s) => s.start_position_m <= position.start && position.start < s.end_position_m)?.id ?? null) : null,
        berth_orientation: position ? orientation : null,
        // A liner call carries its service and the voyage of its week; a tramp call names no service.
        service_name: c.service?.name ?? null,
        voyage_number_import: `${voyage}W`,
        voyage_number_export: `${voyage}E`,
        draft_inbound: c.draftInbound,
        draft_outbound: c.draftOutbound,
        previous_port_id: c.service ? (world.portIdOf(c.service.previousPort) ?? rng.pick(world.portIds)) : rng.pick(world.portIds),
        next_port_id: c.service ? (world.portIdOf(c.service.nextPort) ?? rng.pick(world.portIds)) : rng.pick(world.portIds),
        cargo_quantity_status: past ? 'Actual' : rng.pick(['Draft', 'Confirmed'] as const),
        move_count_unit: isContainer ? 'pieces' : 'tons',
        move_count_containers: isContainer ? moves : 0,
        cargo_type: cargoType,
        ...previousTimesOf(rows, { berth_arrival: arrivalValue, berth_departure: departureValue, pilot_boarding_place_arrival: pbpValue ? pbpValue + shiftOf('pilot_boarding_place_arrival') : null, pilot_boarding_place_departure: null }, shiftOf),
        card_colour: rng.pick(['default', 'default', 'blue', 'cyan', 'green', 'orange']),
        cancelled_by: cancelled ? world.terminalUserId : null,
        cancelled_at: cancelled ? now : null,
        created_by: world.agentUserId,
        created_at: new Date(Math.min(arrival + shift - rng.int(3, 20) * DAY, nowMs)),
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('portcall_cargo_details')
      .values({
        portcall_id: row.id,
        position: 0,
        cargo_operations_start: new Date(cargoStart),
        cargo_operations_end: new Date(cargoEnd),
        cargo_type: cargoType,
        cargo_sub_type: null,
        product_type: null,
        move_count: moves,
        move_count_unit: isContainer ? 'pieces' : 'tons',
        comment: null,
        discharge,
        load,
        restow,
        units_per_hour: isContainer ? 28 : 120,
        crane_intensity: Math.max(1, gangs),
      })
      .execute();
    for (const b of bookings) equipmentRows.push({ portcall_id: row.id, ...equipmentDetailOf(b) });
    if (!cancelled) {
      const plan = shiftPlan({ cargoStart, cargoEnd, discharge, load, restow, cargoType, gangs, craneBookings: bookings }, occurrences, (n) => world.shiftContacts[n] ?? world.shiftContacts[1]!);
      shiftRows.push(...plan.map((d) => shiftDetailRow(row.id, d)));
    }
    let created = arrival + shift - 10 * DAY;
    const lastIdByTime = new Map<string, number>();
    const auditRows: Insertable<PortcallAuditEventsTable>[] = [];
    for (const r of rows) {
      created += rng.int(1, 30) * H;
      const by = r.party === 'terminal' ? world.terminalUserId : agentId === world.agentIds[0] ? world.agentUserId : world.vesselUserId;
      const inserted = await trx
        .insertInto('portcall_timestamps')
        .values({ portcall_id: row.id, time_type: r.time, action: r.action, classifier: r.classifier, party: r.party, date_time: r.dateTime ? new Date(r.dateTime + shiftOf(r.time)) : null, label_after: r.label, previous_label: r.previous === 'none' ? null : r.previous, change_label_after: r.change, reply_to_id: lastIdByTime.get(r.time) ?? null, delay_reason_code: r.action === 'propose' ? 'BER' : null, remark: null, created_by: by, acting_for: null, created_at: new Date(Math.min(created, now.getTime())) })
        .returning('id')
        .executeTakeFirstOrThrow();
      lastIdByTime.set(r.time, inserted.id);
      auditRows.push({ portcall_id: row.id, event_type: auditTypeOf(r.action, r.change), field: r.time, old_value: null, new_value: storedJson('audit_value', { value: r.dateTime ? new Date(r.dateTime + shiftOf(r.time)).toISOString() : null, label: r.label, action: r.action }), actor_user_id: by, acting_for_user_id: null, created_at: new Date(Math.min(created, now.getTime())) });
    }
    await trx.insertInto('portcall_audit_events').values(auditRows).execute();
    count++;
  }
  // Batches keep each statement far below PostgreSQL's limit of bind parameters.
  for (let i = 0; i < equipmentRows.length; i += INSERT_BATCH) await trx.insertInto('portcall_equipment_details').values(equipmentRows.slice(i, i + INSERT_BATCH)).execute();
  for (let i = 0; i < shiftRows.length; i += INSERT_BATCH) await trx.insertInto('portcall_shift_details').values(shiftRows.slice(i, i + INSERT_BATCH)).execute();
  return count;
}
