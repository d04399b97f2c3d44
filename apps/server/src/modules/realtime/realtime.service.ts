// Channel authorisation (the rule itself is canSubscribe in @quayline/domain) and the session behind a socket.
import { type TPusherAuthResponse, type TRealtimeEventMessage, type TRealtimeSubscriber, canSubscribe, eventTerminalId } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { PortalUser } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type AuthSession, resolveSession } from '../auth/auth.service';
import { insertProxyRequest } from '../auth/session.repository';
import type { TDispatchedEvent } from './realtime-hub';
import { type RealtimeEventRow, findTerminalIdsOfUser } from './realtime.repository';

export type TPresentedTokens = { proxy: string | undefined; own: string | undefined };

export async function loadSubscriber(ctx: AppContext, user: PortalUser): Promise<TRealtimeSubscriber> {
  return { id: user.id, user_type: user.user_type, organisation_id: user.organisation_id, terminal_ids: await findTerminalIdsOfUser(ctx.db, user.id) };
}

/** POST /pusher_auth: whether the signed-in user (or the colleague a proxy acts as) may listen on a channel. */
export async function authorizeChannel(ctx: AppContext, session: AuthSession, channelName: string): Promise<TPusherAuthResponse> {
  const subscriber = await loadSubscriber(ctx, session.user);
  if (!canSubscribe(subscriber, channelName)) throw new AppError('FORBIDDEN', { message: 'You may not listen on this channel.' });
  return { channel_name: channelName, allowed: true };
}

/** Same rule as plugins/auth.ts: the proxy token wins, and a presented proxy token that is not a live proxy session means no session. */
export async function resolveTokens(ctx: AppContext, tokens: TPresentedTokens): Promise<AuthSession | null> {
  const token = tokens.proxy ?? tokens.own;
  if (!token) return null;
  const session = await resolveSession(ctx, token);
  if (!session || (tokens.proxy && !session.actor)) return null;
  return session;
}

/** A socket opened with a proxy token is recorded like every proxied request (status 101: switched to WebSocket). */
export async function recordProxiedSocket(ctx: AppContext, session: AuthSession, path: string): Promise<void> {
  if (!session.actor) return;
  await insertProxyRequest(ctx.db, {
    session_id: session.sessionId,
    actor_user_id: session.actor.id,
    acted_as_user_id: session.user.id,
    method: 'GET',
    path,
    status_code: 101,
    created_at: ctx.clock.now(),
  });
}

export function toEventMessage(row: RealtimeEventRow): TRealtimeEventMessage {
  return { type: 'event', id: row.id, channel: row.channel, event: row.event, payload: row.payload, created_at: new Date(row.created_at).toISOString() };
}

export function toEventText(row: RealtimeEventRow): string {
  return JSON.stringify(toEventMessage(row));
}

/** What the hub hands to sockets; the terminal lets each socket drop organisation-channel events of other terminals. */
export function toDispatchedEvent(row: RealtimeEventRow): TDispatchedEvent {
  return { id: row.id, channel: row.channel, text: toEventText(row), terminalId: eventTerminalId(row.payload) };
}
