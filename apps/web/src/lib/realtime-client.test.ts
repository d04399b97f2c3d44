import type { TRealtimeEventMessage, TRealtimeServerMessage } from '@quayline/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type TSocketLike, reconnectDelayMs } from './realtime-client';
import { useRealtimeChannel } from './use-realtime-channel';

/** Stands in for the browser WebSocket: the test opens, feeds and drops it. */
class FakeSocket implements TSocketLike {
  readyState: number = 0;
  onopen: TSocketLike['onopen'] = null;
  onmessage: TSocketLike['onmessage'] = null;
  onclose: TSocketLike['onclose'] = null;
  onerror: TSocketLike['onerror'] = null;
  readonly sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
  }

  receive(message: TRealtimeServerMessage): void {
    this.onmessage?.call(this as unknown as WebSocket, new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.call(this as unknown as WebSocket, new CloseEvent('close', { code }));
  }
}

const event = (channel: string, id: number): TRealtimeEventMessage => ({ type: 'event', id, channel, event: 'portcall.updated', payload: { id }, created_at: '2026-03-29T01:30:00.000Z' });

let sockets: FakeSocket[];
function createClient(options: ConstructorParameters<typeof RealtimeClient>[0] = {}) {
  return new RealtimeClient({
    url: () => 'ws://quayline.test/api/portal/v1/realtime',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 1,
    ...options,
  });
}
const latest = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('shares one socket between all channels and subscribes each channel once when it opens', () => {
    const client = createClient();
    const terminal = vi.fn();
    const terminalAgain = vi.fn();
    const user = vi.fn();
    client.subscribe('Terminal.3', terminal);
    client.subscribe('Terminal.3', terminalAgain);
    client.subscribe('User.10', user);
    expect(sockets).toHaveLength(1);
    expect(client.status).toBe('connecting');
    latest().open();
    expect(client.status).toBe('open');
    expect(latest().sent).toEqual([
      { type: 'subscribe', channel: 'Terminal.3' },
      { type: 'subscribe', channel: 'User.10' },
    ]);

    latest().receive(event('Terminal.3', 5));
    expect(terminal).toHaveBeenCalledWith(event('Terminal.3', 5));
    expect(terminalAgain).toHaveBeenCalledTimes(1);
    expect(user).not.toHaveBeenCalled();
    // A repeat of an id already seen (at-least-once delivery) is dropped.
    latest().receive(event('Terminal.3', 5));
    expect(terminal).toHaveBeenCalledTimes(1);

    // Subscribing to a new channel on an open socket sends one subscribe right away.
    client.subscribe('Agent.7', vi.fn());
    expect(latest().sent.at(-1)).toEqual({ type: 'subscribe', channel: 'Agent.7' });
    expect(sockets).toHaveLength(1);
  });

  it('unsubscribes when the last listener of a channel leaves, and closes the socket a while after no channel is left', () => {
    const client = createClient();
    const stopFirst = client.subscribe('Terminal.3', vi.fn());
    const stopSecond = client.subscribe('Terminal.3', vi.fn());
    latest().open();
    stopFirst();
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'Terminal.3' }]);
    stopSecond();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'Terminal.3' });
    expect(latest().closedWith).toBeNull();
    // A new channel within the idle time reuses the socket.
    vi.advanceTimersByTime(4000);
    const stopThird = client.subscribe('User.10', vi.fn());
    vi.advanceTimersByTime(10_000);
    expect(latest().sent.at(-1)).toEqual({ type: 'subscribe', channel: 'User.10' });
    stopThird();
    vi.advanceTimersByTime(4999);
    expect(latest().closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(latest().closedWith).toEqual({ code: 1000, reason: 'No channels left' });
    expect(client.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects with exponential backoff capped at 30 s', () => {
    const client = createClient();
    client.subscribe('Terminal.3', vi.fn());
    const delays: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      latest().drop();
      expect(client.status).toBe('reconnecting');
      const before = sockets.length;
      const delay = reconnectDelayMs(attempt, () => 1);
      vi.advanceTimersByTime(delay - 1);
      expect(sockets).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(before + 1);
      delays.push(delay);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    // Once a connection opens, the next drop starts from the shortest delay again.
    latest().open();
    latest().drop();
    vi.advanceTimersByTime(500);
    expect(latest().readyState).toBe(0);
  });

  it('spreads reconnects with jitter in the upper half of each delay', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(250);
    expect(reconnectDelayMs(0, () => 1)).toBe(500);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(3000);
    expect(reconnectDelayMs(20, () => 0)).toBe(15_000);
    expect(reconnectDelayMs(20, () => 1)).toBe(30_000);
  });

  it('re-subscribes after a reconnect from the last event id seen on each channel', () => {
    const client = createClient();
    client.subscribe('Terminal.3', vi.fn());
    client.subscribe('User.10', vi.fn());
    client.subscribe('Agent.7', vi.fn());
    latest().open();
    latest().receive({ type: 'subscribed', channel: 'Terminal.3', last_event_id: 40 });
    latest().receive({ type: 'subscribed', channel: 'User.10', last_event_id: 40 });
    latest().receive(event('Terminal.3', 41));
    latest().receive(event('Terminal.3', 44));
    // Agent.7's "subscribed" never arrived: it has no catch-up point yet.
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().open();
    expect(latest().sent).toEqual([
      { type: 'subscribe', channel: 'Terminal.3', last_event_id: 44 },
      { type: 'subscribe', channel: 'User.10', last_event_id: 40 },
      { type: 'subscribe', channel: 'Agent.7' },
    ]);
  });

  it('reports once per reconnect when the server cannot replay the gap, and resumes from the point it gives', () => {
    const client = createClient();
    const onReplayLost = vi.fn();
    client.onReplayLost(onReplayLost);
    const terminal = vi.fn();
    client.subscribe('Terminal.3', terminal);
    client.subscribe('User.10', vi.fn());
    latest().open();
    latest().receive({ type: 'subscribed', channel: 'Terminal.3', last_event_id: 40 });
    latest().receive({ type: 'subscribed', channel: 'User.10', last_event_id: 40 });
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().open();
    expect(onReplayLost).not.toHaveBeenCalled();

    // Away longer than the server keeps events: both channels lost their catch-up, the app reloads once.
    latest().receive({ type: 'replay_unavailable', channel: 'Terminal.3', pruned_up_to_id: 900 });
    latest().receive({ type: 'subscribed', channel: 'Terminal.3', last_event_id: 1200 });
    latest().receive({ type: 'replay_unavailable', channel: 'User.10', pruned_up_to_id: 900 });
    latest().receive({ type: 'subscribed', channel: 'User.10', last_event_id: 1200 });
    expect(onReplayLost).toHaveBeenCalledTimes(1);
    latest().receive(event('Terminal.3', 1200));
    latest().receive(event('Terminal.3', 1201));
    expect(terminal.mock.calls.map(([e]) => (e as TRealtimeEventMessage).id)).toEqual([1201]);

    // The next reconnect resumes from the new point, and a new lost replay is reported again.
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().open();
    expect(latest().sent).toEqual([
      { type: 'subscribe', channel: 'Terminal.3', last_event_id: 1201 },
      { type: 'subscribe', channel: 'User.10', last_event_id: 1200 },
    ]);
    latest().receive({ type: 'replay_unavailable', channel: 'User.10', pruned_up_to_id: 1300 });
    expect(onReplayLost).toHaveBeenCalledTimes(2);
  });

  it('stops reconnecting on 4401 until something subscribes again', () => {
    const client = createClient();
    client.subscribe('Terminal.3', vi.fn());
    latest().open();
    latest().drop(4401);
    expect(client.status).toBe('unauthorized');
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    client.subscribe('User.10', vi.fn());
    expect(sockets).toHaveLength(2);
  });

  it('reconnects and catches up after 1001 (a server shutting down), so the tab moves to another server', () => {
    const client = createClient();
    client.subscribe('Terminal.3', vi.fn());
    latest().open();
    latest().receive({ type: 'subscribed', channel: 'Terminal.3', last_event_id: 40 });
    latest().receive(event('Terminal.3', 41));
    latest().drop(1001);
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'Terminal.3', last_event_id: 41 }]);
  });

  it('does not ask again for a channel the server refused, and reports the refusal', () => {
    const onError = vi.fn();
    const client = createClient({ onError });
    client.subscribe('Terminal.4', vi.fn());
    client.subscribe('Terminal.3', vi.fn());
    latest().open();
    latest().receive({ type: 'error', code: 'FORBIDDEN', message: 'no', channel: 'Terminal.4' });
    expect(onError).toHaveBeenCalledWith({ type: 'error', code: 'FORBIDDEN', message: 'no', channel: 'Terminal.4' });
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'Terminal.3' }]);
  });

  it('pings while open and reconnects when the server stops answering', () => {
    const client = createClient({ pingIntervalMs: 1000, pongTimeoutMs: 500 });
    client.subscribe('Terminal.3', vi.fn());
    latest().open();
    vi.advanceTimersByTime(1000);
    expect(latest().sent.at(-1)).toEqual({ type: 'ping' });
    latest().receive({ type: 'pong' });
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.closedWith?.code).toBe(4000);
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
  });

  it('ignores messages that do not match the protocol', () => {
    const client = createClient();
    const handler = vi.fn();
    client.subscribe('Terminal.3', handler);
    latest().open();
    latest().onmessage?.call(latest() as unknown as WebSocket, new MessageEvent('message', { data: 'garbage' }));
    latest().onmessage?.call(latest() as unknown as WebSocket, new MessageEvent('message', { data: JSON.stringify({ type: 'event', id: 'x' }) }));
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('useRealtimeChannel', () => {
  it('subscribes while mounted, follows channel changes, uses the latest callback, and listens on nothing for null', () => {
    const client = createClient();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ channel, onEvent }: { channel: string | null; onEvent: (e: TRealtimeEventMessage) => void }) => useRealtimeChannel(channel, onEvent, client), {
      initialProps: { channel: null as string | null, onEvent: first },
    });
    expect(sockets).toHaveLength(0);

    rerender({ channel: 'Terminal.3', onEvent: first });
    act(() => latest().open());
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'Terminal.3' }]);

    rerender({ channel: 'Terminal.3', onEvent: second });
    expect(latest().sent).toHaveLength(1);
    act(() => latest().receive(event('Terminal.3', 1)));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(event('Terminal.3', 1));

    rerender({ channel: 'Terminal.4', onEvent: second });
    // The same socket carries on: the old channel is left and the new one joined.
    expect(sockets).toHaveLength(1);
    expect(latest().sent.slice(1)).toEqual([
      { type: 'unsubscribe', channel: 'Terminal.3' },
      { type: 'subscribe', channel: 'Terminal.4' },
    ]);

    unmount();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'Terminal.4' });
    act(() => vi.advanceTimersByTime(5000));
    expect(client.status).toBe('idle');
  });
});
