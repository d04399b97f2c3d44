// Time-stamp negotiation of a port call, after the DCSA Just-In-Time port-call model (docs/negotiation.md).
// One table says who may move which time from which label to which; server and UI both read it.
import { z } from 'zod';

/** The four negotiated times of a port call. */
export const NEGOTIATED_TIMES = ['berth_arrival', 'berth_departure', 'pilot_boarding_place_arrival', 'pilot_boarding_place_departure'] as const;
export const ZNegotiatedTime = z.enum(NEGOTIATED_TIMES);
export type TNegotiatedTime = z.infer<typeof ZNegotiatedTime>;

export const TIME_LABELS = ['requested', 'planned', 'estimated', 'accepted', 'actual', 'cancelled', 'cancel_requested', 'cancel_accepted'] as const;
export const ZTimeLabel = z.enum(TIME_LABELS);
export type TTimeLabel = z.infer<typeof ZTimeLabel>;

export const CHANGE_LABELS = ['newly created', 'to change', 'revised', 'created', 'rejected', 'proposed'] as const;
export const ZChangeLabel = z.enum(CHANGE_LABELS);
export type TChangeLabel = z.infer<typeof ZChangeLabel>;

/** DCSA JIT v2 classifierCode; cancel and decline are flags on the service in DCSA, kept as actions here. */
export const DCSA_CLASSIFIERS = ['EST', 'REQ', 'PLN', 'ACT'] as const;
export type TDcsaClassifier = (typeof DCSA_CLASSIFIERS)[number];

/** The terminal provides the berth and pilot-boarding services; the vessel side (operator or agent) consumes them. */
export type TParty = 'terminal' | 'vessel_side';
export function partyOf(userType: 'terminal_operator' | 'vessel_operator' | 'agent'): TParty {
  return userType === 'terminal_operator' ? 'terminal' : 'vessel_side';
}

export const NEGOTIATION_ACTIONS = [
  'request', // vessel side asks for a time (REQ)
  'plan', // terminal sets a time nobody asked for (PLN)
  'propose', // terminal answers an open request or rejection with another time (PLN)
  'accept', // the side whose turn it is agrees to the other side's time (REQ or PLN with the same dateTime, replying)
  'reject', // the side whose turn it is declines the other side's time (DCSA decline), the previous agreement stands
  'revise', // terminal changes a time already planned or accepted (PLN)
  'estimate', // either side informs an estimate (EST); it does not change who has to act
  'actual', // terminal records what happened (ACT); closes the negotiation of that time
  'request_cancel', // vessel side asks to cancel the service
  'accept_cancel', // terminal agrees to a requested cancellation
  'reject_cancel', // terminal refuses a requested cancellation; the time goes back to its label before
  'cancel', // terminal cancels the service (DCSA cancel by the provider)
] as const;
export const ZNegotiationAction = z.enum(NEGOTIATION_ACTIONS);
export type TNegotiationAction = z.infer<typeof ZNegotiationAction>;

export type TAuditEventType = 'created' | 'revised' | 'accepted';

/** 'none' is a time that has no timestamp yet. */
export type TFromLabel = TTimeLabel | 'none';

export type TTransition = {
  action: TNegotiationAction;
  party: TParty;
  from: readonly TFromLabel[];
  to: TTimeLabel | 'previous';
  classifier: TDcsaClassifier;
  /** Whether the action carries a new date-time (accept and reject reuse the one they answer). */
  takesTime: boolean;
  /** The change label the time carries afterwards; 'first-or-change' is 'newly created' for the first request, else 'to change'. */
  change: TChangeLabel | 'first-or-change' | 'unchanged';
  audit: TAuditEventType;
  /** Only when the last step was by the other party (it is this party's turn). */
  needsOtherPartysTurn?: boolean;
};

const OPEN: readonly TFromLabel[] = ['none', 'requested', 'planned', 'estimated', 'accepted'];

export const NEGOTIATION_TRANSITIONS: readonly TTransition[] = [
  { action: 'request', party: 'vessel_side', from: OPEN, to: 'requested', classifier: 'REQ', takesTime: true, change: 'first-or-change', audit: 'created' },
  { action: 'plan', party: 'terminal', from: ['none', 'estimated'], to: 'planned', classifier: 'PLN', takesTime: true, change: 'created', audit: 'created' },
  { action: 'propose', party: 'terminal', from: ['requested'], to: 'planned', classifier: 'PLN', takesTime: true, change: 'proposed', audit: 'revised', needsOtherPartysTurn: true },
  { action: 'accept', party: 'terminal', from: ['requested'], to: 'accepted', classifier: 'PLN', takesTime: false, change: 'created', audit: 'accepted', needsOtherPartysTurn: true },
  { action: 'accept', party: 'vessel_side', from: ['planned'], to: 'accepted', classifier: 'REQ', takesTime: false, change: 'created', audit: 'accepted', needsOtherPartysTurn: true },
  { action: 'reject', party: 'terminal', from: ['requested'], to: 'previous', classifier: 'PLN', takesTime: false, change: 'rejected', audit: 'revised', needsOtherPartysTurn: true },
  { action: 'reject', party: 'vessel_side', from: ['planned'], to: 'previous', classifier: 'REQ', takesTime: false, change: 'rejected', audit: 'revised', needsOtherPartysTurn: true },
  { action: 'revise', party: 'terminal', from: ['planned', 'accepted', 'estimated'], to: 'planned', classifier: 'PLN', takesTime: true, change: 'revised', audit: 'revised' },
  { action: 'estimate', party: 'terminal', from: ['none', 'planned', 'estimated', 'accepted'], to: 'estimated', classifier: 'EST', takesTime: true, change: 'unchanged', audit: 'revised' },
  { action: 'estimate', party: 'vessel_side', from: ['none', 'estimated', 'accepted'], to: 'estimated', classifier: 'EST', takesTime: true, change: 'unchanged', audit: 'revised' },
  { action: 'actual', party: 'terminal', from: ['none', 'requested', 'planned', 'estimated', 'accepted', 'actual'], to: 'actual', classifier: 'ACT', takesTime: true, change: 'created', audit: 'created' },
  { action: 'request_cancel', party: 'vessel_side', from: OPEN.filter((l) => l !== 'none'), to: 'cancel_requested', classifier: 'REQ', takesTime: false, change: 'to change', audit: 'revised' },
  { action: 'accept_cancel', party: 'terminal', from: ['cancel_requested'], to: 'cancel_accepted', classifier: 'PLN', takesTime: false, change: 'created', audit: 'accepted' },
  { action: 'reject_cancel', party: 'terminal', from: ['cancel_requested'], to: 'previous', classifier: 'PLN', takesTime: false, change: 'rejected', audit: 'revised' },
  { action: 'cancel', party: 'terminal', from: OPEN.filter((l) => l !== 'none').concat(['cancel_requested']), to: 'cancelled', classifier: 'PLN', takesTime: false, change: 'created', audit: 'revised' },
];

/** The state of one negotiated time as the rules need it. */
export type TTimeState = {
  label: TFromLabel;
  /** Label before the last step, for reject and reject_cancel. */
  previousLabel: TFromLabel;
  /** Who made the last step; null when nothing happened yet. */
  lastParty: TParty | null;
  isFirstRequest: boolean;
};

export type TTransitionResult =
  | { ok: true; transition: TTransition; to: TFromLabel; change: TChangeLabel | null }
  | { ok: false; reason: 'wrong_party' | 'wrong_label' | 'not_your_turn'; message: string };

export function findTransition(action: TNegotiationAction, party: TParty): TTransition | undefined {
  return NEGOTIATION_TRANSITIONS.find((t) => t.action === action && t.party === party);
}

/** Decides whether `party` may apply `action` to a time in `state`, and what the time becomes. */
export function applyNegotiation(state: TTimeState, action: TNegotiationAction, party: TParty): TTransitionResult {
  const transition = findTransition(action, party);
  if (!transition) {
    const other = NEGOTIATION_TRANSITIONS.find((t) => t.action === action);
    return { ok: false, reason: 'wrong_party', message: other ? `Only the ${other.party === 'terminal' ? 'terminal' : 'vessel side'} may ${action.replace('_', ' ')} this time.` : `Unknown action ${action}.` };
  }
  if (!transition.from.includes(state.label)) {
    return { ok: false, reason: 'wrong_label', message: `A time that is ${state.label === 'none' ? 'not set yet' : state.label.replace('_', ' ')} cannot be ${pastTense(action)}.` };
  }
  if (transition.needsOtherPartysTurn && state.lastParty === party) {
    return { ok: false, reason: 'not_your_turn', message: 'The other side has to answer first.' };
  }
  const to = transition.to === 'previous' ? state.previousLabel : transition.to;
  const change = transition.change === 'unchanged' ? null : transition.change === 'first-or-change' ? (state.isFirstRequest ? 'newly created' : 'to change') : transition.change;
  return { ok: true, transition, to, change };
}

function pastTense(action: TNegotiationAction): string {
  const words: Record<TNegotiationAction, string> = {
    request: 'requested',
    plan: 'planned',
    propose: 'answered with a proposal',
    accept: 'accepted',
    reject: 'rejected',
    revise: 'revised',
    estimate: 'estimated',
    actual: 'recorded as actual',
    request_cancel: 'asked to be cancelled',
    accept_cancel: 'cancelled on request',
    reject_cancel: 'kept against the cancellation request',
    cancel: 'cancelled',
  };
  return words[action];
}

/** The actions a party can take now; the UI offers exactly these. */
export function legalActions(state: TTimeState, party: TParty): TNegotiationAction[] {
  return NEGOTIATION_ACTIONS.filter((a) => applyNegotiation(state, a, party).ok);
}

/** Whose move it is: a pending request or cancellation waits for the terminal, a proposal or rejection waits for the vessel side. */
export function waitingFor(state: TTimeState): TParty | null {
  if (state.label === 'requested' || state.label === 'cancel_requested') return 'terminal';
  if (state.label === 'planned' && state.lastParty === 'terminal') return 'vessel_side';
  return null;
}

export const ZDelayReasonCode = z.string().max(3).regex(/^[A-Z]{3}$/, 'An SMDG delay reason code has three capital letters');
export const ZNegotiationRequest = z.object({
  time: ZNegotiatedTime,
  action: ZNegotiationAction,
  date_time: z.iso.datetime({ offset: true }).optional(),
  delay_reason_code: ZDelayReasonCode.optional(),
  remark: z.string().max(500).optional(),
  version: z.number().int().nonnegative(),
});
export type TNegotiationRequest = z.infer<typeof ZNegotiationRequest>;
