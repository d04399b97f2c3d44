// A terminal with geometry, a vessel operator with its vessel, an agency acting for it, and signed-in users of each
// side, for port-call tests.
import type { TestApp } from './test-app';
import { type ApiCall, addTerminalGeometry, appointAgency, createOrganisation, createTerminal, createVessel, signIn } from './fixtures';

export type PortcallWorld = Awaited<ReturnType<typeof createPortcallWorld>>;

export async function createPortcallWorld(t: TestApp, options: { plannerLocale?: string } = {}) {
  const db = t.database.db;
  const terminal = await createTerminal(db);
  const geometry = await addTerminalGeometry(db, terminal.id);
  const operator = await createOrganisation(db, 'vessel_operator');
  const agency = await createOrganisation(db, 'agent');
  const vessel = await createVessel(db, { vesselOperatorId: operator.id });
  // The agency acts for the operator, so its agent may book the operator's vessel.
  await appointAgency(db, { agencyId: agency.id, vesselOperatorId: operator.id });
  const planner = await signIn(t.app, db, { terminalIds: [terminal.id], ...(options.plannerLocale ? { locale: options.plannerLocale } : {}) });
  const agent = await signIn(t.app, db, { userType: 'agent', organisationId: agency.id, terminalIds: [terminal.id] });
  const vesselSide = await signIn(t.app, db, { userType: 'vessel_operator', organisationId: operator.id, terminalIds: [terminal.id] });
  const request = (arrivalIso: string, departureIso: string, extra: Record<string, unknown> = {}) => ({
    terminal_id: terminal.id,
    vessel_id: vessel.id,
    vessel_operator_id: operator.id,
    agent_id: agency.id,
    berth_arrival: arrivalIso,
    berth_departure: departureIso,
    ...extra,
  });
  return { terminal, geometry, operator, agency, vessel, planner: planner.call as ApiCall, agent: agent.call as ApiCall, vesselSide: vesselSide.call as ApiCall, users: { planner, agent, vesselSide }, request };
}
