// The PRISE notice's rules as pure functions: what is missing, which statuses a notice shows, its flags, and which of
// eta, draft and berth changed since it was sent (the reopen check).
import {
  PRISE_REQUIRED_FIELDS,
  type PRISE_STATUSES,
  type TPortAuthorityStatus,
  type TPriseNoticeContent,
  type TPriseRequiredField,
  isLargeVessel,
  priseDueAt,
} from '@quayline/domain';

export type TPriseStatus = (typeof PRISE_STATUSES)[number];

/** How each required field reads in a message ('<Human> is required for the PRISE notice'). */
export const PRISE_FIELD_NAMES: Record<TPriseRequiredField, string> = {
  vessel_imo_number: 'Vessel IMO number',
  vessel_call_sign: 'Vessel call sign',
  vessel_length_overall: 'Vessel length overall',
  vessel_beam: 'Vessel beam',
  pilot_boarding_place_arrival: 'ETA at the pilot boarding place',
  berth: 'Berth',
  berth_position: 'Berth position',
  draft_inbound: 'Draft inbound',
  draft_outbound: 'Draft outbound',
  previous_port: 'Previous port',
  next_port: 'Next port',
  agent: 'Agent',
  cargo_type: 'Cargo type',
  dangerous_goods: 'Dangerous goods indicator',
  persons_on_board: 'Persons on board',
};

const isBlank = (v: string | null) => v === null || v.trim() === '';
const isUnset = (v: number | null) => v === null || !(v > 0);

/** The required fields still empty, in PRISE_REQUIRED_FIELDS order. A draft of 0 m is the call's "not given". */
export function missingFields(c: TPriseNoticeContent): TPriseRequiredField[] {
  const isMissing: Record<TPriseRequiredField, boolean> = {
    vessel_imo_number: isBlank(c.vessel.imo_number),
    vessel_call_sign: isBlank(c.vessel.call_sign),
    vessel_length_overall: isUnset(c.vessel.length_overall_m),
    vessel_beam: isUnset(c.vessel.beam_m),
    pilot_boarding_place_arrival: c.eta_pilot_boarding_place === null,
    berth: c.berth === null,
    berth_position: c.berth_start_position_m === null || c.berth_end_position_m === null,
    draft_inbound: isUnset(c.draft_inbound_m),
    draft_outbound: isUnset(c.draft_outbound_m),
    previous_port: c.previous_port === null,
    next_port: c.next_port === null,
    agent: c.agent === null,
    cargo_type: isBlank(c.cargo_type),
    dangerous_goods: c.dangerous_goods === null,
    persons_on_board: c.persons_on_board === null,
  };
  return PRISE_REQUIRED_FIELDS.filter((f) => isMissing[f]);
}

/** The VALIDATION_FAILED entries of a submit with missing fields: one per field, named. */
export function missingFieldErrors(missing: readonly TPriseRequiredField[]): { path: string; message: string }[] {
  return missing.map((f) => ({ path: f, message: `${PRISE_FIELD_NAMES[f]} is required for the PRISE notice` }));
}

/**
 * The status table (docs/prise.md): the port authority's status and the call's prise_status.
 * draft + missing -> prise_info_required; draft complete -> null; submitted -> prise_sent;
 * approved -> prise_accepted / prise_partially_accepted; rejected -> prise_rejected.
 */
export function priseStatusOf(args: { status: TPortAuthorityStatus; isPartial: boolean; missingCount: number }): { port_authority_status: TPortAuthorityStatus; prise_status: TPriseStatus | null } {
  switch (args.status) {
    case 'draft':
      return { port_authority_status: 'draft', prise_status: args.missingCount > 0 ? 'prise_info_required' : null };
    case 'submitted':
      return { port_authority_status: 'submitted', prise_status: 'prise_sent' };
    case 'approved':
      return { port_authority_status: 'approved', prise_status: args.isPartial ? 'prise_partially_accepted' : 'prise_accepted' };
    case 'rejected':
      return { port_authority_status: 'rejected', prise_status: 'prise_rejected' };
  }
}

/** Late: sent (or, unsent, now) after the due time; large vessel: over the NTC thresholds. Both inform, neither blocks. */
export function noticeFlags(args: { content: TPriseNoticeContent; status: TPortAuthorityStatus; submittedAt: string | null; now: Date }): { late: boolean; large_vessel: boolean } {
  const due = priseDueAt(args.content.eta_pilot_boarding_place);
  const isSent = args.status === 'submitted' || args.status === 'approved';
  const at = isSent && args.submittedAt ? Date.parse(args.submittedAt) : args.now.getTime();
  return { late: due !== null && at > Date.parse(due), large_vessel: isLargeVessel(args.content.vessel.length_overall_m, args.content.vessel.beam_m) };
}

export const REOPEN_ASPECTS = ['eta', 'draft', 'berth'] as const;
export type TReopenAspect = (typeof REOPEN_ASPECTS)[number];

const sameInstant = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));
const sameNumber = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) < 0.005);

/** Which of eta, draft and berth differ between the content as sent and the call now. */
export function changedAspects(sent: TPriseNoticeContent, now: TPriseNoticeContent): TReopenAspect[] {
  const changed: TReopenAspect[] = [];
  if (!sameInstant(sent.eta_pilot_boarding_place, now.eta_pilot_boarding_place) || !sameInstant(sent.berth_arrival, now.berth_arrival)) changed.push('eta');
  if (!sameNumber(sent.draft_inbound_m, now.draft_inbound_m) || !sameNumber(sent.draft_outbound_m, now.draft_outbound_m)) changed.push('draft');
  if ((sent.berth?.section_id ?? null) !== (now.berth?.section_id ?? null) || !sameNumber(sent.berth_start_position_m, now.berth_start_position_m) || !sameNumber(sent.berth_end_position_m, now.berth_end_position_m)) changed.push('berth');
  return changed;
}
