// The soak's world: the demo terminal with its people, plus as many extra colleagues as SOAK_USERS asks for, each
// signed in; a quarter of the people are terminal operators acting for a colleague (a proxy session).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { DEMO_PASSWORD } from '../../demo/demo-data';
import { createUser } from '../fixtures';
import type { SoakRecorder, TSoakRole, TSoakServer, TSoakSession } from './soak-client';

export type TSoakUser = {
  /** e.g. `terminal_operator#2`: role and index, as the report names them. */
  name: string;
  role: TSoakRole;
  /** The user the requests are made as (for acting: the colleague acted for). */
  userId: number;
  email: string;
  organisationId: number;
  session: TSoakSession;
  /** The server this person's browser talks to (two processes: the users are spread over both). */
  server: TSoakServer;
};

export type TSoakWorld = {
  terminalId: number;
  portId: number;
  unlocode: string;
  quayLength: number;
  clearance: number;
  terminalOrgId: number;
  vesselOperatorOrgId: number;
  vesselOperatorCode: string;
  agencyOrgId: number;
  /** Vessels of the demo vessel operator, which its people and the agent may book. */
  ownVessels: { id: number; imo: string; name: string }[];
  users: TSoakUser[];
  /** When the soak started; the checks look at what was written after it. */
  startedAt: Date;
  firstEventId: number;
};

const ROLES: TSoakRole[] = ['terminal_operator', 'vessel_operator', 'agent', 'acting'];

async function signIn(recorder: SoakRecorder, server: TSoakServer, email: string, password: string): Promise<string> {
  const res = await recorder.send(server, null, { method: 'POST', path: '/login', body: { username: email, password } }, 'sign-in');
  if (res.status !== 200) throw new Error(`signing in ${email} on ${server.name}: ${res.status} ${res.text.slice(0, 200)}`);
  return (res.body as { payload: { token: string } }).payload.token;
}

/** The demo terminal's records and `count` signed-in people (at least one of each role), spread over `servers`. */
export async function buildSoakWorld(db: Kysely<DB>, servers: TSoakServer[], recorder: SoakRecorder, count: number): Promise<TSoakWorld> {
  const demo = await db.selectFrom('portal_users').select(['id', 'email', 'organisation_id', 'user_type']).where('email', 'like', '%@demo.quayline.test').execute();
  const byEmail = (email: string) => {
    const user = demo.find((u) => u.email === email);
    if (!user) throw new Error(`the demo has no ${email}: the soak needs the demo seed (SEED_DEMO)`);
    return user;
  };
  const planner = byEmail('terminal.operator@demo.quayline.test');
  const vesselOperator = byEmail('vessel.operator@demo.quayline.test');
  const agent = byEmail('agent@demo.quayline.test');
  const terminal = await db
    .selectFrom('portal_user_terminals')
    .innerJoin('terminals', 'terminals.id', 'portal_user_terminals.terminal_id')
    .innerJoin('ports', 'ports.id', 'terminals.port_id')
    .select(['terminals.id', 'terminals.port_id', 'ports.unlocode', 'terminals.quay_length_m', 'terminals.min_clearance_m'])
    .where('portal_user_terminals.portal_user_id', '=', planner.id)
    .orderBy('terminals.id')
    .executeTakeFirstOrThrow();
  const operatorOrg = await db.selectFrom('organisations').select(['code']).where('id', '=', vesselOperator.organisation_id!).executeTakeFirstOrThrow();
  const ownVessels = await db.selectFrom('vessels').select(['id', 'imo_number', 'name']).where('vessel_operator_id', '=', vesselOperator.organisation_id!).orderBy('id').execute();
  const lastEvent = await db.selectFrom('realtime_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();

  const orgOf: Record<TSoakRole, number> = {
    terminal_operator: planner.organisation_id!,
    acting: planner.organisation_id!,
    vessel_operator: vesselOperator.organisation_id!,
    agent: agent.organisation_id!,
  };
  // The demo's own people first (their records are the demo's), then new colleagues in the same companies.
  const demoPeople: Partial<Record<TSoakRole, { email: string; password: string; actedFor?: string }>> = {
    terminal_operator: { email: planner.email, password: DEMO_PASSWORD },
    vessel_operator: { email: vesselOperator.email, password: DEMO_PASSWORD },
    agent: { email: agent.email, password: DEMO_PASSWORD },
    acting: { email: 'day.planner@demo.quayline.test', password: DEMO_PASSWORD, actedFor: 'night.planner@demo.quayline.test' },
  };
  const users: TSoakUser[] = [];
  const seen = new Map<TSoakRole, number>();
  for (let i = 0; i < Math.max(count, ROLES.length); i++) {
    const role = ROLES[i % ROLES.length]!;
    const index = seen.get(role) ?? 0;
    seen.set(role, index + 1);
    const server = servers[i % servers.length]!;
    const known = index === 0 ? demoPeople[role] : undefined;
    const userType = role === 'acting' ? 'terminal_operator' : role;
    const person = known ? { id: byEmail(known.email).id, email: known.email, password: known.password } : await createUser(db, { userType, organisationId: orgOf[role], terminalIds: [terminal.id] });
    const token = await signIn(recorder, server, person.email, person.password);
    let session: TSoakSession = { token };
    let actedFor = { id: person.id, email: person.email };
    if (role === 'acting') {
      const colleague = known?.actedFor ? { id: byEmail(known.actedFor).id, email: known.actedFor } : await createUser(db, { userType: 'terminal_operator', organisationId: orgOf.acting, terminalIds: [terminal.id] });
      const proxy = await recorder.send(server, session, { method: 'POST', path: '/proxy_session', body: { user_id: colleague.id } }, 'acting');
      if (proxy.status !== 200) throw new Error(`acting for ${colleague.email}: ${proxy.status} ${proxy.text.slice(0, 200)}`);
      session = { token, proxyToken: (proxy.body as { payload: { token: string } }).payload.token };
      actedFor = { id: colleague.id, email: colleague.email };
    }
    users.push({ name: `${role}#${index + 1}`, role, userId: actedFor.id, email: actedFor.email, organisationId: orgOf[role], session, server });
  }
  return {
    terminalId: terminal.id,
    portId: terminal.port_id,
    unlocode: terminal.unlocode,
    quayLength: Number(terminal.quay_length_m),
    clearance: Number(terminal.min_clearance_m),
    terminalOrgId: planner.organisation_id!,
    vesselOperatorOrgId: vesselOperator.organisation_id!,
    vesselOperatorCode: operatorOrg.code,
    agencyOrgId: agent.organisation_id!,
    ownVessels: ownVessels.map((v) => ({ id: v.id, imo: v.imo_number, name: v.name })),
    users,
    startedAt: new Date(),
    firstEventId: Number(lastEvent?.id ?? 0) + 1,
  };
}
