// DCSA JIT 2.0, both roles: the standard's objects from a carrier's or agent's system (or a person) stored as sent and
// mapped onto what Quayline has: the port call (found or created), its vessel, and the negotiation of its times.
import {
  DCSA_SERVICE_OF_TIME,
  JIT_LIST_LIMIT,
  NEGOTIATED_TIMES,
  type TDcsaPortCall,
  type TDcsaPortCallService,
  type TDcsaReason,
  type TDcsaTerminalCall,
  type TDcsaTimestamp,
  type TDcsaVesselStatus,
  type TPortcallJitService,
  type TPortcallJitMessage,
  type TNegotiatedTime,
  type TPortcall,
  type TVesselType,
  ZJitPortCallQuery,
  ZJitPortCallServiceQuery,
  ZJitTerminalCallQuery,
  ZJitTimestampQuery,
  dcsaClassifierAllowed,
  dcsaMetres,
  dcsaMovesTotals,
  type TPortcallUpdateRequest,
  partyOf,
  type TDcsaServiceType,
} from '@quayline/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { storedJson } from '../../db/stored-json';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { visibleTo } from '../portcalls/portcall.repository';
import { cancelPortcall, createPortcall, getPortcall, updatePortcall } from '../portcalls/portcall.service';
import { applyDcsaTimestampTo } from './dcsa.service';
import { type TJitMessage, portcallJitMessages, queueJitMessages } from './jit-outbox.service';
import { findJitPortCall, findJitService, findJitTerminalCall, isJitPortCallVisible, jitPortCallVisibleTo, latestPlannedTimes } from './jit.repository';

const SOURCE = 'dcsa_jit';

/** `isFYI` belongs to the message, not to the object: it is not kept, and never answered. */
function withoutFyi<T extends { isFYI?: boolean | undefined }>(body: T): Omit<T, 'isFYI'> {
  const { isFYI: _fyi, ...rest } = body;
  return rest;
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]));
  return value;
}

const badRequest = (path: string, message: string) => new AppError('VALIDATION_FAILED', { errors: [{ path, message }] });
const conflict = (message: string) => new AppError('CONFLICT', { message });

/**
 * Writes what a JIT object says about the call (a vessel status's draft, a moves forecast's container moves) onto
 * the linked call through its general edit, as the sender: the field rules of docs/permissions.md apply to a
 * counterparty exactly as to its organisation's people (a field they may not write is refused with 403, and then the
 * object is not kept either). A cancelled call takes nothing; a version race is tried once more.
 */
async function writeOntoCall(ctx: AppContext, session: AuthSession, portcallId: number | null, fields: (call: TPortcall) => Omit<TPortcallUpdateRequest, 'version'> | null): Promise<void> {
  if (portcallId === null) return;
  for (let attempt = 0; attempt < 2; attempt++) {
    const call = await getPortcall(ctx, session, portcallId);
    if (call.status === 'Cancelled') return;
    const change = fields(call);
    if (!change) return;
    try {
      await updatePortcall(ctx, session, portcallId, { ...change, version: call.version });
      return;
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'CONFLICT') || attempt === 1) throw err;
    }
  }
}

/** The container line a moves forecast sets (the call's first container line, or a new one), the other lines as they are. */
function cargoWithMoves(call: TPortcall, moves: ReturnType<typeof dcsaMovesTotals>): NonNullable<TPortcallUpdateRequest['cargo_details']> {
  const CONTAINER = 'Container (boxes)' as const;
  const lines = call.cargo_details.map((d) => ({ ...d }));
  const line = lines.find((d) => d.cargo_type === CONTAINER);
  const counts = { discharge: moves.discharge, load: moves.load, restow: moves.restow, quantities: null, move_count_unit: 'pieces' as const };
  if (line) Object.assign(line, counts);
  else lines.push({ cargo_type: CONTAINER, move_count: 0, crane_intensity: 1, ...counts } as (typeof lines)[number]);
  return lines;
}

/** Which of our negotiated times a JIT service carries (the inverse of DCSA_SERVICE_OF_TIME), or null for the others. */
export function negotiatedTimeOf(service: Pick<TDcsaPortCallService, 'portCallServiceTypeCode' | 'portCallServiceEventTypeCode' | 'portCallPhaseTypeCode'>): TNegotiatedTime | null {
  for (const time of NEGOTIATED_TIMES) {
    const s = DCSA_SERVICE_OF_TIME[time];
    if (s.type !== service.portCallServiceTypeCode || s.event !== service.portCallServiceEventTypeCode) continue;
    // Pilotage starts inbound too; only the outbound start is our pilot boarding place departure.
    if (s.type === 'PILOTAGE' && service.portCallPhaseTypeCode !== 'OUTB') continue;
    return time;
  }
  return null;
}

// ---------------------------------------------------------------- port calls

export async function putJitPortCall(ctx: AppContext, session: AuthSession, id: string, body: TDcsaPortCall): Promise<void> {
  if (body.portCallID !== id) throw badRequest('portCallID', 'portCallID in the body differs from the one in the path');
  const user = session.user;
  const stored = withoutFyi(body);
  const existing = await findJitPortCall(ctx.db, id);
  if (existing) {
    if (!(await isJitPortCallVisible(ctx.db, user, id))) throw conflict('This portCallID is in use by another party.');
    if (existing.omitted) throw conflict('The port call was omitted; it cannot be changed.');
    if (same(existing.jit_object, stored)) return;
    await ctx.db.updateTable('jit_port_calls').set({ jit_object: storedJson('jit_port_call', stored), un_location_code: body.UNLocationCode, vessel_imo: body.vessel.vesselIMONumber ?? null, updated_at: ctx.clock.now() }).where('port_call_id', '=', id).execute();
    return;
  }
  const ours = await ctx.db
    .selectFrom('terminals')
    .innerJoin('ports', 'ports.id', 'terminals.port_id')
    .innerJoin('portal_user_terminals as put', 'put.terminal_id', 'terminals.id')
    .select('terminals.id')
    .where('put.portal_user_id', '=', user.id)
    .where('ports.unlocode', '=', body.UNLocationCode)
    .executeTakeFirst();
  if (!ours) throw badRequest('UNLocationCode', `No terminal of yours is at ${body.UNLocationCode}`);
  await ctx.db
    .insertInto('jit_port_calls')
    .values({ port_call_id: id, jit_object: storedJson('jit_port_call', stored), un_location_code: body.UNLocationCode, vessel_imo: body.vessel.vesselIMONumber ?? null, owner_user_id: user.id, owner_organisation_id: user.organisation_id, updated_at: ctx.clock.now() })
    .onConflict((oc) => oc.column('port_call_id').doNothing())
    .execute();
}

async function visiblePortCallOr404(ctx: AppContext, session: AuthSession, id: string) {
  const row = await findJitPortCall(ctx.db, id);
  if (!row || !(await isJitPortCallVisible(ctx.db, session.user, id))) throw new AppError('NOT_FOUND', { message: `No port call ${id}` });
  return row;
}

/** Omitting a port call (service consumer): it and its terminal calls end; linked Quayline calls are cancelled as their rules allow. */
export async function omitJitPortCall(ctx: AppContext, session: AuthSession, id: string, body: TDcsaReason): Promise<void> {
  const row = await visiblePortCallOr404(ctx, session, id);
  if (row.omitted) return;
  const now = ctx.clock.now();
  await ctx.db.updateTable('jit_port_calls').set({ omitted: true, omit_reason: body.reason ?? null, updated_at: now }).where('port_call_id', '=', id).execute();
  const terminalCalls = await ctx.db.selectFrom('jit_terminal_calls').select(['terminal_call_id', 'portcall_id', 'omitted']).where('port_call_id', '=', id).execute();
  for (const tc of terminalCalls) await shareJitMessage(ctx, session, tc.portcall_id, id, { key: `omit:${id}`, method: 'POST', path: `/port-calls/${id}/omit`, body: withoutFyi(body) });
  for (const tc of terminalCalls) if (!tc.omitted) await omitTerminalCallRow(ctx, session, tc.terminal_call_id, tc.portcall_id, body.reason);
}

export async function listJitPortCalls(ctx: AppContext, session: AuthSession, q: z.infer<typeof ZJitPortCallQuery>): Promise<TDcsaPortCall[]> {
  let query = ctx.db.selectFrom('jit_port_calls').select(['jit_object', 'omitted']).where(jitPortCallVisibleTo(session.user));
  if (q.portCallID) query = query.where('port_call_id', '=', q.portCallID);
  if (q.UNLocationCode) query = query.where('un_location_code', '=', q.UNLocationCode);
  if (q.vesselIMONumber) query = query.where('vessel_imo', '=', q.vesselIMONumber);
  // The filters on fields of the stored object run in SQL too, before the list's cap, so a match is never cut off.
  if (q.portVisitReference) query = query.where(sql`jit_port_calls.jit_object->>'portVisitReference'`, '=', q.portVisitReference);
  if (q.vesselName) query = query.where(sql`lower(jit_port_calls.jit_object->'vessel'->>'name')`, '=', q.vesselName.toLowerCase());
  if (q.MMSINumber) query = query.where(sql`jit_port_calls.jit_object->'vessel'->>'MMSINumber'`, '=', q.MMSINumber);
  const rows = await query.orderBy('updated_at').limit(JIT_LIST_LIMIT).execute();
  return rows.map((r) => ({ ...r.jit_object, omitted: r.omitted }));
}

// ---------------------------------------------------------------- terminal calls

export async function putJitTerminalCall(ctx: AppContext, session: AuthSession, id: string, body: TDcsaTerminalCall): Promise<void> {
  if (body.terminalCallID !== id) throw badRequest('terminalCallID', 'terminalCallID in the body differs from the one in the path');
  const parent = await findJitPortCall(ctx.db, body.portCallID);
  if (!parent || !(await isJitPortCallVisible(ctx.db, session.user, body.portCallID))) throw badRequest('portCallID', `No port call ${body.portCallID}; PUT it first`);
  if (parent.omitted) throw conflict('The port call was omitted; it takes no terminal calls.');
  const stored = withoutFyi(body);
  const existing = await findJitTerminalCall(ctx.db, id);
  const now = ctx.clock.now();
  if (existing) {
    if (existing.port_call_id !== body.portCallID) throw conflict('A terminal call cannot move to another port call.');
    if (existing.omitted) throw conflict('The terminal call was omitted; it cannot be changed.');
    if (same(existing.jit_object, stored)) return;
    await ctx.db.updateTable('jit_terminal_calls').set({ jit_object: storedJson('jit_terminal_call', stored), updated_at: now }).where('terminal_call_id', '=', id).execute();
    return;
  }
  // The terminal: the port call's port, among the caller's terminals; when there are several, a service's SMDG
  // facility code decides later.
  const terminals = await ctx.db
    .selectFrom('terminals')
    .innerJoin('ports', 'ports.id', 'terminals.port_id')
    .innerJoin('portal_user_terminals as put', 'put.terminal_id', 'terminals.id')
    .select('terminals.id')
    .where('put.portal_user_id', '=', session.user.id)
    .where('ports.unlocode', '=', parent.un_location_code)
    .execute();
  await ctx.db
    .insertInto('jit_terminal_calls')
    .values({ terminal_call_id: id, port_call_id: body.portCallID, jit_object: storedJson('jit_terminal_call', stored), terminal_id: terminals.length === 1 ? terminals[0]!.id : null, updated_at: now })
    .onConflict((oc) => oc.column('terminal_call_id').doNothing())
    .execute();
}

async function omitTerminalCallRow(ctx: AppContext, session: AuthSession, id: string, portcallId: number | null, reason: string | undefined): Promise<void> {
  await ctx.db.updateTable('jit_terminal_calls').set({ omitted: true, omit_reason: reason ?? null, updated_at: ctx.clock.now() }).where('terminal_call_id', '=', id).execute();
  if (portcallId === null) return;
  const call = await getPortcall(ctx, session, portcallId).catch(() => null);
  if (call && call.status !== 'Cancelled') await cancelPortcall(ctx, session, call.id, { version: call.version, ...(reason ? { remark: reason.slice(0, 500) } : {}) });
}

export async function omitJitTerminalCall(ctx: AppContext, session: AuthSession, id: string, body: TDcsaReason): Promise<void> {
  const row = await findJitTerminalCall(ctx.db, id);
  if (!row || !(await isJitPortCallVisible(ctx.db, session.user, row.port_call_id))) throw new AppError('NOT_FOUND', { message: `No terminal call ${id}` });
  if (row.omitted) return;
  await shareJitMessage(ctx, session, row.portcall_id, row.port_call_id, { key: `omit:${id}`, method: 'POST', path: `/terminal-calls/${id}/omit`, body: withoutFyi(body) });
  await omitTerminalCallRow(ctx, session, id, row.portcall_id, body.reason);
}

export async function listJitTerminalCalls(ctx: AppContext, session: AuthSession, q: z.infer<typeof ZJitTerminalCallQuery>): Promise<TDcsaTerminalCall[]> {
  let query = ctx.db
    .selectFrom('jit_terminal_calls as tc')
    .innerJoin('jit_port_calls', 'jit_port_calls.port_call_id', 'tc.port_call_id')
    .select(['tc.jit_object', 'tc.omitted'])
    .where(jitPortCallVisibleTo(session.user));
  if (q.portCallID) query = query.where('tc.port_call_id', '=', q.portCallID);
  if (q.terminalCallID) query = query.where('tc.terminal_call_id', '=', q.terminalCallID);
  const fields = ['terminalCallReference', 'carrierServiceName', 'carrierServiceCode', 'universalServiceReference', 'carrierImportVoyageNumber', 'carrierExportVoyageNumber', 'universalImportVoyageReference', 'universalExportVoyageReference'] as const;
  // In SQL, before the list's cap (the field names are ours, from the list above, never the caller's).
  for (const f of fields) {
    const value = q[f];
    if (value !== undefined) query = query.where(sql`tc.jit_object->>${sql.lit(f)}`, '=', value);
  }
  const rows = await query.orderBy('tc.updated_at').limit(JIT_LIST_LIMIT).execute();
  return rows.map((r) => ({ ...r.jit_object, omitted: r.omitted }));
}

// ---------------------------------------------------------------- port call services

async function visibleServiceOr(ctx: AppContext, session: AuthSession, id: string, missing: () => AppError) {
  const row = await findJitService(ctx.db, id);
  if (!row || !(await isJitPortCallVisible(ctx.db, session.user, row.port_call_id))) throw missing();
  return row;
}

export async function putJitService(ctx: AppContext, session: AuthSession, id: string, body: TDcsaPortCallService): Promise<void> {
  if (body.portCallServiceID !== id) throw badRequest('portCallServiceID', 'portCallServiceID in the body differs from the one in the path');
  const parent = await findJitTerminalCall(ctx.db, body.terminalCallID);
  if (!parent || !(await isJitPortCallVisible(ctx.db, session.user, parent.port_call_id))) throw badRequest('terminalCallID', `No terminal call ${body.terminalCallID}; PUT it first`);
  if (parent.omitted || parent.port_call_omitted) throw conflict('The terminal call was omitted; it takes no services.');
  const stored = withoutFyi(body);
  const now = ctx.clock.now();
  const existing = await findJitService(ctx.db, id);
  if (existing) {
    if (existing.terminal_call_id !== body.terminalCallID) throw conflict('A service cannot move to another terminal call.');
    if (existing.cancelled || existing.declined) throw conflict(`The service was ${existing.cancelled ? 'cancelled' : 'declined'}; it cannot be changed.`);
    if (same(existing.jit_object, stored)) return;
    if (existing.type_code !== body.portCallServiceTypeCode || existing.event_type_code !== body.portCallServiceEventTypeCode) throw conflict('A service keeps its type and event; send a new service instead.');
  }
  // A moves forecast feeds the call's container moves (docs/dcsa-jit.md).
  if (body.portCallServiceTypeCode === 'MOVES' && body.moves?.length) {
    const totals = dcsaMovesTotals(body.moves);
    await writeOntoCall(ctx, session, parent.portcall_id, (call) => ({ cargo_details: cargoWithMoves(call, totals), move_count_containers: Math.min(totals.total, 100_000) }));
  }
  if (existing) {
    await ctx.db.updateTable('jit_port_call_services').set({ jit_object: storedJson('jit_port_call_service', stored), updated_at: now }).where('port_call_service_id', '=', id).execute();
  } else {
    await ctx.db
      .insertInto('jit_port_call_services')
      .values({ port_call_service_id: id, terminal_call_id: body.terminalCallID, type_code: body.portCallServiceTypeCode, event_type_code: body.portCallServiceEventTypeCode, jit_object: storedJson('jit_port_call_service', stored), updated_at: now })
      .onConflict((oc) => oc.column('port_call_service_id').doNothing())
      .execute();
  }
  // A facility code names the terminal where the port has several (SMDG code = our terminal's code, as in schedules).
  const facility = body.portCallServiceLocation.facility;
  if (parent.terminal_id === null && facility?.facilityCodeListProvider === 'SMDG') {
    const terminal = await ctx.db
      .selectFrom('terminals')
      .innerJoin('ports', 'ports.id', 'terminals.port_id')
      .innerJoin('portal_user_terminals as put', 'put.terminal_id', 'terminals.id')
      .select('terminals.id')
      .where('put.portal_user_id', '=', session.user.id)
      .where('ports.unlocode', '=', body.portCallServiceLocation.UNLocationCode)
      .where((eb) => eb(eb.fn('upper', ['terminals.code']), '=', facility.facilityCode.toUpperCase()))
      .executeTakeFirst();
    if (terminal) await ctx.db.updateTable('jit_terminal_calls').set({ terminal_id: terminal.id }).where('terminal_call_id', '=', body.terminalCallID).execute();
  }
}

/** Cancel (service provider: the terminal) or decline (service consumer: the vessel side) a service. */
export async function endJitService(ctx: AppContext, session: AuthSession, id: string, how: 'cancel' | 'decline', body: TDcsaReason): Promise<void> {
  // Who cancels (the provider) and who declines (the consumer) is the route table's (provide_/consume_jit_services).
  const row = await visibleServiceOr(ctx, session, id, () => new AppError('NOT_FOUND', { message: `No port call service ${id}` }));
  if (row.cancelled || row.declined) return;
  await ctx.db
    .updateTable('jit_port_call_services')
    .set({ ...(how === 'cancel' ? { cancelled: true } : { declined: true }), reason: body.reason ?? null, updated_at: ctx.clock.now() })
    .where('port_call_service_id', '=', id)
    .execute();
  await shareJitMessage(ctx, session, row.portcall_id, row.port_call_id, { key: `${how}:${id}`, method: 'POST', path: `/port-call-services/${id}/${how}`, body: withoutFyi(body) });
  // The berth is the call: ending its arrival ends the call, as the call's own rules allow the sender's side
  // (the terminal cancels, the vessel side asks to cancel).
  if (row.type_code === 'BERTH' && row.event_type_code === 'ARRI' && row.portcall_id !== null) {
    const call = await getPortcall(ctx, session, row.portcall_id).catch(() => null);
    if (call && call.status !== 'Cancelled') await cancelPortcall(ctx, session, call.id, { version: call.version, ...(body.reason ? { remark: body.reason } : {}) });
  }
}

export async function listJitServices(ctx: AppContext, session: AuthSession, q: z.infer<typeof ZJitPortCallServiceQuery>): Promise<TDcsaPortCallService[]> {
  let query = ctx.db
    .selectFrom('jit_port_call_services as s')
    .innerJoin('jit_terminal_calls as tc', 'tc.terminal_call_id', 's.terminal_call_id')
    .innerJoin('jit_port_calls', 'jit_port_calls.port_call_id', 'tc.port_call_id')
    .select(['s.jit_object', 's.cancelled', 's.declined'])
    .where(jitPortCallVisibleTo(session.user));
  if (q.terminalCallID) query = query.where('s.terminal_call_id', '=', q.terminalCallID);
  if (q.portCallServiceID) query = query.where('s.port_call_service_id', '=', q.portCallServiceID);
  if (q.portCallServiceTypeCode) query = query.where('s.type_code', '=', q.portCallServiceTypeCode);
  const rows = await query.orderBy('s.updated_at').limit(JIT_LIST_LIMIT).execute();
  return rows.map((r) => ({ ...r.jit_object, cancelled: r.cancelled, declined: r.declined }));
}

// ---------------------------------------------------------------- timestamps

export async function putJitTimestamp(ctx: AppContext, session: AuthSession, id: string, body: TDcsaTimestamp): Promise<void> {
  if (body.timestampID !== id) throw badRequest('timestampID', 'timestampID in the body differs from the one in the path');
  const stored = withoutFyi(body);
  const existing = await ctx.db.selectFrom('jit_timestamps').select(['jit_object', 'port_call_service_id']).where('timestamp_id', '=', id).executeTakeFirst();
  if (existing) {
    const service = await findJitService(ctx.db, existing.port_call_service_id);
    if (!service || !(await isJitPortCallVisible(ctx.db, session.user, service.port_call_id))) throw conflict('This timestampID is in use by another party.');
    // A timestamp is a message: sent again, it is the same message; a different one needs a new id.
    if (same(existing.jit_object, stored)) return;
    throw conflict('A timestamp cannot be changed; send a new one (with replyToTimestampID) instead.');
  }
  const service = await findJitService(ctx.db, body.portCallServiceID);
  if (!service || !(await isJitPortCallVisible(ctx.db, session.user, service.port_call_id))) throw badRequest('portCallServiceID', `No port call service ${body.portCallServiceID}; PUT it first`);
  if (service.cancelled || service.declined) throw conflict(`The service was ${service.cancelled ? 'cancelled' : 'declined'}; it takes no timestamps.`);
  if (service.terminal_call_omitted || service.port_call_omitted) throw conflict('The call was omitted; it takes no timestamps.');
  const type = service.type_code as TDcsaServiceType;
  if (!dcsaClassifierAllowed(type, body.classifierCode)) throw badRequest('classifierCode', `${body.classifierCode} is not used for ${type} (only ACT is)`);
  const party = partyOf(session.user.user_type);
  if (body.classifierCode === 'REQ' && party !== 'vessel_side') throw new AppError('FORBIDDEN', { message: 'DCSA: REQ is only sent by the service consumer (the vessel side).' });
  // The standard gives EST, PLN and ACT to the service provider only (the vessel side's own estimates are Quayline's, not JIT's).
  if (body.classifierCode !== 'REQ' && party !== 'terminal') throw new AppError('FORBIDDEN', { message: `DCSA: ${body.classifierCode} is only sent by the service provider (the terminal).` });
  if (body.replyToTimestampID) {
    const replied = await ctx.db.selectFrom('jit_timestamps').select('port_call_service_id').where('timestamp_id', '=', body.replyToTimestampID).executeTakeFirst();
    if (!replied || replied.port_call_service_id !== body.portCallServiceID) throw badRequest('replyToTimestampID', 'A reply names an earlier timestamp of the same service');
  }
  const now = ctx.clock.now();
  const row = { timestamp_id: id, port_call_service_id: body.portCallServiceID, classifier_code: body.classifierCode, date_time: new Date(body.dateTime), jit_object: storedJson('jit_timestamp', stored), sender_user_id: session.user.id, created_at: now };
  // The id is claimed first: of two identical PUTs at the same instant only the one that inserted applies the step,
  // the other is the same message sent again.
  const inserted = await ctx.db.insertInto('jit_timestamps').values(row).onConflict((oc) => oc.column('timestamp_id').doNothing()).returning('timestamp_id').executeTakeFirst();
  if (!inserted) {
    const again = await ctx.db.selectFrom('jit_timestamps').select('jit_object').where('timestamp_id', '=', id).executeTakeFirst();
    if (again && same(again.jit_object, stored)) return;
    throw conflict('A timestamp cannot be changed; send a new one (with replyToTimestampID) instead.');
  }
  const time = negotiatedTimeOf({ portCallServiceTypeCode: type, portCallServiceEventTypeCode: service.event_type_code as TDcsaPortCallService['portCallServiceEventTypeCode'], portCallPhaseTypeCode: service.jit_object.portCallPhaseTypeCode });
  let portcallId = service.portcall_id;
  if (time && portcallId !== null) {
    // A step the call's rules refuse refuses the timestamp too (its id is given back), so both sides keep one story.
    try {
      await applyDcsaTimestampTo(ctx, session, portcallId, time, body, SOURCE);
    } catch (err) {
      await ctx.db.deleteFrom('jit_timestamps').where('timestamp_id', '=', id).execute();
      throw err;
    }
  }
  if (portcallId === null && service.type_code === 'BERTH') portcallId = await linkOrCreateCall(ctx, session, service.terminal_call_id);
  // The terminal's timestamp goes to the call's connected systems; a partner's goes to the others as a copy.
  await shareJitMessage(ctx, session, portcallId, service.port_call_id, { key: `timestamp:${id}`, method: 'PUT', path: `/timestamps/${id}`, body: stored });
}

/**
 * A message that came in through these endpoints, passed on to the call's connected systems (docs/dcsa-jit.md): what
 * the terminal sends goes to them all; what a partner sends goes to the others as a copy (isFYI). Never to its sender.
 */
async function shareJitMessage(ctx: AppContext, session: AuthSession, portcallId: number | null, portCallId: string, message: TJitMessage): Promise<void> {
  if (portcallId === null) return;
  // The call and the JIT port call's owner in one read.
  const found = await ctx.db
    .selectFrom('portcalls')
    .select(['portcalls.id', 'portcalls.terminal_id', 'portcalls.vessel_operator_id', 'portcalls.agent_id'])
    .select((eb) => eb.selectFrom('jit_port_calls').select('owner_organisation_id').where('port_call_id', '=', portCallId).as('owner_organisation_id'))
    .where('portcalls.id', '=', portcallId)
    .executeTakeFirst();
  if (!found) return;
  const { owner_organisation_id: owner, ...call } = found;
  await queueJitMessages(ctx.db, { call, primaryOrganisationId: owner ?? null, messages: [message], exceptUserId: session.user.id, now: ctx.clock.now() });
}

/**
 * A terminal call becomes a Quayline port call once its berth arrival and departure have times: an open call of the
 * same vessel at the same terminal arriving within two days is linked, otherwise one is created (and the vessel
 * too when the terminal does not know its IMO number, for the call's operator).
 */
async function linkOrCreateCall(ctx: AppContext, session: AuthSession, terminalCallId: string): Promise<number | null> {
  const tc = await findJitTerminalCall(ctx.db, terminalCallId);
  if (!tc || tc.portcall_id !== null || tc.terminal_id === null) return tc?.portcall_id ?? null;
  const times = await latestPlannedTimes(ctx.db, terminalCallId);
  const arrival = times.filter((t) => t.event_type_code === 'ARRI' && t.type_code === 'BERTH').at(-1);
  const departure = times.filter((t) => t.event_type_code === 'DEPA' && t.type_code === 'BERTH').at(-1);
  if (!arrival || !departure) return null;
  const portCall = tc.port_call_body;
  const vessel = await vesselFor(ctx, session, portCall);
  const arrivalMs = new Date(arrival.date_time).getTime();
  const twoDays = 2 * 86_400_000;
  const candidate = await ctx.db
    .selectFrom('portcalls')
    .select('portcalls.id')
    .where(visibleTo(session.user))
    .where('portcalls.vessel_id', '=', vessel.id)
    .where('portcalls.terminal_id', '=', tc.terminal_id)
    .where('portcalls.berth_arrival', '>', new Date(arrivalMs - twoDays))
    .where('portcalls.berth_arrival', '<', new Date(arrivalMs + twoDays))
    .where('portcalls.id', 'not in', ctx.db.selectFrom('jit_terminal_calls').select('portcall_id').where('portcall_id', 'is not', null).$narrowType<{ portcall_id: number }>())
    .orderBy('portcalls.berth_arrival')
    .executeTakeFirst();
  let callId: number;
  if (candidate) {
    const call = await getPortcall(ctx, session, candidate.id);
    if (call.status === 'Cancelled') return null;
    callId = call.id;
  } else {
    const user = session.user;
    const operatorId = user.user_type === 'vessel_operator' ? user.organisation_id : vessel.vessel_operator_id;
    if (!operatorId) return null;
    const created: TPortcall = await createPortcall(ctx, session, {
      terminal_id: tc.terminal_id,
      vessel_id: vessel.id,
      vessel_operator_id: operatorId,
      agent_id: user.user_type === 'agent' ? user.organisation_id : null,
      berth_arrival: new Date(arrival.date_time).toISOString(),
      berth_departure: new Date(departure.date_time).toISOString(),
      service_name: tc.jit_object.carrierServiceName,
      voyage_number_import: tc.jit_object.carrierImportVoyageNumber ?? null,
      voyage_number_export: tc.jit_object.carrierExportVoyageNumber ?? null,
    });
    callId = created.id;
  }
  await ctx.db.updateTable('jit_terminal_calls').set({ portcall_id: callId }).where('terminal_call_id', '=', terminalCallId).where('portcall_id', 'is', null).execute();
  // The call keeps the partner's identifiers, so its export names the same port call and terminal call.
  await ctx.db.updateTable('portcalls').set({ dcsa_port_call_id: tc.port_call_id, dcsa_terminal_call_id: terminalCallId }).where('id', '=', callId).where('dcsa_terminal_call_id', 'is', null).execute();
  return callId;
}

const VESSEL_TYPE_OF_CODE: Record<string, TVesselType> = { CONT: 'CONTAINER', RORO: 'RO_RO', CARC: 'CAR_CARRIER', PASS: 'PASSENGER', FERY: 'FERRY', BULK: 'DRY_BULK', TANK: 'TANKER_PRODUCT', LGTK: 'LNG_CARRIER', ASSI: 'TUG' };

async function vesselFor(ctx: AppContext, session: AuthSession, portCall: TDcsaPortCall) {
  const imo = portCall.vessel.vesselIMONumber;
  if (!imo || imo.length !== 7) throw badRequest('vessel.vesselIMONumber', 'Quayline identifies vessels by their 7-digit IMO number');
  const known = await ctx.db.selectFrom('vessels').select(['id', 'vessel_operator_id']).where('imo_number', '=', imo).executeTakeFirst();
  if (known) return known;
  const v = portCall.vessel;
  const metres = (n: number | undefined) => (n === undefined ? undefined : v.dimensionUnit === 'FOT' ? n * 0.3048 : n);
  const length = metres(v.lengthOverall);
  const width = metres(v.width);
  if (!length || !width || !v.name) throw badRequest('vessel', `The terminal does not know IMO ${imo}: send the vessel's name, lengthOverall and width to create it`);
  const operatorId = session.user.user_type === 'vessel_operator' ? session.user.organisation_id : null;
  // The maximum draft is unknown until a vessel status says it; a tenth of the length is a placeholder the
  // terminal's master data corrects (docs/dcsa-jit.md).
  return ctx.db
    .insertInto('vessels')
    .values({ name: v.name, imo_number: imo, mmsi: v.MMSINumber ?? null, call_sign: v.callSign ?? null, vessel_type: (v.typeCode && VESSEL_TYPE_OF_CODE[v.typeCode]) ?? 'GENERAL_CARGO', length_overall_m: length.toFixed(2), beam_m: width.toFixed(2), max_draft_m: Math.min(length / 10, 25).toFixed(2), vessel_operator_id: operatorId })
    .returning(['id', 'vessel_operator_id'])
    .executeTakeFirstOrThrow();
}

export async function listJitTimestamps(ctx: AppContext, session: AuthSession, q: z.infer<typeof ZJitTimestampQuery>): Promise<TDcsaTimestamp[]> {
  let query = ctx.db
    .selectFrom('jit_timestamps as t')
    .innerJoin('jit_port_call_services as s', 's.port_call_service_id', 't.port_call_service_id')
    .innerJoin('jit_terminal_calls as tc', 'tc.terminal_call_id', 's.terminal_call_id')
    .innerJoin('jit_port_calls', 'jit_port_calls.port_call_id', 'tc.port_call_id')
    .select(['t.jit_object'])
    .where(jitPortCallVisibleTo(session.user));
  if (q.portCallServiceID) query = query.where('t.port_call_service_id', '=', q.portCallServiceID);
  if (q.timestampID) query = query.where('t.timestamp_id', '=', q.timestampID);
  if (q.classifierCode) query = query.where('t.classifier_code', '=', q.classifierCode);
  return (await query.orderBy('t.created_at').limit(JIT_LIST_LIMIT).execute()).map((r) => r.jit_object);
}

// ---------------------------------------------------------------- vessel statuses

export async function putJitVesselStatus(ctx: AppContext, session: AuthSession, id: string, body: TDcsaVesselStatus): Promise<void> {
  if (body.portCallServiceID !== id) throw badRequest('portCallServiceID', 'portCallServiceID in the body differs from the one in the path');
  const service = await visibleServiceOr(ctx, session, id, () => new AppError('NOT_FOUND', { message: `No port call service ${id}` }));
  if (service.cancelled || service.declined || service.terminal_call_omitted || service.port_call_omitted) throw conflict('The service was cancelled, declined or omitted.');
  const stored = withoutFyi(body);
  // The draft reaches the call: the inbound draft for the arrival side, the outbound one for a departure or the outbound phase.
  if (body.draft !== undefined) {
    const metres = Math.round(dcsaMetres(body.draft, body.dimensionUnit) * 100) / 100;
    const field = service.event_type_code === 'DEPA' || service.jit_object.portCallPhaseTypeCode === 'OUTB' ? 'draft_outbound' : 'draft_inbound';
    if (metres > 30) throw badRequest('draft', 'A draft of more than 30 m is not one Quayline keeps');
    await writeOntoCall(ctx, session, service.portcall_id, (call) => (call[field] === metres ? null : { [field]: metres }));
  }
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('jit_vessel_statuses')
    .values({ port_call_service_id: id, jit_object: storedJson('jit_vessel_status', stored), updated_at: now })
    .onConflict((oc) => oc.column('port_call_service_id').doUpdateSet({ jit_object: storedJson('jit_vessel_status', stored), updated_at: now }))
    .execute();
}

export async function listJitVesselStatuses(ctx: AppContext, session: AuthSession, portCallServiceID: string): Promise<TDcsaVesselStatus[]> {
  const service = await findJitService(ctx.db, portCallServiceID);
  if (!service || !(await isJitPortCallVisible(ctx.db, session.user, service.port_call_id))) return [];
  return (await ctx.db.selectFrom('jit_vessel_statuses').select('jit_object').where('port_call_service_id', '=', portCallServiceID).execute()).map((r) => r.jit_object);
}

/** What Quayline sent about a call to the connected systems, and whether it arrived (the terminal operator's view). */
export async function portcallJitOutbound(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TPortcallJitMessage[]> {
  await getPortcall(ctx, session, portcallId);
  return portcallJitMessages(ctx, session, portcallId);
}

/** The JIT services of the terminal calls linked to a port call, each with its timestamps: the call's JIT timeline. */
export async function portcallJitServices(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TPortcallJitService[]> {
  await getPortcall(ctx, session, portcallId);
  const services = await ctx.db
    .selectFrom('jit_port_call_services as s')
    .innerJoin('jit_terminal_calls as tc', 'tc.terminal_call_id', 's.terminal_call_id')
    .select(['s.port_call_service_id', 's.type_code', 's.event_type_code', 's.jit_object', 's.cancelled', 's.declined', 's.updated_at'])
    .where('tc.portcall_id', '=', portcallId)
    .orderBy('s.updated_at')
    .limit(JIT_LIST_LIMIT)
    .execute();
  if (services.length === 0) return [];
  const stamps = await ctx.db
    .selectFrom('jit_timestamps')
    .select(['timestamp_id', 'port_call_service_id', 'classifier_code', 'date_time', 'created_at', 'jit_object'])
    .where('port_call_service_id', 'in', services.map((s) => s.port_call_service_id))
    .orderBy('created_at')
    .limit(JIT_LIST_LIMIT)
    .execute();
  return services.map((s) => ({
    port_call_service_id: s.port_call_service_id,
    type_code: s.type_code,
    event_type_code: s.event_type_code,
    phase_type_code: s.jit_object.portCallPhaseTypeCode ?? null,
    cancelled: s.cancelled,
    declined: s.declined,
    timestamps: stamps
      .filter((t) => t.port_call_service_id === s.port_call_service_id)
      .map((t) => ({ timestamp_id: t.timestamp_id, classifier_code: t.classifier_code, date_time: new Date(t.date_time).toISOString(), sent_at: new Date(t.created_at).toISOString(), remark: t.jit_object.remark ?? null })),
  }));
}
