// Opens the configured database (PGlite on disk or in memory, or a PostgreSQL server) behind one Kysely type.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TDatabaseConfig } from '../config';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type Database = {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

// timestamptz and numeric stay as Date and string; bigint counts come back as numbers.
pg.types.setTypeParser(20, (v: string) => Number(v));

export async function openDatabase(config: TDatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const parsers = { 20: (v: string) => Number(v), 1700: (v: string) => v };
  const pglite = config.dataDir ? new PGlite(config.dataDir, { parsers }) : new PGlite({ parsers });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
