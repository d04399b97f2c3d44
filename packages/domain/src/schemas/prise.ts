// PRISE (Port River Information System Elbe) pre-arrival notice: what is sent to the port authority, what is missing, and its answers.
import { z } from 'zod';
import { PRISE_STATUSES, type TPriseStep } from './portcall';

/** The port authority's own view of a notice (spec section 3). */
export const PORT_AUTHORITY_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type TPortAuthorityStatus = (typeof PORT_AUTHORITY_STATUSES)[number];
/** Outside systems a call exchanges data with: a port community system (the port authority) or a terminal operating system. */
export const SYSTEM_KINDS = ['pcs', 'tos'] as const;
export type TSystemKind = (typeof SYSTEM_KINDS)[number];
export const CREATOR_TYPES = ['user', 'automated'] as const;
export type TCreatorType = (typeof CREATOR_TYPES)[number];

/** Hamburg's berthing licence is due this long before arrival at the pilot boarding place; later is flagged, not blocked. */
export const PRISE_LEAD_TIME_HOURS = 24;
/** Ultra-large vessels (over either) are coordinated separately by the Nautical Terminal Coordination; flagged, not blocked. */
export const PRISE_LARGE_VESSEL_LENGTH_M = 330;
export const PRISE_LARGE_VESSEL_BEAM_M = 45;

/** Everything a notice needs; `missing` names the ones still empty, in this order. */
export const PRISE_REQUIRED_FIELDS = [
  'vessel_imo_number',
  'vessel_call_sign',
  'vessel_length_overall',
  'vessel_beam',
  'pilot_boarding_place_arrival',
  'berth',
  'berth_position',
  'draft_inbound',
  'draft_outbound',
  'previous_port',
  'next_port',
  'agent',
  'cargo_type',
  'dangerous_goods',
  'persons_on_board',
] as const;
export type TPriseRequiredField = (typeof PRISE_REQUIRED_FIELDS)[number];
/** Of the required fields, those kept on the notice itself (the rest come from the call and its vessel). */
export const PRISE_NOTICE_OWN_FIELDS = ['dangerous_goods', 'persons_on_board'] as const satisfies readonly TPriseRequiredField[];

const ZPortRef = z.object({ id: z.number().int(), unlocode: z.string(), name: z.string() });
const ZOrgRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** The notice as it would be sent now, built from the call, its vessel and the notice's own fields. */
export const ZPriseNoticeContent = z.object({
  vessel: z.object({
    name: z.string(),
    imo_number: z.string().nullable(),
    call_sign: z.string().nullable(),
    mmsi: z.string().nullable(),
    flag: z.string().nullable(),
    length_overall_m: z.number().nullable(),
    beam_m: z.number().nullable(),
    max_draft_m: z.number().nullable(),
  }),
  voyage_number: z.string().nullable(),
  terminal: z.object({ id: z.number().int(), code: z.string(), name: z.string(), port_unlocode: z.string() }),
  pilot_boarding_place_name: z.string().nullable(),
  eta_pilot_boarding_place: z.string().nullable(),
  berth_arrival: z.string(),
  berth_departure: z.string(),
  berth: z.object({ section_id: z.number().int(), section_name: z.string() }).nullable(),
  berth_start_position_m: z.number().nullable(),
  berth_end_position_m: z.number().nullable(),
  draft_inbound_m: z.number().nullable(),
  draft_outbound_m: z.number().nullable(),
  previous_port: ZPortRef.nullable(),
  next_port: ZPortRef.nullable(),
  agent: ZOrgRef.nullable(),
  vessel_operator: ZOrgRef,
  cargo_type: z.string().nullable(),
  dangerous_goods: z.boolean().nullable(),
  persons_on_board: z.number().int().nullable(),
});
export type TPriseNoticeContent = z.infer<typeof ZPriseNoticeContent>;

export const PRISE_HISTORY_EVENTS = ['submitted', 'approved', 'partially_approved', 'rejected', 'reopened', 'edited'] as const;
export const ZPriseHistoryEntry = z.object({
  at: z.string(),
  event: z.enum(PRISE_HISTORY_EVENTS),
  creator_type: z.enum(CREATOR_TYPES),
  /** 'pcs' for the port authority's answers, null for a person's step. */
  system_kind: z.enum(SYSTEM_KINDS).nullable(),
  by: z.string().nullable(),
  /** Set when someone acted on a colleague's behalf. */
  acting_for: z.string().nullable(),
  prise_status: z.enum(PRISE_STATUSES).nullable(),
  message: z.string().nullable(),
  code: z.string().nullable(),
  /** For 'reopened': which of eta, draft, berth changed. */
  changed: z.array(z.enum(['eta', 'draft', 'berth'])).nullable(),
});
export type TPriseHistoryEntry = z.infer<typeof ZPriseHistoryEntry>;

export const ZPriseNotice = z.object({
  portcall_id: z.number().int(),
  /** False when the call's port has no PRISE (only Hamburg, configurable) or no port authority is configured; the rest is then empty. */
  applicable: z.boolean(),
  /** Optimistic-lock version of the notice; 0 before anything was stored. */
  version: z.number().int(),
  port_authority_status: z.enum(PORT_AUTHORITY_STATUSES),
  prise_status: z.enum(PRISE_STATUSES).nullable(),
  prise_message: z.string().nullable(),
  prise_code: z.string().nullable(),
  content: ZPriseNoticeContent,
  missing: z.array(z.enum(PRISE_REQUIRED_FIELDS)),
  /** ETA at the pilot boarding place minus the lead time; null without an ETA. */
  due_at: z.string().nullable(),
  flags: z.object({ late: z.boolean(), large_vessel: z.boolean() }),
  submitted_at: z.string().nullable(),
  submitted_by: z.string().nullable(),
  answered_at: z.string().nullable(),
  /** The port authority's reference for the submission. */
  reference: z.string().nullable(),
  /** For a partial acceptance: the passage window the port authority granted instead. */
  accepted_window: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** What the signed-in person may do now. */
  can_edit: z.boolean(),
  can_submit: z.boolean(),
  /** For a rejected notice: which of eta, draft and berth changed since it was sent (empty: a resend would be the same); null otherwise. */
  changed_since_sent: z.array(z.enum(['eta', 'draft', 'berth'])).nullable().optional(),
  history: z.array(ZPriseHistoryEntry),
});
export type TPriseNotice = z.infer<typeof ZPriseNotice>;

export const ZPriseNoticeUpdateRequest = z.object({
  version: z.number().int().min(0),
  dangerous_goods: z.boolean().nullable().optional(),
  persons_on_board: z.number().int().min(1).max(20_000).nullable().optional(),
});
export type TPriseNoticeUpdateRequest = z.infer<typeof ZPriseNoticeUpdateRequest>;
export const ZPriseSubmitRequest = z.object({ version: z.number().int().min(0) });
export type TPriseSubmitRequest = z.infer<typeof ZPriseSubmitRequest>;

/** Whether a vessel takes the large-vessel (NTC) path. */
export function isLargeVessel(lengthM: number | null, beamM: number | null): boolean {
  return (lengthM ?? 0) > PRISE_LARGE_VESSEL_LENGTH_M || (beamM ?? 0) > PRISE_LARGE_VESSEL_BEAM_M;
}

/**
 * What a call's notice waits for, for the lists and the tasks: 'rejected' (change and send again), 'missing' (fields to
 * fill) or 'due' (complete or not yet checked, still to send). Only at a PRISE port and while the vessel is approaching:
 * once at the pilot boarding place the passage the notice asks for has begun.
 */
export function priseStep(args: {
  isApplicable: boolean;
  portcallStatus: string;
  noticeStatus: TPortAuthorityStatus | null;
  priseStatus: string | null;
  /** The call's time at the pilot boarding place (null: not known yet). */
  pilotBoardingPlaceArrival: string | Date | null;
  /** The berth arrival: without a pilot time the vessel still reaches the pilot boarding place before it. */
  berthArrival: string | Date;
  now: number;
}): TPriseStep | null {
  if (!args.isApplicable || args.portcallStatus !== 'Approaching') return null;
  if (args.noticeStatus === 'rejected') return 'rejected';
  if (args.noticeStatus !== null && args.noticeStatus !== 'draft') return null;
  if (args.priseStatus === 'prise_info_required') return 'missing';
  // A notice for a call three weeks out is not a task yet: it becomes one when its deadline is near. Without a pilot
  // time the berth arrival stands in for it (the pilot boards before), so an unknown ETA does not make every call due.
  const eta = new Date(args.pilotBoardingPlaceArrival ?? args.berthArrival).getTime();
  return eta <= args.now + PRISE_DUE_SOON_WINDOW_HOURS * 3600_000 ? 'due' : null;
}

/**
 * How far ahead of the pilot boarding place a notice still to send counts as due: its deadline (PRISE_LEAD_TIME_HOURS
 * before) falls within the next two days.
 */
export const PRISE_DUE_SOON_WINDOW_HOURS = PRISE_LEAD_TIME_HOURS + 48;

/** When the notice is due: lead time before the ETA at the pilot boarding place. */
export function priseDueAt(etaPilotBoardingPlace: string | null): string | null {
  return etaPilotBoardingPlace ? new Date(Date.parse(etaPilotBoardingPlace) - PRISE_LEAD_TIME_HOURS * 3600_000).toISOString() : null;
}
