import { describe, expect, it } from 'vitest';
import { type TProxyParty, decideProxy } from './proxy-rules';

const person = (id: number, overrides: Partial<TProxyParty> = {}): TProxyParty => ({ id, user_type: 'terminal_operator', organisation_id: 1, is_organisation_lead: false, terminal_ids: [10], ...overrides });

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
  ];
  it.each(cases)('$name', ({ actor, target, isNested, expected }) => {
    expect(decideProxy({ actor, target, isNested: isNested ?? false })).toEqual(expected);
  });
});
