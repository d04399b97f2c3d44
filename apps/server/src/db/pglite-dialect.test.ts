import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect';

type TDb = { items: { id: number; name: string; at: Date | null; tags: string[] | null; data: unknown } };

describe('PGlite dialect with prepared statements', () => {
  let pglite: PGlite;
  let db: Kysely<TDb>;
  async function open(statementCapacity?: number) {
    pglite = new PGlite();
    db = new Kysely<TDb>({ dialect: new PGliteDialect(pglite, { statementCapacity }) });
    await sql`create table items (id int primary key, name text not null, at timestamptz, tags text[], data jsonb)`.execute(db);
  }
  afterEach(async () => db.destroy());

  it('sends values of every kind and reads them back as before', async () => {
    await open();
    const at = new Date('2026-11-24T08:15:00.000Z');
    await db.insertInto('items').values({ id: 1, name: "O'Brien \\ ünïcode", at, tags: ['a', 'b,c'], data: JSON.stringify({ x: [1, 2] }) }).execute();
    await db.insertInto('items').values({ id: 2, name: 'second', at: null, tags: null, data: null }).execute();
    const rows = await db.selectFrom('items').selectAll().where('id', 'in', [1, 2]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, name: "O'Brien \\ ünïcode", at, tags: ['a', 'b,c'], data: { x: [1, 2] } },
      { id: 2, name: 'second', at: null, tags: null, data: null },
    ]);
    const updated = await db.updateTable('items').set({ name: 'renamed' }).where('id', '=', 2).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
  });

  it('keeps working after a failed statement, inside and outside a transaction', async () => {
    await open();
    await db.insertInto('items').values({ id: 1, name: 'one' }).execute();
    await expect(db.insertInto('items').values({ id: 1, name: 'again' }).execute()).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 2, name: 'two' }).execute();
        await trx.insertInto('items').values({ id: 1, name: 'clash' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const ids = await db.selectFrom('items').select('id').where('id', '>', 0).execute();
    expect(ids).toEqual([{ id: 1 }]);
  });

  it('plans a statement afresh when a migration changed its columns', async () => {
    await open();
    await db.insertInto('items').values({ id: 1, name: 'one' }).execute();
    const read = () => db.selectFrom('items').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(Object.keys(await read())).not.toContain('added');
    await sql`alter table items add column added text default 'yes'`.execute(db);
    expect(await read()).toMatchObject({ id: 1, added: 'yes' });
  });

  it('closes the least recently used statements beyond its capacity', async () => {
    await open(3);
    for (let i = 1; i <= 10; i++) await db.insertInto('items').values({ id: i, name: `n${i}` }).execute();
    // Ten distinct texts (IN lists of different lengths) through a capacity of three.
    for (let n = 1; n <= 10; n++) {
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      expect(await db.selectFrom('items').select('id').where('id', 'in', ids).execute()).toHaveLength(n);
    }
    const kept = await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(kept.rows[0]!.n).toBe(3);
  });
  it('lets timers and other requests in while one transaction keeps it busy, so a probe can time out instead of waiting', async () => {
    await open();
    await db.insertInto('items').values({ id: 1, name: 'one' }).execute();
    let timerFiredAt: number | null = null;
    const started = performance.now();
    setTimeout(() => (timerFiredAt = performance.now()), 20);
    let transactionEndedAt = 0;
    await db.transaction().execute(async (trx) => {
      // Statement after statement for 400 ms: PGlite answers each at once, so without a pause nothing else runs.
      while (performance.now() - started < 400) await trx.selectFrom('items').select('id').where('id', '=', 1).execute();
      transactionEndedAt = performance.now();
    });
    expect(timerFiredAt).not.toBeNull();
    expect(timerFiredAt!).toBeLessThan(transactionEndedAt);
  });
});
