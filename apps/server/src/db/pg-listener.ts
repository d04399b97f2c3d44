// One dedicated PostgreSQL connection per server for LISTEN: it reconnects with backoff when it drops and
// tells its listeners so they can read what they missed (notifications sent while it was down are lost).
import pg from 'pg';

export type TListenHandlers = {
  onPayload: (payload: string) => void;
  /** Called after the connection was lost and LISTEN is in place again. */
  onReconnect?: () => void;
  /** Called when the connection is lost and when an attempt to restore it fails (for logging). */
  onConnectionLost?: (err: Error | null) => void;
};

const BACKOFF_MIN_MS = 100;
const BACKOFF_MAX_MS = 10_000;
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;

export class PgListener {
  readonly #url: string;
  readonly #channels = new Map<string, Set<TListenHandlers>>();
  #client: pg.Client | null = null;
  /** Channels the current connection LISTENs on. */
  #listening = new Set<string>();
  #connecting: Promise<void> | null = null;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  #failures = 0;
  #hasConnectedBefore = false;
  #closed = false;

  constructor(options: { url: string }) {
    this.#url = options.url;
  }

  async listen(channel: string, handlers: TListenHandlers): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error('listener is closed');
    let set = this.#channels.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      this.#channels.set(channel, set);
    }
    set.add(handlers);
    // While a lost connection waits for its reconnect, the reconnect will LISTEN on every registered channel.
    const isReconnecting = this.#hasConnectedBefore && !this.#client;
    if (!isReconnecting) {
      await this.#ensureConnected();
      const client = this.#client as pg.Client | null;
      if (isNewChannel && client && !this.#listening.has(channel)) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        this.#listening.add(channel);
      }
    }

    return async () => {
      const current = this.#channels.get(channel);
      if (!current?.delete(handlers) || current.size > 0) return;
      this.#channels.delete(channel);
      this.#listening.delete(channel);
      await this.#client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    await this.#connecting?.catch(() => undefined);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  #ensureConnected(): Promise<void> {
    if (this.#client) return Promise.resolve();
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = null;
    });
    return this.#connecting;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url, application_name: 'quayline-listener', keepAlive: true });
    // Without an error listener a dropped connection would crash the process.
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client, null));
    client.on('notification', (message) => {
      const handlers = this.#channels.get(message.channel);
      for (const h of handlers ?? []) h.onPayload(message.payload ?? '');
    });
    const listening = new Set<string>();
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        listening.add(channel);
      }
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#listening = listening;
    this.#failures = 0;
    this.#startHeartbeat(client);
    const isReconnect = this.#hasConnectedBefore;
    this.#hasConnectedBefore = true;
    if (isReconnect) for (const set of this.#channels.values()) for (const h of set) h.onReconnect?.();
  }

  /** A connection that died silently (half-open TCP) never emits 'end'; a periodic query finds out. */
  #startHeartbeat(client: pg.Client): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = setInterval(() => {
      const timeout = setTimeout(() => this.#lost(client, new Error('heartbeat timed out')), HEARTBEAT_TIMEOUT_MS);
      client
        .query('select 1')
        .catch((err: unknown) => this.#lost(client, err instanceof Error ? err : new Error(String(err))))
        .finally(() => clearTimeout(timeout));
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  #lost(client: pg.Client, err: Error | null): void {
    if (this.#client !== client) return;
    this.#client = null;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.#closed) return;
    this.#reportLoss(err);
    this.#scheduleReconnect();
  }

  #reportLoss(err: Error | null): void {
    for (const set of this.#channels.values()) for (const h of set) h.onConnectionLost?.(err);
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#reconnectTimer) return;
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.#failures);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.#failures += 1;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      this.#ensureConnected().catch((err: unknown) => {
        this.#reportLoss(err instanceof Error ? err : new Error(String(err)));
        this.#scheduleReconnect();
      });
    }, delay);
    this.#reconnectTimer.unref();
  }
}
