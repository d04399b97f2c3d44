// DCSA JIT 2.0 outbound: what the terminal saves (a plan, a proposal, an acceptance, an estimate, an actual, a cancel)
// becomes the standard's messages to the counterparties of the call's vessel operator and agent, queued in the same
// transaction as the save (so a save never waits for a partner's endpoint, and a message is never lost or doubled),
// then delivered in order per counterparty by the job runner, with retries and backoff (docs/dcsa-jit.md).
import {
  DCSA_JIT_API_VERSION,
  DCSA_SERVICE_OF_TIME,
  NEGOTIATED_TIMES,
  type TDcsaPortCall,
  type TDcsaPortCallService,
  type TDcsaTerminalCall,
  type TDcsaTimestamp,
  type TJitOutboundBody,
  type TNegotiatedTime,
  type TPortcall,
  type TPortcallJitMessage,
  dcsaVesselTypeCode,
  partyOf,
} from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { readStoredJson, storedJson } from '../../db/stored-json';
import type { AuthSession } from '../auth/auth.service';
import { dcsaId } from './dcsa-ids';
import { type TOutboxInsert, type TOutboxRow, claimDueOutbox, findCounterpartiesOf, findOutboxOfPortcall, insertOutboxRows, recordOutcome, releaseClaims } from './jit-outbox.repository';

type Db = Kysely<DB> | Transaction<DB>;

/** One message to send: the standard's path under the counterparty's endpoint and its body (without isFYI). */
export type TJitMessage = { key: string; method: 'PUT' | 'POST'; path: string; body: TJitOutboundBody };

/** Tries before a message is given up: with the backoff below, about a day. */
export const JIT_MAX_ATTEMPTS = 12;
/** How long a server holds messages it took; another server takes them over after it. */
const CLAIM_LEASE_MS = 60_000;
/** An endpoint that takes longer is treated as unreachable this time. */
const SEND_TIMEOUT_MS = 10_000;

/** Seconds before try n+1 after n failed tries: 2, 4, 8 ... capped at 4 hours. */
export function jitRetryDelayMs(failedAttempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, failedAttempts - 1), 4 * 3_600_000);
}

const serviceIdOf = (portcallId: number, time: TNegotiatedTime) => dcsaId(`portcall:${portcallId}:service:${time}`);
export const outboundTimestampId = (portcallTimestampId: number) => dcsaId(`timestamp:${portcallTimestampId}`);

// ---------------------------------------------------------------- the call as JIT objects

type TJitMirror = { portCallId: string; terminalCallId: string; ownerOrganisationId: number | null; portCall: TDcsaPortCall; terminalCall: TDcsaTerminalCall; isOurs: boolean };

/**
 * The call's JIT port call and terminal call: the partner's when it came through JIT (or was linked), otherwise made
 * now from the call under the identifiers its export uses, and kept, so a partner's answers find them.
 */
async function jitMirrorOf(db: Db, session: AuthSession, call: TPortcall, now: Date): Promise<TJitMirror> {
  const linked = await db
    .selectFrom('jit_terminal_calls as tc')
    .innerJoin('jit_port_calls as pc', 'pc.port_call_id', 'tc.port_call_id')
    .select(['tc.terminal_call_id', 'tc.port_call_id', 'tc.jit_object as terminal_call', 'pc.jit_object as port_call', 'pc.owner_organisation_id', 'pc.owner_user_id'])
    .where('tc.portcall_id', '=', call.id)
    .orderBy('tc.updated_at')
    .executeTakeFirst();
  if (linked) return { portCallId: linked.port_call_id, terminalCallId: linked.terminal_call_id, ownerOrganisationId: linked.owner_organisation_id, portCall: linked.port_call, terminalCall: linked.terminal_call, isOurs: linked.owner_user_id === session.user.id || linked.owner_organisation_id === session.user.organisation_id };
  const ids = await db.selectFrom('portcalls').select(['dcsa_port_call_id', 'dcsa_terminal_call_id']).where('id', '=', call.id).executeTakeFirstOrThrow();
  const vessel = await db.selectFrom('vessels').selectAll().where('id', '=', call.vessel_id).executeTakeFirstOrThrow();
  const terminal = await db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select(['ports.unlocode']).where('terminals.id', '=', call.terminal_id).executeTakeFirstOrThrow();
  const portCallId = ids.dcsa_port_call_id ?? dcsaId(`portcall:${call.id}`);
  const terminalCallId = ids.dcsa_terminal_call_id ?? dcsaId(`portcall:${call.id}:terminal-call`);
  const portCall: TDcsaPortCall = {
    portCallID: portCallId,
    UNLocationCode: terminal.unlocode.trim(),
    vessel: {
      vesselIMONumber: vessel.imo_number.trim(),
      ...(vessel.mmsi && /^\d{9}$/.test(vessel.mmsi.trim()) ? { MMSINumber: vessel.mmsi.trim() } : {}),
      name: vessel.name.slice(0, 50).trim(),
      lengthOverall: Number(vessel.length_overall_m),
      width: Number(vessel.beam_m),
      dimensionUnit: 'MTR',
      ...(vessel.call_sign?.trim() ? { callSign: vessel.call_sign.trim().slice(0, 10) } : {}),
      typeCode: dcsaVesselTypeCode(vessel.vessel_type),
    },
  };
  const terminalCall: TDcsaTerminalCall = {
    terminalCallID: terminalCallId,
    portCallID: portCallId,
    terminalCallReference: String(call.id),
    carrierServiceName: (call.service_name?.trim() || 'Unknown service').slice(0, 50).trim(),
    carrierServiceCode: (call.service_name ?? 'UNKNOWN').replace(/\s+/g, '').slice(0, 11) || 'UNKNOWN',
    ...(call.voyage_number_import?.trim() ? { carrierImportVoyageNumber: call.voyage_number_import.trim().slice(0, 50) } : {}),
    ...(call.voyage_number_export?.trim() ? { carrierExportVoyageNumber: call.voyage_number_export.trim().slice(0, 50) } : {}),
  };
  await db
    .insertInto('jit_port_calls')
    .values({ port_call_id: portCallId, jit_object: storedJson('jit_port_call', portCall), un_location_code: portCall.UNLocationCode, vessel_imo: portCall.vessel.vesselIMONumber ?? null, owner_user_id: session.user.id, owner_organisation_id: session.user.organisation_id, updated_at: now })
    .onConflict((oc) => oc.column('port_call_id').doNothing())
    .execute();
  await db
    .insertInto('jit_terminal_calls')
    .values({ terminal_call_id: terminalCallId, port_call_id: portCallId, jit_object: storedJson('jit_terminal_call', terminalCall), portcall_id: call.id, terminal_id: call.terminal_id, updated_at: now })
    .onConflict((oc) => oc.column('terminal_call_id').doNothing())
    .execute();
  await db.updateTable('portcalls').set({ dcsa_port_call_id: portCallId, dcsa_terminal_call_id: terminalCallId }).where('id', '=', call.id).where('dcsa_terminal_call_id', 'is', null).execute();
  return { portCallId, terminalCallId, ownerOrganisationId: session.user.organisation_id, portCall, terminalCall, isOurs: true };
}

/** The terminal call's service for one of our times: the partner's when it sent one, otherwise ours, made now. */
async function serviceFor(db: Db, mirror: TJitMirror, call: TPortcall, time: TNegotiatedTime, now: Date): Promise<{ id: string; created: TDcsaPortCallService | null }> {
  const s = DCSA_SERVICE_OF_TIME[time];
  const found = await db
    .selectFrom('jit_port_call_services')
    .select(['port_call_service_id', 'jit_object'])
    .where('terminal_call_id', '=', mirror.terminalCallId)
    .where('type_code', '=', s.type)
    .where('event_type_code', '=', s.event)
    .where('cancelled', '=', false)
    .where('declined', '=', false)
    .orderBy('updated_at')
    .execute();
  const match = found.find((f) => s.type !== 'PILOTAGE' || f.jit_object.portCallPhaseTypeCode === 'OUTB');
  if (match) return { id: match.port_call_service_id, created: null };
  const id = serviceIdOf(call.id, time);
  const service: TDcsaPortCallService = {
    terminalCallID: mirror.terminalCallId,
    portCallServiceID: id,
    portCallServiceTypeCode: s.type,
    portCallServiceEventTypeCode: s.event,
    portCallPhaseTypeCode: s.phase,
    facilityTypeCode: s.facility,
    portCallServiceLocation: { UNLocationCode: mirror.portCall.UNLocationCode },
  };
  await db
    .insertInto('jit_port_call_services')
    .values({ port_call_service_id: id, terminal_call_id: mirror.terminalCallId, type_code: s.type, event_type_code: s.event, jit_object: storedJson('jit_port_call_service', service), updated_at: now })
    .onConflict((oc) => oc.column('port_call_service_id').doNothing())
    .execute();
  return { id, created: service };
}

/** The latest timestamp of a service, which the next one replies to. */
async function lastTimestampOf(db: Db, serviceId: string): Promise<string | null> {
  const row = await db.selectFrom('jit_timestamps').select('timestamp_id').where('port_call_service_id', '=', serviceId).orderBy('created_at', 'desc').orderBy('timestamp_id').executeTakeFirst();
  return row?.timestamp_id ?? null;
}

// ---------------------------------------------------------------- queueing

/**
 * Queues messages about a call for every counterparty of its vessel operator and agent, except `exceptUserId`'s (the
 * sender of what is copied). The party that created the JIT port call (or the vessel operator) gets the message; the
 * others get it as a copy (isFYI), as the standard names copies for secondary receivers.
 */
export async function queueJitMessages(db: Db, args: { call: Pick<TPortcall, 'id' | 'terminal_id' | 'vessel_operator_id' | 'agent_id'>; primaryOrganisationId: number | null; messages: readonly TJitMessage[]; exceptUserId?: number; skipObjectsOf?: number | null; now: Date }): Promise<number> {
  const { call, now } = args;
  if (args.messages.length === 0) return 0;
  const organisations = [call.vessel_operator_id, ...(call.agent_id ? [call.agent_id] : [])];
  const counterparties = (await findCounterpartiesOf(db, { terminalId: call.terminal_id, organisationIds: organisations })).filter((c) => c.portal_user_id !== args.exceptUserId);
  const primary = args.primaryOrganisationId !== null && organisations.includes(args.primaryOrganisationId) ? args.primaryOrganisationId : call.vessel_operator_id;
  const rows: TOutboxInsert[] = [];
  for (const c of counterparties) {
    const isFyi = c.organisation_id !== primary;
    for (const m of args.messages) {
      // The port call and terminal call a partner created itself need not go back to it.
      if (args.skipObjectsOf !== undefined && args.skipObjectsOf === c.organisation_id && (m.key.startsWith('port-call:') || m.key.startsWith('terminal-call:'))) continue;
      const body = isFyi ? { ...m.body, isFYI: true } : m.body;
      rows.push({ counterparty_id: c.id, message_key: m.key, portcall_id: call.id, method: m.method, path: m.path, jit_body: storedJson('jit_outbound_body', body), is_fyi: isFyi, next_attempt_at: now, created_at: now });
    }
  }
  await insertOutboxRows(db, rows);
  return rows.length;
}

const ENDS_THE_CALL = new Set(['cancel', 'accept_cancel']);
/** Steps with no JIT message: JIT has no refusal (the terminal answers with its own plan), and a request to cancel is the consumer's. */
const NO_MESSAGE = new Set(['reject', 'reject_cancel', 'request_cancel']);

/**
 * Called at the end of every person's write of calls (the announcer): the terminal's negotiation steps of this save
 * become JIT messages. Steps that came in through the JIT endpoints are queued there, under their own ids.
 */
export async function queueJitForTerminalSave(trx: Transaction<DB>, session: AuthSession, calls: readonly TPortcall[], now: Date): Promise<void> {
  if (partyOf(session.user.user_type) !== 'terminal' || calls.length === 0) return;
  const organisations = [...new Set(calls.flatMap((c) => [c.vessel_operator_id, ...(c.agent_id ? [c.agent_id] : [])]))];
  const anyCounterparty = await trx.selectFrom('dcsa_counterparties').select('id').where('organisation_id', 'in', organisations).where('revoked_at', 'is', null).executeTakeFirst();
  if (!anyCounterparty) return;
  for (const call of calls) {
    const steps = await trx
      .selectFrom('portcall_timestamps')
      .select(['id', 'time_type', 'action', 'classifier', 'date_time', 'delay_reason_code', 'remark'])
      .where('portcall_id', '=', call.id)
      .where('created_at', '=', now)
      .where('party', '=', 'terminal')
      .where((eb) => eb.or([eb('source', 'is', null), eb('source', '!=', 'dcsa_jit')]))
      .orderBy('id')
      .execute();
    const relevant = steps.filter((s) => !NO_MESSAGE.has(s.action) && (NEGOTIATED_TIMES as readonly string[]).includes(s.time_type));
    if (relevant.length === 0) continue;
    const mirror = await jitMirrorOf(trx, session, call, now);
    const messages: TJitMessage[] = [
      { key: `port-call:${mirror.portCallId}`, method: 'PUT', path: `/port-calls/${mirror.portCallId}`, body: mirror.portCall },
      { key: `terminal-call:${mirror.terminalCallId}`, method: 'PUT', path: `/terminal-calls/${mirror.terminalCallId}`, body: mirror.terminalCall },
    ];
    for (const step of relevant) {
      const time = step.time_type as TNegotiatedTime;
      if (ENDS_THE_CALL.has(step.action)) {
        messages.push(...(await cancelServicesOf(trx, mirror.terminalCallId, step.remark ?? undefined, now)));
        continue;
      }
      const service = await serviceFor(trx, mirror, call, time, now);
      if (service.created) messages.push({ key: `service:${service.id}`, method: 'PUT', path: `/port-call-services/${service.id}`, body: service.created });
      const value = step.date_time ? new Date(step.date_time).toISOString() : call[time];
      if (!value) continue;
      const replyTo = await lastTimestampOf(trx, service.id);
      const timestamp: TDcsaTimestamp = {
        timestampID: outboundTimestampId(step.id),
        ...(replyTo ? { replyToTimestampID: replyTo } : {}),
        portCallServiceID: service.id,
        classifierCode: step.classifier as TDcsaTimestamp['classifierCode'],
        dateTime: new Date(value).toISOString(),
        ...(step.delay_reason_code ? { delayReasonCode: step.delay_reason_code.slice(0, 3) } : {}),
        ...(step.remark ? { remark: step.remark.slice(0, 500) } : {}),
      };
      // The terminal's timestamp joins the service's chain, so the partner's reply to it is a reply the endpoints know.
      await trx
        .insertInto('jit_timestamps')
        .values({ timestamp_id: timestamp.timestampID, port_call_service_id: service.id, classifier_code: timestamp.classifierCode, date_time: new Date(timestamp.dateTime), jit_object: storedJson('jit_timestamp', timestamp), sender_user_id: session.user.id, created_at: now })
        .onConflict((oc) => oc.column('timestamp_id').doNothing())
        .execute();
      messages.push({ key: `timestamp:${timestamp.timestampID}`, method: 'PUT', path: `/timestamps/${timestamp.timestampID}`, body: timestamp });
    }
    await queueJitMessages(trx, { call, primaryOrganisationId: mirror.ownerOrganisationId, messages, skipObjectsOf: mirror.isOurs ? null : mirror.ownerOrganisationId, now });
  }
}

/** The terminal ended the call: every open service of its terminal call is cancelled, and each partner told so. */
async function cancelServicesOf(db: Db, terminalCallId: string, reason: string | undefined, now: Date): Promise<TJitMessage[]> {
  const open = await db.selectFrom('jit_port_call_services').select('port_call_service_id').where('terminal_call_id', '=', terminalCallId).where('cancelled', '=', false).where('declined', '=', false).orderBy('updated_at').execute();
  if (open.length === 0) return [];
  await db.updateTable('jit_port_call_services').set({ cancelled: true, reason: reason ?? null, updated_at: now }).where('port_call_service_id', 'in', open.map((s) => s.port_call_service_id)).execute();
  return open.map((s) => ({ key: `cancel:${s.port_call_service_id}`, method: 'POST' as const, path: `/port-call-services/${s.port_call_service_id}/cancel`, body: reason ? { reason: reason.slice(0, 500) } : {} }));
}

// ---------------------------------------------------------------- delivery

export type TJitFetch = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{ status: number; text(): Promise<string> }>;
export type TDeliveryReport = { sent: number; retrying: number; failed: number };

/** Whether an answer is worth trying again: the endpoint was busy or down, not refusing the message itself. */
const isTransient = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

async function sendOne(row: TOutboxRow & { endpoint_url: string }, fetchImpl: TJitFetch): Promise<{ ok: boolean; transient: boolean; httpStatus: number | null; error: string | null }> {
  const url = `${row.endpoint_url.replace(/\/+$/, '')}${row.path}`;
  try {
    const res = await fetchImpl(url, {
      method: row.method,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'API-Version': DCSA_JIT_API_VERSION.split('.')[0]!, 'Request-Sending-Party': 'Quayline' },
      body: JSON.stringify(row.jit_body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (res.status >= 200 && res.status < 300) return { ok: true, transient: false, httpStatus: res.status, error: null };
    const text = await res.text().catch(() => '');
    return { ok: false, transient: isTransient(res.status), httpStatus: res.status, error: `HTTP ${res.status}${text ? `: ${text.slice(0, 1000)}` : ''}` };
  } catch (err) {
    const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    return { ok: false, transient: true, httpStatus: null, error: cause.slice(0, 1000) };
  }
}

/**
 * Delivers what is due: each counterparty's messages in order, one after the other, stopping at the first that fails
 * (it is tried again after its backoff, the ones after it wait). Several servers may run this at once.
 */
export async function deliverJitOutbox(ctx: AppContext, options: { fetch?: TJitFetch; limit?: number } = {}): Promise<TDeliveryReport> {
  const fetchImpl: TJitFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const now = ctx.clock.now();
  const claimed = await claimDueOutbox(ctx.db, { now, leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS), limit: options.limit ?? 100 });
  const report: TDeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  if (claimed.length === 0) return report;
  const byCounterparty = new Map<number, typeof claimed>();
  for (const row of claimed) byCounterparty.set(row.counterparty_id, [...(byCounterparty.get(row.counterparty_id) ?? []), row]);
  await Promise.all(
    [...byCounterparty.values()].map(async (rows) => {
      for (const [index, row] of rows.entries()) {
        const attempts = row.attempts + 1;
        const result = row.revoked ? { ok: false, transient: false, httpStatus: null, error: 'The counterparty was revoked.' } : await sendOne(row, fetchImpl);
        const at = ctx.clock.now();
        if (result.ok) {
          await recordOutcome(ctx.db, row.id, { status: 'sent', attempts, httpStatus: result.httpStatus, error: null, nextAttemptAt: at, deliveredAt: at });
          report.sent++;
          continue;
        }
        const isGivenUp = !result.transient || attempts >= JIT_MAX_ATTEMPTS;
        await recordOutcome(ctx.db, row.id, { status: isGivenUp ? 'failed' : 'retrying', attempts, httpStatus: result.httpStatus, error: result.error, nextAttemptAt: new Date(at.getTime() + jitRetryDelayMs(attempts)), deliveredAt: null });
        if (isGivenUp) {
          report.failed++;
          continue;
        }
        report.retrying++;
        await releaseClaims(ctx.db, rows.slice(index + 1).map((r) => r.id));
        return;
      }
    }),
  );
  return report;
}

// ---------------------------------------------------------------- the call's view

/** What was sent about a call to whom, and whether it arrived: for the terminal's people (empty for the vessel side). */
export async function portcallJitMessages(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TPortcallJitMessage[]> {
  if (session.user.user_type !== 'terminal_operator') return [];
  // The systems the operator of the call's terminal connected (the caller already passed the call's visibility).
  const terminal = await ctx.db.selectFrom('portcalls').innerJoin('terminals', 'terminals.id', 'portcalls.terminal_id').select('terminals.terminal_operator_id').where('portcalls.id', '=', portcallId).executeTakeFirst();
  if (!terminal) return [];
  const rows = await findOutboxOfPortcall(ctx.db, { portcallId, terminalOperatorId: terminal.terminal_operator_id, limit: 200 });
  return rows.map((r) => {
    const read = readStoredJson('jit_outbound_body', r.jit_body);
    const body = read.ok ? (read.value as Partial<TDcsaTimestamp>) : {};
    return {
      id: r.id,
      counterparty_name: r.counterparty_name,
      method: r.method,
      path: r.path,
      classifier_code: body.classifierCode ?? null,
      date_time: body.dateTime ?? null,
      is_fyi: r.is_fyi,
      status: r.status,
      attempts: r.attempts,
      last_http_status: r.last_http_status,
      last_error: r.last_error,
      created_at: new Date(r.created_at).toISOString(),
      delivered_at: r.delivered_at ? new Date(r.delivered_at).toISOString() : null,
    };
  });
}
