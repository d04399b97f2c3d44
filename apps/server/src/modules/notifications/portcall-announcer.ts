// After a port-call change: notify the other side's users and publish the change on the realtime channels.
// Called as the last step of the writing transaction, as publishEvent requires.
import { type TNotificationDetails, type TPortcall, partyOf, realtimeChannels } from '@quayline/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthSession } from '../auth/auth.service';
import { actorOfSession } from '../prise/prise-announce';
import { reopenPriseNoticeIfChanged } from '../prise/prise-reopen';
import { publishEvent } from '../realtime/publish-event';
import { findUsersOfSide, insertNotifications } from './notification.repository';

export type TChange = { auditType: 'created' | 'revised' | 'accepted'; field: string; action?: string; value?: string | null };

export async function announcePortcallChange(trx: Transaction<DB>, session: AuthSession, call: TPortcall, change: TChange, now: Date): Promise<void> {
  const actorSide = partyOf(session.user.user_type);
  const recipients = await findUsersOfSide(trx, {
    side: actorSide === 'terminal' ? 'vessel_side' : 'terminal',
    terminalId: call.terminal_id,
    vesselOperatorId: call.vessel_operator_id,
    agentId: call.agent_id,
    excludeUserId: session.user.id,
  });
  const details: TNotificationDetails = {
    vessel_name: call.vessel_name,
    field: change.field,
    ...(change.action ? { action: change.action } : {}),
    ...(change.value !== undefined ? { value: change.value } : {}),
    actor_name: `${session.user.first_name} ${session.user.last_name}`.trim(),
    actor_side: actorSide,
  };
  const notificationType = change.auditType === 'created' ? 'portcall_update' : change.auditType;
  const stored = await insertNotifications(trx, { recipientIds: recipients.map((r) => r.id), portcall_id: call.id, notification_type: notificationType, details, created_at: now });
  const summary = { portcall_id: call.id, version: call.version, status: call.status, terminal_id: call.terminal_id, field: change.field, action: change.action ?? null };
  const channels = [realtimeChannels.terminal(call.terminal_id), realtimeChannels.vesselOperator(call.vessel_operator_id), ...(call.agent_id ? [realtimeChannels.agent(call.agent_id)] : [])];
  for (const channel of channels) await publishEvent(trx, { channel, event: 'portcall.updated', payload: summary });
  for (const n of stored) {
    await publishEvent(trx, { channel: realtimeChannels.user(n.portal_user_id), event: 'notification.created', payload: { id: n.id, notification_type: notificationType, portcall_id: call.id, details } });
  }
  // Every person's write ends here: a sent PRISE notice whose ETA, draft or berth moved goes back to draft.
  await reopenPriseNoticeIfChanged(trx, call.id, now, actorOfSession(session));
}
