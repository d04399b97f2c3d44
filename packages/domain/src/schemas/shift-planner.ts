// The shift planner (docs/shift-planner.md): the board of one terminal's shifts over some days, with the
// calls working in them, their shift cards, the capacity of each shift and what is wrong with the plan.
import { z } from 'zod';
import { ZLocalizedNames, ZRecordId, ZRecordIdValue, ZTerminalShift } from './master-data';
import { PORTCALL_STATUSES, ZShiftDetail, ZShiftDetailInput } from './portcall';
import { SHIFT_PLANNER_ORDER_BY } from './settings';
import { ZDownloadFileOptions } from './downloads';
import { ZPlausibilityWarning } from '../plausibility';

const ZInstant = z.iso.datetime({ offset: true });
const ZLocalDate = z.string().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

export const NON_WORKING_TIME_KINDS = ['holiday', 'break', 'closed_shift'] as const;
export const ZNonWorkingTimeKind = z.enum(NON_WORKING_TIME_KINDS);
export type TNonWorkingTimeKind = z.infer<typeof ZNonWorkingTimeKind>;
export const ZNonWorkingTime = z.object({
  id: z.number().int(),
  terminal_id: z.number().int(),
  kind: ZNonWorkingTimeKind,
  reason: z.string(),
  starts_at: ZInstant,
  ends_at: ZInstant,
});
export type TNonWorkingTime = z.infer<typeof ZNonWorkingTime>;
export const ZNonWorkingTimeCreate = z
  .object({ terminal_id: ZRecordIdValue, kind: ZNonWorkingTimeKind, reason: z.string().trim().min(1).max(200), starts_at: ZInstant, ends_at: ZInstant })
  .refine((v) => Date.parse(v.ends_at) > Date.parse(v.starts_at), { path: ['ends_at'], message: 'Ends after it starts' })
  .refine((v) => Date.parse(v.ends_at) - Date.parse(v.starts_at) <= 31 * 86_400_000, { path: ['ends_at'], message: 'At most 31 days at a time' });
export type TNonWorkingTimeCreate = z.infer<typeof ZNonWorkingTimeCreate>;
export const ZNonWorkingTimesQuery = z.object({ terminal_id: ZRecordId, from: ZInstant.optional(), to: ZInstant.optional() });

/** A terminal shift definition with the gangs the terminal can man in it. */
export const ZBoardShiftDefinition = ZTerminalShift.extend({ gangs_available: z.number().int() });
export type TBoardShiftDefinition = z.infer<typeof ZBoardShiftDefinition>;

/** One occurrence of a terminal shift on the board: a column. `key` is the local date of its start and its number. */
export const ZBoardShift = z.object({
  key: z.string(),
  date: ZLocalDate,
  shift_number: z.number().int(),
  name: z.string(),
  /** The shift's name per language (localizedName). */
  names: ZLocalizedNames.optional(),
  terminal_shift_id: z.number().int().nullable(),
  start_time: ZInstant,
  end_time: ZInstant,
  /** Minutes of the shift not covered by a non-working time (a DST night is 420 or 540 minutes long). */
  working_minutes: z.number().int(),
  /** No work at all: covered by non-working times for its whole length. Such a shift cannot take work. */
  closed: z.boolean(),
  non_working_time_ids: z.array(z.number().int()),
  gangs_available: z.number().int(),
  /** The terminal's cargo-handling equipment (each item once). */
  equipment_available: z.number().int(),
});
export type TBoardShift = z.infer<typeof ZBoardShift>;

const ZVolumes = z.object({ discharge: z.number(), load: z.number(), restow: z.number(), total: z.number() });
export type TBoardVolumes = z.infer<typeof ZVolumes>;

/** A call working in the shown days: a row. */
export const ZBoardPortcall = z.object({
  id: z.number().int(),
  version: z.number().int(),
  terminal_id: z.number().int(),
  vessel_id: z.number().int(),
  vessel_name: z.string(),
  imo_number: z.string(),
  vessel_operator_name: z.string().nullable(),
  agent_name: z.string().nullable(),
  status: z.enum(PORTCALL_STATUSES),
  berth_arrival: ZInstant,
  berth_departure: ZInstant,
  cargo_operations_start: ZInstant.nullable(),
  cargo_operations_end: ZInstant.nullable(),
  berth_start_position: z.number().nullable(),
  berth_end_position: z.number().nullable(),
  sync_shift_cargo_volumes: z.boolean(),
  /** The call's cargo details added up, with the rate of the first row that has one. */
  cargo: ZVolumes.extend({ units_per_hour: z.number().nullable(), crane_intensity: z.number() }),
  /** The shift cards added up. */
  planned: ZVolumes,
  /** Cargo total minus the moves of shifts that have ended (actual moves where recorded). */
  remaining_volume: z.number(),
  /** Shift volumes and cargo details differ (shown, never fixed silently; cannot happen with sync on). */
  volume_mismatch: z.boolean(),
  portcall_shift_details: z.array(ZShiftDetail),
  /** What in the call cannot all be true (packages/domain plausibility.ts), shown on the call's row and the shift's card. */
  plausibility: z.array(ZPlausibilityWarning),
});
export type TBoardPortcall = z.infer<typeof ZBoardPortcall>;

export const ZBoardEquipment = z.object({ id: z.number().int(), name: z.string(), equipment_type: z.string(), equipment_number: z.string() });
export type TBoardEquipment = z.infer<typeof ZBoardEquipment>;

/** What a shift's column header adds up (spec `shiftsVolume.shifts_volume`). */
export const ZBoardShiftVolume = z.object({
  key: z.string(),
  discharge: z.number(),
  load: z.number(),
  restow: z.number(),
  volume: z.number(),
  gangs: z.number(),
  gangs_available: z.number(),
  /** Equipment numbers in use in the shift, each once. */
  equipment: z.array(z.string()),
  equipment_available: z.number(),
  portcall_count: z.number(),
  over_capacity: z.boolean(),
});
export type TBoardShiftVolume = z.infer<typeof ZBoardShiftVolume>;
export const ZBoardDayVolume = z.object({ date: ZLocalDate, volume: z.number() });

export const SHIFT_PLAN_PROBLEM_KINDS = ['gangs_over_capacity', 'equipment_double_booked', 'work_in_closed_shift', 'work_outside_stay', 'volume_mismatch'] as const;
export const ZShiftPlanProblem = z.object({
  kind: z.enum(SHIFT_PLAN_PROBLEM_KINDS),
  /** The shift it happens in; null for a call-wide problem (volume mismatch). */
  shift_key: z.string().nullable(),
  portcall_ids: z.array(z.number().int()),
  equipment_number: z.string().nullable(),
  /** Gangs or moves demanded and available, where the kind has them. */
  demanded: z.number().nullable(),
  available: z.number().nullable(),
});
export type TShiftPlanProblem = z.infer<typeof ZShiftPlanProblem>;

export const ZShiftBoardQuery = z.object({
  terminal_id: ZRecordId,
  /** First local day shown, in the terminal's zone; today by default. */
  from: ZLocalDate.optional(),
  /** Days shown; the user's setting by default (3). */
  days: z.coerce.number().int().min(1).max(14).optional(),
  order_by: z.enum(SHIFT_PLANNER_ORDER_BY).optional(),
});
export type TShiftBoardQuery = z.infer<typeof ZShiftBoardQuery>;

export const ZShiftBoard = z.object({
  terminal_id: z.number().int(),
  time_zone: z.string(),
  from: ZLocalDate,
  days: z.number().int(),
  order_by: z.enum(SHIFT_PLANNER_ORDER_BY),
  /** Only the terminal plans; vessel operators and agents see their own calls read-only. */
  can_edit: z.boolean(),
  /** Spec `shiftsData`. */
  shiftsData: z.object({ shifts: z.array(ZBoardShiftDefinition), non_working_times: z.array(ZNonWorkingTime) }),
  /** The columns, in time order. */
  shiftsList: z.array(ZBoardShift),
  /** The rows, in `order_by` order. */
  portcalls: z.array(ZBoardPortcall),
  /** Spec `shiftsVolume`: per day and per shift. */
  shiftsVolume: z.object({ days_volume: z.array(ZBoardDayVolume), shifts_volume: z.array(ZBoardShiftVolume) }),
  equipments: z.array(ZBoardEquipment),
  problems: z.array(ZShiftPlanProblem),
});
export type TShiftBoard = z.infer<typeof ZShiftBoard>;

/** Replaces a call's shift plan in one write (edit, drag, split, copy, prefill all end here). */
export const ZShiftDetailsUpdateRequest = z.object({ version: z.number().int().positive(), portcall_shift_details: z.array(ZShiftDetailInput).max(200) });
export type TShiftDetailsUpdateRequest = z.input<typeof ZShiftDetailsUpdateRequest>;
export const ZShiftDetailsUpdateResponse = z.object({ portcall: ZBoardPortcall });

export const ZShiftDownloadQuery = ZDownloadFileOptions.extend({
  terminal_id: ZRecordId,
  from: ZLocalDate.optional(),
  days: z.coerce.number().int().min(1).max(31).optional(),
});
