import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TMessageIconState, TPortcallMessage } from '@quayline/domain';
import { type FakeWebSocket, installFakeWebSocket } from '@/test/fake-websocket';
import { makePortcall, TERMINAL } from '@/test/portcall-fixtures';
import { renderApp, signedIn, success, TEST_USER, type TRecordedCall } from '@/test/render-app';

const API = '/api/portal/v1';

function message(id: number, body: string, isOwn: boolean): TPortcallMessage {
  return {
    id,
    portcall_id: 5,
    body,
    author: isOwn ? { id: TEST_USER.id, name: 'Ada Lovelace', user_type: 'terminal_operator', organisation_name: 'North Quay Terminal' } : { id: 90, name: 'Ezra Agent', user_type: 'agent', organisation_name: 'Elbe Ship Agency' },
    is_own: isOwn,
    created_at: '2026-07-14T12:00:00.000Z',
  };
}

/** Two calls in the window (5 and 6); call 5's thread lives in `state.thread`. */
function messagesApi(state: { thread: TPortcallMessage[]; states: Record<string, TMessageIconState> }) {
  return (call: TRecordedCall) => {
    if (call.path === `${API}/terminals`) return success([TERMINAL]);
    if (call.path === `${API}/portcalls`) {
      const items = [makePortcall({ id: 5, vessel_name: 'CORAL RESOLVE' }), makePortcall({ id: 6, vessel_name: 'NORDIC FALCON' })];
      return success({ items, meta: { page: 1, per_page: 50, total_count: 2, total_pages: 1 } });
    }
    if (call.path === `${API}/portcall_message_states`) return success(state.states);
    if (call.path === `${API}/portcalls/5/messages/read`) return success({ state: state.thread.length ? 'all_read' : 'none' });
    if (call.path === `${API}/portcalls/5/messages` && call.method === 'POST') {
      state.thread = [...state.thread, message(100 + state.thread.length, (call.body as { body: string }).body, true)];
      return success(state.thread);
    }
    if (call.path === `${API}/portcalls/5/messages`) return success(state.thread);
    return undefined;
  };
}

const posts = (calls: TRecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/messages'));

describe('vessel communication', () => {
  let latestSocket: () => FakeWebSocket;
  beforeEach(() => {
    latestSocket = installFakeWebSocket();
  });

  it('refuses an empty or blank message, and sends a real one with Ctrl+Enter', async () => {
    const state = { thread: [message(1, 'When can we berth?', false)], states: { '5': 'new', '6': 'none' } as Record<string, TMessageIconState> };
    const { calls } = renderApp('/en/vessel-communication?id=5', signedIn, messagesApi(state));

    expect((await screen.findByTestId('vc-message-body')).textContent).toBe('When can we berth?');
    // Opening the thread reads it.
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === `${API}/portcalls/5/messages/read`)).toBe(true));

    const input = screen.getByTestId('vc-composer-input') as HTMLTextAreaElement;
    fireEvent.click(screen.getByTestId('vc-composer-send'));
    expect(await screen.findByText('Write a message first.')).toBeTruthy();

    fireEvent.change(input, { target: { value: '   \n  ' } });
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Write a message first.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'Berth 3 from 10:00' } });
    expect(screen.queryByText('Write a message first.')).toBeNull();
    expect(screen.getByTestId('vc-composer-counter').textContent).toBe('18 of 2000 characters');
    expect(input.maxLength).toBe(2000);
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });

    await waitFor(() => expect(screen.getAllByTestId('vc-message-body').map((m) => m.textContent)).toEqual(['When can we berth?', 'Berth 3 from 10:00']));
    expect(posts(calls).map((c) => c.body)).toEqual([{ body: 'Berth 3 from 10:00' }]);
    expect(input.value).toBe('');
    expect(screen.getAllByTestId('vc-message').at(-1)!.textContent).toContain('You');
  });

  it('marks another call new when a message for it arrives, and refreshes the open thread', async () => {
    const state = { thread: [] as TPortcallMessage[], states: { '5': 'none', '6': 'none' } as Record<string, TMessageIconState> };
    const { calls } = renderApp('/en/vessel-communication?id=5', signedIn, messagesApi(state));
    await screen.findByTestId('vc-thread-empty');
    const socket = await waitFor(latestSocket);
    socket.open();
    // A terminal operator listens on the channel of each linked terminal.
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'subscribe', channel: 'Terminal.1' }));
    socket.receive({ type: 'subscribed', channel: 'Terminal.1', last_event_id: 1 });

    const other = () => screen.getAllByTestId('vc-portcall').find((el) => el.getAttribute('data-portcall-id') === '6')!;
    expect(other().getAttribute('data-state')).toBe('none');
    state.states = { ...state.states, '6': 'new' };
    socket.emit('Terminal.1', 2, 'portcall.message', { portcall_id: 6, message_id: 7, author_id: 90 });
    await waitFor(() => expect(other().getAttribute('data-state')).toBe('new'));
    expect(within(other()).getByRole('img').getAttribute('aria-label')).toBe('New messages');

    state.thread = [message(8, 'ETA unchanged', false)];
    const readsBefore = calls.filter((c) => c.path === `${API}/portcalls/5/messages/read`).length;
    socket.emit('Terminal.1', 3, 'portcall.message', { portcall_id: 5, message_id: 8, author_id: 90 });
    expect((await screen.findByTestId('vc-message-body')).textContent).toBe('ETA unchanged');
    await waitFor(() => expect(calls.filter((c) => c.path === `${API}/portcalls/5/messages/read`).length).toBeGreaterThan(readsBefore));
  });
});
