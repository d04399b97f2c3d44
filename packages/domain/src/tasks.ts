// A task is a port call waiting for the user's side: a request to plan, a proposal to answer, or missing data.
import { NEGOTIATED_TIMES, type TParty, type TTimeLabel, waitingFor } from './negotiation';
import type { TPortcall } from './schemas/portcall';
import type { TPriseStep } from './schemas/portcall';

export const TASK_REASONS = ['request_to_plan', 'proposal_to_answer', 'cancellation_to_answer', 'missing_berth_position', 'missing_cargo_details', 'missing_voyage_number', 'prise_notice'] as const;
export type TTaskReason = (typeof TASK_REASONS)[number];
export const TASK_FILTERS = ['all', 'upcoming', 'departed'] as const;
export type TTaskFilter = (typeof TASK_FILTERS)[number];
export const TASKS_PAGE_SIZE = 10;

/**
 * What the task rules read of a call: its status, negotiation labels, berth position, voyage numbers and how many
 * cargo lines it has. A full `TPortcall` is one; the task list reads just these columns of every recent call.
 */
export type TTaskSubject = Pick<TPortcall, 'status' | 'berth_start_position' | 'voyage_number_import' | 'voyage_number_export'> & {
  [K in `${(typeof NEGOTIATED_TIMES)[number]}_state`]: { label: TPortcall[K]['label'] };
} & { cargo_details: { readonly length: number }; /** Set only for those who file the PRISE notice (terminal, agent). */ prise_step?: TPriseStep | null };

export function taskReasons(p: TTaskSubject, party: TParty, enabled: readonly TTaskReason[] = TASK_REASONS): TTaskReason[] {
  if (p.status === 'Cancelled') return [];
  const reasons = new Set<TTaskReason>();
  for (const time of NEGOTIATED_TIMES) {
    const label = p[`${time}_state`].label as TTimeLabel | null;
    if (!label) continue;
    const turn = waitingFor({ label, previousLabel: 'none', lastParty: label === 'planned' ? 'terminal' : 'vessel_side', isFirstRequest: false });
    if (turn !== party) continue;
    reasons.add(label === 'cancel_requested' ? 'cancellation_to_answer' : party === 'terminal' ? 'request_to_plan' : 'proposal_to_answer');
  }
  const notDeparted = p.status !== 'Departed';
  if (party === 'terminal' && notDeparted && p.berth_start_position === null) reasons.add('missing_berth_position');
  if (party === 'vessel_side' && notDeparted) {
    if (p.cargo_details.length === 0) reasons.add('missing_cargo_details');
    if (!p.voyage_number_import && !p.voyage_number_export) reasons.add('missing_voyage_number');
  }
  if (p.prise_step) reasons.add('prise_notice');
  return TASK_REASONS.filter((r) => reasons.has(r) && enabled.includes(r));
}

export function isDeparted(p: Pick<TPortcall, 'status' | 'berth_departure'>, now: Date): boolean {
  return p.status === 'Departed' || Date.parse(p.berth_departure) < now.getTime();
}
