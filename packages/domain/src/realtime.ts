// Realtime channels (spec section 6): the channel-name grammar, who may subscribe to which channel,
// and the JSON messages of the WebSocket protocol at /api/portal/v1/realtime (docs/realtime.md).
import { z } from 'zod';
import type { TUserType } from './schemas/user';

export const REALTIME_CHANNEL_KINDS = ['Terminal', 'Agent', 'VesselOperator', 'Frozen_Portcalls', 'DRAFT_TERMINAL_OPERATOR', 'User'] as const;
export type TRealtimeChannelKind = (typeof REALTIME_CHANNEL_KINDS)[number];

/** `<Kind>.<positive integer id>`; the id is a terminal, organisation or portal-user id depending on the kind. */
export const REALTIME_CHANNEL_PATTERN = /^(Terminal|Agent|VesselOperator|Frozen_Portcalls|DRAFT_TERMINAL_OPERATOR|User)\.([1-9][0-9]{0,9})$/;
const MAX_ID = 2_147_483_647;

export type TRealtimeChannel = { kind: TRealtimeChannelKind; id: number };

export function parseRealtimeChannel(name: string): TRealtimeChannel | null {
  const match = REALTIME_CHANNEL_PATTERN.exec(name);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > MAX_ID) return null;
  return { kind: match[1] as TRealtimeChannelKind, id };
}

export function isRealtimeChannelName(name: string): boolean {
  return parseRealtimeChannel(name) !== null;
}

export function formatRealtimeChannel(kind: TRealtimeChannelKind, id: number): string {
  return `${kind}.${id}`;
}

/** Channel names by what they are about; services publish on these and the web subscribes to them. */
export const realtimeChannels = {
  terminal: (terminalId: number) => formatRealtimeChannel('Terminal', terminalId),
  agent: (organisationId: number) => formatRealtimeChannel('Agent', organisationId),
  vesselOperator: (organisationId: number) => formatRealtimeChannel('VesselOperator', organisationId),
  frozenPortcalls: (terminalId: number) => formatRealtimeChannel('Frozen_Portcalls', terminalId),
  draftTerminalOperator: (portalUserId: number) => formatRealtimeChannel('DRAFT_TERMINAL_OPERATOR', portalUserId),
  user: (portalUserId: number) => formatRealtimeChannel('User', portalUserId),
} as const;

/** What the subscription rule needs to know about a user: the user row plus the terminals linked in portal_user_terminals. */
export type TRealtimeSubscriber = {
  id: number;
  user_type: TUserType;
  organisation_id: number | null;
  terminal_ids: readonly number[];
};

function canSubscribeTo(user: TRealtimeSubscriber, channel: TRealtimeChannel): boolean {
  switch (channel.kind) {
    case 'Terminal':
    case 'Frozen_Portcalls':
      return user.user_type === 'terminal_operator' && user.terminal_ids.includes(channel.id);
    case 'Agent':
      return user.user_type === 'agent' && user.organisation_id === channel.id;
    case 'VesselOperator':
      return user.user_type === 'vessel_operator' && user.organisation_id === channel.id;
    case 'DRAFT_TERMINAL_OPERATOR':
    case 'User':
      return user.id === channel.id;
    default: {
      const unreachable: never = channel.kind;
      return unreachable;
    }
  }
}

/** Whether the user may receive the events of a channel; an unknown or malformed name is never allowed. */
export function canSubscribe(user: TRealtimeSubscriber, channel: string): boolean {
  const parsed = parseRealtimeChannel(channel);
  return parsed !== null && canSubscribeTo(user, parsed);
}

/**
 * Agent and VesselOperator channels are shared by an organisation whose users may be linked to different terminals,
 * so each of their events carries `terminal_id` and reaches only users linked to that terminal (spec section 6).
 */
export function isTerminalScopedChannel(channel: string): boolean {
  const kind = parseRealtimeChannel(channel)?.kind;
  return kind === 'Agent' || kind === 'VesselOperator';
}

/** The `terminal_id` of an event payload, or null when it has none. */
export function eventTerminalId(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null || !('terminal_id' in payload)) return null;
  const id = (payload as { terminal_id: unknown }).terminal_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * Whether one event of a channel the user is subscribed to may reach them. On organisation channels an event of a
 * terminal the user is not linked to is withheld, and so is one without a terminal (closed by default).
 */
export function canReceiveEvent(user: TRealtimeSubscriber, channel: string, terminalId: number | null): boolean {
  if (!isTerminalScopedChannel(channel)) return true;
  return terminalId !== null && user.terminal_ids.includes(terminalId);
}

export const ZRealtimeChannelName = z.string().max(64).regex(REALTIME_CHANNEL_PATTERN, 'Unknown channel').refine(isRealtimeChannelName, 'Unknown channel');

/** Ids of stored events; they grow in commit order, so "everything after id N" is a well-defined catch-up point. */
export const ZRealtimeEventId = z.number().int().nonnegative();

// ---- WebSocket messages, client -> server -------------------------------------------------------------

export const ZRealtimeSubscribeMessage = z.object({
  type: z.literal('subscribe'),
  channel: ZRealtimeChannelName,
  /** Catch-up: the server first replays this channel's stored events with a larger id, then the live ones. */
  last_event_id: ZRealtimeEventId.optional(),
});
export const ZRealtimeUnsubscribeMessage = z.object({ type: z.literal('unsubscribe'), channel: ZRealtimeChannelName });
export const ZRealtimePingMessage = z.object({ type: z.literal('ping') });
export const ZRealtimeClientMessage = z.discriminatedUnion('type', [ZRealtimeSubscribeMessage, ZRealtimeUnsubscribeMessage, ZRealtimePingMessage]);
export type TRealtimeSubscribeMessage = z.infer<typeof ZRealtimeSubscribeMessage>;
export type TRealtimeUnsubscribeMessage = z.infer<typeof ZRealtimeUnsubscribeMessage>;
export type TRealtimeClientMessage = z.infer<typeof ZRealtimeClientMessage>;

// ---- WebSocket messages, server -> client -------------------------------------------------------------

export const ZRealtimeSubscribedMessage = z.object({
  type: z.literal('subscribed'),
  channel: ZRealtimeChannelName,
  /** Every event of the channel with a larger id will reach this socket; a client that reconnects before seeing one resumes from here. */
  last_event_id: ZRealtimeEventId,
});
export const REALTIME_ERROR_CODES = ['FORBIDDEN', 'VALIDATION_FAILED'] as const;
export const ZRealtimeErrorMessage = z.object({
  type: z.literal('error'),
  code: z.enum(REALTIME_ERROR_CODES),
  message: z.string(),
  channel: z.string().optional(),
});
export const ZRealtimeEventMessage = z.object({
  type: z.literal('event'),
  id: ZRealtimeEventId,
  channel: ZRealtimeChannelName,
  /** What happened, e.g. `portcall.updated`; each publishing feature documents its events and payloads. */
  event: z.string().min(1),
  payload: z.json(),
  created_at: z.iso.datetime({ offset: true }),
});
export const ZRealtimePongMessage = z.object({ type: z.literal('pong') });
/**
 * Answer to a subscribe whose `last_event_id` is older than what the server still keeps (retention): the missed
 * events cannot be replayed, so the client must reload its data. The `subscribed` that follows starts from now.
 */
export const ZRealtimeReplayUnavailableMessage = z.object({
  type: z.literal('replay_unavailable'),
  channel: ZRealtimeChannelName,
  /** Events up to this id have been deleted; a last_event_id below it cannot be caught up. */
  pruned_up_to_id: ZRealtimeEventId,
});
export const ZRealtimeServerMessage = z.discriminatedUnion('type', [
  ZRealtimeSubscribedMessage,
  ZRealtimeErrorMessage,
  ZRealtimeEventMessage,
  ZRealtimePongMessage,
  ZRealtimeReplayUnavailableMessage,
]);
export type TRealtimeSubscribedMessage = z.infer<typeof ZRealtimeSubscribedMessage>;
export type TRealtimeErrorMessage = z.infer<typeof ZRealtimeErrorMessage>;
export type TRealtimeEventMessage = z.infer<typeof ZRealtimeEventMessage>;
export type TRealtimeReplayUnavailableMessage = z.infer<typeof ZRealtimeReplayUnavailableMessage>;
export type TRealtimeServerMessage = z.infer<typeof ZRealtimeServerMessage>;

/** WebSocket close codes the server uses; 4401 means "sign in again", so clients stop reconnecting. */
export const REALTIME_CLOSE_CODES = {
  /** No valid session at connect time, or the session ended (logout, expiry, revocation) while connected. */
  UNAUTHORIZED: 4401,
  /** The client reads too slowly; reconnect and catch up with last_event_id. */
  TRY_AGAIN_LATER: 1013,
  GOING_AWAY: 1001,
} as const;

// ---- POST /pusher_auth ----------------------------------------------------------------------------------

export const ZPusherAuthRequest = z.object({ channel_name: ZRealtimeChannelName });
export type TPusherAuthRequest = z.infer<typeof ZPusherAuthRequest>;
export const ZPusherAuthResponse = z.object({ channel_name: z.string(), allowed: z.literal(true) });
export type TPusherAuthResponse = z.infer<typeof ZPusherAuthResponse>;
