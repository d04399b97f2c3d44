import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/database';
import { createOrganisation, createTerminal, createVessel, signIn } from '../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp, testConfig } from '../test/test-app';
import { type TOvsTestProvider, ovsPages, startOvsTestProvider } from '../modules/schedules/ovs-test-provider';
import { type JobRunner, createJobRunner } from './job-queue';
import { waitFor } from '../test/wait-for';

const H = 3600_000;

describe.each(DB_TARGETS)('background jobs on %s', (target) => {
  let t: TestApp;
  let provider: TOvsTestProvider;
  let terminalId: number;
  // the second "server": a second app on the same PostgreSQL, or a second runner on the one PGlite
  let second: { runner: JobRunner; close(): Promise<void> };

  beforeAll(async () => {
    t = await createTestApp(target, { runJobs: true });
    const db = t.database.db;
    const terminal = await createTerminal(db);
    terminalId = terminal.id;
    const port = await db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select('ports.unlocode').where('terminals.id', '=', terminal.id).executeTakeFirstOrThrow();
    const operator = await createOrganisation(db, 'vessel_operator', { code: 'JOBOP' });
    const a = await createVessel(db, { vesselOperatorId: operator.id });
    const b = await createVessel(db, { vesselOperatorId: operator.id });
    const c = await createVessel(db, { vesselOperatorId: operator.id });
    const base = Math.ceil((t.clock.now().getTime() + 72 * H) / H) * H;
    provider = await startOvsTestProvider(ovsPages({ terminalUnlocode: port.unlocode, previousUnlocode: port.unlocode, nextUnlocode: port.unlocode, unknownUnlocode: 'QQQQQ', operatorCode: 'JOBOP', vesselA: { imo: a.imo_number }, vesselB: { imo: b.imo_number, mmsi: b.mmsi! }, vesselC: { imo: c.imo_number } }, base));
    const planner = await signIn(t.app, db, { terminalIds: [terminal.id] });
    const res = await planner.call('PUT', '/schedule_providers', { terminal_id: terminal.id, provider: 'portcast', base_url: provider.url, credentials: 'k', polling_interval_minutes: 30 });
    expect(res.statusCode).toBe(200);

    if (target === 'postgres') {
      const database: Database = await openDatabase(t.databaseConfig);
      const app: FastifyInstance = await buildApp({ config: testConfig(t.databaseConfig, { runJobs: true }), clock: t.clock, database, jobs: { isCronEnabled: false, pollingIntervalSeconds: 0.5 } });
      second = { runner: app.jobs!, close: async () => { await app.close(); await database.close(); } };
    } else {
      const runner = createJobRunner(t.app.ctx, { isCronEnabled: false, pollingIntervalSeconds: 0.5 });
      await runner.start();
      second = { runner, close: () => runner.stop() };
    }
  });
  afterAll(async () => {
    await second?.close();
    await provider?.close();
    await t?.close();
  });

  it('runs a due provider fetch once although two servers tick for the same slot', async () => {
    expect(t.app.jobs).not.toBeNull();
    const sent = [await t.app.jobs!.tick(), await second.runner.tick()];
    expect(sent).toEqual([1, 0]);

    const run = await waitFor(async () =>
      t.database.db.selectFrom('schedule_sync_runs').selectAll().where('terminal_id', '=', terminalId).where('trigger', '=', 'schedule').where('outcome', '!=', 'running').executeTakeFirst(),
    );
    expect(run.outcome).toBe('success');
    expect(run.source).toBe('portcast');
    expect(provider.requests.map((r) => r.headers['x-api-key'])).toEqual(['k', 'k']);
    const calls = await t.database.db.selectFrom('portcalls').select('id').where('terminal_id', '=', terminalId).execute();
    expect(calls.length).toBeGreaterThan(0);

    const stored = await t.database.db.selectFrom('schedule_providers').selectAll().where('terminal_id', '=', terminalId).executeTakeFirstOrThrow();
    expect(new Date(stored.next_attempt_at!).getTime()).toBe(t.clock.now().getTime() + 30 * 60_000);
    // nothing is due any more, and the old slot can no longer be claimed
    expect(await second.runner.tick()).toBe(0);
    expect(await second.runner.runFetch({ providerId: stored.id, slot: new Date(run.started_at).toISOString() })).toBe(false);
    const runs = await t.database.db.selectFrom('schedule_sync_runs').select('id').where('terminal_id', '=', terminalId).where('trigger', '=', 'schedule').execute();
    expect(runs).toHaveLength(1);
    expect(provider.requests).toHaveLength(2);
  }, 60_000);

  it('fetches again when the clock reaches the next slot', async () => {
    t.clock.advance(31 * 60_000);
    expect(await t.app.jobs!.tick()).toBe(1);
    await waitFor(async () => {
      const runs = await t.database.db.selectFrom('schedule_sync_runs').select('id').where('terminal_id', '=', terminalId).where('trigger', '=', 'schedule').where('outcome', '=', 'success').execute();
      return runs.length === 2 ? runs : undefined;
    });
    expect(provider.requests).toHaveLength(4);
  }, 60_000);
});

describe('a stopped job runner', () => {
  it('leaves the database alone afterwards, so a job that outlived the stop cannot fail on a closed pool', async () => {
    const t = await createTestApp('pglite', { runJobs: true });
    const runner = t.app.jobs!;
    await runner.stop();
    await t.database.close();
    // What a late job's completion does: pg-boss runs its SQL through the runner's database adapter.
    await expect(runner.boss.getQueue('provider-fetch')).resolves.toBeFalsy();
    await t.app.close();
  }, 60_000);
});
