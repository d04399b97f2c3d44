// React hook: listen on a realtime channel while the component is mounted (null listens on nothing).
import type { TRealtimeEventMessage } from '@quayline/domain';
import { useEffect, useRef } from 'react';
import { type RealtimeClient, getRealtimeClient } from './realtime-client';

/**
 * Calls onEvent for every event of the channel. The latest onEvent is used without re-subscribing, so an inline
 * arrow function is fine; changing the channel moves the subscription.
 */
export function useRealtimeChannel(channel: string | null, onEvent: (event: TRealtimeEventMessage) => void, client?: RealtimeClient): void {
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });
  useEffect(() => {
    if (!channel) return undefined;
    return (client ?? getRealtimeClient()).subscribe(channel, (event) => onEventRef.current(event));
  }, [channel, client]);
}
