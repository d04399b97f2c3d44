// The read-model version moves on with every committed change to what the port-call list reads, and only then.
import { CompiledQuery, type KyselyPlugin, type RootOperationNode, createQueryId, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '../modules/auth/auth.service';
import { listPlannerPortcalls } from '../modules/berth-plan/planner-portcalls.service';
import { getPortcall, listPortcalls } from '../modules/portcalls/portcall.service';
import { listTasks, tasksMeta } from '../modules/tasks/task.service';
import { readModelVersion } from '../db/read-model-version';
import { type PortcallWorld, createPortcallWorld } from './portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';

const H = 3_600_000;

/** Every relation a plan reads, subplans included. */
function relationsOf(plan: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) for (const p of plan) relationsOf(p, into);
  else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Relation Name' && typeof value === 'string') into.add(value);
      else relationsOf(value, into);
    }
  }
  return into;
}

describe.each(DB_TARGETS)('read-model version on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let portcallId: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    const now = t.clock.now().getTime();
    const created = await w.planner('POST', '/portcalls', w.request(new Date(now + 24 * H).toISOString(), new Date(now + 40 * H).toISOString()));
    expect(created.statusCode, created.body).toBe(201);
    portcallId = created.json().payload.id;
  });
  afterAll(async () => t?.close());

  const session = async (userId: number): Promise<AuthSession> => {
    const user = await t.database.db.selectFrom('portal_users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    return { sessionId: 0, user, actor: null, expiresAt: new Date(Date.now() + H) };
  };

  it('has its trigger on every table the list, one call, the planner window and the tasks read', async () => {
    const captured: RootOperationNode[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node }) => {
        captured.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const ctx = { ...t.app.ctx, db: t.app.ctx.db.withPlugin(capture) };
    for (const user of [w.users.planner.user, w.users.vesselSide.user, w.users.agent.user]) {
      const viewer = await session(user.id);
      await listPortcalls(ctx, viewer, { page: 1, per_page: 25, include_cancelled: 'true' });
      await listPortcalls(ctx, viewer, { page: 1, per_page: 25, include_cancelled: 'false', q: 'x', terminal_id: w.terminal.id });
      if (user !== w.users.agent.user) await getPortcall(ctx, viewer, portcallId);
      const now = t.clock.now().getTime();
      await listPlannerPortcalls(ctx, viewer, { terminal_id: w.terminal.id, from: new Date(now - 48 * H).toISOString(), to: new Date(now + 14 * 24 * H).toISOString(), page: 1, per_page: 100 });
      for (const type of ['open', 'closed'] as const) await listTasks(ctx, viewer, { type, filter: 'all', page: 1, per_page: 10 });
      await tasksMeta(ctx, viewer);
    }
    const read = new Set<string>();
    for (const node of captured) {
      const compiled = t.app.ctx.db.getExecutor().compileQuery(node, createQueryId());
      const explained = await t.app.ctx.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]));
      const plan = explained.rows[0]!['QUERY PLAN'];
      relationsOf(typeof plan === 'string' ? JSON.parse(plan) : plan, read);
    }
    expect(read.size).toBeGreaterThan(10);
    const triggered = await sql<{ relname: string }>`select c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'read_model_changed'`.execute(t.database.db);
    const watched = new Set(triggered.rows.map((r) => r.relname));
    expect([...read].filter((table) => !watched.has(table)), 'tables the list reads without the read-model trigger').toEqual([]);
  });

  it('moves on once per committed transaction, however many rows and tables it changed', async () => {
    const db = t.database.db;
    const v0 = Number(await readModelVersion(db));
    await db.updateTable('vessels').set({ name: sql`name` }).where('id', '=', w.vessel.id).execute();
    expect(Number(await readModelVersion(db))).toBe(v0 + 1);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('portcalls').set({ comment: 'one' }).where('id', '=', portcallId).execute();
      await trx.updateTable('organisations').set({ name: sql`name` }).execute();
      // Inside the transaction the change is not yet committed: the version has not moved.
      expect(Number(await readModelVersion(trx))).toBe(v0 + 1);
    });
    expect(Number(await readModelVersion(db))).toBe(v0 + 2);
  });

  it('does not move for a rolled-back change or for a table the list does not read', async () => {
    const db = t.database.db;
    const v0 = await readModelVersion(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('portcalls').set({ comment: 'never' }).where('id', '=', portcallId).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.updateTable('portal_users').set({ first_name: sql`first_name` }).execute();
    expect(await readModelVersion(db)).toBe(v0);
  });

  it('moves on when a watched table is truncated', async () => {
    const db = t.database.db;
    const v0 = Number(await readModelVersion(db));
    await sql`truncate portcall_predictions`.execute(db);
    expect(Number(await readModelVersion(db))).toBe(v0 + 1);
  });
});
