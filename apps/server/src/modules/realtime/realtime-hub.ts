// The realtime hub of one server process: it LISTENs for new event ids, reads the new rows in id order and hands
// each to the sockets subscribed to its channel; it also re-checks sessions, pings sockets and expires old events.
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/database';
import { type RealtimeEventRow, REALTIME_NOTIFY_CHANNEL, deleteEventsCreatedBefore, findEventsInRange, findMaxEventIdAfter } from './realtime.repository';
import { type TSocketAuth, RealtimeConnection } from './realtime-connection';
import { loadSubscriber, resolveTokens, toDispatchedEvent } from './realtime.service';

export type TRealtimeOptions = {
  /** How often every socket's session is looked up again; a revoked or expired one closes the socket (4401). */
  sessionRecheckMs: number;
  /** WebSocket ping interval; a socket that did not answer the previous ping is dropped. */
  heartbeatMs: number;
  /** How long events are kept for catch-up. */
  retentionMs: number;
  cleanupIntervalMs: number;
  /** Safety net: look for new events even without a notification (one indexed max(id) query). */
  pollMs: number;
  /** A socket with more unsent bytes than this is closed (1013) and catches up when it reconnects. */
  maxBufferedBytes: number;
  maxChannelsPerSocket: number;
};

export const DEFAULT_REALTIME_OPTIONS: TRealtimeOptions = {
  sessionRecheckMs: 30_000,
  heartbeatMs: 30_000,
  retentionMs: 24 * 3600_000,
  cleanupIntervalMs: 3600_000,
  pollMs: 10_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxChannelsPerSocket: 200,
};

/** An event as it travels to sockets: serialised once, sent to every subscriber whose terminals it concerns. */
export type TDispatchedEvent = { id: number; channel: string; text: string; terminalId: number | null };
export type TEventSink = { deliver(event: TDispatchedEvent): void };

const PAGE_SIZE = 500;
const RETRY_MS = 1000;

export class RealtimeHub {
  readonly ctx: AppContext;
  readonly options: TRealtimeOptions;
  readonly log: FastifyBaseLogger;
  readonly #database: Pick<Database, 'listen'>;
  /** Every event with an id up to here has been handed to the sinks that were subscribed when it was read. */
  #position = 0;
  readonly #channels = new Map<string, Set<TEventSink>>();
  readonly #connections = new Set<RealtimeConnection>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #background = new Set<Promise<unknown>>();
  #unlisten: (() => Promise<void>) | null = null;
  #draining: Promise<void> | null = null;
  #isDirty = false;
  #retryTimer: NodeJS.Timeout | null = null;
  #isStarted = false;
  #isStopped = false;

  constructor(args: { ctx: AppContext; database: Pick<Database, 'listen'>; log: FastifyBaseLogger; options?: Partial<TRealtimeOptions> }) {
    this.ctx = args.ctx;
    this.#database = args.database;
    this.log = args.log;
    this.options = { ...DEFAULT_REALTIME_OPTIONS, ...args.options };
  }

  get position(): number {
    return this.#position;
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /** Channel subscriptions of all sinks together (read by the metrics on scrape, not per event). */
  get subscriptionCount(): number {
    let count = 0;
    for (const sinks of this.#channels.values()) count += sinks.size;
    return count;
  }

  async start(): Promise<void> {
    if (this.#isStarted || this.#isStopped) return;
    this.#isStarted = true;
    this.#position = (await findMaxEventIdAfter(this.ctx.db, 0)) ?? 0;
    // A notification only says "something new"; the rows after #position say what. After a LISTEN reconnect the
    // notifications sent meanwhile are gone, and the same read finds their rows.
    this.#unlisten = await this.#database.listen(REALTIME_NOTIFY_CHANNEL, () => this.wake(), {
      onReconnect: () => this.wake(),
      onConnectionLost: (err) => this.log.warn({ err }, 'realtime: LISTEN connection lost; reconnecting'),
    });
    this.wake();
    this.#every(this.options.pollMs, () => this.wake());
    this.#every(this.options.heartbeatMs, () => {
      for (const connection of this.#connections) connection.heartbeat();
    });
    this.#every(this.options.sessionRecheckMs, () => this.#track(this.recheckSessions()));
    this.#every(this.options.cleanupIntervalMs, () => this.#track(this.cleanup()));
    this.#track(this.cleanup());
  }

  async stop(): Promise<void> {
    if (this.#isStopped) return;
    this.#isStopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    for (const connection of [...this.#connections]) connection.close(1001, 'Server shutting down.');
    await this.#unlisten?.().catch(() => undefined);
    await this.#draining;
    await Promise.allSettled([...this.#background]);
  }

  /** Takes a freshly upgraded socket; without a session it is closed at once with 4401. */
  accept(socket: WebSocket, auth: TSocketAuth | null): void {
    if (this.#isStopped) {
      socket.close(1001, 'Server shutting down.');
      return;
    }
    if (!auth) {
      socket.close(4401, 'Please sign in.');
      return;
    }
    const connection = new RealtimeConnection({ hub: this, socket, auth });
    this.#connections.add(connection);
    socket.once('close', () => this.#connections.delete(connection));
  }

  /** Registers a sink for a channel's live events; returns its removal. */
  addSink(channel: string, sink: TEventSink): () => void {
    let sinks = this.#channels.get(channel);
    if (!sinks) {
      sinks = new Set();
      this.#channels.set(channel, sinks);
    }
    sinks.add(sink);
    return () => {
      const current = this.#channels.get(channel);
      if (!current) return;
      current.delete(sink);
      if (current.size === 0) this.#channels.delete(channel);
    };
  }

  /** Reads what is new; safe to call any number of times (calls during a read cause one more read). */
  wake(): void {
    if (this.#isStopped || !this.#isStarted) return;
    if (this.#draining) {
      this.#isDirty = true;
      return;
    }
    this.#draining = this.#drain().finally(() => {
      this.#draining = null;
    });
  }

  /** Resolves when everything committed before the call has been handed to the sinks (tests). */
  async settle(): Promise<void> {
    this.wake();
    while (this.#draining) await this.#draining;
  }

  async #drain(): Promise<void> {
    try {
      do {
        this.#isDirty = false;
        const upToId = await findMaxEventIdAfter(this.ctx.db, this.#position);
        if (upToId === null) continue;
        // Ids are handed out in commit order, so every row up to upToId is committed and visible now.
        let afterId = this.#position;
        for (;;) {
          const channels = [...this.#channels.keys()];
          if (channels.length === 0) break;
          const rows = await findEventsInRange(this.ctx.db, { afterId, upToId, channels, limit: PAGE_SIZE });
          for (const row of rows) this.#dispatch(row);
          if (rows.length < PAGE_SIZE) break;
          afterId = rows[rows.length - 1]!.id;
        }
        this.#position = upToId;
      } while (this.#isDirty && !this.#isStopped);
    } catch (err) {
      if (this.#isStopped) return;
      this.log.error({ err }, 'realtime: reading new events failed; retrying');
      this.#retryTimer ??= setTimeout(() => {
        this.#retryTimer = null;
        this.wake();
      }, RETRY_MS);
    }
  }

  #dispatch(row: RealtimeEventRow): void {
    const sinks = this.#channels.get(row.channel);
    if (!sinks) return;
    const event = toDispatchedEvent(row);
    for (const sink of [...sinks]) {
      try {
        sink.deliver(event);
      } catch (err) {
        this.log.warn({ err }, 'realtime: delivering an event failed');
      }
    }
  }

  /** Looks every socket's session up again (once per distinct token pair); gone sessions close their sockets. */
  async recheckSessions(): Promise<void> {
    const byTokens = new Map<string, RealtimeConnection[]>();
    for (const connection of this.#connections) {
      const key = JSON.stringify(connection.tokens);
      byTokens.set(key, [...(byTokens.get(key) ?? []), connection]);
    }
    for (const connections of byTokens.values()) {
      if (this.#isStopped) return;
      const session = await resolveTokens(this.ctx, connections[0]!.tokens);
      const subscriber = session ? await loadSubscriber(this.ctx, session.user) : null;
      for (const connection of connections) connection.applySession(session && subscriber ? { session, subscriber } : null);
    }
  }

  /** Deletes events past retention; harmless when several servers do it at once. */
  async cleanup(): Promise<number> {
    const cutoff = new Date(this.ctx.clock.now().getTime() - this.options.retentionMs);
    return deleteEventsCreatedBefore(this.ctx.db, cutoff);
  }

  #every(ms: number, run: () => void): void {
    const timer = setInterval(run, ms);
    timer.unref();
    this.#timers.push(timer);
  }

  #track(promise: Promise<unknown>): void {
    const tracked = promise.catch((err: unknown) => {
      if (!this.#isStopped) this.log.error({ err }, 'realtime: background task failed');
    });
    this.#background.add(tracked);
    void tracked.finally(() => this.#background.delete(tracked));
  }
}
