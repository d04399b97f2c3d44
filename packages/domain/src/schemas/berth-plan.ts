// The berth optimizer as the planner uses it: the request for a proposal over a window, and the proposal.
import { z } from 'zod';
import { ZDraftState } from './draft';
import { ZRecordIdValue } from './master-data';

const ZInstant = z.iso.datetime({ offset: true });

export const OPTIMIZE_MAX_SECONDS = 30;
export const OPTIMIZE_DEFAULT_SECONDS = 5;
/** Longer windows make instances the solver cannot improve in 30 s; the planner works week by week. */
export const OPTIMIZE_MAX_WINDOW_DAYS = 31;
/** A call berths "on its requested time" when it is no further than this from it. */
export const ON_REQUESTED_TIME_MINUTES = 15;

export const ZOptimizeRequest = z
  .object({
    terminal_id: ZRecordIdValue,
    window_start: ZInstant,
    window_end: ZInstant,
    seconds: z.number().min(1).max(OPTIMIZE_MAX_SECONDS).default(OPTIMIZE_DEFAULT_SECONDS),
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
    /** The user's draft version; a stale one answers 409 like the other draft writes. */
    version: z.number().int().nonnegative(),
  })
  .refine((b) => Date.parse(b.window_end) > Date.parse(b.window_start) && Date.parse(b.window_end) - Date.parse(b.window_start) <= OPTIMIZE_MAX_WINDOW_DAYS * 86_400_000, {
    message: `Give a window that ends after it starts, of up to ${OPTIMIZE_MAX_WINDOW_DAYS} days`,
    path: ['window_end'],
  });
export type TOptimizeRequest = z.input<typeof ZOptimizeRequest>;

/** Where a call lies on the berth plan. */
export const ZBerthPlacement = z.object({
  berth_arrival: z.string(),
  berth_departure: z.string(),
  berth_start_position: z.number().nullable(),
  berth_end_position: z.number().nullable(),
});
export type TBerthPlacement = z.infer<typeof ZBerthPlacement>;

export const ZOptimizeMove = z.object({
  portcall_id: z.number().int(),
  vessel_name: z.string(),
  from: ZBerthPlacement,
  to: ZBerthPlacement,
  /** Signed: later is positive. */
  shift_hours: z.number(),
  /** Signed: along the quay is positive; 0 for a call that had no position. */
  shift_metres: z.number(),
});
export type TOptimizeMove = z.infer<typeof ZOptimizeMove>;

/** Key figures of a plan over the window. */
export const ZPlanFigures = z.object({
  total_waiting_hours: z.number(),
  clashes: z.number().int(),
  on_requested_time: z.number().int(),
  /** Share (0..1) of the berthable metre-hours of the window that calls occupy. */
  quay_utilisation: z.number(),
  /** Calls of the window without a place on the quay (their waiting is counted from their nominal times). */
  calls_without_place: z.number().int(),
});
export type TPlanFigures = z.infer<typeof ZPlanFigures>;

export const ZObjectiveTerm = z.object({ value: z.number(), unit: z.string(), weight: z.number(), cost: z.number() });
export const ZOptimizeObjective = z.object({ total: z.number(), terms: z.record(z.string(), ZObjectiveTerm) });

export const ZOptimizeResult = z.object({
  draft: ZDraftState,
  moves: z.array(ZOptimizeMove),
  /** Calls the optimizer found no place for; the draft leaves them as they were. */
  unplaced: z.array(z.number().int()),
  /** Before the optimization, after it, and the first-come-first-served plan for comparison. */
  figures: z.object({ before: ZPlanFigures, after: ZPlanFigures, fcfs: ZPlanFigures }),
  objective: ZOptimizeObjective,
  iterations: z.number().int(),
  elapsed_ms: z.number(),
});
export type TOptimizeResult = z.infer<typeof ZOptimizeResult>;
