// Schedule sync rules: what a new schedule time from a template or provider does to a port call's time.
// One table, read by the sync of every source; docs/voyage-center.md explains the choice of each row. A schedule speaks
// for the vessel side, so every step it writes is one the negotiation table (NEGOTIATION_TRANSITIONS) allows that side.
import type { TFromLabel, TNegotiationAction } from './negotiation';

/**
 * - estimate: the time takes the schedule's value as an estimate (label estimated); nobody has agreed to anything yet.
 * - request: the time is the vessel side's open request; the schedule's value becomes a new request (the vessel side may
 *   not estimate over its own request), and the terminal still answers it.
 * - propose: the time is planned or agreed; the schedule never overwrites it but raises a proposal for a person to apply
 *   or dismiss, when it differs by more than the threshold.
 * - keep: the time is final (actual) or the call is being cancelled; the schedule is recorded and changes nothing.
 */
export type TScheduleSyncRule = 'estimate' | 'request' | 'propose' | 'keep';

export const SCHEDULE_SYNC_RULES: Readonly<Record<TFromLabel, TScheduleSyncRule>> = {
  none: 'estimate',
  requested: 'request',
  estimated: 'estimate',
  planned: 'propose',
  accepted: 'propose',
  actual: 'keep',
  cancelled: 'keep',
  cancel_requested: 'keep',
  cancel_accepted: 'keep',
};

export type TScheduleSyncDecision =
  /** Sync is stopped for the call (schedule_syncable_inactive): nothing is touched. */
  | { kind: 'sync_inactive' }
  /** The schedule says what the call already says. */
  | { kind: 'unchanged' }
  | { kind: 'estimate'; differenceMinutes: number }
  | { kind: 'request'; differenceMinutes: number }
  | { kind: 'proposal'; differenceMinutes: number }
  /** An agreed time the schedule moves by no more than the threshold: recorded, not raised. */
  | { kind: 'within_threshold'; differenceMinutes: number }
  | { kind: 'kept_actual'; differenceMinutes: number };

/** What one schedule time does to one negotiated time of a port call. Times are epoch milliseconds. */
export function decideScheduleSync(args: { label: TFromLabel; current: number | null; incoming: number; thresholdMinutes: number; isSyncable: boolean }): TScheduleSyncDecision {
  if (!args.isSyncable) return { kind: 'sync_inactive' };
  if (args.current !== null && args.current === args.incoming) return { kind: 'unchanged' };
  const differenceMinutes = args.current === null ? 0 : Math.round((args.incoming - args.current) / 60_000);
  const rule = SCHEDULE_SYNC_RULES[args.label];
  if (rule === 'estimate' || rule === 'request') return { kind: rule, differenceMinutes };
  if (rule === 'keep') return { kind: 'kept_actual', differenceMinutes };
  return Math.abs(differenceMinutes) > args.thresholdMinutes ? { kind: 'proposal', differenceMinutes } : { kind: 'within_threshold', differenceMinutes };
}

/** The negotiation step a rule writes on the vessel side's behalf; propose and keep write none. */
export const SCHEDULE_SYNC_STEPS: Readonly<Record<TScheduleSyncRule, Extract<TNegotiationAction, 'estimate' | 'request'> | null>> = {
  estimate: 'estimate',
  request: 'request',
  propose: null,
  keep: null,
};

/**
 * The schedule classifier a terminal call's time reads as, from its negotiation label: actual -> ACT, agreed or
 * estimated -> EST, anything else -> PLN. The local schedule provider publishes by it, and the voyage timeline badges
 * the terminal call by it, so a call with an actual arrival never shows "PLN" however old its schedule row is.
 */
export function classifierOfLabel(label: string | null | undefined): 'ACT' | 'EST' | 'PLN' {
  if (label === 'actual') return 'ACT';
  if (label === 'accepted' || label === 'estimated') return 'EST';
  return 'PLN';
}
