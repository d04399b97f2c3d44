// `npm start` with the demo data: Nordic Line's DCSA JIT 2.0 system is the local carrier (modules/dcsa/local-jit-carrier.ts)
// run in-process on an ephemeral port of 127.0.0.1 and connected by the demo terminal's operator, so a new user sees a
// JIT exchange on the first start (docs/dcsa-jit.md, "The demo's Nordic Line system"). Once at start it opens a few of
// Nordic Line's coming calls through the JIT endpoints and sends its own arrival time for them; after that it only
// answers what the terminal sends: a plan (PLN) for those calls it accepts, everything else it takes with 204.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../app-context';
import type { AuthSession } from '../modules/auth/auth.service';
import { createCounterparty, moveCounterpartyEndpoint, rotateCounterpartyKey } from '../modules/dcsa/counterparty.service';
import { type TJitAnswer, type TJitCarrierClient, type TJitCarrierEndpoint, type TReceivedJitMessage, acceptPlan, createJitCarrierClient, injectTransport, openJitCall, startJitCarrierEndpoint } from '../modules/dcsa/local-jit-carrier';
import { findUserByEmail } from '../modules/users/user.repository';
import { DEMO_USERS, DEMO_VESSEL_OPERATORS } from './demo-data';

/** The connected system's name in Settings > JIT connections; the demo finds its own by it at every start. */
export const DEMO_JIT_SYSTEM_NAME = 'Nordic Line JIT (local carrier)';
const CARRIER = DEMO_VESSEL_OPERATORS[0];
const TERMINAL_OPERATOR_EMAIL = DEMO_USERS[0].email;
/** How many of Nordic Line's coming calls the carrier keeps in a JIT exchange. */
const CALLS_IN_EXCHANGE = 2;
/** The calls it opens arrive this far ahead: far enough that nobody is working on them today. */
const FROM_DAYS = 3;
const TO_DAYS = 21;
/** The carrier's arrival time: its voyage plan has the vessel an hour later than the call says. */
const ETA_SLIP_MS = 3_600_000;
const ETA_REMARK = "ETA from Nordic Line's voyage plan";
/** The labels a vessel side may request a new arrival from (docs/negotiation.md). */
const REQUESTABLE_LABELS = ['requested', 'planned', 'estimated', 'accepted'];

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo's Nordic Line JIT system; null when it does not run. */
    demoJitCarrier: TDemoJitCarrier | null;
  }
}

export type TDemoJitCall = { portcallId: number; portCallServiceID: string; requested: string; answer: TJitAnswer };

export type TDemoJitCarrier = {
  counterpartyId: number;
  endpoint: TJitCarrierEndpoint;
  client: TJitCarrierClient;
  /** Once after the server listens: opens the calls the exchange lacks and sends their arrival time. */
  openCalls(): Promise<TDemoJitCall[]>;
  /** Every REQ the carrier sent to accept a plan, in order. */
  acceptances: { planTimestampID: string; timestampID: string; status: number }[];
  /** Settles when the answers to the plans received so far have been sent (tests wait on it). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

async function sessionOfDemoTerminalOperator(ctx: AppContext): Promise<AuthSession | null> {
  const user = await findUserByEmail(ctx.db, TERMINAL_OPERATOR_EMAIL);
  return user ? { sessionId: 0, user, actor: null, expiresAt: new Date(8.64e15) } : null;
}

/** The carrier's own services: those of the JIT port calls its system sent, so it answers plans for its calls only. */
async function ownServiceIds(ctx: AppContext, portalUserId: number): Promise<Set<string>> {
  const rows = await ctx.db
    .selectFrom('jit_port_call_services as s')
    .innerJoin('jit_terminal_calls as tc', 'tc.terminal_call_id', 's.terminal_call_id')
    .innerJoin('jit_port_calls as pc', 'pc.port_call_id', 'tc.port_call_id')
    .select('s.port_call_service_id')
    .where('pc.owner_user_id', '=', portalUserId)
    .execute();
  return new Set(rows.map((r) => r.port_call_service_id));
}

/**
 * Starts Nordic Line's system when the demo is on and JIT_DEMO_CARRIER is not false: connects it (or finds the one
 * connected at an earlier start, gives it a new key and this start's endpoint), so restarts never add a second one.
 * A system someone disconnected in Settings stays disconnected: then nothing starts.
 */
export async function startDemoJitCarrier(app: FastifyInstance): Promise<TDemoJitCarrier | null> {
  const ctx = app.ctx;
  if (!ctx.config.seedDemo || !ctx.config.jitDemoCarrier) return null;
  const session = await sessionOfDemoTerminalOperator(ctx);
  const carrier = await ctx.db.selectFrom('organisations').select('id').where('code', '=', CARRIER.code).executeTakeFirst();
  if (!session?.user.organisation_id || !carrier) return null;
  const known = await ctx.db
    .selectFrom('dcsa_counterparties')
    .select(['id', 'revoked_at', 'portal_user_id'])
    .where('name', '=', DEMO_JIT_SYSTEM_NAME)
    .where('organisation_id', '=', carrier.id)
    .where('terminal_operator_id', '=', session.user.organisation_id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (known?.revoked_at) return null;

  let client: TJitCarrierClient | null = null;
  let own = new Set<string>();
  /** The carrier's latest requested time per service of this run, so the terminal's acceptance is not answered. */
  const requested = new Map<string, string>();
  const acceptances: TDemoJitCarrier['acceptances'] = [];
  let answering: Promise<void> = Promise.resolve();
  const onMessage = (m: TReceivedJitMessage) => {
    const body = m.body as { portCallServiceID?: string; timestampID?: string } | null;
    if (!client || !body?.portCallServiceID || !own.has(body.portCallServiceID)) return;
    const c = client;
    // After the 204 is written: the answer is a request of its own, which Quayline may pass on to other systems.
    answering = answering.then(() =>
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => acceptPlan(c, m, requested.get(body.portCallServiceID!)))
        .then((sent) => {
          if (!sent) return;
          requested.set(sent.timestamp.portCallServiceID, sent.timestamp.dateTime);
          acceptances.push({ planTimestampID: body.timestampID!, timestampID: sent.timestamp.timestampID, status: sent.answer.status });
        })
        .catch((err: unknown) => app.log.warn({ err }, "the demo's Nordic Line system could not answer a plan")),
    );
  };
  const endpoint = await startJitCarrierEndpoint({ host: '127.0.0.1', port: 0, onMessage });
  try {
    if (known) await moveCounterpartyEndpoint(ctx, session, known.id, endpoint.url);
    // Only the key's digest is kept, so each start gives the system a new key (which ends the last start's).
    const connected = known ? await rotateCounterpartyKey(ctx, session, known.id, false) : await createCounterparty(ctx, session, { name: DEMO_JIT_SYSTEM_NAME, organisation_id: carrier.id, endpoint_url: endpoint.url });
    const portalUserId = known?.portal_user_id ?? (await ctx.db.selectFrom('dcsa_counterparties').select('portal_user_id').where('id', '=', connected.id).executeTakeFirstOrThrow()).portal_user_id;
    own = await ownServiceIds(ctx, portalUserId);
    const jit = createJitCarrierClient(injectTransport({ app }), connected.api_key);
    client = jit;
    return {
      counterpartyId: connected.id,
      endpoint,
      client: jit,
      acceptances,
      openCalls: () => openDemoCalls(ctx, jit, portalUserId, carrier.id, session.user.organisation_id!, own, requested),
      idle: async () => {
        let seen: Promise<void>;
        do {
          seen = answering;
          await seen;
        } while (seen !== answering);
      },
      close: endpoint.close,
    };
  } catch (err) {
    await endpoint.close();
    throw err;
  }
}

async function openDemoCalls(ctx: AppContext, client: TJitCarrierClient, portalUserId: number, carrierId: number, terminalOperatorId: number, own: Set<string>, requested: Map<string, string>): Promise<TDemoJitCall[]> {
  const now = ctx.clock.now().getTime();
  const window = { from: new Date(now + FROM_DAYS * 86_400_000), to: new Date(now + TO_DAYS * 86_400_000) };
  const inExchange = await ctx.db
    .selectFrom('jit_terminal_calls as tc')
    .innerJoin('jit_port_calls as pc', 'pc.port_call_id', 'tc.port_call_id')
    .innerJoin('portcalls as p', 'p.id', 'tc.portcall_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pc.owner_user_id', '=', portalUserId)
    .where('p.berth_arrival', '>', new Date(now))
    .executeTakeFirstOrThrow();
  const wanted = CALLS_IN_EXCHANGE - Number(inExchange.n);
  if (wanted <= 0) return [];
  const calls = await ctx.db
    .selectFrom('portcalls as p')
    .innerJoin('vessels as v', 'v.id', 'p.vessel_id')
    .innerJoin('terminals as t', 't.id', 'p.terminal_id')
    .innerJoin('ports', 'ports.id', 't.port_id')
    .select(['p.id', 'p.berth_arrival', 'p.berth_departure', 'p.service_name', 'p.voyage_number_import', 'p.voyage_number_export', 'v.imo_number', 'v.name as vessel_name', 'ports.unlocode'])
    .where('p.vessel_operator_id', '=', carrierId)
    .where('t.terminal_operator_id', '=', terminalOperatorId)
    .where('p.status', '!=', 'Cancelled')
    .where('p.berth_arrival', '>', window.from)
    .where('p.berth_arrival', '<', window.to)
    .where((eb) => eb.or([eb('p.berth_arrival_label', 'is', null), eb('p.berth_arrival_label', 'in', REQUESTABLE_LABELS)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('jit_terminal_calls as linked').select(sql.lit(1).as('one')).whereRef('linked.portcall_id', '=', 'p.id'))))
    .orderBy('p.berth_arrival')
    .orderBy('p.id')
    .limit(wanted)
    .execute();
  const opened: TDemoJitCall[] = [];
  for (const call of calls) {
    const arrival = new Date(call.berth_arrival);
    const jit = await openJitCall(client, {
      unlocode: call.unlocode.trim(),
      imo: call.imo_number.trim(),
      vesselName: call.vessel_name.slice(0, 50).trim(),
      serviceName: (call.service_name?.trim() || 'Nordic Line').slice(0, 50),
      serviceCode: (call.service_name ?? 'NRDL').replace(/\s+/g, '').slice(0, 11) || 'NRDL',
      ...(call.voyage_number_import?.trim() ? { importVoyage: call.voyage_number_import.trim() } : {}),
      ...(call.voyage_number_export?.trim() ? { exportVoyage: call.voyage_number_export.trim() } : {}),
      arrival: arrival.toISOString(),
      departure: new Date(call.berth_departure).toISOString(),
    });
    own.add(jit.arrivalServiceID);
    own.add(jit.departureServiceID);
    // The standard gives EST to the terminal only; the carrier's own time for the arrival is a REQ, replying to its first.
    const eta = { timestampID: randomUUID(), replyToTimestampID: jit.timestamps[0]!, portCallServiceID: jit.arrivalServiceID, classifierCode: 'REQ', dateTime: new Date(arrival.getTime() + ETA_SLIP_MS).toISOString(), remark: ETA_REMARK };
    const answer = await client.send('PUT', `/timestamps/${eta.timestampID}`, eta);
    requested.set(jit.arrivalServiceID, eta.dateTime);
    requested.set(jit.departureServiceID, new Date(call.berth_departure).toISOString());
    opened.push({ portcallId: call.id, portCallServiceID: jit.arrivalServiceID, requested: eta.dateTime, answer });
  }
  return opened;
}
