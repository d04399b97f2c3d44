// A browser WebSocket for component tests: the app's realtime client creates it, the test opens it and feeds it events.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { TRealtimeEventMessage, TRealtimeServerMessage } from '@quayline/domain';
import { getRealtimeClient } from '@/lib/realtime-client';

export class FakeWebSocket {
  static readonly instances: FakeWebSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: { type: string; channel?: string }[] = [];

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as { type: string; channel?: string });
  }

  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    act(() => this.onopen?.(new Event('open')));
  }

  receive(message: TRealtimeServerMessage): void {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }

  /** Sends one event on a channel, as the server does after a commit. */
  emit(channel: string, id: number, event: string, payload: TRealtimeEventMessage['payload']): void {
    this.receive({ type: 'event', id, channel, event, payload, created_at: '2026-07-14T12:00:00.000Z' });
  }
}

/** Replaces the global WebSocket for this test; returns a getter of the socket opened last. */
export function installFakeWebSocket(): () => FakeWebSocket {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal('WebSocket', FakeWebSocket);
  // The tab's client outlives a test; drop the previous test's socket so the next subscription opens a fake one.
  getRealtimeClient().restart();
  return () => {
    const socket = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  };
}
