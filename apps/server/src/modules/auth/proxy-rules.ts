// Who may act for whom, and how long a proxy session stays alive, as pure decisions so the rule table can be tested
// on its own and the start endpoint, the candidate list and every proxied request can never disagree.
import type { TUserType } from '@quayline/domain';

export type TProxyParty = {
  id: number;
  user_type: TUserType;
  organisation_id: number | null;
  is_organisation_lead: boolean;
  terminal_ids: readonly number[];
  /** Locked after failed sign-ins (portal_users.locked_until still ahead). */
  is_locked: boolean;
  /** The password has expired: the person must choose a new one before anyone works in their name. */
  is_password_expired: boolean;
};

/** Why a proxy is refused; stored as the reason of the 'refused' audit row. */
export type TProxyRefusal = 'nested' | 'self' | 'other_organisation' | 'target_is_lead' | 'actor_locked' | 'target_locked' | 'target_password_expired' | 'not_allowed_role';

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
 * higher role), never from or for a locked account or for one whose password has expired (acting for someone
 * must not get round what their own sign-in would refuse). The account checks come after the organisation check,
 * so nobody learns the state of another organisation's accounts. Then a lead may act for any other member of the
 * organisation, and a terminal operator for a member of the same organisation who works at one of the same terminals.
 */
export function decideProxy({ actor, target, isNested }: { actor: TProxyParty; target: TProxyParty; isNested: boolean }): TProxyDecision {
  if (isNested) return refuse('nested');
  if (actor.id === target.id) return refuse('self');
  if (actor.organisation_id === null || actor.organisation_id !== target.organisation_id) return refuse('other_organisation');
  if (target.is_organisation_lead) return refuse('target_is_lead');
  if (actor.is_locked) return refuse('actor_locked');
  if (target.is_locked) return refuse('target_locked');
  if (target.is_password_expired) return refuse('target_password_expired');
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
  actor_locked: 'Your account is locked after failed sign-ins. You cannot act for a colleague until it opens again.',
  target_locked: 'This person\u2019s account is locked after failed sign-ins. Nobody can act for them until it opens again.',
  target_password_expired: 'This person\u2019s password has expired. Nobody can act for them until they choose a new one.',
  not_allowed_role: 'Your role does not allow you to act for this person.',
};

/**
 * Why a running proxy session has ended although its own 30 minutes have not run out; stored as the reason of the
 * 'ended' audit row. The actor's own session ended (signed out, a new password, run out), the actor's account was
 * locked, or the person acted for can no longer be acted for (locked, password expired, a new password).
 */
export type TProxyEnd =
  | 'actor_signed_out'
  | 'actor_password_changed'
  | 'actor_session_ended'
  | 'actor_locked'
  | 'target_password_changed'
  | 'target_locked'
  | 'target_password_expired';

export type TProxyStanding = {
  /** The actor's own session the proxy session was started from; null when it no longer exists. */
  parent: { revoked_at: Date | string | null; expires_at: Date | string } | null;
  actor: { locked_until: Date | string | null };
  target: { locked_until: Date | string | null; password_expires_at: Date | string | null };
};

const isAhead = (value: Date | string | null, now: Date): boolean => value !== null && new Date(value).getTime() > now.getTime();

/** Null while the proxy session may go on; otherwise why it has ended. Asked on every proxied request. */
export function proxySessionEnd({ parent, actor, target }: TProxyStanding, now: Date): TProxyEnd | null {
  if (!parent || parent.revoked_at !== null || !isAhead(parent.expires_at, now)) return 'actor_session_ended';
  if (isAhead(actor.locked_until, now)) return 'actor_locked';
  if (isAhead(target.locked_until, now)) return 'target_locked';
  if (target.password_expires_at !== null && !isAhead(target.password_expires_at, now)) return 'target_password_expired';
  return null;
}

/** The sentence a request under an ended proxy session gets, after "Acting for <name> has ended". */
export const PROXY_END_MESSAGES: Record<TProxyEnd, string> = {
  actor_signed_out: 'you signed out.',
  actor_password_changed: 'your password was changed.',
  actor_session_ended: 'your own session has ended.',
  actor_locked: 'your account is locked.',
  target_password_changed: 'their password was changed.',
  target_locked: 'their account is locked.',
  target_password_expired: 'their password has expired.',
};
