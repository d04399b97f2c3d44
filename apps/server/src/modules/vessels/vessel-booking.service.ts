// The booking rule of packages/domain (vesselBookingProblem) with the facts it needs from the register and the calls:
// every write that puts a vessel on a call (a call created or given another vessel, a voyage with its call at the
// terminal, a template's vessels) asks it first.
import { vesselBookingProblem } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { findVesselWithOperator, isAgencyOfOperator } from './vessel.repository';

/** Why `user` may not book `vesselId` for a call of `vesselOperatorId`; null when they may, or when the vessel is unknown (its own error). */
export async function findVesselBookingProblem(db: Kysely<DB> | Transaction<DB>, user: PortalUser, args: { vesselId: number; vesselOperatorId: number }): Promise<string | null> {
  if (user.user_type === 'terminal_operator') return null;
  const vessel = await findVesselWithOperator(db, args.vesselId);
  if (!vessel) return null;
  const isAgencyOfCallOperator = user.user_type === 'agent' && user.organisation_id !== null && (await isAgencyOfOperator(db, { agencyId: user.organisation_id, vesselOperatorId: args.vesselOperatorId }));
  return vesselBookingProblem({
    userType: user.user_type,
    organisationId: user.organisation_id,
    vessel: { name: vessel.name, vesselOperatorId: vessel.vessel_operator_id, operatorName: vessel.operator_name },
    callVesselOperatorId: args.vesselOperatorId,
    isAgencyOfOperator: isAgencyOfCallOperator,
  });
}
