// Who may book a call with which vessel (docs/permissions.md, "Booking a vessel"). A call opens its vessel's AIS data
// and history to whoever sees the call, so the vessel side books only vessels it answers for: a vessel operator the
// vessels the register gives to its company, an agent those of the operator the call is for, once that operator has
// named the agency as agent of one of its calls (the only tie between agencies and operators the data knows). The
// terminal books any vessel at its own terminals.
import type { TUserType } from './schemas/user';

export type TVesselBookingFacts = {
  userType: TUserType;
  organisationId: number | null;
  vessel: { name: string; vesselOperatorId: number | null; operatorName: string | null };
  /** The vessel operator the call is booked for. */
  callVesselOperatorId: number;
  /** For an agent: its agency is the agent of a call of that operator. */
  isAgencyOfOperator: boolean;
};

/** Why the user may not book this vessel for this call, or null when they may. */
export function vesselBookingProblem(facts: TVesselBookingFacts): string | null {
  const { vessel } = facts;
  if (facts.userType === 'terminal_operator') return null;
  if (facts.userType === 'vessel_operator') {
    if (vessel.vesselOperatorId !== null && vessel.vesselOperatorId === facts.organisationId) return null;
    return vessel.vesselOperatorId === null
      ? `${vessel.name} has no vessel operator in the vessel register: only the terminal can book it until it is registered as yours.`
      : `${vessel.name} is operated by ${vessel.operatorName ?? 'another company'}, not by your company: you can only book your own vessels.`;
  }
  if (vessel.vesselOperatorId === null || vessel.vesselOperatorId !== facts.callVesselOperatorId) {
    return `${vessel.name} is not a vessel of the vessel operator this call is booked for: an agent books a vessel only for its own operator.`;
  }
  if (!facts.isAgencyOfOperator) return `Your agency does not act for ${vessel.operatorName ?? 'this vessel operator'}: it can book its vessels once the operator has named your agency as agent of one of its calls.`;
  return null;
}

export type TVesselEditFacts = {
  userType: TUserType;
  organisationId: number | null;
  vessel: { name: string; vesselOperatorId: number | null; operatorName: string | null };
  /** For an agent: its agency is the agent of a call of the vessel's operator. */
  isAgencyOfOperator: boolean;
};

/**
 * Why the user may not change what the register says a vessel is (its coded and detailed type), or null when they may.
 * The same tie as booking: the terminal any vessel, a vessel operator its own company's vessels, an agent the vessels
 * of an operator it acts for; a vessel without an operator in the register only the terminal.
 */
export function vesselEditProblem(facts: TVesselEditFacts): string | null {
  const { vessel } = facts;
  if (facts.userType === 'terminal_operator') return null;
  if (vessel.vesselOperatorId === null) return `${vessel.name} has no vessel operator in the vessel register: only the terminal can change its type.`;
  if (facts.userType === 'vessel_operator') {
    return vessel.vesselOperatorId === facts.organisationId ? null : `${vessel.name} is operated by ${vessel.operatorName ?? 'another company'}, not by your company: you can only change your own vessels.`;
  }
  return facts.isAgencyOfOperator ? null : `Your agency does not act for ${vessel.operatorName ?? 'this vessel operator'}: you can only change the vessels of operators you are the agent for.`;
}
