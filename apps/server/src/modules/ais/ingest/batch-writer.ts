// Buffers decoded AIS messages and writes them every ~200 ms (or sooner at 500 waiting), one transaction per
// batch. Sources only ever push into a bounded queue: when the database cannot keep up, messages are dropped and
// counted instead of holding the sockets.
import type { AppContext } from '../../../app-context';
import { insertPositions, linkAndFillVessel, upsertLatestPositions, upsertStatics } from '../ais.repository';
import type { TAisMessage, TAisPositionMessage, TAisStaticMessage } from '../codec/decode';
import { type TAisPositionBatch, runAfterBatchListeners } from './after-batch';
import { publishPositions } from './publish-positions';

export type TBatchWriterOptions = {
  flushIntervalMs: number;
  /** Waiting messages that trigger a write before the interval ends. */
  flushAtCount: number;
  /** Most messages written in one transaction (a backlog is written in several). */
  maxBatch: number;
  /** Most messages waiting; beyond it new ones are dropped. */
  maxQueue: number;
};

export const DEFAULT_BATCH_WRITER_OPTIONS: TBatchWriterOptions = { flushIntervalMs: 200, flushAtCount: 500, maxBatch: 2000, maxQueue: 50_000 };

export type TBatchWriterStats = {
  queued: number;
  dropped: number;
  written_positions: number;
  written_statics: number;
  batches: number;
  failed_batches: number;
  published_events: number;
  /** Positions the after-batch listeners never saw because they fell too far behind. */
  listener_dropped: number;
};

/** Positions waiting for the listeners (geofences, predictions) at the most; beyond it the oldest are let go. */
const MAX_LISTENER_BACKLOG = 100_000;

type TLog = { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

export class AisBatchWriter {
  readonly stats: TBatchWriterStats = { queued: 0, dropped: 0, written_positions: 0, written_statics: 0, batches: 0, failed_batches: 0, published_events: 0, listener_dropped: 0 };
  private queue: TAisMessage[] = [];
  /** Committed positions the listeners have not seen yet, in commit order. */
  private forListeners: TAisPositionBatch = [];
  private listening: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private stopped = false;
  private readonly options: TBatchWriterOptions;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: TLog,
    options: Partial<TBatchWriterOptions> = {},
  ) {
    this.options = { ...DEFAULT_BATCH_WRITER_OPTIONS, ...options };
  }

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.flushInBackground(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  /** Queues messages; never waits on the database. */
  push(messages: readonly TAisMessage[]): void {
    if (messages.length === 0 || this.stopped) return;
    for (const message of messages) {
      if (this.queue.length >= this.options.maxQueue) {
        this.stats.dropped++;
        continue;
      }
      this.queue.push(message);
      this.stats.queued++;
    }
    if (this.queue.length >= this.options.flushAtCount && !this.flushing) this.flushInBackground();
  }

  private flushInBackground(): void {
    this.flush().catch((err: unknown) => this.log.error({ err }, 'AIS batch writer failed'));
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Writes everything waiting, batch by batch. A write already in progress is awaited, not doubled. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.queue.length === 0) return;
    this.flushing = (async () => {
      try {
        while (this.queue.length > 0) {
          const batch = this.queue.splice(0, this.options.maxBatch);
          await this.writeBatch(batch);
        }
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushing;
    await this.flush();
    await this.settled();
  }

  /**
   * The listeners run beside the writer, one run at a time over everything committed meanwhile, so geofences and
   * predictions never hold up the next batch (and the position reaching the map).
   */
  private handToListeners(positions: TAisPositionBatch): void {
    this.forListeners.push(...positions);
    const excess = this.forListeners.length - MAX_LISTENER_BACKLOG;
    if (excess > 0) {
      this.forListeners.splice(0, excess);
      this.stats.listener_dropped += excess;
    }
    if (this.listening) return;
    this.listening = (async () => {
      try {
        while (this.forListeners.length > 0) await runAfterBatchListeners(this.ctx, this.forListeners.splice(0), this.log);
      } finally {
        this.listening = null;
      }
    })();
  }

  /** Resolves when the listeners have seen every committed position (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.listening) await this.listening;
  }

  private async writeBatch(batch: TAisMessage[]): Promise<void> {
    const positions = batch.filter((m): m is TAisPositionMessage => m.kind === 'position');
    const statics = mergeStatics(batch.filter((m): m is TAisStaticMessage => m.kind === 'static'));
    const latest = latestPerVessel(positions);
    const now = this.ctx.clock.now();
    try {
      const events = await this.ctx.db.transaction().execute(async (trx) => {
        await insertPositions(trx, positions);
        await upsertStatics(trx, statics);
        await upsertLatestPositions(trx, latest);
        for (const s of statics) await linkAndFillVessel(trx, s);
        // Last, as publishEvent asks: its lock is held only until the commit right after.
        return positions.length > 0 ? publishPositions(trx, positions, now) : 0;
      });
      this.stats.batches++;
      this.stats.written_positions += positions.length;
      this.stats.written_statics += statics.length;
      this.stats.published_events += events;
    } catch (err) {
      this.stats.failed_batches++;
      this.stats.dropped += batch.length;
      this.log.error({ err, size: batch.length }, 'writing an AIS batch failed; its messages are dropped');
      return;
    }
    if (positions.length > 0) this.handToListeners(positions.map(toBatchPosition));
  }
}

function toBatchPosition(p: TAisPositionMessage): TAisPositionBatch[number] {
  return { mmsi: p.mmsi, latitude: p.latitude, longitude: p.longitude, speed_knots: p.speed_knots, course_deg: p.course_deg, heading_deg: p.heading_deg, nav_status: p.nav_status, received_at: p.received_at };
}

function latestPerVessel(positions: readonly TAisPositionMessage[]): TAisPositionMessage[] {
  const latest = new Map<string, TAisPositionMessage>();
  for (const p of positions) {
    const current = latest.get(p.mmsi);
    if (!current || current.received_at.getTime() <= p.received_at.getTime()) latest.set(p.mmsi, p);
  }
  return [...latest.values()];
}

/** One row per vessel (an upsert may touch a row once): later messages win field by field, IMO-bearing type 5 kept. */
function mergeStatics(statics: readonly TAisStaticMessage[]): TAisStaticMessage[] {
  const merged = new Map<string, TAisStaticMessage>();
  for (const s of [...statics].sort((a, b) => a.received_at.getTime() - b.received_at.getTime())) {
    const current = merged.get(s.mmsi);
    if (!current) {
      merged.set(s.mmsi, { ...s });
      continue;
    }
    const next: TAisStaticMessage = { ...current, received_at: s.received_at, type: s.type === 5 || current.type !== 5 ? s.type : current.type };
    for (const key of ['imo_number', 'call_sign', 'name', 'ship_type', 'length_m', 'beam_m', 'draught_m', 'destination', 'reported_eta'] as const) {
      const value = s[key];
      if (value !== undefined && value !== null) (next as Record<string, unknown>)[key] = value;
    }
    merged.set(s.mmsi, next);
  }
  return [...merged.values()];
}
