// The tab's one WebSocket to /api/portal/v1/realtime: shared by every channel subscription, reconnecting with
// exponential backoff and jitter, and catching up after a drop by re-subscribing from the last event id it saw.
// When the server can no longer replay the gap (away longer than its retention), it tells the app to reload.
import {
  API_PREFIX,
  REALTIME_CLOSE_CODES,
  type TRealtimeClientMessage,
  type TRealtimeErrorMessage,
  type TRealtimeEventMessage,
  ZRealtimeServerMessage,
} from '@quayline/domain';

export type TRealtimeEventHandler = (event: TRealtimeEventMessage) => void;
export type TRealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'unauthorized';

/** The part of the browser WebSocket the client uses; tests pass a fake. */
export type TSocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>;

export type TRealtimeClientOptions = {
  url?: () => string;
  createSocket?: (url: string) => TSocketLike;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** An application ping keeps idle proxies from cutting the socket and finds a dead one. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  /** How long the socket stays open with no channel left, so that moving from one channel to another reuses it. */
  idleCloseMs?: number;
  onError?: (error: TRealtimeErrorMessage) => void;
};

const SOCKET_OPEN = 1;
const NORMAL_CLOSURE = 1000;

/**
 * Backoff before reconnect attempt `attempt` (0-based): base * 2^attempt, capped at max, then "equal jitter"
 * (a random point in the upper half) so that a restarted server is not hit by every tab at the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number, baseDelayMs = 500, maxDelayMs = 30_000): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function defaultRealtimeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${API_PREFIX}/realtime`;
}

type TChannelState = {
  handlers: Set<TRealtimeEventHandler>;
  /** The newest event id seen on the channel (or the point the server said it started from); null before either. */
  lastEventId: number | null;
  /** The server refused the channel; it is not asked for again until subscribed anew. */
  isForbidden: boolean;
};

export class RealtimeClient {
  readonly #options: Required<Omit<TRealtimeClientOptions, 'onError'>> & Pick<TRealtimeClientOptions, 'onError'>;
  readonly #channels = new Map<string, TChannelState>();
  readonly #statusListeners = new Set<(status: TRealtimeStatus) => void>();
  readonly #replayLostListeners = new Set<() => void>();
  #socket: TSocketLike | null = null;
  /** Set once the current socket reported a lost replay, so several channels in one reconnect cause one reload. */
  #isReplayLostReported = false;
  #status: TRealtimeStatus = 'idle';
  #attempt = 0;
  #reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  #pingTimer: ReturnType<typeof setInterval> | null = null;
  #pongTimer: ReturnType<typeof setTimeout> | null = null;
  #idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: TRealtimeClientOptions = {}) {
    this.#options = {
      url: options.url ?? defaultRealtimeUrl,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      random: options.random ?? Math.random,
      baseDelayMs: options.baseDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      pingIntervalMs: options.pingIntervalMs ?? 25_000,
      pongTimeoutMs: options.pongTimeoutMs ?? 10_000,
      idleCloseMs: options.idleCloseMs ?? 5000,
      onError: options.onError,
    };
  }

  get status(): TRealtimeStatus {
    return this.#status;
  }

  onStatusChange(listener: (status: TRealtimeStatus) => void): () => void {
    this.#statusListeners.add(listener);
    return () => this.#statusListeners.delete(listener);
  }

  /**
   * Called when events were missed that the server can no longer replay: whatever the app shows may be stale and
   * must be fetched again. At most once per connection, however many channels were affected.
   */
  onReplayLost(listener: () => void): () => void {
    this.#replayLostListeners.add(listener);
    return () => {
      this.#replayLostListeners.delete(listener);
    };
  }

  /** Listens on a channel until the returned function is called; several listeners of one channel share one subscription. */
  subscribe(channel: string, onEvent: TRealtimeEventHandler): () => void {
    this.#clearIdleTimer();
    let state = this.#channels.get(channel);
    if (!state) {
      state = { handlers: new Set(), lastEventId: null, isForbidden: false };
      this.#channels.set(channel, state);
      if (this.#isOpen()) this.#sendSubscribe(channel, state);
    }
    // A fresh wrapper per call, so the same function subscribed twice is also removed twice.
    const handler: TRealtimeEventHandler = (event) => onEvent(event);
    state.handlers.add(handler);
    if (this.#status === 'idle' || this.#status === 'unauthorized') this.#connect();

    return () => {
      const current = this.#channels.get(channel);
      if (!current?.handlers.delete(handler) || current.handlers.size > 0) return;
      this.#channels.delete(channel);
      if (this.#isOpen()) this.#send({ type: 'unsubscribe', channel });
      if (this.#channels.size === 0) this.#startIdleTimer();
    };
  }

  /** Connect at once instead of waiting for the backoff (the browser came back online, the user signed in again). */
  reconnectNow(): void {
    if (this.#channels.size === 0 || this.#socket) return;
    this.#clearReconnectTimer();
    this.#connect();
  }

  /** Drops the socket and opens a new one, e.g. after the session changed (sign-in, proxy start or end). */
  restart(): void {
    this.#closeSocket(NORMAL_CLOSURE, 'Restarting');
    this.#attempt = 0;
    if (this.#channels.size > 0) this.#connect();
    else this.#setStatus('idle');
  }

  #connect(): void {
    this.#clearReconnectTimer();
    this.#setStatus(this.#attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = this.#options.createSocket(this.#options.url());
    this.#socket = socket;
    this.#isReplayLostReported = false;
    socket.onopen = () => this.#handleOpen(socket);
    socket.onmessage = (event) => this.#handleMessage(socket, event.data);
    socket.onclose = (event) => this.#handleClose(socket, event.code);
    // An error is always followed by a close; the close handler decides what happens next.
    socket.onerror = () => undefined;
  }

  #handleOpen(socket: TSocketLike): void {
    if (socket !== this.#socket) return;
    this.#attempt = 0;
    this.#setStatus('open');
    for (const [channel, state] of this.#channels) if (!state.isForbidden) this.#sendSubscribe(channel, state);
    this.#startPing(socket);
  }

  #handleMessage(socket: TSocketLike, data: unknown): void {
    if (socket !== this.#socket || typeof data !== 'string') return;
    this.#clearPongTimer();
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = ZRealtimeServerMessage.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'event': {
        const state = this.#channels.get(message.channel);
        // Ids only grow, so one not above the last seen is a repeat (at-least-once delivery).
        if (!state || (state.lastEventId !== null && message.id <= state.lastEventId)) return;
        state.lastEventId = message.id;
        for (const handler of [...state.handlers]) {
          try {
            handler(message);
          } catch (error) {
            console.error('realtime handler failed', error);
          }
        }
        return;
      }
      case 'subscribed': {
        const state = this.#channels.get(message.channel);
        if (state && state.lastEventId === null) state.lastEventId = message.last_event_id;
        return;
      }
      case 'error': {
        const state = message.channel ? this.#channels.get(message.channel) : undefined;
        if (state && message.code === 'FORBIDDEN') state.isForbidden = true;
        this.#options.onError?.(message);
        return;
      }
      case 'replay_unavailable': {
        const state = this.#channels.get(message.channel);
        if (!state) return;
        // The `subscribed` that follows gives the new starting point.
        state.lastEventId = null;
        if (this.#isReplayLostReported) return;
        this.#isReplayLostReported = true;
        for (const listener of [...this.#replayLostListeners]) {
          try {
            listener();
          } catch (error) {
            console.error('realtime replay-lost listener failed', error);
          }
        }
        return;
      }
      case 'pong':
        return;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }

  #handleClose(socket: TSocketLike, code: number): void {
    if (socket !== this.#socket) return;
    this.#socket = null;
    this.#stopPing();
    if (this.#channels.size === 0) {
      this.#setStatus('idle');
      return;
    }
    // 4401: no session; reconnecting cannot help until the user signs in again (a new subscribe or restart() retries).
    if (code === REALTIME_CLOSE_CODES.UNAUTHORIZED) {
      this.#setStatus('unauthorized');
      return;
    }
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    this.#setStatus('reconnecting');
    const delay = reconnectDelayMs(this.#attempt, this.#options.random, this.#options.baseDelayMs, this.#options.maxDelayMs);
    this.#attempt += 1;
    this.#clearReconnectTimer();
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      this.#connect();
    }, delay);
  }

  #sendSubscribe(channel: string, state: TChannelState): void {
    this.#send({ type: 'subscribe', channel, ...(state.lastEventId !== null ? { last_event_id: state.lastEventId } : {}) });
  }

  #send(message: TRealtimeClientMessage): void {
    if (this.#isOpen()) this.#socket!.send(JSON.stringify(message));
  }

  #isOpen(): boolean {
    return this.#socket !== null && this.#socket.readyState === SOCKET_OPEN;
  }

  #startPing(socket: TSocketLike): void {
    this.#stopPing();
    this.#pingTimer = setInterval(() => {
      if (socket !== this.#socket) return;
      this.#send({ type: 'ping' });
      this.#pongTimer ??= setTimeout(() => {
        // No answer at all: the connection is dead even if the browser has not noticed yet.
        this.#pongTimer = null;
        this.#closeSocket(4000, 'No answer to ping');
        this.#scheduleReconnect();
      }, this.#options.pongTimeoutMs);
    }, this.#options.pingIntervalMs);
  }

  #stopPing(): void {
    if (this.#pingTimer) clearInterval(this.#pingTimer);
    this.#pingTimer = null;
    this.#clearPongTimer();
  }

  #clearPongTimer(): void {
    if (this.#pongTimer) clearTimeout(this.#pongTimer);
    this.#pongTimer = null;
  }

  #clearReconnectTimer(): void {
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
  }

  /** Closes the current socket without its close handler running (the caller decides what comes next). */
  #closeSocket(code: number, reason: string): void {
    const socket = this.#socket;
    this.#socket = null;
    this.#stopPing();
    this.#clearReconnectTimer();
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.close(code, reason);
  }

  #startIdleTimer(): void {
    this.#clearIdleTimer();
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#channels.size === 0) this.#shutDown();
    }, this.#options.idleCloseMs);
  }

  #clearIdleTimer(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  #shutDown(): void {
    this.#closeSocket(NORMAL_CLOSURE, 'No channels left');
    this.#attempt = 0;
    this.#setStatus('idle');
  }

  #setStatus(status: TRealtimeStatus): void {
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of [...this.#statusListeners]) listener(status);
  }
}

let shared: RealtimeClient | null = null;

/** The one client of this tab, created on first use. */
export function getRealtimeClient(): RealtimeClient {
  if (!shared) {
    const client = new RealtimeClient();
    window.addEventListener('online', () => client.reconnectNow());
    shared = client;
  }
  return shared;
}
