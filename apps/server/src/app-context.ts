// What every module gets from the app: the database, the clock, the mailer, the log and the configuration.
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { DB } from './db/schema';
import type { TStoredJsonLog } from './db/stored-json';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';

export type AppContext = {
  db: Kysely<DB>;
  dbKind: 'pglite' | 'postgres';
  clock: Clock;
  mailer: Mailer;
  /** The app's logger, for what a service finds outside a request (a stored row it cannot read). */
  log: TStoredJsonLog;
  config: AppConfig;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
