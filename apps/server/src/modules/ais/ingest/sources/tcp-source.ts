// A TCP client to an AIS feed (a receiver's or aggregator's NMEA port). It reconnects after any drop, waiting
// 1 s, 2 s, 4 s ... up to 60 s with jitter; a connection that stayed up a while starts again at 1 s.
import net from 'node:net';
import { type TAisSource, type TLineSink, type TSourceLog, createLineSplitter } from './source';

export type TTcpSourceOptions = { host: string; port: number; log: TSourceLog; minBackoffMs?: number; maxBackoffMs?: number };

export type TTcpSourceStats = { connects: number; disconnects: number; connected: boolean };

export class TcpAisSource implements TAisSource {
  readonly name: string;
  readonly stats: TTcpSourceStats = { connects: 0, disconnects: 0, connected: false };
  private socket: net.Socket | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private stopped = false;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(private readonly options: TTcpSourceOptions) {
    this.name = `tcp ${options.host}:${options.port}`;
    this.minBackoffMs = options.minBackoffMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 60_000;
  }

  async start(sink: TLineSink): Promise<void> {
    this.stopped = false;
    this.connect(sink);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket && !socket.destroyed) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.destroy();
      });
    }
  }

  /** The wait before reconnect attempt n (0-based): exponential from the minimum, capped, with +-25 % jitter. */
  backoffMs(attempt: number): number {
    const base = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** attempt);
    return Math.round(Math.min(this.maxBackoffMs, base * (0.75 + Math.random() * 0.5)));
  }

  private connect(sink: TLineSink): void {
    if (this.stopped) return;
    const socket = net.connect({ host: this.options.host, port: this.options.port });
    this.socket = socket;
    const splitter = createLineSplitter((line) => sink(line));
    let connectedAt = 0;
    socket.setEncoding('latin1');
    socket.setKeepAlive(true, 30_000);
    socket.on('connect', () => {
      connectedAt = Date.now();
      this.stats.connects++;
      this.stats.connected = true;
      this.options.log.info({ source: this.name }, 'AIS feed connected');
    });
    socket.on('data', (chunk: string) => splitter.push(chunk));
    socket.on('error', (err) => this.options.log.warn({ source: this.name, err: err.message }, 'AIS feed error'));
    socket.on('close', () => {
      splitter.end();
      if (this.socket === socket) this.socket = null;
      if (this.stats.connected) this.stats.disconnects++;
      this.stats.connected = false;
      if (this.stopped) return;
      // A connection that lasted a minute was healthy: the next drop starts the backoff over.
      if (connectedAt > 0 && Date.now() - connectedAt > 60_000) this.attempt = 0;
      const wait = this.backoffMs(this.attempt++);
      this.options.log.warn({ source: this.name, retryInMs: wait }, 'AIS feed closed; reconnecting');
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.connect(sink);
      }, wait);
      this.retryTimer.unref();
    });
  }
}
