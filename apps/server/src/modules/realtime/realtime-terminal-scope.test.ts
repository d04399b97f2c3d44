import { type TRealtimeServerMessage, realtimeChannels } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, addTerminalGeometry, createTerminal, signIn } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { type TTestSocket, connectRealtime, listenOnFreePort } from '../../test/realtime-client';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

function portcallIdOf(message: TRealtimeServerMessage): unknown {
  if (message.type !== 'event') throw new Error(`expected an event, got ${JSON.stringify(message)}`);
  return (message.payload as { portcall_id?: unknown }).portcall_id;
}

// The vessel operator of the world is linked to terminal A only; their company also calls at terminal B.
describe.each(DB_TARGETS)('organisation channels carry only the events of linked terminals on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let baseUrl: string;
  let terminalB: { id: number };
  let plannerB: ApiCall;
  const sockets: TTestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    baseUrl = await listenOnFreePort(t.app);
    w = await createPortcallWorld(t);
    terminalB = await createTerminal(t.database.db);
    await addTerminalGeometry(t.database.db, terminalB.id);
    plannerB = (await signIn(t.app, t.database.db, { terminalIds: [terminalB.id] })).call;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t?.close();
  });

  async function subscribed(token: string, channel: string, lastEventId?: number): Promise<{ socket: TTestSocket; from: number }> {
    const socket = await connectRealtime(baseUrl, { headers: { 'x-portal-token': token } });
    sockets.push(socket);
    socket.send({ type: 'subscribe', channel, ...(lastEventId !== undefined ? { last_event_id: lastEventId } : {}) });
    const answer = await socket.next();
    if (answer.type !== 'subscribed') throw new Error(`expected subscribed, got ${JSON.stringify(answer)}`);
    return { socket, from: answer.last_event_id };
  }

  async function createCallAtB(arrival: string, departure: string) {
    const res = await plannerB('POST', '/portcalls', { ...w.request(arrival, departure), terminal_id: terminalB.id });
    expect(res.statusCode).toBe(201);
    return res.json().payload as { id: number };
  }

  it('a vessel operator linked to terminal A does not get their company call at terminal B, and does get the one at A', async () => {
    const channel = realtimeChannels.vesselOperator(w.operator.id);
    const { socket } = await subscribed(w.users.vesselSide.token, channel);
    // The terminal B side does get its own call, so the event was published.
    const { socket: terminalBSocket } = await subscribed((await signIn(t.app, t.database.db, { userType: 'vessel_operator', organisationId: w.operator.id, terminalIds: [terminalB.id] })).token, channel);

    const atB = await createCallAtB('2026-12-10T06:00:00Z', '2026-12-11T06:00:00Z');
    expect(portcallIdOf(await terminalBSocket.next())).toBe(atB.id);
    await t.app.realtime.settle();
    await socket.expectSilence(300);

    const atA = (await w.planner('POST', '/portcalls', w.request('2026-12-12T06:00:00Z', '2026-12-13T06:00:00Z'))).json().payload as { id: number };
    const received = await socket.next();
    expect(received).toMatchObject({ type: 'event', channel, event: 'portcall.updated', payload: { terminal_id: w.terminal.id } });
    expect(portcallIdOf(received)).toBe(atA.id);
    await socket.expectSilence(200);
  });

  it('holds the same line for agents and for message events', async () => {
    const channel = realtimeChannels.agent(w.agency.id);
    const { socket } = await subscribed(w.users.agent.token, channel);
    const atB = await createCallAtB('2026-12-14T06:00:00Z', '2026-12-15T06:00:00Z');
    expect((await plannerB('POST', `/portcalls/${atB.id}/messages`, { body: 'Berth 2 instead?' })).statusCode).toBeLessThan(300);
    await t.app.realtime.settle();
    await socket.expectSilence(300);

    const atA = (await w.planner('POST', '/portcalls', w.request('2026-12-16T06:00:00Z', '2026-12-17T06:00:00Z'))).json().payload as { id: number };
    expect(portcallIdOf(await socket.next())).toBe(atA.id);
    expect((await w.planner('POST', `/portcalls/${atA.id}/messages`, { body: 'Welcome' })).statusCode).toBeLessThan(300);
    expect(await socket.next()).toMatchObject({ type: 'event', event: 'portcall.message', payload: { portcall_id: atA.id, terminal_id: w.terminal.id } });
  });

  it('filters the catch-up replay too', async () => {
    const channel = realtimeChannels.vesselOperator(w.operator.id);
    const { socket: first, from } = await subscribed(w.users.vesselSide.token, channel);
    await first.close();
    const atB = await createCallAtB('2026-12-18T06:00:00Z', '2026-12-19T06:00:00Z');
    const atA = (await w.planner('POST', '/portcalls', w.request('2026-12-20T06:00:00Z', '2026-12-21T06:00:00Z'))).json().payload as { id: number };
    expect(atB.id).not.toBe(atA.id);

    const { socket } = await subscribed(w.users.vesselSide.token, channel, from);
    expect(portcallIdOf(await socket.next())).toBe(atA.id);
    await socket.expectSilence(300);
  });
});
