import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeWebSocket, installFakeWebSocket } from '@/test/fake-websocket';
import { renderApp, signedIn, success, type TRecordedCall } from '@/test/render-app';

const API = '/api/portal/v1';
const inbox = (call: TRecordedCall) => {
  if (call.path === `${API}/terminals`) return success([]);
  if (call.path === `${API}/notification_messages`) return success({ items: [], meta: { page: 1, per_page: 10, total_count: 0, total_pages: 0, unread_count: 0 } });
  return undefined;
};

describe('coming back after longer than the server keeps events', () => {
  let latestSocket: () => FakeWebSocket;
  beforeEach(() => {
    latestSocket = installFakeWebSocket();
  });

  it('reloads every query and tells the user when the server cannot replay the gap', async () => {
    const { calls } = renderApp('/en/dashboard', signedIn, inbox);
    const first = await waitFor(latestSocket);
    first.open();
    first.receive({ type: 'subscribed', channel: 'User.7', last_event_id: 10 });
    await waitFor(() => expect(calls.some((c) => c.path === `${API}/notification_messages`)).toBe(true));

    act(() => first.onclose?.(new CloseEvent('close', { code: 1006 })));
    const second = await waitFor(() => {
      const socket = latestSocket();
      if (socket === first) throw new Error('not reconnected yet');
      return socket;
    });
    second.open();
    expect(second.sent).toContainEqual({ type: 'subscribe', channel: 'User.7', last_event_id: 10 });
    const countOf = (path: string) => calls.filter((c) => c.path === path).length;
    const before = { inbox: countOf(`${API}/notification_messages`), user: countOf(`${API}/user_details`) };
    expect(screen.queryByText('You were offline for a while; the data has been reloaded.')).toBeNull();

    second.receive({ type: 'replay_unavailable', channel: 'User.7', pruned_up_to_id: 500 });
    second.receive({ type: 'subscribed', channel: 'User.7', last_event_id: 900 });

    expect(await screen.findByText('You were offline for a while; the data has been reloaded.')).toBeTruthy();
    await waitFor(() => expect(countOf(`${API}/notification_messages`)).toBeGreaterThan(before.inbox));
    await waitFor(() => expect(countOf(`${API}/user_details`)).toBeGreaterThan(before.user));
  });
});
