// Once per run of the server tests: with TEST_DATABASE_URL, one migrated PostgreSQL database that every test's
// database is copied from (CREATE DATABASE ... TEMPLATE), instead of each running every migration itself.
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { POSTGRES_TEMPLATE_ENV, createPostgresDatabase } from './test-app';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const template = await createPostgresDatabase(undefined, 'quayline_template');
  const database = await openDatabase({ kind: 'postgres', url: template.url });
  try {
    await migrateToLatest(database.db as never);
  } finally {
    // A template may have no session open while it is copied.
    await database.close();
  }
  // The test processes start after this and inherit the environment.
  process.env[POSTGRES_TEMPLATE_ENV] = new URL(template.url).pathname.slice(1);
  return () => template.drop();
}
