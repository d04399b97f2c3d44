// Times and figures of a port call that can be stored but cannot all be true: flagged where the planner looks (the
// card, the details, the shift header) instead of saved silently. Pure rules; every screen calls the same ones.

import { z } from 'zod';

const HOUR_MS = 3_600_000;

/** How far an AIS draught may differ from the declared draft before it is worth a look, in metres. */
export const DRAUGHT_TOLERANCE_M = 0.5;
/** A shift's moves per gang-hour above this multiple of the terminal's crane productivity is far above its norm. */
export const RATE_NORM_FACTOR = 1.5;

const ZIso = z.iso.datetime({ offset: true });

/** One warning as it travels (the shift board carries each call's). */
export const ZPlausibilityWarning = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pilot_after_berth'), pilotArrival: ZIso, berthArrival: ZIso }),
  z.object({ kind: z.literal('draught_differs'), declared: z.number(), observed: z.number() }),
  z.object({ kind: z.literal('cargo_exceeds_window'), moves: z.number(), hoursNeeded: z.number(), hoursAvailable: z.number() }),
  z.object({ kind: z.literal('gangs_above_cranes'), shiftStart: ZIso, gangs: z.number(), cranes: z.number() }),
  z.object({ kind: z.literal('rate_above_norm'), shiftStart: ZIso, movesPerGangHour: z.number(), norm: z.number() }),
]);
export type TPlausibilityWarning = z.infer<typeof ZPlausibilityWarning>;

/** The warnings that belong to one shift of the call (its start), not to the call as a whole. */
export const isShiftWarning = (w: TPlausibilityWarning): w is Extract<TPlausibilityWarning, { shiftStart: string }> => w.kind === 'gangs_above_cranes' || w.kind === 'rate_above_norm';

export type TPlausibilityCall = {
  berth_arrival: string;
  berth_departure: string;
  pilot_boarding_place_arrival: string | null;
  draft_inbound: number;
  draft_outbound: number;
  cargo_operations_start: string | null;
  cargo_operations_end: string | null;
  cargo_details: readonly { total: number }[];
  equipment_details: readonly { start_time: string; end_time: string }[];
  portcall_shift_details: readonly { start_time: string; end_time?: string | undefined; discharge: number; load: number; restow: number; gangs: number }[];
};

export type TPlausibilityNorms = {
  /** The terminal's moves per crane-hour (the mean of its cranes); null when it has no cranes on record. */
  movesPerCraneHour: number | null;
  /** The vessel's draught last reported by AIS, when known. */
  observedDraught?: number | null;
};

const hoursBetween = (from: string, to: string) => Math.max(0, (Date.parse(to) - Date.parse(from)) / HOUR_MS);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Every warning of one call, in a fixed order: times, draught, cargo against the window, then per shift. */
export function plausibilityWarnings(call: TPlausibilityCall, norms: TPlausibilityNorms): TPlausibilityWarning[] {
  const out: TPlausibilityWarning[] = [];
  if (call.pilot_boarding_place_arrival && Date.parse(call.pilot_boarding_place_arrival) > Date.parse(call.berth_arrival)) {
    out.push({ kind: 'pilot_after_berth', pilotArrival: call.pilot_boarding_place_arrival, berthArrival: call.berth_arrival });
  }
  const declared = Math.max(call.draft_inbound, call.draft_outbound);
  const observed = norms.observedDraught ?? null;
  if (declared > 0 && observed !== null && observed > 0 && Math.abs(observed - declared) > DRAUGHT_TOLERANCE_M) out.push({ kind: 'draught_differs', declared, observed });

  const rate = norms.movesPerCraneHour;
  const moves = call.cargo_details.reduce((sum, d) => sum + d.total, 0);
  const cranes = call.equipment_details.length;
  if (rate && rate > 0 && moves > 0) {
    const hoursAvailable = call.cargo_operations_start && call.cargo_operations_end ? hoursBetween(call.cargo_operations_start, call.cargo_operations_end) : hoursBetween(call.berth_arrival, call.berth_departure);
    const hoursNeeded = moves / (rate * Math.max(1, cranes));
    if (hoursNeeded > hoursAvailable) out.push({ kind: 'cargo_exceeds_window', moves, hoursNeeded: round1(hoursNeeded), hoursAvailable: round1(hoursAvailable) });
  }
  for (const shift of call.portcall_shift_details) {
    const end = shift.end_time;
    // Cranes booked during the shift; a call with no crane at all is worked otherwise (bulk, ro-ro) and not counted.
    if (cranes > 0 && end) {
      const during = call.equipment_details.filter((b) => Date.parse(b.start_time) < Date.parse(end) && Date.parse(b.end_time) > Date.parse(shift.start_time)).length;
      if (shift.gangs > during) out.push({ kind: 'gangs_above_cranes', shiftStart: shift.start_time, gangs: shift.gangs, cranes: during });
    }
    const shiftMoves = shift.discharge + shift.load + shift.restow;
    const hours = end ? hoursBetween(shift.start_time, end) : 0;
    if (rate && rate > 0 && shift.gangs > 0 && hours > 0 && shiftMoves > 0) {
      const perGangHour = shiftMoves / (shift.gangs * hours);
      if (perGangHour > RATE_NORM_FACTOR * rate) out.push({ kind: 'rate_above_norm', shiftStart: shift.start_time, movesPerGangHour: round1(perGangHour), norm: rate });
    }
  }
  return out;
}

/** The terminal's moves per crane-hour: the mean of its cranes, or null without any. */
export function terminalCraneRate(cranes: readonly { moves_per_hour: number }[]): number | null {
  return cranes.length ? cranes.reduce((sum, c) => sum + c.moves_per_hour, 0) / cranes.length : null;
}
