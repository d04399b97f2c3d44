// A year of completed demo calls before the live demo window (seed-portcalls.ts starts 7 days back), so the KPI
// widgets and charts have something to show on first start: 8-12 calls a week, busier in late summer and before
// Christmas, three storm weeks with long waits and late arrivals, each call negotiated, estimated and completed with
// actual times, moves and a shift plan. Laid out with the demo's placement rules, then written in multi-row inserts
// (npm start and every browser test seed a fresh database, so row-by-row writes would cost seconds).
import { type TNegotiatedTime, type TParty, type TPlanQuay, type TShiftDetailInput, bollardsCovering, createRng, deriveStatus, quayMetres, shiftsInWindow } from '@quayline/domain';
import type { Insertable, Transaction } from 'kysely';
import type { DB, PortcallAuditEventsTable, PortcallCargoDetailsTable, PortcallShiftDetailsTable, PortcallTimestampsTable, PortcallsTable } from '../db/schema';
import { DEMO_SHIFT_CONTACTS, type TDemoService } from './demo-data';
import { cranesWanted, shiftDetailRow, shiftPlan } from './seed-operations';
import { placeDemoCalls } from './seed-placement';
import { type TSeedStep, auditTypeOf, playChain, previousTimesOf } from './seed-portcalls';
import { storedJson } from '../db/stored-json';
import { GangLedger, VesselCalendar, linerCalls, voyageNumberOf, workedOccurrences } from './seed-rotation';

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
/** Rows per INSERT: few statements on PGlite, far below PostgreSQL's bind-parameter limit. */
const BATCH = 250;

/** The history ends this far before the seed's now, clear of the live demo calls (7 days back at the earliest). */
export const HISTORY_END_DAYS_BEFORE_NOW = 8;
export const HISTORY_DAYS = 365;
/** Storm weeks: the week (from the history's week start) holding each of these UTC calendar days (month, day). */
const STORM_DAYS: readonly [number, number][] = [
  [0, 14],
  [1, 18],
  [9, 29],
];
/**
 * Nominal arrivals of one tramp vessel in the history lie this far apart: storms and a busy quay move a history call
 * by up to four days, and two calls of a vessel still arrive at least MIN_DAYS_BETWEEN_CALLS apart.
 */
const HISTORY_TRAMP_GAP = 11 * DAY;
/** How far the quay placement may keep a history call waiting (or bring it forward) beyond its storm delay. */
const HISTORY_MAX_PLACEMENT_SHIFT = 24 * H;

type TVessel = { id: number; length_overall_m: string; max_draft_m: string; vessel_type: string; vessel_operator_id: number | null };

/** Calls a week by season: the late-summer peak and the pre-Christmas rush are busiest, the holidays quiet. */
function weeklyCalls(weekStart: Date, rng: ReturnType<typeof createRng>): number {
  const month = weekStart.getUTCMonth();
  const day = weekStart.getUTCDate();
  const holidays = (month === 11 && day >= 21) || (month === 0 && day <= 3);
  if (holidays) return rng.int(5, 7);
  if (month === 7 || month === 8 || (month === 10 && day >= 15) || (month === 11 && day < 21)) return rng.int(11, 13);
  return rng.int(8, 10);
}

function isStormWeek(weekStart: number): boolean {
  return STORM_DAYS.some(([month, day]) => {
    const year = new Date(weekStart).getUTCFullYear();
    return [year - 1, year, year + 1].some((y) => {
      const at = Date.UTC(y, month, day, 12);
      return at >= weekStart && at < weekStart + 7 * DAY;
    });
  });
}

type THistoryCall = {
  index: number;
  vessel: TVessel;
  isContainer: boolean;
  isDummy: boolean;
  service: TDemoService | null;
  /** The arrival the call was planned for (its service's day and time for a liner call). */
  nominal: number;
  cancelled: boolean;
  storm: boolean;
  draftInbound: number;
  draftOutbound: number;
  pbpId: number;
  sailing: number;
  pbpArrival: number;
  /** Berth times as they happened before placement; placement may keep the vessel waiting a few hours longer. */
  atb: number;
  atd: number;
  steps: (TSeedStep & { createdAt: number })[];
  agentId: number | null;
  moves: number;
  cranes: number;
};

/** Adds the history to the seeded demo terminal; returns how many calls were written. */
export async function seedDemoHistory(trx: Transaction<DB>, terminalId: number, now: Date, seed: number): Promise<number> {
  const terminal = await trx.selectFrom('terminals').select(['id', 'port_id', 'quay_length_m', 'min_clearance_m', 'time_zone']).where('id', '=', terminalId).executeTakeFirstOrThrow();
  const [sections, zones, bollards, vessels, agents, pbps, ports, shifts, users] = await Promise.all([
    trx.selectFrom('terminal_sections').select(['id', 'start_position_m', 'end_position_m', 'water_depth_m', 'berth_type']).where('terminal_id', '=', terminalId).orderBy('start_position_m').execute(),
    trx.selectFrom('blocked_zones').select(['id', 'start_position_m', 'end_position_m', 'starts_at', 'ends_at']).where('terminal_id', '=', terminalId).execute(),
    trx.selectFrom('bollards').select(['id', 'position_m']).where('terminal_id', '=', terminalId).orderBy('position_m').execute(),
    trx.selectFrom('vessels').select(['id', 'length_overall_m', 'max_draft_m', 'vessel_type', 'vessel_operator_id']).where('vessel_operator_id', 'is not', null).orderBy('id').execute(),
    trx.selectFrom('organisations').select('id').where('kind', '=', 'agent').orderBy('id').execute(),
    trx.selectFrom('pilot_boarding_places').select(['id', 'sailing_time_to_berth_minutes']).where('port_id', '=', terminal.port_id).orderBy('id').execute(),
    trx.selectFrom('ports').select(['id', 'unlocode']).where('id', '!=', terminal.port_id).orderBy('id').execute(),
    trx.selectFrom('terminal_shifts').select(['id', 'shift_number', 'name', 'start_time', 'end_time', 'gangs_available']).where('terminal_id', '=', terminalId).orderBy('shift_number').execute(),
    trx.selectFrom('portal_users').select(['id', 'email']).execute(),
  ]);
  if (vessels.length === 0 || pbps.length === 0) return 0;
  const userId = (email: string) => users.find((u) => u.email === email)?.id ?? null;
  const terminalUserId = userId('terminal.operator@demo.quayline.test');
  const vesselUserId = userId('vessel.operator@demo.quayline.test');
  const agentUserId = userId('agent@demo.quayline.test');
  const agentIds = agents.map((a) => a.id);
  const portIdOf = (unlocode: string) => ports.find((p) => p.unlocode === unlocode)?.id;

  const rng = createRng(seed);
  const nowMs = now.getTime();
  const end = Math.floor(nowMs / H) * H - HISTORY_END_DAYS_BEFORE_NOW * DAY;
  const start = end - HISTORY_DAYS * DAY;
  // Liner calls on their services' days; tramp vessels a good week apart from each other call and the live calls.
  const operators = await trx.selectFrom('organisations').select(['id', 'code']).where('kind', '=', 'vessel_operator').execute();
  const liner = linerCalls({ from: start, to: end - 3 * DAY, timeZone: terminal.time_zone, vessels, operatorIdOf: (code) => operators.find((o) => o.code === code)?.id });
  const fleetIds = new Set(liner.map((l) => l.vessel.id));
  const tramps = vessels.filter((v) => !fleetIds.has(v.id));
  const calendar = new VesselCalendar();
  for (const live of await trx.selectFrom('portcalls').select(['vessel_id', 'berth_arrival']).where('terminal_id', '=', terminalId).execute()) calendar.add(live.vessel_id, new Date(live.berth_arrival).getTime());

  const planned: THistoryCall[] = [];
  for (let weekStart = start; weekStart < end; weekStart += 7 * DAY) {
    const storm = isStormWeek(weekStart);
    const count = weeklyCalls(new Date(weekStart), rng);
    const weekLiner = liner.filter((l) => l.arrival >= weekStart && l.arrival < weekStart + 7 * DAY);
    for (let i = 0; i < Math.max(count, weekLiner.length); i++) {
      const lined = weekLiner[i];
      // The berth time the two sides agree on, on the hour like a planner's: a liner's on its service's day.
      const agreed = lined ? lined.arrival : weekStart + rng.int(0, 7 * 24 - 1) * H;
      const vessel = lined ? lined.vessel : calendar.pick(tramps, agreed, (free) => rng.pick(free), HISTORY_TRAMP_GAP);
      if (!vessel) continue;
      const isContainer = vessel.vessel_type === 'CONTAINER';
      const draft = Number(vessel.max_draft_m);
      const dwell = (lined ? lined.dwellHours + rng.int(0, 4) : isContainer ? rng.int(14, 34) : rng.int(9, 26)) * H;
      const pbp = rng.pick(pbps);
      const sailing = pbp.sailing_time_to_berth_minutes * MIN;
      // Storms delay the voyage and close the river: late at the pilot, then hours at anchor.
      const lateness = storm ? rng.int(4, 30) * H + rng.int(0, 59) * MIN : rng.int(-90, 120) * MIN;
      const roll = rng.next();
      const waiting = storm ? rng.int(8, 40) * H : roll < 0.55 ? rng.int(0, 40) * MIN : roll < 0.9 ? rng.int(1, 6) * H + rng.int(0, 59) * MIN : rng.int(6, 16) * H;
      const pbpArrival = agreed - sailing + lateness;
      const atb = pbpArrival + sailing + waiting;
      const overrun = storm ? rng.int(2, 10) * H : rng.int(-60, 180) * MIN;
      const atd = atb + dwell + overrun;
      const cancelled = rng.chance(0.03);
      const isDummy = !cancelled && rng.chance(0.02);
      const agentId = agentIds.length && rng.chance(0.85) ? rng.pick(agentIds) : null;

      const vesselSide: TParty = 'vessel_side';
      // Every chain ends on this departure before the actuals: requested as is, proposed by the terminal, or planned.
      const agreedDeparture = agreed + dwell;
      const steps: (TSeedStep & { createdAt: number })[] = [];
      const asked = agreed - rng.int(3, 14) * DAY - rng.int(0, 23) * H;
      // The terminal answers within a working day, slower when the quay is busy or the weather is bad.
      const answered = asked + (storm ? rng.int(6, 48) : rng.int(1, 20)) * H + rng.int(0, 59) * MIN;
      if (isDummy) {
        steps.push({ time: 'berth_arrival', party: 'terminal', action: 'plan', at: agreed, createdAt: asked });
        steps.push({ time: 'berth_departure', party: 'terminal', action: 'plan', at: agreed + dwell, createdAt: asked });
      } else {
        // Most requests are taken as asked; the others get the terminal's own time, which the vessel side accepts.
        const asIs = rng.chance(0.6);
        const requested = asIs ? agreed : agreed - rng.int(1, 6) * H;
        steps.push({ time: 'berth_arrival', party: vesselSide, action: 'request', at: requested, createdAt: asked });
        steps.push({ time: 'berth_departure', party: vesselSide, action: 'request', at: requested + dwell, createdAt: asked });
        if (asIs) {
          steps.push({ time: 'berth_arrival', party: 'terminal', action: 'accept', createdAt: answered });
          steps.push({ time: 'berth_departure', party: 'terminal', action: 'accept', createdAt: answered });
        } else {
          const accepted = answered + rng.int(1, 12) * H + rng.int(0, 59) * MIN;
          steps.push({ time: 'berth_arrival', party: 'terminal', action: 'propose', at: agreed, createdAt: answered });
          steps.push({ time: 'berth_departure', party: 'terminal', action: 'propose', at: agreed + dwell, createdAt: answered });
          steps.push({ time: 'berth_arrival', party: vesselSide, action: 'accept', createdAt: accepted });
          steps.push({ time: 'berth_departure', party: vesselSide, action: 'accept', createdAt: accepted });
        }
      }
      if (cancelled) {
        const at = Math.max(Math.min(answered + rng.int(1, 5) * DAY, agreed - 2 * DAY), steps.at(-1)!.createdAt + H);
        const acceptedAt = at + rng.int(1, 8) * H;
        // The whole call is cancelled: its departure with its arrival, so neither end still reads as agreed.
        steps.push({ time: 'berth_arrival', party: vesselSide, action: 'request_cancel', createdAt: at });
        steps.push({ time: 'berth_departure', party: vesselSide, action: 'request_cancel', createdAt: at });
        steps.push({ time: 'berth_arrival', party: 'terminal', action: 'accept_cancel', createdAt: acceptedAt });
        steps.push({ time: 'berth_departure', party: 'terminal', action: 'accept_cancel', createdAt: acceptedAt });
      } else {
        // Most vessels send an estimate a day or two out; in a storm it already shows the delay.
        if (!isDummy && rng.chance(0.8)) {
          const estimateAt = Math.max(agreed - rng.int(24, 48) * H, steps.at(-1)!.createdAt + H);
          const guess = storm ? lateness + waiting - rng.int(0, 8) * H : lateness + rng.int(-60, 60) * MIN;
          steps.push({ time: 'berth_arrival', party: vesselSide, action: 'estimate', at: agreed + guess, createdAt: estimateAt });
        }
        // The vessel's ETA at the pilot station follows from the agreed berth time; the pilot actually boards later or
        // earlier by the voyage's lateness, so "was" and "now" of the pilot time differ as they do on a real call.
        if (!isDummy) steps.push({ time: 'pilot_boarding_place_arrival', party: vesselSide, action: 'estimate', at: agreed - sailing, createdAt: Math.max(agreed - sailing - 12 * H, steps.at(-1)!.createdAt + 10 * MIN) });
        const pbpBoarded = pbpArrival + rng.int(2, 20) * MIN;
        steps.push({ time: 'pilot_boarding_place_arrival', party: 'terminal', action: 'actual', at: pbpArrival, createdAt: pbpBoarded });
        // The outbound pilot is ordered for the agreed departure once the inbound one has boarded; he leaves at the actual one.
        steps.push({ time: 'pilot_boarding_place_departure', party: 'terminal', action: 'plan', at: agreedDeparture + sailing, createdAt: pbpBoarded + 5 * MIN });
        // Berth actuals are written once placement has settled them; placeholders stand in for the order of steps.
        steps.push({ time: 'berth_arrival', party: 'terminal', action: 'actual', at: atb, createdAt: atb });
        steps.push({ time: 'berth_departure', party: 'terminal', action: 'actual', at: atd, createdAt: atd });
        steps.push({ time: 'pilot_boarding_place_departure', party: 'terminal', action: 'actual', at: atd + sailing, createdAt: atd + sailing });
      }
      const cranes = isContainer ? cranesWanted(Number(vessel.length_overall_m), 0) + rng.int(0, 1) : 1;
      const cargoHours = Math.max(1, (atd - atb) / H - 3);
      // Gross rates a terminal of this size reaches: 20-30 moves per crane-hour, slower in bad weather.
      const moves = isContainer ? Math.round(cargoHours * cranes * rng.int(storm ? 12 : 18, storm ? 20 : 28) * 0.85) : Math.round(cargoHours * rng.int(15, 28));
      planned.push({ index: planned.length, vessel, service: lined?.service ?? null, nominal: agreed, isContainer, isDummy, cancelled, storm, draftInbound: Math.round(Math.max(4, draft - rng.next() * 1.5) * 10) / 10, draftOutbound: Math.round(Math.max(4, draft - rng.next() * 1.5) * 10) / 10, pbpId: pbp.id, sailing, pbpArrival, atb, atd, steps, agentId, moves, cranes });
    }
  }

  const quay: TPlanQuay = {
    length: terminal.quay_length_m,
    clearance: terminal.min_clearance_m,
    sections: sections.map((s) => ({ id: s.id, start: s.start_position_m, end: s.end_position_m, depth: Number(s.water_depth_m), berthType: s.berth_type })),
    blockZones: zones.map((z) => ({ id: z.id, start: z.start_position_m, end: z.end_position_m, from: z.starts_at.getTime(), to: z.ends_at.getTime() })),
  };
  // A vessel whose berth is taken waits longer at anchor (a later shift), but never berths before she could sail up.
  const placements = placeDemoCalls(
    planned
      .filter((c) => !c.cancelled)
      .map((c) => ({
        id: c.index,
        length: Number(c.vessel.length_overall_m),
        draft: Math.max(c.draftInbound, c.draftOutbound),
        from: c.atb,
        to: c.atd,
        isAlongside: false,
        isLeftUnplaced: false,
        isLiner: c.service !== null,
        canShift: (shift: number) => Math.abs(shift) <= HISTORY_MAX_PLACEMENT_SHIFT && c.atb + shift >= c.pbpArrival + c.sailing && c.atd + shift <= end && c.atb + shift >= start,
      })),
    quay,
  );

  const occurrences = shiftsInWindow({ shifts, timeZone: terminal.time_zone, from: start - 2 * DAY, to: end + 4 * DAY });
  const berthSections = sections.filter((s) => s.berth_type === 'Berth');
  const bollardMetres = bollards.map((b) => ({ id: b.id, position_m: Number(b.position_m) }));
  const kept = planned.filter((c) => c.cancelled || placements.has(c.index));
  const ledger = new GangLedger((n) => shifts.find((s) => s.shift_number === n)?.gangs_available ?? 0);

  const callRows: Insertable<PortcallsTable>[] = [];
  const cargoPlans: { moves: number; discharge: number; load: number; restow: number; cargoStart: number; cargoEnd: number; cargoType: NonNullable<TShiftDetailInput['cargo_type']>; unit: string; cranes: number; isContainer: boolean }[] = [];
  const chains: { steps: (TSeedStep & { createdAt: number })[]; rows: ReturnType<typeof playChain>['rows']; by: number | null }[] = [];
  for (const c of kept) {
    const placement = placements.get(c.index) ?? null;
    const shift = placement?.shiftMs ?? 0;
    const atb = c.atb + shift;
    const atd = c.atd + shift;
    const steps = c.steps.map((s) => (s.action === 'actual' && s.time !== 'pilot_boarding_place_arrival' ? { ...s, at: (s.at ?? 0) + shift, createdAt: s.createdAt + shift + rng.int(3, 25) * MIN } : s));
    const agreedDeparture = c.steps.find((s) => s.time === 'berth_departure' && s.at !== undefined)!.at!;
    const initial: Record<TNegotiatedTime, number | null> = { berth_arrival: c.steps[0]!.at!, berth_departure: agreedDeparture, pilot_boarding_place_arrival: null, pilot_boarding_place_departure: null };
    const { state, rows } = playChain(steps, initial);
    const label = (t: TNegotiatedTime) => (state[t]!.label === 'none' ? null : state[t]!.label);
    const value = (t: TNegotiatedTime) => state[t]!.value;
    const cargoStart = atb + rng.int(30, 120) * MIN;
    const cargoEnd = Math.max(cargoStart + H, atd - rng.int(45, 120) * MIN);
    // The gangs the shifts still have free: a call in a busy week works with fewer, and moves fewer boxes.
    const worked = c.cancelled ? [] : workedOccurrences(occurrences, cargoStart, cargoEnd);
    const gangs = c.cancelled ? c.cranes : Math.min(c.cranes, ledger.free(worked));
    const moves = gangs === c.cranes ? c.moves : Math.round((c.moves * gangs) / c.cranes);
    if (!c.cancelled && moves > 0) ledger.take(worked, gangs);
    const discharge = Math.round(moves * (0.4 + rng.next() * 0.2));
    const restow = c.isContainer ? Math.min(rng.int(0, 60), moves - discharge) : 0;
    const load = moves - discharge - restow;
    const cargoType = c.isContainer ? 'Container (boxes)' : c.vessel.vessel_type === 'CAR_CARRIER' || c.vessel.vessel_type === 'RO_RO' ? 'Roll-on/Roll-off' : c.vessel.vessel_type === 'DRY_BULK' ? 'Dry bulk (tons)' : 'General';
    const covering = placement ? bollardsCovering(bollardMetres, quayMetres(placement.start), quayMetres(placement.end)) : null;
    const by = c.agentId !== null && c.agentId === agentIds[0] ? agentUserId : vesselUserId;
    const lastStep = steps.at(-1)!.createdAt;
    // A liner call's voyage is numbered by its week, as the live calls' are (seed-rotation.ts); a tramp's is not a voyage.
    const voyage = c.service ? voyageNumberOf(c.nominal, c.service) : null;
    const stored: Record<TNegotiatedTime, number | null> = {
      berth_arrival: c.cancelled ? value('berth_arrival')! : atb,
      berth_departure: c.cancelled ? value('berth_departure')! : atd,
      pilot_boarding_place_arrival: c.cancelled ? null : c.pbpArrival,
      pilot_boarding_place_departure: c.cancelled ? null : atd + c.sailing,
    };
    callRows.push({
      terminal_id: terminalId,
      vessel_id: c.vessel.id,
      vessel_operator_id: c.vessel.vessel_operator_id!,
      agent_id: c.agentId,
      status: deriveStatus({ isCancelled: c.cancelled, berthArrivalLabel: label('berth_arrival'), berthDepartureLabel: label('berth_departure'), pilotArrivalLabel: label('pilot_boarding_place_arrival'), cargoOperationsStarted: !c.cancelled }),
      portcall_type: rng.chance(0.06) ? 'Shifter' : 'Inbound',
      berth_arrival: new Date(stored.berth_arrival!),
      berth_departure: new Date(stored.berth_departure!),
      berth_arrival_label: label('berth_arrival'),
      berth_arrival_change_label: state.berth_arrival!.change,
      berth_departure_label: label('berth_departure'),
      berth_departure_change_label: state.berth_departure!.change,
      pilot_boarding_place_id: c.pbpId,
      pilot_boarding_place_arrival: c.cancelled ? null : new Date(c.pbpArrival),
      pilot_boarding_place_arrival_label: label('pilot_boarding_place_arrival'),
      pilot_boarding_place_arrival_change_label: state.pilot_boarding_place_arrival!.change,
      pilot_boarding_place_departure: c.cancelled ? null : new Date(stored.pilot_boarding_place_departure!),
      pilot_boarding_place_departure_label: label('pilot_boarding_place_departure'),
      pilot_boarding_place_departure_change_label: state.pilot_boarding_place_departure!.change,
      cargo_operations_start: c.cancelled ? null : new Date(cargoStart),
      cargo_operations_end: c.cancelled ? null : new Date(cargoEnd),
      berth_start_position: placement?.start ?? null,
      berth_end_position: placement?.end ?? null,
      berth_start_bollard_id: covering?.first.id ?? null,
      berth_end_bollard_id: covering?.last.id ?? null,
      terminal_section_id: placement ? (berthSections.find((s) => s.start_position_m <= placement.start && placement.start < s.end_position_m)?.id ?? null) : null,
      berth_orientation: placement ? rng.pick(['Starboard', 'Port'] as const) : null,
      service_name: c.service?.name ?? null,
      voyage_number_import: voyage ? `${voyage}W` : `${rng.int(10, 99)}N`,
      voyage_number_export: voyage ? `${voyage}E` : `${rng.int(10, 99)}S`,
      draft_inbound: c.draftInbound,
      draft_outbound: c.draftOutbound,
      previous_port_id: c.service ? (portIdOf(c.service.previousPort) ?? null) : ports.length ? rng.pick(ports).id : null,
      next_port_id: c.service ? (portIdOf(c.service.nextPort) ?? null) : ports.length ? rng.pick(ports).id : null,
      cargo_quantity_status: c.cancelled ? 'Confirmed' : 'Actual',
      move_count_unit: c.isContainer ? 'pieces' : 'tons',
      move_count_containers: c.isContainer ? moves : 0,
      cargo_type: cargoType,
      ...previousTimesOf(rows, stored),
      is_dummy: c.isDummy,
      card_colour: rng.pick(['default', 'default', 'blue', 'cyan', 'green', 'orange']),
      cancelled_by: c.cancelled ? terminalUserId : null,
      cancelled_at: c.cancelled ? new Date(lastStep) : null,
      created_by: c.isDummy ? terminalUserId : by,
      created_at: new Date(c.steps[0]!.createdAt - rng.int(0, 3) * H),
      updated_at: new Date(lastStep),
    });
    cargoPlans.push({ moves, discharge, load, restow, cargoStart, cargoEnd, cargoType, unit: c.isContainer ? 'pieces' : 'tons', cranes: Math.max(1, gangs), isContainer: c.isContainer });
    chains.push({ steps, rows, by });
  }

  const ids: number[] = [];
  for (let i = 0; i < callRows.length; i += BATCH) ids.push(...(await trx.insertInto('portcalls').values(callRows.slice(i, i + BATCH)).returning('id').execute()).map((r) => r.id));

  const cargoRows: Insertable<PortcallCargoDetailsTable>[] = ids.map((id, i) => {
    const p = cargoPlans[i]!;
    return { portcall_id: id, position: 0, cargo_operations_start: new Date(p.cargoStart), cargo_operations_end: new Date(p.cargoEnd), cargo_type: p.cargoType, cargo_sub_type: null, product_type: null, move_count: p.moves, move_count_unit: p.unit, comment: null, discharge: p.discharge, load: p.load, restow: p.restow, units_per_hour: p.isContainer ? 28 : 120, crane_intensity: p.cranes };
  });
  const shiftRows: Insertable<PortcallShiftDetailsTable>[] = ids.flatMap((id, i) => {
    if (kept[i]!.cancelled) return [];
    const p = cargoPlans[i]!;
    const plan = shiftPlan({ cargoStart: p.cargoStart, cargoEnd: p.cargoEnd, discharge: p.discharge, load: p.load, restow: p.restow, cargoType: p.cargoType, gangs: p.cranes, craneBookings: [] }, occurrences, (n) => DEMO_SHIFT_CONTACTS[n] ?? DEMO_SHIFT_CONTACTS[1]!);
    return plan.map((d) => shiftDetailRow(id, d));
  });

  // Step k of every call in one statement, so each reply can point at the id of the step it answers.
  const auditRows: Insertable<PortcallAuditEventsTable>[] = [];
  const lastIdByTime = ids.map(() => new Map<string, number>());
  const longest = Math.max(0, ...chains.map((c) => c.rows.length));
  for (let k = 0; k < longest; k++) {
    const round: { call: number; row: Insertable<PortcallTimestampsTable> }[] = [];
    chains.forEach((chain, i) => {
      const r = chain.rows[k];
      if (!r) return;
      const by = r.party === 'terminal' ? terminalUserId : chain.by;
      const createdAt = new Date(Math.min(chain.steps[k]!.createdAt, nowMs));
      round.push({ call: i, row: { portcall_id: ids[i]!, time_type: r.time, action: r.action, classifier: r.classifier, party: r.party, date_time: r.dateTime !== null ? new Date(r.dateTime) : null, label_after: r.label, previous_label: r.previous === 'none' ? null : r.previous, change_label_after: r.change, reply_to_id: lastIdByTime[i]!.get(r.time) ?? null, delay_reason_code: r.action === 'propose' ? 'BER' : null, remark: null, created_by: by, acting_for: null, created_at: createdAt } });
      auditRows.push({ portcall_id: ids[i]!, event_type: auditTypeOf(r.action, r.change), field: r.time, old_value: null, new_value: storedJson('audit_value', { value: r.dateTime !== null ? new Date(r.dateTime).toISOString() : null, label: r.label, action: r.action }), actor_user_id: by, acting_for_user_id: null, created_at: createdAt });
    });
    for (let j = 0; j < round.length; j += BATCH) {
      const part = round.slice(j, j + BATCH);
      const inserted = await trx.insertInto('portcall_timestamps').values(part.map((p) => p.row)).returning('id').execute();
      part.forEach((p, n) => lastIdByTime[p.call]!.set(p.row.time_type as string, inserted[n]!.id));
    }
  }
  for (let i = 0; i < cargoRows.length; i += BATCH) await trx.insertInto('portcall_cargo_details').values(cargoRows.slice(i, i + BATCH)).execute();
  for (let i = 0; i < shiftRows.length; i += BATCH) await trx.insertInto('portcall_shift_details').values(shiftRows.slice(i, i + BATCH)).execute();
  for (let i = 0; i < auditRows.length; i += BATCH) await trx.insertInto('portcall_audit_events').values(auditRows.slice(i, i + BATCH)).execute();
  return ids.length;
}
