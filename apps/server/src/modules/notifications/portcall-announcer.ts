// After a port-call change: notify the other side's users and publish the change on the realtime channels.
// Called as the last step of the writing transaction, as publishEvent requires.
import { type TNotificationDetails, type TPortcall, partyOf, realtimeChannels } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthSession } from '../auth/auth.service';
import { queueJitForTerminalSave } from '../dcsa/jit-outbox.service';
import { actorOfSession } from '../prise/prise-announce';
import { reopenPriseNoticesIfChanged } from '../prise/prise-reopen';
import { type TPublishEventInput, publishEvents } from '../realtime/publish-event';
import { findUsersOfSideForCalls, insertNotificationRows } from './notification.repository';

export type TChange = { auditType: 'created' | 'revised' | 'accepted'; field: string; action?: string; value?: string | null };

export async function announcePortcallChange(trx: Transaction<DB>, session: AuthSession, call: TPortcall, change: TChange, now: Date): Promise<void> {
  await announcePortcallChanges(trx, session, [{ call, change }], now);
}

/**
 * The same for many calls changed by one person in one transaction (a published sandbox): one query for the
 * recipients, one insert of the notifications, one of the realtime events, in the order of the calls.
 */
export async function announcePortcallChanges(trx: Transaction<DB>, session: AuthSession, changes: readonly { call: TPortcall; change: TChange }[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  const actorSide = partyOf(session.user.user_type);
  const recipients = await recipientsOfChanges(trx, session, changes.map(({ call }) => call));
  const actorName = `${session.user.first_name} ${session.user.last_name}`.trim();
  const perCall = changes.map(({ call, change }, key) => {
    const details: TNotificationDetails = {
      vessel_name: call.vessel_name,
      field: change.field,
      ...(change.action ? { action: change.action } : {}),
      ...(change.value !== undefined ? { value: change.value } : {}),
      actor_name: actorName,
      actor_side: actorSide,
    };
    const notificationType = change.auditType === 'created' ? ('portcall_update' as const) : change.auditType;
    return { call, change, notificationType, details, recipientIds: recipients[key]! };
  });
  const rows = perCall.flatMap((c) => c.recipientIds.map((id) => ({ portal_user_id: id, portcall_id: c.call.id, notification_type: c.notificationType, details: c.details, created_at: now })));
  const stored = await insertNotificationRows(trx, rows);
  let next = 0;
  const events: TPublishEventInput[] = [];
  for (const { call, change, notificationType, details, recipientIds } of perCall) {
    const summary = { portcall_id: call.id, version: call.version, status: call.status, terminal_id: call.terminal_id, field: change.field, action: change.action ?? null };
    const channels = [realtimeChannels.terminal(call.terminal_id), realtimeChannels.vesselOperator(call.vessel_operator_id), ...(call.agent_id ? [realtimeChannels.agent(call.agent_id)] : [])];
    for (const channel of channels) events.push({ channel, event: 'portcall.updated', payload: summary });
    for (const n of stored.slice(next, next + recipientIds.length)) {
      events.push({ channel: realtimeChannels.user(n.portal_user_id), event: 'notification.created', payload: { id: n.id, notification_type: notificationType, portcall_id: call.id, details } });
    }
    next += recipientIds.length;
  }
  await publishEvents(trx, events);
  // Every person's write ends here: a sent PRISE notice whose ETA, draft or berth moved goes back to draft.
  await reopenPriseNoticesIfChanged(
    trx,
    changes.map(({ call }) => call.id),
    now,
    actorOfSession(session),
  );
  // And the terminal's steps become DCSA JIT messages to the call's connected carrier and agent systems.
  await queueJitForTerminalSave(
    trx,
    session,
    changes.map(({ call }) => call),
    now,
  );
}

/**
 * Who is told of each call's change: the other side's users of the call, never the person acting. One query for
 * all calls; the answer holds one list of user ids per call, in the order of the calls. A publish preview asks the same.
 */
export async function recipientsOfChanges(db: Kysely<DB> | Transaction<DB>, session: AuthSession, calls: readonly Pick<TPortcall, 'terminal_id' | 'vessel_operator_id' | 'agent_id'>[]): Promise<number[][]> {
  const actorSide = partyOf(session.user.user_type);
  const found = await findUsersOfSideForCalls(db, {
    side: actorSide === 'terminal' ? 'vessel_side' : 'terminal',
    calls: calls.map((call, key) => ({ key, terminalId: call.terminal_id, vesselOperatorId: call.vessel_operator_id, agentId: call.agent_id })),
    excludeUserId: session.user.id,
  });
  const perCall = calls.map((): number[] => []);
  for (const r of found) perCall[r.key]!.push(r.id);
  return perCall;
}
