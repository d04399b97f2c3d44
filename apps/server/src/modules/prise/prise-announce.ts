// A notice's status change reaches the call's parties: notification rows, per-user `notification.created`, and
// `portcall.updated` (field 'prise_status') on the terminal, vessel-operator and agent channels. Runs inside the
// writing transaction, as publishEvent requires.
import { type TNotificationDetails, partyOf, realtimeChannels } from '@quayline/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthSession } from '../auth/auth.service';
import { insertNotifications } from '../notifications/notification.repository';
import { publishEvent } from '../realtime/publish-event';
import { findPartiesOfCall, updateCallPriseColumns } from './prise.repository';

/** Who caused the change: a person (excluded from the recipients), or the port authority / Quayline itself. */
export type TPriseActor = { userId: number | null; actingForUserId?: number | null; name: string; side: 'terminal' | 'vessel_side' };
/** The person who acted (the real one when on a colleague's behalf), named as the one acted for, as notifications do elsewhere. */
export function actorOfSession(session: AuthSession): TPriseActor {
  return {
    userId: (session.actor ?? session.user).id,
    actingForUserId: session.actor ? session.user.id : null,
    name: `${session.user.first_name} ${session.user.last_name}`.trim(),
    side: partyOf(session.user.user_type),
  };
}
export const PORT_AUTHORITY_ACTOR: TPriseActor = { userId: null, name: 'Port authority', side: 'terminal' };

export type TCallRef = { id: number; terminal_id: number; vessel_operator_id: number; agent_id: number | null; vessel_name: string; status: string; portcall_version: number };

/** Writes the call's prise columns and, when the prise status changed, tells the parties. */
export async function writeCallPriseStatus(
  trx: Transaction<DB>,
  call: TCallRef & { prise_status: string | null },
  next: { prise_status: string | null; prise_message: string | null; prise_code: string | null },
  actor: TPriseActor,
  now: Date,
  options: { isAnnouncedAlways?: boolean } = {},
): Promise<void> {
  await updateCallPriseColumns(trx, call.id, next);
  if (call.prise_status === next.prise_status && !options.isAnnouncedAlways) return;
  // The person acted for wrote it (their notifications would tell them what they did); the real actor neither.
  const excluded = new Set([actor.userId, actor.actingForUserId].filter((id): id is number => typeof id === 'number'));
  const recipients = (await findPartiesOfCall(trx, { terminalId: call.terminal_id, vesselOperatorId: call.vessel_operator_id, agentId: call.agent_id, excludeUserId: -1 })).filter((r) => !excluded.has(r.id));
  const details: TNotificationDetails = {
    vessel_name: call.vessel_name,
    field: 'prise_status',
    value: next.prise_status,
    actor_name: actor.name,
    actor_side: actor.side,
    ...(actor.userId === null ? { creator_type: 'automated' as const } : {}),
  };
  const stored = await insertNotifications(trx, { recipientIds: recipients.map((r) => r.id), portcall_id: call.id, notification_type: 'portcall_update', details, created_at: now });
  const summary = { portcall_id: call.id, version: call.portcall_version, status: call.status, terminal_id: call.terminal_id, field: 'prise_status', action: next.prise_status };
  const channels = [realtimeChannels.terminal(call.terminal_id), realtimeChannels.vesselOperator(call.vessel_operator_id), ...(call.agent_id ? [realtimeChannels.agent(call.agent_id)] : [])];
  for (const channel of channels) await publishEvent(trx, { channel, event: 'portcall.updated', payload: summary });
  for (const n of stored) {
    await publishEvent(trx, { channel: realtimeChannels.user(n.portal_user_id), event: 'notification.created', payload: { id: n.id, notification_type: 'portcall_update', portcall_id: call.id, details } });
  }
}
