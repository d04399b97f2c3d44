// DCSA JIT v2 bridge: a port call and its negotiation chain as DCSA objects, and DCSA timestamps applied as negotiation steps.
import {
  DCSA_SERVICE_OF_TIME,
  NEGOTIATED_TIMES,
  type TDcsaPortCallExport,
  type TDcsaPortCallService,
  type TDcsaTimestamp,
  type TNegotiatedTime,
  type TNegotiationAction,
  type TNegotiationRequest,
  type TPortcall,
  ZDcsaPortCallExport,
  dcsaVesselTypeCode,
  partyOf,
} from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { findTimestamps } from '../portcalls/portcall.repository';
import { createPortcall, getPortcall, negotiatePortcall, negotiatePortcallFromCurrent } from '../portcalls/portcall.service';
import { dcsaId } from './dcsa-ids';

const SKIPPED_IN_DCSA = new Set(['reject', 'cancel', 'request_cancel', 'accept_cancel', 'reject_cancel']);
const serviceId = (portcallId: number, key: string) => dcsaId(`portcall:${portcallId}:service:${key}`);

export async function exportPortcallDcsa(ctx: AppContext, session: AuthSession, id: number): Promise<TDcsaPortCallExport> {
  const call = await getPortcall(ctx, session, id);
  const vessel = await ctx.db.selectFrom('vessels').selectAll().where('id', '=', call.vessel_id).executeTakeFirstOrThrow();
  const terminal = await ctx.db
    .selectFrom('terminals')
    .innerJoin('ports', 'ports.id', 'terminals.port_id')
    .select(['terminals.code', 'terminals.name', 'ports.unlocode'])
    .where('terminals.id', '=', call.terminal_id)
    .executeTakeFirstOrThrow();
  // A call imported from a partner keeps the partner's identifiers, so both systems name it the same.
  const ids = await ctx.db.selectFrom('portcalls').select(['dcsa_port_call_id', 'dcsa_terminal_call_id']).where('id', '=', call.id).executeTakeFirstOrThrow();
  const portCallID = ids.dcsa_port_call_id ?? dcsaId(`portcall:${call.id}`);
  const terminalCallID = ids.dcsa_terminal_call_id ?? dcsaId(`portcall:${call.id}:terminal-call`);
  const location = (facility: 'BRTH' | 'PBPL') => ({
    locationName: facility === 'PBPL' && call.pilot_boarding_place_name ? call.pilot_boarding_place_name.slice(0, 100) : terminal.name.slice(0, 100),
    UNLocationCode: terminal.unlocode.trim(),
  });

  const services: TDcsaPortCallService[] = [];
  for (const time of NEGOTIATED_TIMES) {
    if (!call[time] && !call[`${time}_state`].label) continue;
    const s = DCSA_SERVICE_OF_TIME[time];
    const label = call[`${time}_state`].label;
    services.push({
      terminalCallID,
      portCallServiceID: serviceId(call.id, time),
      portCallServiceTypeCode: s.type,
      portCallServiceEventTypeCode: s.event,
      portCallPhaseTypeCode: s.phase,
      facilityTypeCode: s.facility,
      portCallServiceLocation: location(s.facility),
      cancelled: label === 'cancelled' || label === 'cancel_accepted',
      declined: false,
    });
  }
  for (const [key, event] of [['cargo_operations_start', 'STRT'], ['cargo_operations_end', 'CMPL']] as const) {
    if (!call[key]) continue;
    services.push({ terminalCallID, portCallServiceID: serviceId(call.id, key), portCallServiceTypeCode: 'CARGO_OPERATIONS', portCallServiceEventTypeCode: event, portCallPhaseTypeCode: 'ALGS', facilityTypeCode: 'BRTH', portCallServiceLocation: location('BRTH') });
  }

  const rows = await findTimestamps(ctx.db, call.id);
  const timestamps: TDcsaTimestamp[] = [];
  const lastValue = new Map<string, string>();
  const lastExported = new Map<string, string>();
  for (const row of rows) {
    const time = row.time_type;
    const value = row.date_time ? new Date(row.date_time).toISOString() : lastValue.get(time);
    if (row.date_time) lastValue.set(time, new Date(row.date_time).toISOString());
    if (SKIPPED_IN_DCSA.has(row.action) || !value) continue;
    const timestampID = dcsaId(`timestamp:${row.id}`);
    const replyTo = lastExported.get(time);
    timestamps.push({
      timestampID,
      ...(replyTo ? { replyToTimestampID: replyTo } : {}),
      portCallServiceID: serviceId(call.id, time),
      classifierCode: row.classifier as TDcsaTimestamp['classifierCode'],
      dateTime: value,
      ...(row.delay_reason_code ? { delayReasonCode: row.delay_reason_code } : {}),
      ...(row.remark ? { remark: row.remark } : {}),
    });
    lastExported.set(time, timestampID);
  }
  for (const [key] of [['cargo_operations_start'], ['cargo_operations_end']] as const) {
    if (call[key]) timestamps.push({ timestampID: dcsaId(`portcall:${call.id}:${key}:${call.version}`), portCallServiceID: serviceId(call.id, key), classifierCode: 'PLN', dateTime: call[key]! });
  }

  const result: TDcsaPortCallExport = {
    portCall: {
      portCallID,
      UNLocationCode: terminal.unlocode.trim(),
      vessel: {
        vesselIMONumber: vessel.imo_number.trim(),
        ...(vessel.mmsi ? { MMSINumber: vessel.mmsi.trim() } : {}),
        name: vessel.name.slice(0, 50).trim(),
        lengthOverall: Number(vessel.length_overall_m),
        width: Number(vessel.beam_m),
        dimensionUnit: 'MTR',
        ...(vessel.call_sign ? { callSign: vessel.call_sign.slice(0, 10) } : {}),
        typeCode: dcsaVesselTypeCode(vessel.vessel_type),
      },
      omitted: call.status === 'Cancelled',
    },
    terminalCalls: [
      {
        terminalCallID,
        portCallID,
        terminalCallReference: String(call.id),
        carrierServiceName: (call.service_name ?? 'Unknown service').slice(0, 50),
        carrierServiceCode: (call.service_name ?? 'UNKNOWN').replace(/\s+/g, '').slice(0, 11) || 'UNKNOWN',
        ...(call.voyage_number_import ? { carrierImportVoyageNumber: call.voyage_number_import } : {}),
        ...(call.voyage_number_export ? { carrierExportVoyageNumber: call.voyage_number_export } : {}),
      },
    ],
    portCallServices: services,
    timestamps,
  };
  // The export must be what the standard accepts; a failure here is our bug, not the user's.
  return ZDcsaPortCallExport.parse(result);
}

function timeOfService(call: TPortcall, portCallServiceID: string): TNegotiatedTime {
  const time = NEGOTIATED_TIMES.find((t) => serviceId(call.id, t) === portCallServiceID);
  if (!time) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'portCallServiceID', message: 'Not a negotiable service of this port call (berth arrival/departure or pilot boarding)' }] });
  return time;
}

/** A DCSA timestamp from a partner's system becomes the negotiation step it means for the sender's side. */
export async function importDcsaTimestamp(ctx: AppContext, session: AuthSession, id: number, ts: TDcsaTimestamp): Promise<TPortcall> {
  const call = await getPortcall(ctx, session, id);
  return applyDcsaTimestamp(ctx, session, call, timeOfService(call, ts.portCallServiceID), ts);
}

/** The negotiation step a DCSA timestamp means for one of the call's times, applied (docs/negotiation.md). */
export async function applyDcsaTimestamp(ctx: AppContext, session: AuthSession, call: TPortcall, time: TNegotiatedTime, ts: TDcsaStep, source: string | null = null): Promise<TPortcall> {
  return negotiatePortcall(ctx, session, call.id, dcsaNegotiation(session, call, time, ts), source);
}

/** The same, decided from the call as it is under the save's lock: no read before, no answer after (JIT 2.0 PUTs). */
export async function applyDcsaTimestampTo(ctx: AppContext, session: AuthSession, portcallId: number, time: TNegotiatedTime, ts: TDcsaStep, source: string | null = null): Promise<void> {
  await negotiatePortcallFromCurrent(ctx, session, portcallId, (call) => dcsaNegotiation(session, call, time, ts), source);
}

type TDcsaStep = Pick<TDcsaTimestamp, 'classifierCode' | 'dateTime' | 'delayReasonCode' | 'remark'>;

function dcsaNegotiation(session: AuthSession, call: TPortcall, time: TNegotiatedTime, ts: TDcsaStep): TNegotiationRequest {
  const party = partyOf(session.user.user_type);
  const label = call[`${time}_state`].label;
  const sameValue = !!call[time] && Date.parse(call[time]!) === Date.parse(ts.dateTime);
  let action: TNegotiationAction;
  if (ts.classifierCode === 'EST') action = 'estimate';
  else if (ts.classifierCode === 'ACT') {
    if (party !== 'terminal') throw new AppError('FORBIDDEN', { message: 'DCSA: ACT is only sent by the provider (the terminal).' });
    action = 'actual';
  } else if (ts.classifierCode === 'REQ') {
    if (party !== 'vessel_side') throw new AppError('FORBIDDEN', { message: 'DCSA: REQ is only sent by the consumer (the vessel side).' });
    action = label === 'planned' && sameValue ? 'accept' : 'request';
  } else {
    if (party !== 'terminal') throw new AppError('FORBIDDEN', { message: 'DCSA: PLN is only sent by the provider (the terminal).' });
    action = label === 'requested' ? (sameValue ? 'accept' : 'propose') : label === null || label === 'estimated' ? 'plan' : 'revise';
  }
  return {
    time,
    action,
    version: call.version,
    ...(action === 'accept' ? {} : { date_time: ts.dateTime }),
    ...(ts.delayReasonCode ? { delay_reason_code: ts.delayReasonCode } : {}),
    ...(ts.remark ? { remark: ts.remark } : {}),
  };
}

/**
 * Creates a port call from a partner's DCSA objects: the port by UN/LOCODE, the vessel by IMO, times from the berth
 * services' latest timestamps. The partner's terminal-call id makes the import idempotent (a repeat answers 409).
 */
export async function importDcsaPortCall(ctx: AppContext, session: AuthSession, doc: TDcsaPortCallExport, terminalId: number | undefined): Promise<TPortcall> {
  const user = session.user;
  const terminalCall = doc.terminalCalls[0]!;
  const existing = await ctx.db.selectFrom('portcalls').select('id').where('dcsa_terminal_call_id', '=', terminalCall.terminalCallID).executeTakeFirst();
  if (existing) throw new AppError('CONFLICT', { message: 'This DCSA terminal call was imported before.', current: await getPortcall(ctx, session, existing.id).catch(() => null) });

  const terminals = await ctx.db
    .selectFrom('terminals')
    .innerJoin('ports', 'ports.id', 'terminals.port_id')
    .innerJoin('portal_user_terminals as put', 'put.terminal_id', 'terminals.id')
    .select(['terminals.id'])
    .where('ports.unlocode', '=', doc.portCall.UNLocationCode)
    .where('put.portal_user_id', '=', user.id)
    .orderBy('terminals.id')
    .execute();
  const terminal = terminalId === undefined ? terminals[0] : terminals.find((t) => t.id === terminalId);
  if (!terminal) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'portCall.UNLocationCode', message: `You have no terminal at ${doc.portCall.UNLocationCode}` }] });

  const imo = doc.portCall.vessel.vesselIMONumber;
  const vessel = imo ? await ctx.db.selectFrom('vessels').select(['id', 'vessel_operator_id']).where('imo_number', '=', imo).executeTakeFirst() : undefined;
  if (!vessel) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'portCall.vessel.vesselIMONumber', message: `No vessel with IMO ${imo ?? '(none)'}; add the vessel first` }] });
  const operatorId = user.user_type === 'vessel_operator' ? user.organisation_id : vessel.vessel_operator_id;
  if (!operatorId) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'portCall.vessel', message: 'The vessel has no operator on record' }] });

  const latest = (type: string, event: string) => {
    const ids = new Set(doc.portCallServices.filter((s) => s.portCallServiceTypeCode === type && s.portCallServiceEventTypeCode === event).map((s) => s.portCallServiceID));
    const stamps = doc.timestamps.filter((t) => ids.has(t.portCallServiceID) && t.classifierCode !== 'ACT');
    return stamps.at(-1)?.dateTime;
  };
  const arrival = latest('BERTH', 'ARRI');
  const departure = latest('BERTH', 'DEPA');
  if (!arrival || !departure) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'timestamps', message: 'Send a timestamp for berth arrival (BERTH ARRI) and berth departure (BERTH DEPA)' }] });

  const created = await createPortcall(ctx, session, {
    terminal_id: terminal.id,
    vessel_id: vessel.id,
    vessel_operator_id: operatorId,
    agent_id: user.user_type === 'agent' ? user.organisation_id : null,
    berth_arrival: new Date(arrival).toISOString(),
    berth_departure: new Date(departure).toISOString(),
    service_name: terminalCall.carrierServiceName,
    voyage_number_import: terminalCall.carrierImportVoyageNumber ?? null,
    voyage_number_export: terminalCall.carrierExportVoyageNumber ?? null,
  });
  await ctx.db.updateTable('portcalls').set({ dcsa_port_call_id: doc.portCall.portCallID, dcsa_terminal_call_id: terminalCall.terminalCallID }).where('id', '=', created.id).execute();
  return created;
}
