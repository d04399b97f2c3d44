// Builds an app on a database of its own for one test file: in-memory PGlite, or a fresh database on TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import type { AppConfig, TDatabaseConfig } from '../config';
import { type Database, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { type Clock, createManualClock } from '../lib/clock';

export type DbTarget = 'pglite' | 'postgres';

/** Every database test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (as .ci/run does). */
export const DB_TARGETS: DbTarget[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export function testConfig(database: TDatabaseConfig, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    database,
    seedDemo: false,
    smtpUrl: null,
    mailFrom: 'Quayline <no-reply@quayline.test>',
    publicUrl: 'http://localhost:3000',
    webDist: null,
    secureCookies: false,
    ...overrides,
  };
}

/** Creates an empty PostgreSQL database next to the one at `adminUrl` (tests: TEST_DATABASE_URL; benchmarks name theirs) and returns its URL and a drop function. */
export async function createPostgresDatabase(adminUrl: string | undefined = process.env.TEST_DATABASE_URL, prefix = 'quayline_test', template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // A closed pool's backends take a moment to exit; forcing the drop while they do hands their clients a FATAL error.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Names the migrated PostgreSQL database the tests' databases are copied from, when the global set-up made one. */
export const POSTGRES_TEMPLATE_ENV = 'QUAYLINE_TEST_POSTGRES_TEMPLATE';

let migratedImage: Promise<Blob> | null = null;
/**
 * An empty, migrated PGlite database as an image, made once per test process (the server project's forks keep their
 * modules between files): a fresh PGlite runs initdb, 3 to 4 s on a busy machine, and then every migration; opening
 * the image took about 1 s.
 */
function migratedPgliteImage(): Promise<Blob> {
  migratedImage ??= (async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrateToLatest(database.db as never);
      return await database.image!();
    } finally {
      await database.close();
    }
  })();
  return migratedImage;
}

export type TestApp = {
  app: FastifyInstance;
  clock: Clock & { advance(ms: number): void; set(d: Date): void };
  database: Database;
  databaseConfig: TDatabaseConfig;
  close(): Promise<void>;
};

/** `now` starts the manual clock elsewhere than the current time; `jobs` tunes the job runner when runJobs is on. */
export type TTestAppOptions = { now?: Date; jobs?: BuildAppOptions['jobs']; logger?: BuildAppOptions['logger'] };

export async function createTestApp(target: DbTarget, overrides: Partial<AppConfig> = {}, options: TTestAppOptions = {}): Promise<TestApp> {
  let databaseConfig: TDatabaseConfig;
  let drop: () => Promise<void> = async () => {};
  if (target === 'postgres') {
    // The server project's global set-up migrates one template database per run (global-setup.ts).
    const created = await createPostgresDatabase(undefined, undefined, process.env[POSTGRES_TEMPLATE_ENV]);
    databaseConfig = { kind: 'postgres', url: created.url };
    drop = created.drop;
  } else {
    databaseConfig = { kind: 'pglite', dataDir: null };
  }
  const database = await openDatabase(databaseConfig, target === 'pglite' ? { startFrom: await migratedPgliteImage() } : {});
  const clock = createManualClock(options.now ?? new Date());
  const app = await buildApp({ config: testConfig(databaseConfig, overrides), clock, database, ...(options.jobs ? { jobs: options.jobs } : {}), ...(options.logger ? { logger: options.logger } : {}) });
  return {
    app,
    clock,
    database,
    databaseConfig,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
