// The rules of the shift planner, shared by the server (board, validation, prefill, volume sync) and the board
// (optimistic edits, header totals): columns from the shift calendar, cards per shift, capacity and problems.
import { formatLocalDay, localDateOf, shiftsInWindow } from './shift-calendar';
import type { TShiftDetailInput } from './schemas/portcall';
import type { TShiftPlannerOrderBy } from './schemas/settings';
import type { TBoardPortcall, TBoardShift, TBoardShiftDefinition, TBoardShiftVolume, TBoardVolumes, TShiftPlanProblem } from './schemas/shift-planner';

type TInterval = { start: number; end: number };
type TNonWorking = { id: number; starts_at: string; ends_at: string };
type TCardTimes = { start_time: string; end_time: string };
type TVolumeFields = { discharge: number; load: number; restow: number };
export type TShiftPlanInputProblem = { path: string; message: string };

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const localDateString = (ms: number, timeZone: string) => formatLocalDay(localDateOf(ms, timeZone));
export const shiftKeyOf = (date: string, shiftNumber: number) => `${date}#${shiftNumber}`;
export const cardVolume = (d: TVolumeFields) => d.discharge + d.load + d.restow;

/** Whole parts in proportion to the weights that add up to the amount; the largest remainders take the leftovers (ties: earlier). */
export function splitProportionally(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (total <= 0) return weights.map((_, i) => (i === weights.length - 1 ? amount : 0));
  const exact = weights.map((w) => (amount * Math.max(0, w)) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i]! += 1;
    left--;
  }
  return parts;
}

/** Length of the parts of [start, end) covered by the intervals (overlapping intervals count once). */
function coveredMs(range: TInterval, intervals: readonly TInterval[]): number {
  const clipped = intervals
    .map((i) => ({ start: Math.max(i.start, range.start), end: Math.min(i.end, range.end) }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start);
  let covered = 0;
  let reach = range.start;
  for (const i of clipped) {
    const from = Math.max(i.start, reach);
    if (i.end > from) covered += i.end - from;
    reach = Math.max(reach, i.end);
  }
  return covered;
}

/**
 * The board's columns: every terminal shift that starts on one of the shown local days, in time order, with the
 * minutes left for work after the non-working times and whether it is closed altogether.
 * `from` and `to` are the local midnights that bound the shown days.
 */
export function boardShifts(args: { shifts: readonly TBoardShiftDefinition[]; timeZone: string; from: number; to: number; nonWorking: readonly TNonWorking[]; equipmentCount: number }): TBoardShift[] {
  const gangs = new Map(args.shifts.map((s) => [s.shift_number, s.gangs_available]));
  const nonWorking = args.nonWorking.map((n) => ({ id: n.id, start: Date.parse(n.starts_at), end: Date.parse(n.ends_at) }));
  return shiftsInWindow({ shifts: args.shifts, timeZone: args.timeZone, from: args.from, to: args.to })
    .filter((o) => o.start >= args.from && o.start < args.to)
    .map((o) => {
      const touching = nonWorking.filter((n) => n.start < o.end && n.end > o.start);
      const working = Math.round((o.end - o.start - coveredMs(o, touching)) / MINUTE);
      const date = localDateString(o.start, args.timeZone);
      return {
        key: shiftKeyOf(date, o.shift_number),
        date,
        shift_number: o.shift_number,
        name: o.name,
        ...(o.names ? { names: o.names } : {}),
        terminal_shift_id: o.terminal_shift_id,
        start_time: iso(o.start),
        end_time: iso(o.end),
        working_minutes: working,
        closed: working <= 0,
        non_working_time_ids: touching.map((n) => n.id),
        gangs_available: gangs.get(o.shift_number) ?? 0,
        equipment_available: args.equipmentCount,
      };
    });
}

/** The column a card belongs to: the shift that holds the card's midpoint; -1 when none does. Shifts are in time order. */
export function shiftIndexOf(shifts: readonly TCardTimes[], card: TCardTimes): number {
  const mid = (Date.parse(card.start_time) + Date.parse(card.end_time)) / 2;
  let lo = 0;
  let hi = shifts.length - 1;
  while (lo <= hi) {
    const m = (lo + hi) >> 1;
    const s = shifts[m]!;
    if (mid < Date.parse(s.start_time)) hi = m - 1;
    else if (mid >= Date.parse(s.end_time)) lo = m + 1;
    else return m;
  }
  return -1;
}

export function plannedVolumes(details: readonly TVolumeFields[]): TBoardVolumes {
  const sum = (k: keyof TVolumeFields) => details.reduce((a, d) => a + d[k], 0);
  const v = { discharge: sum('discharge'), load: sum('load'), restow: sum('restow') };
  return { ...v, total: cardVolume(v) };
}

export function volumesDiffer(a: TVolumeFields, b: TVolumeFields): boolean {
  return a.discharge !== b.discharge || a.load !== b.load || a.restow !== b.restow;
}

/** The figures of a row: cargo against plan, and what is left once the ended shifts are done (actual moves where recorded). */
export function boardPortcallFigures(args: {
  cargoDetails: readonly (TVolumeFields & { units_per_hour?: number | null | undefined; crane_intensity?: number | null | undefined })[];
  details: readonly (TVolumeFields & TCardTimes & { actual_moves?: number | null | undefined })[];
  now: number;
}): Pick<TBoardPortcall, 'cargo' | 'planned' | 'remaining_volume' | 'volume_mismatch'> {
  const cargoSum = plannedVolumes(args.cargoDetails);
  const rated = args.cargoDetails.find((c) => (c.units_per_hour ?? 0) > 0);
  const planned = plannedVolumes(args.details);
  const done = args.details.filter((d) => Date.parse(d.end_time) <= args.now).reduce((a, d) => a + (d.actual_moves ?? cardVolume(d)), 0);
  return {
    cargo: { ...cargoSum, units_per_hour: rated?.units_per_hour ?? null, crane_intensity: rated?.crane_intensity ?? args.cargoDetails[0]?.crane_intensity ?? 1 },
    planned,
    remaining_volume: Math.max(0, cargoSum.total - done),
    volume_mismatch: args.details.length > 0 && volumesDiffer(cargoSum, planned),
  };
}

const ORDER: Record<TShiftPlannerOrderBy, (a: TBoardPortcall, b: TBoardPortcall) => number> = {
  arrival_time: (a, b) => Date.parse(a.berth_arrival) - Date.parse(b.berth_arrival),
  departure_time: (a, b) => Date.parse(a.berth_departure) - Date.parse(b.berth_departure),
  berth_position: (a, b) => (a.berth_start_position ?? Number.MAX_SAFE_INTEGER) - (b.berth_start_position ?? Number.MAX_SAFE_INTEGER),
  vessel_name: (a, b) => a.vessel_name.localeCompare(b.vessel_name),
  remaining_volume: (a, b) => b.remaining_volume - a.remaining_volume,
};

/** Rows in the chosen order; ties by arrival, then id, so the board never reshuffles between loads. */
export function sortBoardPortcalls<T extends TBoardPortcall>(calls: readonly T[], orderBy: TShiftPlannerOrderBy): T[] {
  return [...calls].sort((a, b) => ORDER[orderBy](a, b) || ORDER.arrival_time(a, b) || a.id - b.id);
}

type TSummaryCall = Pick<TBoardPortcall, 'id' | 'berth_arrival' | 'berth_departure' | 'cargo' | 'sync_shift_cargo_volumes'> & {
  portcall_shift_details: readonly (TVolumeFields & TCardTimes & { gangs: number; shift_equipment_details?: readonly { equipment_number: string }[] | undefined })[];
};

/**
 * The column headers and the problem list: volume, gangs and equipment per shift against what the terminal has,
 * and every card that breaks a rule (more gangs than available, one item of equipment on two calls, work in a
 * closed shift or outside the call's stay, shift volumes that do not add up to the cargo).
 */
export function summariseShiftBoard(args: { shifts: readonly TBoardShift[]; portcalls: readonly TSummaryCall[] }): {
  shifts_volume: TBoardShiftVolume[];
  days_volume: { date: string; volume: number }[];
  problems: TShiftPlanProblem[];
} {
  const columns = args.shifts.map((s) => ({ shift: s, discharge: 0, load: 0, restow: 0, gangs: 0, calls: new Set<number>(), equipment: new Map<string, { call: number; start: number; end: number }[]>() }));
  const problems: TShiftPlanProblem[] = [];
  const problem = (p: Partial<TShiftPlanProblem> & Pick<TShiftPlanProblem, 'kind' | 'portcall_ids'>) =>
    problems.push({ shift_key: null, equipment_number: null, demanded: null, available: null, ...p });
  for (const call of args.portcalls) {
    const stay = { start: Date.parse(call.berth_arrival), end: Date.parse(call.berth_departure) };
    for (const card of call.portcall_shift_details) {
      const i = shiftIndexOf(args.shifts, card);
      const column = columns[i];
      if (Date.parse(card.start_time) < stay.start || Date.parse(card.end_time) > stay.end) {
        problem({ kind: 'work_outside_stay', shift_key: column?.shift.key ?? null, portcall_ids: [call.id] });
      }
      if (!column) continue;
      column.discharge += card.discharge;
      column.load += card.load;
      column.restow += card.restow;
      column.gangs += card.gangs;
      column.calls.add(call.id);
      for (const e of card.shift_equipment_details ?? []) {
        const uses = column.equipment.get(e.equipment_number) ?? [];
        uses.push({ call: call.id, start: Date.parse(card.start_time), end: Date.parse(card.end_time) });
        column.equipment.set(e.equipment_number, uses);
      }
      if (column.shift.closed && (cardVolume(card) > 0 || card.gangs > 0)) problem({ kind: 'work_in_closed_shift', shift_key: column.shift.key, portcall_ids: [call.id] });
    }
    const planned = plannedVolumes(call.portcall_shift_details);
    if (call.portcall_shift_details.length > 0 && volumesDiffer(call.cargo, planned)) {
      problem({ kind: 'volume_mismatch', portcall_ids: [call.id], demanded: planned.total, available: call.cargo.total });
    }
  }
  const shiftsVolume = columns.map((c) => {
    // One item on two calls counts only when their cards overlap in time: a crane that finishes one vessel and moves
    // to the next within the shift is planned, not double-booked.
    const doubled = [...c.equipment].map(([number, uses]) => [number, overlappingCalls(uses)] as const).filter(([, users]) => users.size > 1);
    const overGangs = c.gangs > c.shift.gangs_available;
    if (overGangs) problem({ kind: 'gangs_over_capacity', shift_key: c.shift.key, portcall_ids: [...c.calls], demanded: c.gangs, available: c.shift.gangs_available });
    for (const [number, users] of doubled) problem({ kind: 'equipment_double_booked', shift_key: c.shift.key, portcall_ids: [...users], equipment_number: number });
    return {
      key: c.shift.key,
      discharge: c.discharge,
      load: c.load,
      restow: c.restow,
      volume: c.discharge + c.load + c.restow,
      gangs: c.gangs,
      gangs_available: c.shift.gangs_available,
      equipment: [...c.equipment.keys()].sort(),
      equipment_available: c.shift.equipment_available,
      portcall_count: c.calls.size,
      over_capacity: overGangs || doubled.length > 0,
    };
  });
  const days = new Map<string, number>();
  columns.forEach((c, i) => days.set(c.shift.date, (days.get(c.shift.date) ?? 0) + shiftsVolume[i]!.volume));
  return { shifts_volume: shiftsVolume, days_volume: [...days].map(([date, volume]) => ({ date, volume })), problems };
}

/** The calls whose uses of one item overlap another call's use of it. */
function overlappingCalls(uses: readonly { call: number; start: number; end: number }[]): Set<number> {
  const out = new Set<number>();
  for (const a of uses) for (const b of uses) if (a.call !== b.call && a.start < b.end && b.start < a.end) out.add(a.call).add(b.call);
  return out;
}

type TShiftSlot = Pick<TBoardShift, 'shift_number' | 'terminal_shift_id' | 'start_time' | 'end_time'>;
type TStay = { from: number; to: number };

/** The card's times in a shift: the shift clipped to the call's stay (and to the cargo window, when given). */
function slotTimes(slot: TShiftSlot, stay: TStay): TCardTimes | null {
  const start = Math.max(Date.parse(slot.start_time), stay.from);
  const end = Math.min(Date.parse(slot.end_time), stay.to);
  return end > start ? { start_time: iso(start), end_time: iso(end) } : null;
}

/**
 * Spreads a call's cargo over the shifts of its cargo window. With a rate (units per hour and crane, times the
 * crane intensity) each shift takes what its working hours allow, in order, until the cargo is placed; what does
 * not fit at that rate goes to the last shift and is reported as overflow. Without a rate the cargo is split by
 * working hours. Closed shifts and non-working times take nothing. Discharge, load and restow keep their shares.
 */
export function prefillShiftPlan(args: {
  shifts: readonly (TShiftSlot & { closed?: boolean | undefined })[];
  nonWorking: readonly { starts_at: string; ends_at: string }[];
  window: TStay;
  volumes: TVolumeFields;
  unitsPerHour: number | null;
  craneIntensity: number;
  card?: Partial<Pick<TShiftDetailInput, 'cargo_type' | 'cargo_sub_type' | 'product_name' | 'contact_person' | 'resource_per_shift'>> | undefined;
}): { details: TShiftDetailInput[]; overflow: number } {
  const nonWorking = args.nonWorking.map((n) => ({ start: Date.parse(n.starts_at), end: Date.parse(n.ends_at) }));
  const slots = args.shifts
    .filter((s) => !s.closed)
    .map((s) => ({ slot: s, times: slotTimes(s, args.window) }))
    .filter((s): s is { slot: (typeof args.shifts)[number]; times: TCardTimes } => s.times !== null)
    .map((s) => {
      const range = { start: Date.parse(s.times.start_time), end: Date.parse(s.times.end_time) };
      return { ...s, workingMs: range.end - range.start - coveredMs(range, nonWorking) };
    })
    .filter((s) => s.workingMs > 0);
  const total = cardVolume(args.volumes);
  if (slots.length === 0) return { details: [], overflow: total };
  let amounts: number[];
  let overflow = 0;
  const rate = (args.unitsPerHour ?? 0) * args.craneIntensity;
  if (rate > 0) {
    let left = total;
    amounts = slots.map((s) => {
      const take = Math.min(left, Math.floor((rate * s.workingMs) / 3_600_000));
      left -= take;
      return take;
    });
    overflow = left;
    amounts[amounts.length - 1]! += left;
  } else {
    amounts = splitProportionally(total, slots.map((s) => s.workingMs));
  }
  const [discharge, load, restow] = [splitProportionally(args.volumes.discharge, amounts), splitProportionally(args.volumes.load, amounts), splitProportionally(args.volumes.restow, amounts)];
  const gangs = Math.max(1, Math.ceil(args.craneIntensity));
  const details = slots
    .map((s, i) => ({
      terminal_shift_id: s.slot.terminal_shift_id,
      shift_number: s.slot.shift_number,
      ...s.times,
      cargo_type: args.card?.cargo_type ?? null,
      cargo_sub_type: args.card?.cargo_sub_type ?? null,
      product_name: args.card?.product_name ?? null,
      discharge: discharge[i]!,
      load: load[i]!,
      restow: restow[i]!,
      gangs: amounts[i]! > 0 ? gangs : 0,
      resource_per_shift: args.card?.resource_per_shift ?? null,
      comments: null,
      ...(args.card?.contact_person ? { contact_person: args.card.contact_person } : {}),
      shift_equipment_details: [],
      actual_moves: null,
    }))
    .filter((d) => cardVolume(d) > 0 || total === 0);
  return { details, overflow };
}

/**
 * Sync from the cargo side: each of discharge, load and restow of the cards is rescaled so the cards add up to the
 * cargo, in proportion to what the cards held (by card length when a column held nothing).
 */
export function scaleShiftVolumes<T extends TVolumeFields & TCardTimes>(details: readonly T[], target: TVolumeFields): T[] {
  if (details.length === 0) return [];
  const lengths = details.map((d) => Date.parse(d.end_time) - Date.parse(d.start_time));
  const column = (k: keyof TVolumeFields) => {
    const weights = details.map((d) => d[k]);
    return splitProportionally(target[k], weights.some((w) => w > 0) ? weights : lengths);
  };
  const [d, l, r] = [column('discharge'), column('load'), column('restow')];
  return details.map((card, i) => ({ ...card, discharge: d[i]!, load: l[i]!, restow: r[i]! }));
}

/**
 * Sync from the shift side: the cargo rows are rescaled so they add up to the cards. Rows whose figures come from a
 * tier table (`fixed`) keep them; the others take the difference in proportion (all of it on the first when they
 * held nothing). Null when the free rows cannot absorb the change (it would make one negative).
 */
export function scaleCargoVolumes<T extends TVolumeFields & { fixed?: boolean }>(rows: readonly T[], target: TVolumeFields): T[] | null {
  const free = rows.map((r, i) => ({ r, i })).filter((x) => !x.r.fixed);
  if (free.length === 0) return volumesDiffer(plannedVolumes(rows), target) ? null : [...rows];
  const out = rows.map((r) => ({ ...r }));
  for (const k of ['discharge', 'load', 'restow'] as const) {
    const fixedSum = rows.filter((r) => r.fixed).reduce((a, r) => a + r[k], 0);
    const want = target[k] - fixedSum;
    if (want < 0) return null;
    const weights = free.map((x) => x.r[k]);
    const parts = splitProportionally(want, weights.some((w) => w > 0) ? weights : free.map((_, j) => (j === 0 ? 1 : 0)));
    free.forEach((x, j) => (out[x.i]![k] = parts[j]!));
  }
  return out;
}

/** A card without its stored identity, ready to send back. */
export function toShiftDetailInput(d: TShiftDetailInput & { id?: number; portcall_id?: number; total_resources?: number }): TShiftDetailInput {
  const { id: _id, portcall_id: _portcall, total_resources: _total, ...input } = d;
  return input;
}

function mergeCards(into: TShiftDetailInput, from: TShiftDetailInput): TShiftDetailInput {
  const equipment = new Map([...into.shift_equipment_details, ...from.shift_equipment_details].map((e) => [e.equipment_number, e]));
  return {
    ...into,
    discharge: into.discharge + from.discharge,
    load: into.load + from.load,
    restow: into.restow + from.restow,
    gangs: Math.max(into.gangs, from.gangs),
    shift_equipment_details: [...equipment.values()],
    actual_moves: into.actual_moves ?? null,
  };
}

function cardInSlot(details: readonly TShiftDetailInput[], slot: TShiftSlot): number {
  return details.findIndex((d) => shiftIndexOf([slot], d) === 0);
}

function byStart(details: TShiftDetailInput[]): TShiftDetailInput[] {
  return details.sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
}

/** Part of a card's volumes moved into another shift of the same call (merged with the card already there). */
export function splitShiftWork(details: readonly TShiftDetailInput[], index: number, target: TShiftSlot, amounts: TVolumeFields, stay: TStay): TShiftDetailInput[] | null {
  const source = details[index];
  const times = slotTimes(target, stay);
  if (!source || !times || amounts.discharge > source.discharge || amounts.load > source.load || amounts.restow > source.restow) return null;
  if (amounts.discharge < 0 || amounts.load < 0 || amounts.restow < 0) return null;
  const out = details.map((d) => ({ ...d }));
  const moved: TShiftDetailInput = { ...source, ...times, shift_number: target.shift_number, terminal_shift_id: target.terminal_shift_id, ...amounts, actual_moves: null };
  out[index] = { ...source, discharge: source.discharge - amounts.discharge, load: source.load - amounts.load, restow: source.restow - amounts.restow };
  const there = cardInSlot(out, target);
  if (there === index) return details.slice();
  if (there >= 0) out[there] = mergeCards(out[there]!, moved);
  else out.push(moved);
  const whole = cardVolume(amounts) === cardVolume(source);
  return byStart(whole ? out.filter((_, i) => i !== index) : out);
}

/** A card's whole work moved to another shift (a drag on the board). */
export function moveShiftWork(details: readonly TShiftDetailInput[], index: number, target: TShiftSlot, stay: TStay): TShiftDetailInput[] | null {
  const source = details[index];
  if (!source) return null;
  if (cardVolume(source) === 0) {
    const times = slotTimes(target, stay);
    if (!times || cardInSlot(details, target) >= 0) return null;
    const out = details.map((d) => ({ ...d }));
    out[index] = { ...source, ...times, shift_number: target.shift_number, terminal_shift_id: target.terminal_shift_id };
    return byStart(out);
  }
  return splitShiftWork(details, index, target, { discharge: source.discharge, load: source.load, restow: source.restow }, stay);
}

/**
 * A card's pattern (gangs, resources, equipment, contact person, cargo type, product, comments) copied to the given
 * shifts of the same call; their volumes stay as they were, a shift without a card gets one with no volume.
 */
export function copyShiftPattern(details: readonly TShiftDetailInput[], index: number, targets: readonly TShiftSlot[], stay: TStay): TShiftDetailInput[] | null {
  const source = details[index];
  if (!source) return null;
  const out = details.map((d) => ({ ...d }));
  const pattern = {
    cargo_type: source.cargo_type ?? null,
    cargo_sub_type: source.cargo_sub_type ?? null,
    product_name: source.product_name ?? null,
    gangs: source.gangs,
    resource_per_shift: source.resource_per_shift ?? null,
    comments: source.comments ?? null,
    shift_equipment_details: source.shift_equipment_details.map((e) => ({ ...e })),
    ...(source.contact_person ? { contact_person: { ...source.contact_person } } : {}),
  };
  for (const target of targets) {
    const times = slotTimes(target, stay);
    if (!times) continue;
    const there = cardInSlot(out, target);
    if (there === index) continue;
    if (there >= 0) out[there] = { ...out[there]!, ...pattern };
    else out.push({ ...pattern, ...times, shift_number: target.shift_number, terminal_shift_id: target.terminal_shift_id, discharge: 0, load: 0, restow: 0, actual_moves: null });
  }
  return byStart(out);
}

/** A card's place (start, end, shift number) as one comparable key, whatever the precision of its time stamps. */
export function shiftCardPlaceKey(card: { start_time: string; end_time: string; shift_number: number }): string {
  const iso = (t: string) => (Number.isFinite(Date.parse(t)) ? new Date(Date.parse(t)).toISOString() : t);
  return `${iso(card.start_time)}|${iso(card.end_time)}|${card.shift_number}`;
}

/**
 * What is wrong with a call's shift plan before it is saved, per card and field: outside the stay, not inside one
 * terminal shift, in a closed shift, two cards in one shift, more gangs than the shift has, equipment that the
 * terminal does not have, twice on a card, or booked by another call in an overlapping shift.
 */
export function shiftPlanInputProblems(args: {
  details: readonly TShiftDetailInput[];
  stay: TStay;
  /** The terminal's shifts around the stay, in time order. */
  shifts: readonly TBoardShift[];
  equipmentNumbers: ReadonlySet<string>;
  bookedElsewhere: readonly { equipment_number: string; start: number; end: number; portcall_id: number }[];
  /**
   * The call's cards as stored now: each card's place (`shiftCardPlaceKey`) and the equipment on it. A card sent back at
   * its stored place is not judged on its place, nor on the equipment it already had there: a call moved on the berth
   * planner carries its cards along, off the shift grid, past the new stay or onto another call's crane, and the board
   * lists those as problems; refusing them would stop the planner from changing anything else on that call.
   */
  stored?: ReadonlyMap<string, ReadonlySet<string>>;
}): TShiftPlanInputProblem[] {
  const problems: TShiftPlanInputProblem[] = [];
  const seen = new Map<string, number>();
  args.details.forEach((d, i) => {
    const at = (field: string, message: string) => problems.push({ path: `portcall_shift_details.${i}.${field}`, message });
    const start = Date.parse(d.start_time);
    const end = Date.parse(d.end_time);
    if (!(end > start)) return at('end_time', 'A shift ends after it starts');
    const keptEquipment = args.stored?.get(shiftCardPlaceKey(d));
    const placeKept = keptEquipment !== undefined;
    if (!placeKept && (start < args.stay.from || end > args.stay.to)) at('start_time', 'Outside the call\u2019s stay at the berth');
    const column = args.shifts[shiftIndexOf(args.shifts, d)];
    const inColumn = !!column && start >= Date.parse(column.start_time) && end <= Date.parse(column.end_time);
    if (!inColumn) return placeKept ? undefined : at('start_time', 'Not inside one of the terminal\u2019s shifts');
    if (!placeKept && column.shift_number !== d.shift_number) at('shift_number', `This time is shift ${column.shift_number}`);
    if (!placeKept && column.closed) at('start_time', 'The terminal does not work in this shift');
    const other = seen.get(column.key);
    if (other !== undefined) at('start_time', `Shift already planned on card ${other + 1}`);
    seen.set(column.key, i);
    if (d.gangs > column.gangs_available) at('gangs', `At most ${column.gangs_available} gangs work in this shift`);
    const numbers = new Set<string>();
    d.shift_equipment_details.forEach((e, j) => {
      const field = `shift_equipment_details.${j}.equipment_number`;
      if (!args.equipmentNumbers.has(e.equipment_number)) return at(field, `Unknown equipment ${e.equipment_number}`);
      if (numbers.has(e.equipment_number)) return at(field, `${e.equipment_number} is on this card twice`);
      numbers.add(e.equipment_number);
      if (keptEquipment?.has(e.equipment_number)) return;
      const clash = args.bookedElsewhere.find((b) => b.equipment_number === e.equipment_number && b.start < end && b.end > start);
      if (clash) at(field, `${e.equipment_number} is already booked for another port call (${clash.portcall_id}) in this shift`);
    });
  });
  return problems;
}
