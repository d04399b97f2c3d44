// The read-model version (migration 0020): what a cached list page is valid for.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

export async function readModelVersion(db: Kysely<DB> | Transaction<DB>): Promise<string> {
  const row = await db.selectFrom('read_model_version').select('n').executeTakeFirstOrThrow();
  return String(row.n);
}
