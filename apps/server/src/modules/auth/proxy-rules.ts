// Who may act for whom, as one pure decision so the rule table can be tested on its own and the
// start endpoint and the candidate list can never disagree.
import type { TUserType } from '@quayline/domain';

export type TProxyParty = {
  id: number;
  user_type: TUserType;
  organisation_id: number | null;
  is_organisation_lead: boolean;
  terminal_ids: readonly number[];
};

/** Why a proxy is refused; stored as the reason of the 'refused' audit row. */
export type TProxyRefusal = 'nested' | 'self' | 'other_organisation' | 'target_is_lead' | 'not_allowed_role';

/** Why a proxy is allowed: a terminal operator for a colleague at a shared terminal, or a lead for their own people. */
export type TProxyBasis = 'shared_terminal' | 'organisation_lead';

export type TProxyDecision = { isAllowed: true; basis: TProxyBasis } | { isAllowed: false; reason: TProxyRefusal };

const refuse = (reason: TProxyRefusal): TProxyDecision => ({ isAllowed: false, reason });

function shareATerminal(a: readonly number[], b: readonly number[]): boolean {
  return a.some((id) => b.includes(id));
}

/**
 * The rule table. Order matters only for which reason is reported; every refusal wins over every permission:
 * never nested, never for oneself, never across organisations, never for a lead (nobody acts for an equal or
 * higher role). Then a lead may act for any other member of the organisation, and a terminal operator for a
 * member of the same organisation who works at one of the same terminals.
 */
export function decideProxy({ actor, target, isNested }: { actor: TProxyParty; target: TProxyParty; isNested: boolean }): TProxyDecision {
  if (isNested) return refuse('nested');
  if (actor.id === target.id) return refuse('self');
  if (actor.organisation_id === null || actor.organisation_id !== target.organisation_id) return refuse('other_organisation');
  if (target.is_organisation_lead) return refuse('target_is_lead');
  if (actor.is_organisation_lead) return { isAllowed: true, basis: 'organisation_lead' };
  if (actor.user_type === 'terminal_operator' && target.user_type === 'terminal_operator' && shareATerminal(actor.terminal_ids, target.terminal_ids)) {
    return { isAllowed: true, basis: 'shared_terminal' };
  }
  return refuse('not_allowed_role');
}

/** The sentence a refused request gets (the audit keeps the reason code). */
export const PROXY_REFUSAL_MESSAGES: Record<TProxyRefusal, string> = {
  nested: 'You are already acting for a colleague. Return to your own session first.',
  self: 'You cannot act for yourself.',
  other_organisation: 'You can only act for people of your own organisation.',
  target_is_lead: 'Nobody can act for an organisation lead.',
  not_allowed_role: 'Your role does not allow you to act for this person.',
};
