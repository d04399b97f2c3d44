// The negotiation state of one time as the domain rules need it, from the record and its timestamp chain.
import {
  findTransition,
  legalActions,
  type TNegotiatedTime,
  type TNegotiationAction,
  type TParty,
  type TPortcall,
  type TPortcallTimestamp,
  type TTimeState,
} from '@quayline/domain';

export function timeStateOf(portcall: TPortcall, time: TNegotiatedTime, chain: readonly TPortcallTimestamp[]): TTimeState {
  const steps = chain.filter((step) => step.time === time);
  const last = steps.at(-1);
  const beforeLast = steps.at(-2);
  return {
    label: portcall[`${time}_state`].label ?? 'none',
    previousLabel: beforeLast?.label ?? 'none',
    lastParty: last ? (last.party as TParty) : null,
    isFirstRequest: !steps.some((step) => step.action === 'request'),
  };
}

/**
 * What the party may do with a time now: the domain's legalActions, minus what the server refuses for
 * reasons outside the table (a cancelled call; pilot times other than estimates without a boarding place).
 */
export function offeredActions(portcall: TPortcall, time: TNegotiatedTime, chain: readonly TPortcallTimestamp[], party: TParty): TNegotiationAction[] {
  if (portcall.status === 'Cancelled') return [];
  const actions = legalActions(timeStateOf(portcall, time, chain), party);
  const isPilotTime = time === 'pilot_boarding_place_arrival' || time === 'pilot_boarding_place_departure';
  if (isPilotTime && portcall.pilot_boarding_place_id === null) return actions.filter((action) => action === 'estimate');
  return actions;
}

/** Whether the action carries a new date and time (accept, reject and the cancel steps reuse what they answer). */
export function actionTakesTime(action: TNegotiationAction, party: TParty): boolean {
  return findTransition(action, party)?.takesTime ?? false;
}
