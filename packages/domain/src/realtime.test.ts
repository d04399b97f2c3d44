import { describe, expect, it } from 'vitest';
import {
  type TRealtimeSubscriber,
  ZPusherAuthRequest,
  ZRealtimeClientMessage,
  ZRealtimeServerMessage,
  canReceiveEvent,
  canSubscribe,
  eventTerminalId,
  parseRealtimeChannel,
  realtimeChannels,
} from './realtime';

const terminalOperator: TRealtimeSubscriber = { id: 10, user_type: 'terminal_operator', organisation_id: 1, terminal_ids: [3, 4] };
const agent: TRealtimeSubscriber = { id: 20, user_type: 'agent', organisation_id: 7, terminal_ids: [3] };
const vesselOperator: TRealtimeSubscriber = { id: 30, user_type: 'vessel_operator', organisation_id: 8, terminal_ids: [3] };
const agentWithoutOrganisation: TRealtimeSubscriber = { id: 21, user_type: 'agent', organisation_id: null, terminal_ids: [] };

describe('realtime channel names', () => {
  it('parses every kind with a positive id', () => {
    expect(parseRealtimeChannel('Terminal.3')).toEqual({ kind: 'Terminal', id: 3 });
    expect(parseRealtimeChannel('Agent.7')).toEqual({ kind: 'Agent', id: 7 });
    expect(parseRealtimeChannel('VesselOperator.8')).toEqual({ kind: 'VesselOperator', id: 8 });
    expect(parseRealtimeChannel('Frozen_Portcalls.3')).toEqual({ kind: 'Frozen_Portcalls', id: 3 });
    expect(parseRealtimeChannel('DRAFT_TERMINAL_OPERATOR.10')).toEqual({ kind: 'DRAFT_TERMINAL_OPERATOR', id: 10 });
    expect(parseRealtimeChannel('User.10')).toEqual({ kind: 'User', id: 10 });
  });

  it('rejects unknown kinds, odd spellings, zero, leading zeros, signs and ids beyond int4', () => {
    for (const name of ['Berth.1', 'terminal.1', 'Terminal', 'Terminal.', 'Terminal.0', 'Terminal.01', 'Terminal.-1', 'Terminal.1.2', ' Terminal.1', 'Terminal.2147483648', 'User.abc', '']) {
      expect(parseRealtimeChannel(name), name).toBeNull();
    }
    expect(parseRealtimeChannel('Terminal.2147483647')).toEqual({ kind: 'Terminal', id: 2147483647 });
  });

  it('builds the names services publish on', () => {
    expect(realtimeChannels.terminal(3)).toBe('Terminal.3');
    expect(realtimeChannels.agent(7)).toBe('Agent.7');
    expect(realtimeChannels.vesselOperator(8)).toBe('VesselOperator.8');
    expect(realtimeChannels.frozenPortcalls(3)).toBe('Frozen_Portcalls.3');
    expect(realtimeChannels.draftTerminalOperator(10)).toBe('DRAFT_TERMINAL_OPERATOR.10');
    expect(realtimeChannels.user(10)).toBe('User.10');
  });
});

describe('who may subscribe', () => {
  it('Terminal.X: terminal operators linked to terminal X only', () => {
    expect(canSubscribe(terminalOperator, 'Terminal.3')).toBe(true);
    expect(canSubscribe(terminalOperator, 'Terminal.4')).toBe(true);
    expect(canSubscribe(terminalOperator, 'Terminal.5')).toBe(false);
    // Agents and vessel operators linked to the terminal still do not get the terminal's own channel.
    expect(canSubscribe(agent, 'Terminal.3')).toBe(false);
    expect(canSubscribe(vesselOperator, 'Terminal.3')).toBe(false);
  });

  it('Frozen_Portcalls.X: terminal operators linked to terminal X only', () => {
    expect(canSubscribe(terminalOperator, 'Frozen_Portcalls.3')).toBe(true);
    expect(canSubscribe(terminalOperator, 'Frozen_Portcalls.5')).toBe(false);
    expect(canSubscribe(agent, 'Frozen_Portcalls.3')).toBe(false);
    expect(canSubscribe(vesselOperator, 'Frozen_Portcalls.3')).toBe(false);
  });

  it('Agent.X: agents of organisation X only', () => {
    expect(canSubscribe(agent, 'Agent.7')).toBe(true);
    expect(canSubscribe(agent, 'Agent.8')).toBe(false);
    expect(canSubscribe({ ...vesselOperator, organisation_id: 7 }, 'Agent.7')).toBe(false);
    expect(canSubscribe({ ...terminalOperator, organisation_id: 7 }, 'Agent.7')).toBe(false);
    expect(canSubscribe(agentWithoutOrganisation, 'Agent.7')).toBe(false);
  });

  it('VesselOperator.X: vessel operators of organisation X only', () => {
    expect(canSubscribe(vesselOperator, 'VesselOperator.8')).toBe(true);
    expect(canSubscribe(vesselOperator, 'VesselOperator.7')).toBe(false);
    expect(canSubscribe({ ...agent, organisation_id: 8 }, 'VesselOperator.8')).toBe(false);
    expect(canSubscribe({ ...terminalOperator, organisation_id: 8 }, 'VesselOperator.8')).toBe(false);
  });

  it('DRAFT_TERMINAL_OPERATOR.U: only user U', () => {
    expect(canSubscribe(terminalOperator, 'DRAFT_TERMINAL_OPERATOR.10')).toBe(true);
    expect(canSubscribe(terminalOperator, 'DRAFT_TERMINAL_OPERATOR.11')).toBe(false);
    expect(canSubscribe(agent, 'DRAFT_TERMINAL_OPERATOR.10')).toBe(false);
  });

  it('User.U: only user U, whatever the user type', () => {
    expect(canSubscribe(terminalOperator, 'User.10')).toBe(true);
    expect(canSubscribe(agent, 'User.20')).toBe(true);
    expect(canSubscribe(vesselOperator, 'User.30')).toBe(true);
    expect(canSubscribe(agent, 'User.10')).toBe(false);
  });

  it('never allows a malformed or unknown channel', () => {
    expect(canSubscribe(terminalOperator, 'Terminal.03')).toBe(false);
    expect(canSubscribe(terminalOperator, 'Berth.3')).toBe(false);
    expect(canSubscribe(terminalOperator, 'User.10 ')).toBe(false);
  });
});

describe('which events of a subscribed channel reach a user', () => {
  it('organisation channels carry only events of terminals the user is linked to', () => {
    expect(canReceiveEvent(vesselOperator, 'VesselOperator.8', 3)).toBe(true);
    expect(canReceiveEvent(vesselOperator, 'VesselOperator.8', 4)).toBe(false);
    expect(canReceiveEvent(agent, 'Agent.7', 3)).toBe(true);
    expect(canReceiveEvent(agent, 'Agent.7', 4)).toBe(false);
  });

  it('withholds an organisation-channel event without a terminal', () => {
    expect(canReceiveEvent(vesselOperator, 'VesselOperator.8', null)).toBe(false);
    expect(canReceiveEvent(agent, 'Agent.7', null)).toBe(false);
  });

  it('leaves channels that are already per terminal or per user alone', () => {
    expect(canReceiveEvent(terminalOperator, 'Terminal.3', null)).toBe(true);
    expect(canReceiveEvent(terminalOperator, 'Frozen_Portcalls.4', 9)).toBe(true);
    expect(canReceiveEvent(agent, 'User.20', 9)).toBe(true);
  });

  it('reads terminal_id from a payload only when it is a whole number', () => {
    expect(eventTerminalId({ portcall_id: 1, terminal_id: 3 })).toBe(3);
    expect(eventTerminalId({ terminal_id: '3' })).toBeNull();
    expect(eventTerminalId({ portcall_id: 1 })).toBeNull();
    expect(eventTerminalId([3])).toBeNull();
    expect(eventTerminalId(null)).toBeNull();
  });
});

describe('realtime messages', () => {
  it('accepts the three client messages and refuses anything else', () => {
    expect(ZRealtimeClientMessage.parse({ type: 'subscribe', channel: 'Terminal.3' })).toEqual({ type: 'subscribe', channel: 'Terminal.3' });
    expect(ZRealtimeClientMessage.parse({ type: 'subscribe', channel: 'Terminal.3', last_event_id: 42 })).toMatchObject({ last_event_id: 42 });
    expect(ZRealtimeClientMessage.parse({ type: 'unsubscribe', channel: 'User.1' }).type).toBe('unsubscribe');
    expect(ZRealtimeClientMessage.parse({ type: 'ping' }).type).toBe('ping');
    expect(ZRealtimeClientMessage.safeParse({ type: 'subscribe', channel: 'Nope.1' }).success).toBe(false);
    expect(ZRealtimeClientMessage.safeParse({ type: 'subscribe', channel: 'Terminal.3', last_event_id: -1 }).success).toBe(false);
    expect(ZRealtimeClientMessage.safeParse({ type: 'subscribe', channel: 'Terminal.3', last_event_id: 1.5 }).success).toBe(false);
    expect(ZRealtimeClientMessage.safeParse({ type: 'publish', channel: 'Terminal.3' }).success).toBe(false);
    expect(ZRealtimeClientMessage.safeParse('ping').success).toBe(false);
  });

  it('describes every server message', () => {
    const messages = [
      { type: 'subscribed', channel: 'Terminal.3', last_event_id: 0 },
      { type: 'error', code: 'FORBIDDEN', message: 'no', channel: 'Terminal.4' },
      { type: 'error', code: 'VALIDATION_FAILED', message: 'Messages must be JSON.' },
      { type: 'event', id: 5, channel: 'Terminal.3', event: 'portcall.updated', payload: { id: 1, tags: ['a'], nested: { ok: true, n: null } }, created_at: '2026-03-29T01:30:00.000Z' },
      { type: 'pong' },
      { type: 'replay_unavailable', channel: 'Agent.7', pruned_up_to_id: 40 },
    ];
    for (const message of messages) expect(ZRealtimeServerMessage.parse(message)).toEqual(message);
    expect(ZRealtimeServerMessage.safeParse({ type: 'event', id: 5, channel: 'Terminal.3', event: '', payload: {}, created_at: 'yesterday' }).success).toBe(false);
  });

  it('validates the pusher_auth body', () => {
    expect(ZPusherAuthRequest.parse({ channel_name: 'Agent.7' })).toEqual({ channel_name: 'Agent.7' });
    expect(ZPusherAuthRequest.safeParse({ channel_name: 'private-foo' }).success).toBe(false);
    expect(ZPusherAuthRequest.safeParse({}).success).toBe(false);
  });
});
