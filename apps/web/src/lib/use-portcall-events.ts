// Live port-call events of the signed-in user: which channels carry them, and a hook that listens on all of them.
import { useEffect, useMemo, useRef } from 'react';
import { realtimeChannels, type TRealtimeEventMessage, type TUserDetails } from '@quayline/domain';
import { getRealtimeClient } from './realtime-client';
import { useLinkedTerminals } from './terminals';
import { useUserDetails } from './user';

export const PORTCALL_UPDATED_EVENT = 'portcall.updated';
export const PORTCALL_MESSAGE_EVENT = 'portcall.message';
export const NOTIFICATION_CREATED_EVENT = 'notification.created';

/**
 * `portcall.updated` and `portcall.message` go to the terminal's channel and to the vessel operator's and agent's
 * organisation channels (docs/realtime.md); each user listens where the server lets them.
 */
export function portcallChannelsOf(user: Pick<TUserDetails, 'user_type' | 'organisation_id'>, terminalIds: readonly number[]): string[] {
  switch (user.user_type) {
    case 'terminal_operator':
      return terminalIds.map((id) => realtimeChannels.terminal(id));
    case 'agent':
      return user.organisation_id ? [realtimeChannels.agent(user.organisation_id)] : [];
    case 'vessel_operator':
      return user.organisation_id ? [realtimeChannels.vesselOperator(user.organisation_id)] : [];
    default: {
      const unreachable: never = user.user_type;
      return unreachable;
    }
  }
}

/** Calls onEvent for every event on each of the channels; the latest onEvent is used without re-subscribing. */
export function useRealtimeChannels(channels: readonly string[], onEvent: (event: TRealtimeEventMessage) => void): void {
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });
  const key = channels.join(' ');
  useEffect(() => {
    if (!key) return undefined;
    const client = getRealtimeClient();
    const leave = key.split(' ').map((channel) => client.subscribe(channel, (event) => onEventRef.current(event)));
    return () => leave.forEach((unsubscribe) => unsubscribe());
  }, [key]);
}

/** The port-call channels of the signed-in user (empty until the user and, for terminal operators, the terminals are known). */
export function usePortcallChannels(): string[] {
  const { data: user } = useUserDetails();
  const isTerminalOperator = user?.user_type === 'terminal_operator';
  const { data: terminals } = useLinkedTerminals();
  const terminalKey = isTerminalOperator ? (terminals ?? []).map((t) => t.id).join(',') : '';
  const userType = user?.user_type;
  const organisationId = user?.organisation_id ?? null;
  // Rebuilt only when one of these changes, so a refetched user or terminal list does not move the subscriptions.
  return useMemo(
    () => (userType ? portcallChannelsOf({ user_type: userType, organisation_id: organisationId }, terminalKey ? terminalKey.split(',').map(Number) : []) : []),
    [userType, organisationId, terminalKey],
  );
}

/** Listens for port-call events (`portcall.updated`, `portcall.message`) on every channel of the user. */
export function usePortcallEvents(onEvent: (event: TRealtimeEventMessage) => void): void {
  useRealtimeChannels(usePortcallChannels(), onEvent);
}
