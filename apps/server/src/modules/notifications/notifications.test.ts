import { realtimeChannels } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { type TTestSocket, connectRealtime, listenOnFreePort } from '../../test/realtime-client';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('notifications, message threads and live updates on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp(target);
    baseUrl = await listenOnFreePort(t.app);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t?.close();
  });

  async function subscribed(token: string, channel: string): Promise<TTestSocket> {
    const socket = await connectRealtime(baseUrl, { headers: { 'x-portal-token': token } });
    sockets.push(socket);
    socket.send({ type: 'subscribe', channel });
    expect((await socket.next()).type).toBe('subscribed');
    return socket;
  }

  it('tells the other side: a request reaches the planner live, the proposal the agent, the acceptance the planner', async () => {
    const plannerTerminal = await subscribed(w.users.planner.token, realtimeChannels.terminal(w.terminal.id));
    const plannerInbox = await subscribed(w.users.planner.token, realtimeChannels.user(w.users.planner.user.id));
    const agentInbox = await subscribed(w.users.agent.token, realtimeChannels.user(w.users.agent.user.id));

    const call = (await w.agent('POST', '/portcalls', w.request('2026-12-01T06:00:00Z', '2026-12-02T06:00:00Z'))).json().payload;
    expect(await plannerTerminal.next()).toMatchObject({ type: 'event', event: 'portcall.updated', payload: { portcall_id: call.id, field: 'portcall', action: 'request' } });
    expect(await plannerInbox.next()).toMatchObject({ type: 'event', event: 'notification.created', payload: { notification_type: 'portcall_update', portcall_id: call.id } });
    await agentInbox.expectSilence(300);

    const proposed = (await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: '2026-12-01T09:00:00Z', version: call.version })).json().payload;
    expect(await agentInbox.next()).toMatchObject({ event: 'notification.created', payload: { notification_type: 'revised', details: { field: 'berth_arrival', action: 'propose', value: '2026-12-01T09:00:00.000Z', actor_side: 'terminal' } } });
    await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: proposed.version });

    const inbox = (await w.planner('GET', '/notification_messages')).json().payload;
    expect(inbox.items.map((n: { notification_type: string }) => n.notification_type)).toEqual(['accepted', 'portcall_update']);
    expect(inbox.meta).toMatchObject({ per_page: 10, total_count: 2, unread_count: 2 });
    expect((await w.planner('PUT', `/notification_messages/${inbox.items[0].id}/read`)).json().payload.unread_count).toBe(1);
    expect((await w.planner('PUT', '/notification_messages/mark_all_as_read')).json().payload.unread_count).toBe(0);
    expect((await w.planner('GET', '/notification_messages')).json().payload.items.every((n: { read: boolean }) => n.read)).toBe(true);
    // The agent's inbox holds only what concerned the agent.
    expect((await w.agent('GET', '/notification_messages')).json().payload.items.map((n: { notification_type: string }) => n.notification_type)).toEqual(['revised']);
  });

  it('keeps a message thread per call with new / none / all_read states', async () => {
    const call = (await w.agent('POST', '/portcalls', w.request('2026-12-05T06:00:00Z', '2026-12-06T06:00:00Z'))).json().payload;
    const quiet = (await w.agent('POST', '/portcalls', w.request('2026-12-07T06:00:00Z', '2026-12-08T06:00:00Z'))).json().payload;
    const stateOf = async (api: typeof w.planner) => (await api('GET', `/portcall_message_states?portcall_ids=${call.id},${quiet.id}`)).json().payload;
    expect(await stateOf(w.planner)).toEqual({ [call.id]: 'none', [quiet.id]: 'none' });

    const posted = await w.agent('POST', `/portcalls/${call.id}/messages`, { body: 'Reefer plugs needed for 40 units.' });
    expect(posted.json().payload).toHaveLength(1);
    expect(posted.json().payload[0]).toMatchObject({ body: 'Reefer plugs needed for 40 units.', is_own: true });
    expect(await stateOf(w.agent)).toEqual({ [call.id]: 'all_read', [quiet.id]: 'none' });
    expect(await stateOf(w.planner)).toEqual({ [call.id]: 'new', [quiet.id]: 'none' });
    expect((await w.planner('PUT', `/portcalls/${call.id}/messages/read`)).json().payload).toEqual({ state: 'all_read' });
    expect(await stateOf(w.planner)).toEqual({ [call.id]: 'all_read', [quiet.id]: 'none' });

    expect((await w.planner('POST', `/portcalls/${call.id}/messages`, { body: '   ' })).statusCode).toBe(400);
    expect((await w.planner('POST', `/portcalls/${call.id}/messages`, { body: 'x'.repeat(2001) })).statusCode).toBe(400);
    const stranger = await createUser(t.database.db);
    const token = await loginAs(t.app, stranger.email);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/portal/v1/portcalls/${call.id}/messages`, headers: { 'x-portal-token': token } });
    expect(foreign.statusCode).toBe(404);
    const foreignStates = await t.app.inject({ method: 'GET', url: `/api/portal/v1/portcall_message_states?portcall_ids=${call.id}`, headers: { 'x-portal-token': token } });
    expect(foreignStates.json().payload).toEqual({});
  });
});
