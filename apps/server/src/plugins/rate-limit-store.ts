// Rate-limit counters in the app's database, so every server on one PostgreSQL counts against the same limits.
// Two @fastify/rate-limit stores over one table: a write-through one (one atomic upsert per hit) for the small,
// exact limits of sign-in and password reset, and a batched one for the generous per-session ceiling, which sits on
// every API request and must not add a database round trip to each.
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from '../lib/clock';

type TCounter = { hits: number; expiresAt: Date };
type TStoreResult = { current: number; ttl: number };
type TStoreCallback = (error: Error | null, result?: TStoreResult) => void;

/**
 * Adds hits to each key's counter in one atomic statement: a fixed window that starts with the first hit and
 * restarts once it has expired. Concurrent hits from any server serialise on the row, so none is lost.
 */
export async function addHitsMany(db: Kysely<DB>, rows: { key: string; hits: number; windowMs: number }[], now: Date): Promise<Map<string, TCounter>> {
  if (rows.length === 0) return new Map();
  const expired = sql<boolean>`rate_limit_counters.expires_at <= ${now}`;
  const result = await db
    .insertInto('rate_limit_counters')
    .values(rows.map((r) => ({ key: r.key, window_started_at: now, expires_at: new Date(now.getTime() + r.windowMs), hits: r.hits })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        window_started_at: sql`case when ${expired} then excluded.window_started_at else rate_limit_counters.window_started_at end`,
        expires_at: sql`case when ${expired} then excluded.expires_at else rate_limit_counters.expires_at end`,
        hits: sql`case when ${expired} then excluded.hits else rate_limit_counters.hits + excluded.hits end`,
      }),
    )
    .returning(['key', 'hits', 'expires_at'])
    .execute();
  return new Map(result.map((r) => [r.key, { hits: r.hits, expiresAt: new Date(r.expires_at) }]));
}

export async function addHits(db: Kysely<DB>, args: { key: string; hits: number; now: Date; windowMs: number }): Promise<TCounter> {
  const counter = (await addHitsMany(db, [args], args.now)).get(args.key);
  if (!counter) throw new Error('rate limit: the counter upsert returned no row');
  return counter;
}

/** The key's live counter, or null when it has none or its window is over. */
export async function readCounter(db: Kysely<DB>, key: string, now: Date): Promise<TCounter | null> {
  const row = await db.selectFrom('rate_limit_counters').select(['hits', 'expires_at']).where('key', '=', key).where('expires_at', '>', now).executeTakeFirst();
  return row ? { hits: row.hits, expiresAt: new Date(row.expires_at) } : null;
}

/** Takes one hit back (a sign-in that turned out to be right is no failure). */
export async function removeHit(db: Kysely<DB>, key: string, now: Date): Promise<void> {
  await db
    .updateTable('rate_limit_counters')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .execute();
}

export async function deleteExpiredCounters(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type TRateLimitStoreDeps = { db: Kysely<DB>; clock: Clock; log: FastifyBaseLogger };
export type TBatchOptions = {
  /** A key's local hits are written once this many have gathered... */
  flushEvery: number;
  /** ...or at the latest after this long. */
  flushIntervalMs: number;
};
export const DEFAULT_BATCH: TBatchOptions = { flushEvery: 200, flushIntervalMs: 1_000 };
const CLEANUP_EVERY_MS = 60_000;

type TBatchEntry = { expiresAt: number; known: number; pending: number; flushing: boolean; windowMs: number };

/**
 * Counts in memory and writes the sums of all keys in one statement every `flushIntervalMs` (a key that gathers
 * `flushEvery` hits sooner is written at once). What this server allows is its own hits plus the total the database
 * reported at the last write, so across servers the limit holds up to what the other servers counted since their
 * last write (about a second of their traffic).
 */
class BatchedCounter {
  private readonly entries = new Map<string, TBatchEntry>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly deps: TRateLimitStoreDeps,
    private readonly options: TBatchOptions,
  ) {
    this.timer = setInterval(() => void this.flushAll(), options.flushIntervalMs);
    this.timer.unref();
  }

  hit(key: string, windowMs: number): TStoreResult {
    const now = this.deps.clock.now().getTime();
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      entry = { expiresAt: now + windowMs, known: 0, pending: 0, flushing: false, windowMs };
      this.entries.set(key, entry);
    }
    entry.pending += 1;
    if (entry.pending >= this.options.flushEvery) void this.flush([[key, entry]]);
    return { current: entry.known + entry.pending, ttl: entry.expiresAt - now };
  }

  read(key: string): TStoreResult {
    const now = this.deps.clock.now().getTime();
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) return { current: 0, ttl: 0 };
    return { current: entry.known + entry.pending, ttl: entry.expiresAt - now };
  }

  private async flush(candidates: [string, TBatchEntry][]): Promise<void> {
    const batch = candidates.filter(([, e]) => !e.flushing && e.pending > 0).map(([key, entry]) => ({ key, entry, hits: entry.pending }));
    if (batch.length === 0) return;
    for (const b of batch) b.entry.flushing = true;
    try {
      const counters = await addHitsMany(
        this.deps.db,
        batch.map((b) => ({ key: b.key, hits: b.hits, windowMs: b.entry.windowMs })),
        this.deps.clock.now(),
      );
      for (const b of batch) {
        const counter = counters.get(b.key);
        if (!counter) continue;
        // The database's total already holds these hits; what came in meanwhile stays pending.
        b.entry.pending -= b.hits;
        b.entry.known = counter.hits;
        b.entry.expiresAt = counter.expiresAt.getTime();
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'rate limit: writing batched counters failed; their hits stay local');
    } finally {
      for (const b of batch) b.entry.flushing = false;
    }
  }

  async flushAll(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const due: [string, TBatchEntry][] = [];
    for (const [key, entry] of this.entries) {
      if (entry.pending > 0) due.push([key, entry]);
      else if (entry.expiresAt <= now && !entry.flushing) this.entries.delete(key);
    }
    // One statement per few hundred keys keeps each write small.
    for (let i = 0; i < due.length; i += 500) await this.flush(due.slice(i, i + 500));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushAll();
  }
}

/** Constructor options as @fastify/rate-limit hands them to a store (its merged route or limiter options). */
type TStoreParams = object;

export type TDatabaseRateLimitStores = {
  /** Pass as the plugin's `store`: every limiter without its own `store` option writes through. */
  DatabaseStore: new (params: TStoreParams) => FastifyRateLimitStore;
  /** Pass as a limiter's `store` option to count in batches. */
  BatchedStore: new (params: TStoreParams) => FastifyRateLimitStore;
  /** Takes one hit back from a write-through counter. */
  removeHit(key: string): Promise<void>;
  /** Writes what the batched store still holds; call before the database closes. */
  close(): Promise<void>;
};

export function createDatabaseRateLimitStores(deps: TRateLimitStoreDeps, batch: TBatchOptions = DEFAULT_BATCH): TDatabaseRateLimitStores {
  const batched = new BatchedCounter(deps, batch);
  let lastCleanup = 0;

  // Expired rows are useless but harmless; one delete a minute per server keeps the table at the live keys.
  function cleanUpNowAndThen(now: Date): void {
    if (now.getTime() - lastCleanup < CLEANUP_EVERY_MS && lastCleanup <= now.getTime()) return;
    lastCleanup = now.getTime();
    deleteExpiredCounters(deps.db, now).catch((err: unknown) => deps.log.warn({ err }, 'rate limit: deleting expired counters failed'));
  }

  // @fastify/rate-limit gives each limiter a child of the plugin's store, built from the limiter's merged options;
  // a limiter that names BatchedStore as its `store` gets a batched child.
  const childOf = (params: object): FastifyRateLimitStore => ('store' in params && params.store === BatchedStore ? new BatchedStore() : new DatabaseStore());

  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: TStoreCallback, timeWindow: number): void {
      const now = deps.clock.now();
      cleanUpNowAndThen(now);
      addHits(deps.db, { key, hits: 1, now, windowMs: timeWindow }).then(
        (counter) => callback(null, { current: counter.hits, ttl: Math.max(0, counter.expiresAt.getTime() - now.getTime()) }),
        (err: Error) => callback(err),
      );
    }

    read(key: string, callback: TStoreCallback): void {
      const now = deps.clock.now();
      readCounter(deps.db, key, now).then(
        (counter) => callback(null, counter ? { current: counter.hits, ttl: counter.expiresAt.getTime() - now.getTime() } : { current: 0, ttl: 0 }),
        (err: Error) => callback(err),
      );
    }

    child(params: object): FastifyRateLimitStore {
      return childOf(params);
    }
  }

  class BatchedStore implements FastifyRateLimitStore {
    incr(key: string, callback: TStoreCallback, timeWindow: number): void {
      callback(null, batched.hit(key, timeWindow));
    }

    read(key: string, callback: TStoreCallback): void {
      callback(null, batched.read(key));
    }

    child(params: object): FastifyRateLimitStore {
      return childOf(params);
    }
  }

  return {
    DatabaseStore,
    BatchedStore,
    removeHit: (key) => removeHit(deps.db, key, deps.clock.now()),
    close: () => batched.close(),
  };
}
