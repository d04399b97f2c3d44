// Payloads of the service-center reports (docs/reports.md): situation, movement and performance.
import { z } from 'zod';
import { customPeriodProblem } from '../kpis';
import { ZInstantInput, ZRecordId } from './master-data';
import { ZOverallPerformance } from './kpis';
import { ZDownloadFileType } from './downloads';
import { ZLocale } from '../locales';
import { PER_PAGE_MAX, ZPageMeta, pageQuery } from './paging';

const ZTerminalId = ZRecordId;
export const SITUATION_HOURS_AHEAD_DEFAULT = 24;
export const SITUATION_HOURS_AHEAD_MAX = 168;

export const ZSituationReportQuery = z.object({
  terminal_id: ZTerminalId,
  /** The moment the report describes; now when left out. */
  cut_off: ZInstantInput.optional(),
  hours_ahead: z.coerce
    .number()
    .int()
    .min(1, { message: `hours_ahead must be between 1 and ${SITUATION_HOURS_AHEAD_MAX}` })
    .max(SITUATION_HOURS_AHEAD_MAX, { message: `hours_ahead must be between 1 and ${SITUATION_HOURS_AHEAD_MAX}` })
    .default(SITUATION_HOURS_AHEAD_DEFAULT),
});
export type TSituationReportQuery = z.infer<typeof ZSituationReportQuery>;
export const ZSituationReportDownloadQuery = ZSituationReportQuery.extend({ type: ZDownloadFileType.default('csv'), locale: ZLocale.optional() });

const ZPeriodFields = z.object({ terminal_id: ZTerminalId, from: ZInstantInput, to: ZInstantInput });
function periodProblem(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const problem = customPeriodProblem(new Date(q.from), new Date(q.to));
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
}
/** A period of at most three years, `to` after `from` (the same rule as the KPI periods). */
export const ZReportPeriodQuery = ZPeriodFields.superRefine(periodProblem);
/**
 * The movement report on screen, a page of rows at a time: a busy month holds thousands of movements (4,200 in 30
 * days at the bench's density), more than a screen shows; the download carries every row.
 */
export const MOVEMENT_REPORT_PAGE_SIZE = PER_PAGE_MAX;
export const ZMovementReportQuery = ZPeriodFields.merge(pageQuery(MOVEMENT_REPORT_PAGE_SIZE)).superRefine(periodProblem);
export type TMovementReportQuery = z.infer<typeof ZMovementReportQuery>;
export const ZReportPeriodDownloadQuery = ZPeriodFields.extend({ type: ZDownloadFileType.default('csv'), locale: ZLocale.optional() }).superRefine(periodProblem);
export type TReportPeriodQuery = z.infer<typeof ZReportPeriodQuery>;

const ZTime = z.object({ value: z.string().nullable(), label: z.string().nullable() });

export const SITUATION_STATES = ['in_port', 'due'] as const;
export const ZSituationReportRow = z.object({
  portcall_id: z.number().int(),
  situation: z.enum(SITUATION_STATES),
  vessel_name: z.string(),
  imo_number: z.string(),
  status: z.string(),
  vessel_operator_name: z.string(),
  agent_code: z.string().nullable(),
  berth_section: z.string().nullable(),
  berth_start_position: z.number().nullable(),
  berth_end_position: z.number().nullable(),
  start_bollard: z.string().nullable(),
  end_bollard: z.string().nullable(),
  berth_arrival: ZTime,
  berth_departure: ZTime,
  pilot_boarding_place_arrival: ZTime,
  cargo_types: z.array(z.string()),
  discharge: z.number(),
  load: z.number(),
  restow: z.number(),
  total_moves: z.number(),
  remarks: z.string().nullable(),
});
export type TSituationReportRow = z.infer<typeof ZSituationReportRow>;
export const ZSituationReport = z.object({
  terminal_id: z.number().int(),
  time_zone: z.string(),
  cut_off: z.string(),
  until: z.string(),
  rows: z.array(ZSituationReportRow),
});
export type TSituationReport = z.infer<typeof ZSituationReport>;

export const MOVEMENT_KINDS = ['arrival', 'departure', 'shift'] as const;
export type TMovementKind = (typeof MOVEMENT_KINDS)[number];
/** Where a movement's time comes from: reported as happened, the vessel's estimate, or the planned/agreed time. */
export const MOVEMENT_TIME_SOURCES = ['actual', 'estimated', 'planned'] as const;
export type TMovementTimeSource = (typeof MOVEMENT_TIME_SOURCES)[number];
export const ZMovementReportRow = z.object({
  portcall_id: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  time: z.string(),
  time_source: z.enum(MOVEMENT_TIME_SOURCES),
  /** The time's negotiation label as stored (e.g. accepted for a planned source). */
  time_label: z.string().nullable(),
  vessel_name: z.string(),
  imo_number: z.string(),
  status: z.string(),
  vessel_operator_name: z.string(),
  berth_section: z.string().nullable(),
  from_position: z.number().nullable(),
  to_position: z.number().nullable(),
});
export type TMovementReportRow = z.infer<typeof ZMovementReportRow>;
export const ZMovementReport = z.object({
  terminal_id: z.number().int(),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  /** The page's rows; `meta` counts every row of the period. */
  rows: z.array(ZMovementReportRow),
  meta: ZPageMeta,
});
export type TMovementReport = z.infer<typeof ZMovementReport>;

export const ZPerformanceReport = z.object({
  terminal_id: z.number().int(),
  by_vessel_operator: ZOverallPerformance,
  by_berth_section: ZOverallPerformance,
});
export type TPerformanceReport = z.infer<typeof ZPerformanceReport>;

/** Maps a stored time label to the source the movement report names. */
export function movementTimeSource(label: string | null): TMovementTimeSource {
  if (label === 'actual') return 'actual';
  if (label === 'estimated') return 'estimated';
  return 'planned';
}
