import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DB } from '../db/schema';
import { testConfig } from './test-app';

const reltuples = async (db: Kysely<DB>) =>
  Number((await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = 'portcalls'`.execute(db)).rows[0]!.n);

describe('table statistics of the embedded database', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it('are gathered once the server is ready, so the query planner does not take every table for empty', async () => {
    const app = await buildApp({ config: testConfig({ kind: 'pglite', dataDir: null }) });
    close = () => app.close();
    // Never analysed: PostgreSQL marks that with -1.
    expect(await reltuples(app.ctx.db)).toBe(-1);
    await app.ready();
    await expect.poll(() => reltuples(app.ctx.db), { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
  });
});
