import { describe, expect, it } from 'vitest';
import { type TVesselBookingFacts, type TVesselEditFacts, vesselBookingProblem, vesselEditProblem } from './vessel-booking';

const facts = (over: Partial<TVesselBookingFacts>): TVesselBookingFacts => ({
  userType: 'vessel_operator',
  organisationId: 1,
  vessel: { name: 'NORDIC STAR', vesselOperatorId: 1, operatorName: 'Nordic Line A/S' },
  callVesselOperatorId: 1,
  isAgencyOfOperator: false,
  ...over,
});

describe('vesselBookingProblem', () => {
  it.each([
    ['the terminal, any vessel', facts({ userType: 'terminal_operator', organisationId: 9, vessel: { name: 'X', vesselOperatorId: 2, operatorName: 'Y' } }), null],
    ['a vessel operator, its own vessel', facts({}), null],
    ['a vessel operator, a competitor\u2019s vessel', facts({ vessel: { name: 'RIVAL QUEEN', vesselOperatorId: 2, operatorName: 'Rival' } }), /RIVAL QUEEN is operated by Rival, not by your company/],
    ['a vessel operator, a vessel with no operator', facts({ vessel: { name: 'NOBODY', vesselOperatorId: null, operatorName: null } }), /no vessel operator in the vessel register/],
    ['an agent acting for the call\u2019s operator, its vessel', facts({ userType: 'agent', organisationId: 5, isAgencyOfOperator: true }), null],
    ['an agent, the operator\u2019s vessel on another operator\u2019s call', facts({ userType: 'agent', organisationId: 5, isAgencyOfOperator: true, callVesselOperatorId: 2 }), /not a vessel of the vessel operator this call is booked for/],
    ['an agent not acting for the operator', facts({ userType: 'agent', organisationId: 5 }), /does not act for Nordic Line A\/S/],
  ])('%s', (_name, given, expected) => {
    const problem = vesselBookingProblem(given);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});

describe('who may change a vessel type', () => {
  const vessel = { name: 'NORDIC STAR', vesselOperatorId: 7, operatorName: 'Nordic Line A/S' };
  const facts = (over: Partial<TVesselEditFacts>): TVesselEditFacts => ({ userType: 'vessel_operator', organisationId: 7, vessel, isAgencyOfOperator: false, ...over });
  it('lets the terminal change any vessel, also one without an operator', () => {
    expect(vesselEditProblem(facts({ userType: 'terminal_operator', organisationId: 1, vessel: { ...vessel, vesselOperatorId: null } }))).toBeNull();
  });
  it('lets a vessel operator change its own vessels only', () => {
    expect(vesselEditProblem(facts({}))).toBeNull();
    expect(vesselEditProblem(facts({ organisationId: 8 }))).toMatch(/operated by Nordic Line A\/S, not by your company/);
    expect(vesselEditProblem(facts({ vessel: { ...vessel, vesselOperatorId: null } }))).toMatch(/only the terminal/);
  });
  it('lets an agent change the vessels of an operator it acts for', () => {
    expect(vesselEditProblem(facts({ userType: 'agent', organisationId: 30, isAgencyOfOperator: true }))).toBeNull();
    expect(vesselEditProblem(facts({ userType: 'agent', organisationId: 30 }))).toMatch(/does not act for Nordic Line A\/S/);
  });
});
