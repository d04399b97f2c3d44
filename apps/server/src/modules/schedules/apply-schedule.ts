// Writes a schedule's times into one port call through the sync rules (packages/domain/src/schedule-sync.ts): open
// times move as estimates, a requested one as a new request, agreed ones get a schedule proposal, final ones stay. Every source uses this one writer:
// provider syncs and uploads (automated), an applied template diff and a voyage edited by hand (a person).
import {
  NEGOTIATED_TIMES,
  type TFromLabel,
  type TAisTimeSource,
  type TAuditValue,
  type TNegotiatedTime,
  type TNotificationDetails,
  type TSyncChange,
  type TTimeLabel,
  type TVoyageSource,
  applyNegotiation,
  decideScheduleSync,
  deriveStatus,
  realtimeChannels,
} from '@quayline/domain';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { storedJson } from '../../db/stored-json';
import type { AuthSession } from '../auth/auth.service';
import { findUsersOfSide, insertNotifications } from '../notifications/notification.repository';
import { actorOfSession } from '../prise/prise-announce';
import { QUAYLINE_ACTOR, reopenPriseNoticeIfChanged } from '../prise/prise-reopen';
import { publishEvent } from '../realtime/publish-event';

type Trx = Transaction<DB>;

export type TScheduleActor =
  /** A provider sync or an uploaded file: no person; steps carry creator_type 'automated' and the source. */
  | { kind: 'automated'; source: TVoyageSource }
  /** A person's edit (a template diff applied, a voyage edited): steps are theirs, on the vessel side's behalf. */
  | { kind: 'user'; session: AuthSession; source: TVoyageSource };
/** Who the shared helpers below write for: a schedule actor, or AIS detecting an actual time (geofence module). */
export type TAutomatedWriter = TScheduleActor | { kind: 'automated'; source: TAisTimeSource };

export type TCallRow = {
  id: number;
  terminal_id: number;
  vessel_operator_id: number;
  agent_id: number | null;
  vessel_name: string;
  status: string;
  schedule_syncable: boolean;
  cargo_operations_start: Date | null;
} & Record<TNegotiatedTime, Date | null> &
  Record<`${TNegotiatedTime}_label` | `${TNegotiatedTime}_change_label`, string | null>;

export async function lockCall(trx: Trx, portcallId: number): Promise<TCallRow | undefined> {
  const row = await trx
    .selectFrom('portcalls as p')
    .innerJoin('vessels as v', 'v.id', 'p.vessel_id')
    .select([
      'p.id',
      'p.terminal_id',
      'p.vessel_operator_id',
      'p.agent_id',
      'v.name as vessel_name',
      'p.status',
      'p.schedule_syncable',
      'p.cargo_operations_start',
      'p.berth_arrival',
      'p.berth_arrival_label',
      'p.berth_arrival_change_label',
      'p.berth_departure',
      'p.berth_departure_label',
      'p.berth_departure_change_label',
      'p.pilot_boarding_place_arrival',
      'p.pilot_boarding_place_arrival_label',
      'p.pilot_boarding_place_arrival_change_label',
      'p.pilot_boarding_place_departure',
      'p.pilot_boarding_place_departure_label',
      'p.pilot_boarding_place_departure_change_label',
    ])
    .where('p.id', '=', portcallId)
    .forUpdate('p')
    .executeTakeFirst();
  return row as TCallRow | undefined;
}

export function creatorOf(actor: TAutomatedWriter) {
  if (actor.kind === 'automated') return { created_by: null, acting_for: null, creator_type: 'automated' as const, source: actor.source };
  const { session } = actor;
  return { created_by: session.actor?.id ?? session.user.id, acting_for: session.actor ? session.user.id : null, creator_type: 'user' as const, source: actor.source };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function lastStepId(trx: Trx, portcallId: number, time: TNegotiatedTime): Promise<number | null> {
  const last = await trx.selectFrom('portcall_timestamps').select('id').where('portcall_id', '=', portcallId).where('time_type', '=', time).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return last?.id ?? null;
}

export async function audit(trx: Trx, actor: TAutomatedWriter, portcallId: number, field: string, oldValue: TAuditValue, newValue: TAuditValue, now: Date, eventType: 'created' | 'revised' = 'revised') {
  const who = creatorOf(actor);
  await trx
    .insertInto('portcall_audit_events')
    .values({
      portcall_id: portcallId,
      event_type: eventType,
      field,
      old_value: storedJson('audit_value', oldValue),
      new_value: storedJson('audit_value', newValue),
      actor_user_id: who.created_by,
      acting_for_user_id: who.acting_for,
      creator_type: who.creator_type,
      source: who.source,
      created_at: now,
    })
    .execute();
}

/** Both sides hear of a schedule change (the carrier's schedule is news to the vessel side's other users too). */
export async function announce(trx: Trx, actor: TAutomatedWriter, call: TCallRow, version: number, status: string, details: Pick<TNotificationDetails, 'field' | 'action' | 'value' | 'source'>, now: Date) {
  const excludeUserId = actor.kind === 'user' ? actor.session.user.id : -1;
  const sides = ['terminal', 'vessel_side'] as const;
  const recipients = (await Promise.all(sides.map((side) => findUsersOfSide(trx, { side, terminalId: call.terminal_id, vesselOperatorId: call.vessel_operator_id, agentId: call.agent_id, excludeUserId })))).flat();
  // An AIS-detected actual is a terminal-side step (the terminal records what happened); a schedule is the carrier's.
  const isAis = actor.kind === 'automated' && actor.source.startsWith('ais_');
  const actorName = actor.kind === 'user' ? `${actor.session.user.first_name} ${actor.session.user.last_name}`.trim() : isAis ? 'AIS' : `Schedule sync (${actor.source})`;
  const body: TNotificationDetails = {
    vessel_name: call.vessel_name,
    actor_name: actorName,
    actor_side: isAis ? 'terminal' : 'vessel_side',
    ...(actor.kind === 'automated' ? { creator_type: 'automated' as const } : {}),
    ...details,
  };
  const stored = await insertNotifications(trx, { recipientIds: [...new Set(recipients.map((r) => r.id))], portcall_id: call.id, notification_type: 'revised', details: body, created_at: now });
  const summary = { portcall_id: call.id, version, status, terminal_id: call.terminal_id, field: String(details.field ?? 'schedule'), action: String(details.action ?? 'schedule') };
  const channels = [realtimeChannels.terminal(call.terminal_id), realtimeChannels.vesselOperator(call.vessel_operator_id), ...(call.agent_id ? [realtimeChannels.agent(call.agent_id)] : [])];
  for (const channel of channels) await publishEvent(trx, { channel, event: 'portcall.updated', payload: summary });
  for (const n of stored) await publishEvent(trx, { channel: realtimeChannels.user(n.portal_user_id), event: 'notification.created', payload: { id: n.id, notification_type: 'revised', portcall_id: call.id, details: body } });
  // Every automated write (schedule sync, AIS actuals) ends here: a sent PRISE notice whose ETA moved goes back to draft.
  await reopenPriseNoticeIfChanged(trx, call.id, now, actor.kind === 'user' ? actorOfSession(actor.session) : { ...QUAYLINE_ACTOR, name: actorName });
}

export function statusAfter(call: TCallRow, labels: Record<TNegotiatedTime, string | null>, now: Date): string {
  if (call.status === 'Cancelled') return 'Cancelled';
  return deriveStatus({
    isCancelled: false,
    berthArrivalLabel: labels.berth_arrival as TTimeLabel | null,
    berthDepartureLabel: labels.berth_departure as TTimeLabel | null,
    pilotArrivalLabel: labels.pilot_boarding_place_arrival as TTimeLabel | null,
    cargoOperationsStarted: !!call.cargo_operations_start && new Date(call.cargo_operations_start).getTime() <= now.getTime(),
  });
}

export async function applyScheduleToPortcall(
  ctx: AppContext,
  trx: Trx,
  args: { portcallId: number; times: Partial<Record<TNegotiatedTime, string>>; actor: TScheduleActor; thresholdMinutes: number; syncRunId: number | null; voyageId: number | null },
): Promise<TSyncChange[]> {
  const now = ctx.clock.now();
  const call = await lockCall(trx, args.portcallId);
  const base = { voyage_id: args.voyageId, portcall_id: args.portcallId };
  if (!call) return [{ kind: 'skipped', ...base, time: null, before: null, after: null, note: 'The port call no longer exists' }];
  if (call.status === 'Cancelled') return [{ kind: 'kept_actual', ...base, time: null, before: null, after: null, note: 'The port call is cancelled' }];

  const changes: TSyncChange[] = [];
  /** The vessel-side steps the schedule writes: an estimate, or a new request over the side's own open request. */
  const estimates = new Map<TNegotiatedTime, string>();
  const steps = new Map<TNegotiatedTime, 'estimate' | 'request'>();
  const proposals = new Map<TNegotiatedTime, { incoming: string; current: string; differenceMinutes: number }>();
  for (const time of NEGOTIATED_TIMES) {
    const next = args.times[time];
    if (!next) continue;
    const incoming = new Date(next).toISOString();
    const label = (call[`${time}_label`] ?? 'none') as TFromLabel;
    const current = call[time] ? new Date(call[time]).getTime() : null;
    const decision = decideScheduleSync({ label, current, incoming: Date.parse(incoming), thresholdMinutes: args.thresholdMinutes, isSyncable: call.schedule_syncable });
    const entry = { ...base, time, before: iso(call[time]), after: incoming };
    if (decision.kind === 'sync_inactive') return [{ kind: 'sync_inactive', ...base, time: null, before: null, after: null, note: 'Schedule sync is stopped for this call' }];
    if (decision.kind === 'unchanged') continue;
    if (decision.kind === 'estimate' || decision.kind === 'request') {
      estimates.set(time, incoming);
      steps.set(time, decision.kind);
    }
    else if (decision.kind === 'proposal') proposals.set(time, { incoming, current: iso(call[time])!, differenceMinutes: decision.differenceMinutes });
    else changes.push({ kind: decision.kind, ...entry, note: `${decision.differenceMinutes} min` });
  }

  // An estimate must not turn the berth window inside out; the schedule row keeps the carrier's word either way.
  const arrivalAfter = estimates.get('berth_arrival') ?? iso(call.berth_arrival);
  const departureAfter = estimates.get('berth_departure') ?? iso(call.berth_departure);
  if (arrivalAfter && departureAfter && Date.parse(departureAfter) <= Date.parse(arrivalAfter) && (estimates.has('berth_arrival') || estimates.has('berth_departure'))) {
    changes.push({ kind: 'skipped', ...base, time: 'berth_arrival', before: iso(call.berth_arrival), after: arrivalAfter, note: 'The schedule would put the berth departure before the arrival' });
    estimates.delete('berth_arrival');
    estimates.delete('berth_departure');
  }

  const who = creatorOf(args.actor);
  const remark = `Schedule ${args.actor.source}`;
  /** Label and change label each time has after the schedule's steps: the negotiation table's answer for the vessel side. */
  const after = new Map<TNegotiatedTime, { label: string; changeLabel: string | null }>();
  for (const [time, incoming] of estimates) {
    const label = call[`${time}_label`];
    const action = steps.get(time)!;
    const from = (label ?? 'none') as TFromLabel;
    const step = applyNegotiation({ label: from, previousLabel: from, lastParty: null, isFirstRequest: label === null }, action, 'vessel_side');
    if (!step.ok) throw new Error(`the schedule sync rules chose ${action} on a ${from} time, which the negotiation table refuses the vessel side: ${step.message}`);
    const changeLabel = step.change ?? call[`${time}_change_label`];
    after.set(time, { label: step.to, changeLabel });
    await trx
      .insertInto('portcall_timestamps')
      .values({ portcall_id: call.id, time_type: time, action, classifier: step.transition.classifier, party: 'vessel_side', date_time: incoming, label_after: step.to, previous_label: label, change_label_after: changeLabel, reply_to_id: await lastStepId(trx, call.id, time), delay_reason_code: null, remark, created_at: now, ...who })
      .execute();
    await audit(trx, args.actor, call.id, time, { value: iso(call[time]), label }, { value: incoming, label: step.to, action }, now, step.transition.audit === 'created' ? 'created' : 'revised');
    changes.push({ kind: action, ...base, time, before: iso(call[time]), after: incoming, note: null });
  }

  for (const [time, p] of proposals) {
    // The same proposal again (every poll repeats the schedule) is not news; a different one replaces the open one.
    const open = await trx.selectFrom('schedule_proposals').select(['id', 'proposed_time']).where('portcall_id', '=', call.id).where('time_type', '=', time).where('status', '=', 'open').execute();
    if (open.some((o) => new Date(o.proposed_time).getTime() === Date.parse(p.incoming))) continue;
    if (open.length) await trx.updateTable('schedule_proposals').set({ status: 'superseded', resolved_at: now }).where('id', 'in', open.map((o) => o.id)).execute();
    await trx
      .insertInto('schedule_proposals')
      .values({ portcall_id: call.id, time_type: time, proposed_time: p.incoming, current_time_value: p.current, difference_minutes: p.differenceMinutes, source: args.actor.source, sync_run_id: args.syncRunId, created_at: now })
      .execute();
    // In the chain as a proposal that changes neither value nor label: the agreed time stands until a person acts.
    const label = call[`${time}_label`];
    await trx
      .insertInto('portcall_timestamps')
      .values({ portcall_id: call.id, time_type: time, action: 'schedule_proposal', classifier: 'EST', party: 'vessel_side', date_time: p.incoming, label_after: label, previous_label: label, change_label_after: call[`${time}_change_label`], reply_to_id: await lastStepId(trx, call.id, time), delay_reason_code: null, remark, created_at: now, ...who })
      .execute();
    changes.push({ kind: 'proposal', ...base, time, before: p.current, after: p.incoming, note: `${p.differenceMinutes} min` });
  }

  const wrote = estimates.size > 0 || changes.some((c) => c.kind === 'proposal');
  if (!wrote) return changes;
  const labels = Object.fromEntries(NEGOTIATED_TIMES.map((t) => [t, after.get(t)?.label ?? call[`${t}_label`]])) as Record<TNegotiatedTime, string | null>;
  const set: Record<string, unknown> = {};
  for (const [time, incoming] of estimates) {
    set[time] = incoming;
    set[`${time}_label`] = after.get(time)!.label;
    set[`${time}_change_label`] = after.get(time)!.changeLabel;
  }
  const status = statusAfter(call, labels, now);
  const updated = await trx
    .updateTable('portcalls')
    .set({ ...(set as object), status, version: sql`version + 1`, updated_at: now })
    .where('id', '=', call.id)
    .returning('version')
    .executeTakeFirstOrThrow();
  const first = changes.find((c) => c.kind === 'estimate' || c.kind === 'request' || c.kind === 'proposal');
  await announce(trx, args.actor, call, updated.version, status, { field: first?.time ?? 'schedule', action: first?.kind === 'proposal' ? 'schedule_proposal' : (first?.kind ?? 'estimate'), value: first?.after ?? null, source: args.actor.source }, now);
  return changes;
}

/** An omitted or blanked call (OVS OMIT, BLNK) or a removed template occurrence asks to cancel; the terminal decides. */
export async function requestCancelFromSchedule(
  ctx: AppContext,
  trx: Trx,
  args: { portcallId: number; actor: TScheduleActor; syncRunId: number | null; voyageId: number | null; note: string },
): Promise<TSyncChange[]> {
  const now = ctx.clock.now();
  const call = await lockCall(trx, args.portcallId);
  const base = { voyage_id: args.voyageId, portcall_id: args.portcallId, time: 'berth_arrival' as const };
  if (!call) return [{ kind: 'skipped', ...base, before: null, after: null, note: 'The port call no longer exists' }];
  if (!call.schedule_syncable) return [{ kind: 'sync_inactive', ...base, before: null, after: null, note: 'Schedule sync is stopped for this call' }];
  const label = call.berth_arrival_label;
  if (call.status === 'Cancelled' || label === null || !['requested', 'planned', 'estimated', 'accepted'].includes(label)) {
    return [{ kind: 'kept_actual', ...base, before: label, after: label, note: args.note }];
  }
  const who = creatorOf(args.actor);
  await trx
    .insertInto('portcall_timestamps')
    .values({ portcall_id: call.id, time_type: 'berth_arrival', action: 'request_cancel', classifier: 'REQ', party: 'vessel_side', date_time: null, label_after: 'cancel_requested', previous_label: label, change_label_after: 'to change', reply_to_id: await lastStepId(trx, call.id, 'berth_arrival'), delay_reason_code: null, remark: args.note.slice(0, 500), created_at: now, ...who })
    .execute();
  await audit(trx, args.actor, call.id, 'berth_arrival', { value: iso(call.berth_arrival), label }, { value: iso(call.berth_arrival), label: 'cancel_requested', action: 'request_cancel' }, now);
  const labels = Object.fromEntries(NEGOTIATED_TIMES.map((t) => [t, t === 'berth_arrival' ? 'cancel_requested' : call[`${t}_label`]])) as Record<TNegotiatedTime, string | null>;
  const status = statusAfter(call, labels, now);
  const updated = await trx
    .updateTable('portcalls')
    .set({ berth_arrival_label: 'cancel_requested', berth_arrival_change_label: 'to change', status, version: sql`version + 1`, updated_at: now })
    .where('id', '=', call.id)
    .returning('version')
    .executeTakeFirstOrThrow();
  await announce(trx, args.actor, call, updated.version, status, { field: 'berth_arrival', action: 'request_cancel', value: null, source: args.actor.source }, now);
  return [{ kind: 'cancel_requested', ...base, before: label, after: 'cancel_requested', note: args.note }];
}
