import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TNotificationMessage } from '@quayline/domain';
import { type FakeWebSocket, installFakeWebSocket } from '@/test/fake-websocket';
import { renderApp, signedIn, success, type TRecordedCall } from '@/test/render-app';

const API = '/api/portal/v1';

function notification(id: number, overrides: Partial<TNotificationMessage> = {}): TNotificationMessage {
  return {
    id,
    notification_type: 'revised',
    portcall_id: 40 + id,
    details: { vessel_name: 'ELBE RESOLVE', field: 'berth_arrival', action: 'propose', value: '2026-07-15T08:00:00.000Z', actor_name: 'Tom Terminal', actor_side: 'terminal' },
    read: false,
    created_at: '2026-07-14T12:00:00.000Z',
    ...overrides,
  };
}

/** The server's notifications: `unread` of them unread; marking read changes what the next GET answers. */
function notificationsApi(state: { items: TNotificationMessage[] }) {
  return (call: TRecordedCall) => {
    const unread = () => state.items.filter((n) => !n.read).length;
    if (call.path === `${API}/terminals`) return success([]);
    if (call.path === `${API}/notification_messages` && call.method === 'GET') {
      return success({ items: state.items, meta: { page: 1, per_page: 10, total_count: state.items.length, total_pages: 1, unread_count: unread() } });
    }
    if (call.path === `${API}/notification_messages/mark_all_as_read`) {
      state.items = state.items.map((n) => ({ ...n, read: true }));
      return success({ unread_count: 0 });
    }
    const one = /^\/api\/portal\/v1\/notification_messages\/(\d+)\/read$/.exec(call.path);
    if (one) {
      state.items = state.items.map((n) => (n.id === Number(one[1]) ? { ...n, read: true } : n));
      return success({ unread_count: unread() });
    }
    return undefined;
  };
}

describe('notifications centre', () => {
  let latestSocket: () => FakeWebSocket;
  beforeEach(() => {
    latestSocket = installFakeWebSocket();
  });

  it('raises the unread badge when notification.created arrives on the user channel, and pops the sentence up', async () => {
    const state = { items: [notification(1), notification(2), notification(3, { read: true })] };
    renderApp('/en/dashboard', signedIn, notificationsApi(state));

    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('2');
    const socket = await waitFor(latestSocket);
    socket.open();
    expect(socket.sent).toContainEqual({ type: 'subscribe', channel: 'User.7' });
    socket.receive({ type: 'subscribed', channel: 'User.7', last_event_id: 10 });

    // The server stored a new notification, then published it.
    const fresh = notification(4, { details: { vessel_name: 'NORDIC FALCON', field: 'berth_arrival', action: 'propose', value: '2026-07-15T08:00:00.000Z', actor_name: 'Tom Terminal', actor_side: 'terminal' } });
    state.items = [fresh, ...state.items];
    socket.emit('User.7', 11, 'notification.created', { id: fresh.id, notification_type: fresh.notification_type, portcall_id: fresh.portcall_id, details: fresh.details });

    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('3'));
    // Terminal in Europe/Berlin by default: 08:00 UTC is 10:00 summer time.
    expect(await screen.findByText('Tom Terminal proposed a new berth arrival for NORDIC FALCON: 15-07-2026 10:00')).toBeTruthy();
    expect(screen.getByText('New notification')).toBeTruthy();
  });

  it('closes the popups when the drawer opens, and pops nothing up while it is open (the list shows it)', async () => {
    const state = { items: [notification(1)] };
    renderApp('/en/dashboard', signedIn, notificationsApi(state));
    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('1');
    const socket = await waitFor(latestSocket);
    socket.open();
    socket.receive({ type: 'subscribed', channel: 'User.7', last_event_id: 10 });
    const push = (n: TNotificationMessage, eventId: number) => {
      state.items = [n, ...state.items];
      socket.emit('User.7', eventId, 'notification.created', { id: n.id, notification_type: n.notification_type, portcall_id: n.portcall_id, details: n.details });
    };
    push(notification(2, { details: { ...notification(2).details, vessel_name: 'NORDIC FALCON' } }), 11);
    await waitFor(() => expect(screen.getAllByTestId('notification-popup')).toHaveLength(1));

    fireEvent.click(screen.getByTestId('notifications-button'));
    await screen.findByTestId('notifications-drawer');
    await waitFor(() => expect(screen.queryAllByTestId('notification-popup')).toHaveLength(0));
    push(notification(3, { details: { ...notification(3).details, vessel_name: 'POLAR SPIRIT' } }), 12);
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('3'));
    expect(await within(screen.getByTestId('notifications-drawer')).findByText(/POLAR SPIRIT/)).toBeTruthy();
    expect(screen.queryAllByTestId('notification-popup')).toHaveLength(0);
  });

  it('lists a notification the server could not read as such, with its number, beside the readable ones', async () => {
    const state = { items: [notification(1), notification(2, { portcall_id: null, details: {}, is_unreadable: true })] };
    renderApp('/en/dashboard', signedIn, notificationsApi(state));
    fireEvent.click(await screen.findByTestId('notifications-button'));
    const items = await within(await screen.findByTestId('notifications-drawer')).findAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Tom Terminal proposed a new berth arrival for ELBE RESOLVE'), expect.stringContaining('This notification could not be read (no. 2).')]);
  });

  it('lists notifications in the drawer, opens one as read at its port call, and marks all read', async () => {
    const state = { items: [notification(1), notification(2, { notification_type: 'portcall_update', details: { vessel_name: 'POLAR SPIRIT', field: 'portcall', action: 'request', actor_name: 'Ada Agent', actor_side: 'vessel_side' } })] };
    const { router, apiCalls } = renderApp('/en/dashboard', signedIn, notificationsApi(state));

    expect((await screen.findByTestId('notifications-badge')).textContent).toBe('2');
    fireEvent.click(screen.getByTestId('notifications-button'));
    const drawer = await screen.findByTestId('notifications-drawer');
    const items = await within(drawer).findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[1]!.textContent).toContain('Ada Agent requested a port call for POLAR SPIRIT');

    fireEvent.click(items[0]!);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/en/portcall-planner/details?id=41'));
    await waitFor(() => expect(apiCalls().some((c) => c.method === 'PUT' && c.path === `${API}/notification_messages/1/read`)).toBe(true));
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('1'));

    fireEvent.click(screen.getByTestId('notifications-button'));
    fireEvent.click(await screen.findByTestId('notifications-mark-all'));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).toBeNull());
    expect(apiCalls().some((c) => c.method === 'PUT' && c.path === `${API}/notification_messages/mark_all_as_read`)).toBe(true);
    expect(screen.getAllByTestId('notification-item').every((item) => item.getAttribute('data-read') === 'true')).toBe(true);
  });
});
