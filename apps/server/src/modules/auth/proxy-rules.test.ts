import { describe, expect, it } from 'vitest';
import { type TProxyParty, type TProxyStanding, decideProxy, proxySessionEnd } from './proxy-rules';

const person = (id: number, overrides: Partial<TProxyParty> = {}): TProxyParty => ({
  id,
  user_type: 'terminal_operator',
  organisation_id: 1,
  is_organisation_lead: false,
  terminal_ids: [10],
  is_locked: false,
  is_password_expired: false,
  ...overrides,
});

describe('who may act for whom', () => {
  const cases: { name: string; actor: TProxyParty; target: TProxyParty; isNested?: boolean; expected: ReturnType<typeof decideProxy> }[] = [
    { name: 'a terminal operator for a colleague of the same organisation at a shared terminal', actor: person(1), target: person(2, { terminal_ids: [11, 10] }), expected: { isAllowed: true, basis: 'shared_terminal' } },
    { name: 'not a terminal operator for a colleague of the same organisation at another terminal', actor: person(1), target: person(2, { terminal_ids: [11] }), expected: { isAllowed: false, reason: 'not_allowed_role' } },
    { name: 'not a terminal operator for someone of another organisation, even at a shared terminal', actor: person(1), target: person(2, { organisation_id: 2 }), expected: { isAllowed: false, reason: 'other_organisation' } },
    { name: 'not someone without an organisation', actor: person(1, { organisation_id: null }), target: person(2, { organisation_id: null }), expected: { isAllowed: false, reason: 'other_organisation' } },
    { name: 'an organisation lead for any non-lead member, without a shared terminal', actor: person(1, { user_type: 'agent', is_organisation_lead: true, terminal_ids: [] }), target: person(2, { user_type: 'agent', terminal_ids: [12] }), expected: { isAllowed: true, basis: 'organisation_lead' } },
    { name: 'not an organisation lead for another organisation', actor: person(1, { is_organisation_lead: true }), target: person(2, { organisation_id: 3 }), expected: { isAllowed: false, reason: 'other_organisation' } },
    { name: 'not a lead for another lead', actor: person(1, { is_organisation_lead: true }), target: person(2, { is_organisation_lead: true }), expected: { isAllowed: false, reason: 'target_is_lead' } },
    { name: 'not a member for their lead (no acting for a higher role), even at a shared terminal', actor: person(1), target: person(2, { is_organisation_lead: true }), expected: { isAllowed: false, reason: 'target_is_lead' } },
    { name: 'not an agent without the lead flag for a colleague', actor: person(1, { user_type: 'agent' }), target: person(2, { user_type: 'agent' }), expected: { isAllowed: false, reason: 'not_allowed_role' } },
    { name: 'not a vessel operator at a shared terminal', actor: person(1, { user_type: 'vessel_operator' }), target: person(2, { user_type: 'vessel_operator' }), expected: { isAllowed: false, reason: 'not_allowed_role' } },
    { name: 'never for oneself', actor: person(1, { is_organisation_lead: true }), target: person(1, { is_organisation_lead: true }), expected: { isAllowed: false, reason: 'self' } },
    { name: 'never nested, even where the pair would be allowed', actor: person(1), target: person(2), isNested: true, expected: { isAllowed: false, reason: 'nested' } },
    { name: 'not for a colleague whose account is locked', actor: person(1), target: person(2, { is_locked: true }), expected: { isAllowed: false, reason: 'target_locked' } },
    { name: 'not for a colleague whose password has expired, not even as their lead', actor: person(1, { is_organisation_lead: true }), target: person(2, { is_password_expired: true }), expected: { isAllowed: false, reason: 'target_password_expired' } },
    { name: 'not from a locked account', actor: person(1, { is_locked: true }), target: person(2), expected: { isAllowed: false, reason: 'actor_locked' } },
    { name: 'another organisation is refused as such, without telling whether its account is locked', actor: person(1), target: person(2, { organisation_id: 2, is_locked: true }), expected: { isAllowed: false, reason: 'other_organisation' } },
  ];
  it.each(cases)('$name', ({ actor, target, isNested, expected }) => {
    expect(decideProxy({ actor, target, isNested: isNested ?? false })).toEqual(expected);
  });
});

describe('how long a running proxy session stays alive', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const later = '2026-11-24T12:00:00Z';
  const earlier = '2026-11-24T09:00:00Z';
  const alive: TProxyStanding = { parent: { revoked_at: null, expires_at: later }, actor: { locked_until: null }, target: { locked_until: null, password_expires_at: null } };
  const cases: { name: string; standing: TProxyStanding; expected: ReturnType<typeof proxySessionEnd> }[] = [
    { name: 'goes on while the actor\u2019s own session is live and both accounts are open', standing: alive, expected: null },
    { name: 'goes on when a lock or an expiry has passed', standing: { ...alive, actor: { locked_until: earlier }, target: { locked_until: earlier, password_expires_at: later } }, expected: null },
    { name: 'ends when the actor signed out (the parent session revoked)', standing: { ...alive, parent: { revoked_at: earlier, expires_at: later } }, expected: 'actor_session_ended' },
    { name: 'ends when the actor\u2019s own session has run out', standing: { ...alive, parent: { revoked_at: null, expires_at: earlier } }, expected: 'actor_session_ended' },
    { name: 'ends when it names no parent session at all', standing: { ...alive, parent: null }, expected: 'actor_session_ended' },
    { name: 'ends when the actor\u2019s account is locked', standing: { ...alive, actor: { locked_until: later } }, expected: 'actor_locked' },
    { name: 'ends when the colleague\u2019s account is locked', standing: { ...alive, target: { locked_until: later, password_expires_at: null } }, expected: 'target_locked' },
    { name: 'ends when the colleague\u2019s password has expired', standing: { ...alive, target: { locked_until: null, password_expires_at: earlier } }, expected: 'target_password_expired' },
  ];
  it.each(cases)('$name', ({ standing, expected }) => {
    expect(proxySessionEnd(standing, now)).toEqual(expected);
  });
});
