// Opens the configured database (PGlite on disk or in memory, or a PostgreSQL server) behind one Kysely type.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TDatabaseConfig } from '../config';
import { PgListener } from './pg-listener';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type TListenOptions = {
  /** PostgreSQL only: called when the LISTEN connection came back after a drop; notifications sent meanwhile are lost. */
  onReconnect?: () => void;
  /** PostgreSQL only: the LISTEN connection dropped, or restoring it failed; it keeps retrying with backoff. */
  onConnectionLost?: (err: Error | null) => void;
};

export type Database = {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** LISTENs on a PostgreSQL notification channel; resolves to the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void, options?: TListenOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

// timestamptz and numeric stay as Date and string; bigint counts come back as numbers.
pg.types.setTypeParser(20, (v: string) => Number(v));

export async function openDatabase(config: TDatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    // LISTEN needs a connection of its own that stays open; the pool hands connections out per query.
    let listener: PgListener | null = null;
    return {
      db,
      kind: 'postgres',
      listen: (channel, onPayload, options = {}) => (listener ??= new PgListener({ url: config.url })).listen(channel, { onPayload, ...options }),
      close: async () => {
        await listener?.close();
        await db.destroy();
      },
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const parsers = { 20: (v: string) => Number(v), 1700: (v: string) => v };
  const pglite = config.dataDir ? new PGlite(config.dataDir, { parsers }) : new PGlite({ parsers });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection; LISTEN and UNLISTEN go through the dialect's lock so they never land inside someone's transaction.
    listen: async (channel, onPayload) => {
      const unlisten = await db.connection().execute(() => pglite.listen(channel, onPayload));
      return async () => {
        if (pglite.closed) return;
        await db.connection().execute(() => unlisten());
      };
    },
    close: () => db.destroy(),
  };
}
