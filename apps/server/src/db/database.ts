// Opens the configured database (PGlite on disk or in memory, or a PostgreSQL server) behind one Kysely type.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PgListener } from './pg-listener';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

/** DATABASE_URL set: that PostgreSQL server; otherwise PGlite in DATA_DIR (null: in memory, for tests). */
export type TDatabaseConfig = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export type TListenOptions = {
  /** PostgreSQL only: called when the LISTEN connection came back after a drop; notifications sent meanwhile are lost. */
  onReconnect?: () => void;
  /** PostgreSQL only: the LISTEN connection dropped, or restoring it failed; it keeps retrying with backoff. */
  onConnectionLost?: (err: Error | null) => void;
};

/** Connections of the pool at this moment (PGlite: its one connection, busy or idle, and who waits for it). */
export type TPoolStats = { max: number; total: number; idle: number; waiting: number };

export type Database = {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  poolStats(): TPoolStats;
  /** LISTENs on a PostgreSQL notification channel; resolves to the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void, options?: TListenOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as one image, which `openDatabase`'s `startFrom` can open again. */
  image?(): Promise<Blob>;
};

export type TOpenOptions = {
  /**
   * PGlite in memory only: start from this image (`Database.image`) instead of an empty cluster. The tests open about
   * two hundred databases; starting each from one migrated image skips PGlite's initdb and the migrations.
   */
  startFrom?: Blob;
};

// timestamptz and numeric stay as Date and string; bigint counts come back as numbers.
pg.types.setTypeParser(20, (v: string) => Number(v));

/**
 * Sends every parameterised query as a named prepared statement (named by a hash of its text), so each pooled connection
 * parses and plans a query once and PostgreSQL may reuse the plan. Planning the eight-table port-call read cost about
 * 1 to 10 ms a request before (docs/performance.md, "The API under load").
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    // Without parameters a text may hold several statements (migrations), which a prepared statement cannot.
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      return (super.query as unknown as (config: pg.QueryConfig) => never)({ name: statementName(text), text, values });
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('base64url')}`;
    // Distinct texts are bounded by the code's queries (and IN-list lengths); the cap only guards against a leak.
    if (statementNames.size < 20_000) statementNames.set(text, name);
  }
  return name;
}

const POOL_MAX = 10;
/**
 * Every connection runs without PostgreSQL's JIT compiler. The app's reads are short; on years of history a report's
 * cost estimate passes `jit_above_cost`, and compiling took seconds on every request (12 months of KPIs at 60,000
 * calls: 6.7 s with JIT, 0.6 s without; docs/performance.md). An `options` in DATABASE_URL takes precedence.
 */
const CONNECTION_OPTIONS = '-c jit=off';

export async function openDatabase(config: TDatabaseConfig, options: TOpenOptions = {}): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: POOL_MAX, Client: PreparingClient, options: CONNECTION_OPTIONS });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    // LISTEN needs a connection of its own that stays open; the pool hands connections out per query.
    let listener: PgListener | null = null;
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ max: POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onPayload, options = {}) => (listener ??= new PgListener({ url: config.url })).listen(channel, { onPayload, ...options }),
      close: async () => {
        await listener?.close();
        await db.destroy();
      },
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const parsers = { 20: (v: string) => Number(v), 1700: (v: string) => v };
  const pglite = config.dataDir ? new PGlite(config.dataDir, { parsers }) : new PGlite({ parsers, ...(options.startFrom ? { loadDataDir: options.startFrom } : {}) });
  await pglite.waitReady;
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<DB>({ dialect });
  return {
    db,
    kind: 'pglite',
    poolStats: () => ({ max: 1, total: pglite.closed ? 0 : 1, idle: dialect.pending === 0 && !pglite.closed ? 1 : 0, waiting: Math.max(0, dialect.pending - 1) }),
    // PGlite is one connection; LISTEN and UNLISTEN go through the dialect's lock so they never land inside someone's transaction.
    listen: async (channel, onPayload) => {
      const unlisten = await db.connection().execute(() => pglite.listen(channel, onPayload));
      return async () => {
        if (pglite.closed) return;
        await db.connection().execute(() => unlisten());
      };
    },
    close: () => db.destroy(),
    // Through the dialect's lock, so the image is never taken half-way through someone's transaction.
    image: () => db.connection().execute(() => pglite.dumpDataDir('none')),
  };
}
