// One WebSocket client: reads its JSON messages one at a time, keeps its channel subscriptions, and replays
// stored events on a subscribe with last_event_id before switching to live ones, with no gap and no duplicate.
import {
  type TRealtimeServerMessage,
  type TRealtimeSubscribeMessage,
  type TRealtimeSubscriber,
  REALTIME_CLOSE_CODES,
  ZRealtimeClientMessage,
  canReceiveEvent,
  canSubscribe,
} from '@quayline/domain';
import type { RawData, WebSocket } from 'ws';
import type { AuthSession } from '../auth/auth.service';
import type { RealtimeHub, TDispatchedEvent, TEventSink } from './realtime-hub';
import { findChannelEventsAfter, findPrunedUpToId } from './realtime.repository';
import { type TPresentedTokens, toDispatchedEvent } from './realtime.service';

export type TSocketAuth = { session: AuthSession; subscriber: TRealtimeSubscriber; tokens: TPresentedTokens };

const REPLAY_PAGE_SIZE = 500;
const OPEN = 1;

function rawToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function channelOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('channel' in value)) return undefined;
  const channel = (value as { channel: unknown }).channel;
  return typeof channel === 'string' ? channel.slice(0, 200) : undefined;
}

/**
 * One channel of one socket. While the catch-up replay runs, live events wait in a buffer; afterwards the buffer
 * is flushed and every event goes straight out. Ids only grow (commit order), so "id <= last sent" is a duplicate.
 */
class ChannelSubscription implements TEventSink {
  #isReplaying: boolean;
  #buffer: TDispatchedEvent[] = [];
  #lastSentId: number;
  #isRemoved = false;
  readonly #removeFromHub: () => void;

  constructor(
    readonly channel: string,
    private readonly connection: RealtimeConnection,
    options: { isReplaying: boolean; lastSentId: number },
  ) {
    this.#isReplaying = options.isReplaying;
    this.#lastSentId = options.lastSentId;
    this.#removeFromHub = connection.hub.addSink(channel, this);
  }

  get isRemoved(): boolean {
    return this.#isRemoved;
  }

  deliver(event: TDispatchedEvent): void {
    if (this.#isRemoved) return;
    if (this.#isReplaying) this.#buffer.push(event);
    else this.#send(event);
  }

  sendReplayed(event: TDispatchedEvent): void {
    if (!this.#isRemoved) this.#send(event);
  }

  goLive(): void {
    this.#isReplaying = false;
    const buffered = this.#buffer;
    this.#buffer = [];
    for (const event of buffered) this.deliver(event);
  }

  remove(): void {
    this.#isRemoved = true;
    this.#buffer = [];
    this.#removeFromHub();
  }

  #send(event: TDispatchedEvent): void {
    if (event.id <= this.#lastSentId || !this.connection.mayReceive(event)) return;
    this.#lastSentId = event.id;
    this.connection.sendText(event.text);
  }
}

export class RealtimeConnection {
  readonly hub: RealtimeHub;
  readonly #socket: WebSocket;
  #auth: TSocketAuth;
  readonly #subscriptions = new Map<string, ChannelSubscription>();
  #queue: Promise<void> = Promise.resolve();
  #isAlive = true;
  #isClosed = false;

  constructor(args: { hub: RealtimeHub; socket: WebSocket; auth: TSocketAuth }) {
    this.hub = args.hub;
    this.#socket = args.socket;
    this.#auth = args.auth;
    // Listeners go on synchronously: messages that arrive while an earlier one is handled wait in #queue.
    this.#socket.on('message', (data, isBinary) => {
      this.#isAlive = true;
      this.#queue = this.#queue.then(() => this.#handle(data, isBinary)).catch((err: unknown) => this.#fail(err));
    });
    this.#socket.on('pong', () => {
      this.#isAlive = true;
    });
    this.#socket.on('close', () => this.#dispose());
  }

  get tokens(): TPresentedTokens {
    return this.#auth.tokens;
  }

  send(message: TRealtimeServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  sendText(text: string): void {
    if (this.#isClosed || this.#socket.readyState !== OPEN) return;
    this.#socket.send(text);
    if (this.#socket.bufferedAmount > this.hub.options.maxBufferedBytes) {
      this.close(REALTIME_CLOSE_CODES.TRY_AGAIN_LATER, 'Reading too slowly; reconnect with last_event_id to catch up.');
    }
  }

  /** Organisation channels are shared across terminals; a user gets only the events of terminals linked to them. */
  mayReceive(event: TDispatchedEvent): boolean {
    return canReceiveEvent(this.#auth.subscriber, event.channel, event.terminalId);
  }

  close(code: number, reason: string): void {
    if (this.#isClosed) return;
    this.#dispose();
    this.#socket.close(code, reason);
  }

  /** Called on every ping interval: a socket that did not answer the last ping is gone. */
  heartbeat(): void {
    if (this.#isClosed) return;
    if (!this.#isAlive) {
      this.#dispose();
      this.#socket.terminate();
      return;
    }
    this.#isAlive = false;
    this.#socket.ping();
  }

  /** The result of the periodic session re-check: no session closes the socket; lost rights end subscriptions. */
  applySession(auth: Omit<TSocketAuth, 'tokens'> | null): void {
    if (this.#isClosed) return;
    if (!auth) {
      this.close(REALTIME_CLOSE_CODES.UNAUTHORIZED, 'Your session has ended. Please sign in.');
      return;
    }
    this.#auth = { ...auth, tokens: this.#auth.tokens };
    for (const [channel, subscription] of this.#subscriptions) {
      if (canSubscribe(auth.subscriber, channel)) continue;
      subscription.remove();
      this.#subscriptions.delete(channel);
      this.send({ type: 'error', code: 'FORBIDDEN', message: 'You may no longer listen on this channel.', channel });
    }
  }

  async #handle(data: RawData, isBinary: boolean): Promise<void> {
    if (this.#isClosed) return;
    if (isBinary) return this.#validationError('Send JSON text messages.');
    let json: unknown;
    try {
      json = JSON.parse(rawToText(data));
    } catch {
      return this.#validationError('Messages must be JSON.');
    }
    const parsed = ZRealtimeClientMessage.safeParse(json);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
      return this.#validationError(message, channelOf(json));
    }
    const msg = parsed.data;
    switch (msg.type) {
      case 'ping':
        return this.send({ type: 'pong' });
      case 'unsubscribe': {
        this.#subscriptions.get(msg.channel)?.remove();
        this.#subscriptions.delete(msg.channel);
        return;
      }
      case 'subscribe':
        return this.#subscribe(msg);
      default: {
        const unreachable: never = msg;
        return unreachable;
      }
    }
  }

  async #subscribe(msg: TRealtimeSubscribeMessage): Promise<void> {
    const { channel } = msg;
    if (!canSubscribe(this.#auth.subscriber, channel)) {
      this.send({ type: 'error', code: 'FORBIDDEN', message: 'You may not listen on this channel.', channel });
      return;
    }
    // A repeated subscribe starts the channel over (with its own catch-up point).
    this.#subscriptions.get(channel)?.remove();
    this.#subscriptions.delete(channel);
    if (this.#subscriptions.size >= this.hub.options.maxChannelsPerSocket) {
      this.#validationError(`At most ${this.hub.options.maxChannelsPerSocket} channels per connection.`, channel);
      return;
    }

    const requested = msg.last_event_id;
    // A catch-up point older than the retention sweep cannot be replayed: say so, and start from now instead.
    const prunedUpToId = requested !== undefined ? await findPrunedUpToId(this.hub.ctx.db) : 0;
    if (this.#isClosed) return;
    const isReplayLost = requested !== undefined && requested < prunedUpToId;
    if (isReplayLost) this.send({ type: 'replay_unavailable', channel, pruned_up_to_id: prunedUpToId });
    const isReplaying = requested !== undefined && !isReplayLost;
    // Registered before the replay reads, so nothing committed from here on can slip between replay and live.
    const from = isReplaying ? requested : this.hub.position;
    const subscription = new ChannelSubscription(channel, this, { isReplaying, lastSentId: from });
    this.#subscriptions.set(channel, subscription);
    this.send({ type: 'subscribed', channel, last_event_id: from });
    if (!isReplaying) return;

    let afterId = from;
    for (;;) {
      const rows = await findChannelEventsAfter(this.hub.ctx.db, { channel, afterId, limit: REPLAY_PAGE_SIZE });
      if (subscription.isRemoved || this.#isClosed) return;
      for (const row of rows) subscription.sendReplayed(toDispatchedEvent(row));
      if (rows.length < REPLAY_PAGE_SIZE) break;
      afterId = rows[rows.length - 1]!.id;
    }
    subscription.goLive();
  }

  #validationError(message: string, channel?: string): void {
    this.send({ type: 'error', code: 'VALIDATION_FAILED', message, ...(channel !== undefined ? { channel } : {}) });
  }

  /** A database failure mid-message: close so the client reconnects and catches up, rather than miss events. */
  #fail(err: unknown): void {
    this.hub.log.error({ err }, 'realtime: handling a message failed');
    this.close(1011, 'Internal error; reconnect to catch up.');
  }

  #dispose(): void {
    if (this.#isClosed) return;
    this.#isClosed = true;
    for (const subscription of this.#subscriptions.values()) subscription.remove();
    this.#subscriptions.clear();
  }
}
