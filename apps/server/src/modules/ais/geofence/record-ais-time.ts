// What a detected time does to its call, by the terminal's setting: an automated "actual" step at once ('apply'),
// or a detection waiting for a planner ('propose'). A time a person already recorded as actual is kept.
import { type TAisDetection, type TAisTimeSource, type TNotificationDetails, type TFromLabel, type TNegotiatedTime, type TParty, NEGOTIATED_TIMES, applyNegotiation, realtimeChannels } from '@quayline/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import { clashesOfLivePlan, findLivePlan } from '../../berth-plan/live-plan';
import { findUsersOfSide, insertNotifications } from '../../notifications/notification.repository';
import { publishEvent } from '../../realtime/publish-event';
import { type TCallRow, type TAutomatedWriter, announce, audit, creatorOf, lastStepId, lockCall, statusAfter } from '../../schedules/apply-schedule';
import type { TDetectedTime, TDetectedTimeType } from './detect-phase';
import { insertDetectionOnce, lastStepOf } from './geofence.repository';

type Trx = Transaction<DB>;

export const AIS_SOURCE_OF: Record<TDetectedTimeType, TAisTimeSource> = {
  pilot_boarding_place_arrival: 'ais_pilot_boarding_place_arrival',
  berth_arrival: 'ais_berth_arrival',
  berth_departure: 'ais_berth_departure',
};

type TDetectionRow = { id: number; portcall_id: number; time_type: TDetectedTimeType; date_time: Date | string; source: string; status: TAisDetection['status']; detected_at: Date | string; decided_at: Date | string | null };

export function toDetection(row: TDetectionRow): TAisDetection {
  return {
    id: row.id,
    portcall_id: row.portcall_id,
    time_type: row.time_type,
    date_time: new Date(row.date_time).toISOString(),
    source: row.source,
    status: row.status,
    detected_at: new Date(row.detected_at).toISOString(),
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

/**
 * An actual berthing after the call's planned departure (or leaving before its arrival) would leave the stay upside
 * down, which the database refuses: the planner gets it as a proposal and moves the other end.
 */
function keepsStayInOrder(call: TCallRow, time: TNegotiatedTime, at: Date): boolean {
  if (time === 'berth_arrival' && call.berth_departure !== null) return at.getTime() < new Date(call.berth_departure).getTime();
  if (time === 'berth_departure' && call.berth_arrival !== null) return at.getTime() > new Date(call.berth_arrival).getTime();
  return true;
}

/** Whether the negotiation chain lets the terminal record this time as actual now (not for a cancelled time). */
async function actualAllowed(trx: Trx, call: TCallRow, time: TNegotiatedTime): Promise<boolean> {
  const last = await trx.selectFrom('portcall_timestamps').select(['previous_label', 'party']).where('portcall_id', '=', call.id).where('time_type', '=', time).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const label = (call[`${time}_label`] ?? 'none') as TFromLabel;
  return applyNegotiation({ label, previousLabel: (last?.previous_label as TFromLabel | null) ?? 'none', lastParty: (last?.party as TParty | undefined) ?? null, isFirstRequest: false }, 'actual', 'terminal').ok;
}

/** The automated actual step: chain, call row, status, audit, notifications and realtime, as a schedule sync writes. */
async function writeAutomatedActual(trx: Trx, call: TCallRow, time: TNegotiatedTime, at: Date, now: Date): Promise<void> {
  const actor: TAutomatedWriter = { kind: 'automated', source: AIS_SOURCE_OF[time as TDetectedTimeType] };
  const value = at.toISOString();
  const label = call[`${time}_label`];
  const before = call[time] ? new Date(call[time]).toISOString() : null;
  await trx
    .insertInto('portcall_timestamps')
    .values({ portcall_id: call.id, time_type: time, action: 'actual', classifier: 'ACT', party: 'terminal', date_time: value, label_after: 'actual', previous_label: label, change_label_after: 'created', reply_to_id: await lastStepId(trx, call.id, time), delay_reason_code: null, remark: 'Detected from AIS', created_at: now, ...creatorOf(actor) })
    .execute();
  await audit(trx, actor, call.id, time, { value: before, label }, { value, label: 'actual', action: 'actual' }, now);
  const labels = Object.fromEntries(NEGOTIATED_TIMES.map((t) => [t, t === time ? 'actual' : call[`${t}_label`]])) as Record<TNegotiatedTime, string | null>;
  const status = statusAfter(call, labels, now);
  const updated = await trx
    .updateTable('portcalls')
    .set({ [time]: value, [`${time}_label`]: 'actual', [`${time}_change_label`]: 'created', status, version: sql`version + 1`, updated_at: now })
    .where('id', '=', call.id)
    .returning('version')
    .executeTakeFirstOrThrow();
  await announce(trx, actor, call, updated.version, status, { field: time, action: 'actual', value, source: actor.source }, now);
}

/** The terminal's users hear of a time waiting for them; the details screen refreshes over `ais.detection`. */
async function announceProposal(trx: Trx, call: TCallRow, detection: TAisDetection, now: Date): Promise<void> {
  const recipients = await findUsersOfSide(trx, { side: 'terminal', terminalId: call.terminal_id, vesselOperatorId: call.vessel_operator_id, agentId: call.agent_id, excludeUserId: -1 });
  const body: TNotificationDetails = {
    vessel_name: call.vessel_name,
    actor_name: `AIS (${detection.source})`,
    actor_side: 'terminal',
    creator_type: 'automated',
    source: detection.source,
    field: detection.time_type,
    action: 'ais_detection',
    value: detection.date_time,
  };
  const stored = await insertNotifications(trx, { recipientIds: [...new Set(recipients.map((r) => r.id))], portcall_id: call.id, notification_type: 'portcall_update', details: body, created_at: now });
  await publishEvent(trx, { channel: realtimeChannels.terminal(call.terminal_id), event: 'ais.detection', payload: { terminal_id: call.terminal_id, portcall_id: call.id, detection } });
  for (const n of stored) await publishEvent(trx, { channel: realtimeChannels.user(n.portal_user_id), event: 'notification.created', payload: { id: n.id, notification_type: 'portcall_update', portcall_id: call.id, details: body } });
}

/**
 * An automated berth time that puts its call onto quay still occupied (or into a block zone) is news at once: the
 * terminal's users hear that AIS recorded a time the plan cannot hold, and the vessel side that its berth time is at
 * risk, without the other carrier's call. The clash rule is the planner's and the alerts' (live-plan.ts).
 */
async function announceClashOfAutomatedTime(trx: Trx, call: TCallRow, time: TNegotiatedTime, now: Date): Promise<void> {
  if (time !== 'berth_arrival' && time !== 'berth_departure') return;
  const row = await trx.selectFrom('portcalls').select(['berth_arrival', 'berth_departure', 'berth_start_position']).where('id', '=', call.id).executeTakeFirstOrThrow();
  if (row.berth_start_position === null) return;
  const plan = await findLivePlan(trx, { terminalId: call.terminal_id, from: new Date(row.berth_arrival), to: new Date(row.berth_departure), isDepartedLeftOut: false });
  // Quay and neighbours only: water depth at the tide is the under-keel alert's, which a move of minutes rarely changes.
  const { clashes } = clashesOfLivePlan(plan, { tide: null });
  if (!clashes.some((c) => (c.kind === 'overlap' || c.kind === 'block_zone') && (c.callIds as readonly number[]).includes(call.id))) return;
  const base = { vessel_name: call.vessel_name, field: time, actor_name: 'AIS', actor_side: 'terminal' as const, creator_type: 'automated' as const, source: AIS_SOURCE_OF[time] };
  for (const [side, action] of [['terminal', 'ais_clash'], ['vessel_side', 'berth_time_at_risk']] as const) {
    const recipients = await findUsersOfSide(trx, { side, terminalId: call.terminal_id, vesselOperatorId: call.vessel_operator_id, agentId: call.agent_id, excludeUserId: -1 });
    const details: TNotificationDetails = { ...base, action };
    const stored = await insertNotifications(trx, { recipientIds: [...new Set(recipients.map((r) => r.id))], portcall_id: call.id, notification_type: 'portcall_update', details, created_at: now });
    for (const n of stored) await publishEvent(trx, { channel: realtimeChannels.user(n.portal_user_id), event: 'notification.created', payload: { id: n.id, notification_type: 'portcall_update', portcall_id: call.id, details } });
  }
}

/** Records one detected time once per call and time type; returns the stored detection, or null if it existed already. */
export async function recordAisTime(trx: Trx, args: { portcallId: number; mode: 'apply' | 'propose'; detected: TDetectedTime; now: Date }): Promise<TAisDetection | null> {
  const call = await lockCall(trx, args.portcallId);
  if (!call || call.status === 'Cancelled') return null;
  const time = args.detected.time_type;
  const last = await lastStepOf(trx, call.id, time);
  const manualActual = call[`${time}_label`] === 'actual' && last?.creator_type === 'user';
  const applies = !manualActual && args.mode === 'apply' && keepsStayInOrder(call, time, args.detected.date_time) && (await actualAllowed(trx, call, time));
  const status = manualActual ? 'kept_manual' : applies ? 'applied' : 'proposed';
  const row = await insertDetectionOnce(trx, { portcall_id: call.id, time_type: time, date_time: args.detected.date_time, source: AIS_SOURCE_OF[time], status, detected_at: args.now });
  if (!row) return null;
  const detection = toDetection(row);
  if (status === 'applied') {
    await writeAutomatedActual(trx, call, time, args.detected.date_time, args.now);
    await announceClashOfAutomatedTime(trx, call, time, args.now);
  } else if (status === 'proposed') await announceProposal(trx, call, detection, args.now);
  return detection;
}
