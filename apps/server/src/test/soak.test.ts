// The day-in-the-life soak, bounded for `npm test` (docs/soak.md): the demo terminal on one in-process app with its
// jobs, its AIS replay and its local port authority, listening on a real port; virtual people of every role and one
// acting for a colleague work it through HTTP for a fixed number of actions. Bounded by actions, not by time, and
// without timing asserts, so a loaded machine makes it slower, never red. `npm run soak` is the full form: two server
// processes on one PostgreSQL, for minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readAisConfig } from '../config';
import type { FastifyInstance } from 'fastify';
import { type Database, openDatabase } from '../db/database';
import { listenOnFreePort } from './realtime-client';
import { httpServer } from './soak/soak-client';
import { runSoak } from './soak/soak-run';
import { DB_TARGETS, createPostgresDatabase, testConfig } from './test-app';

const SEED = Number(process.env.SOAK_SEED ?? 20_261_127);
const ACTIONS = Number(process.env.SOAK_TEST_ACTIONS ?? 100);

describe.each(DB_TARGETS)('the day-in-the-life soak on %s', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let drop: () => Promise<void> = async () => {};
  let url: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    const created = target === 'postgres' ? await createPostgresDatabase() : null;
    const databaseConfig = created ? ({ kind: 'postgres', url: created.url } as const) : ({ kind: 'pglite', dataDir: null } as const);
    if (created) drop = created.drop;
    database = await openDatabase(databaseConfig);
    // The real clock: the audit check tells one write from the next by its instant.
    app = await buildApp({
      config: testConfig(databaseConfig, { seedDemo: true, runJobs: true, ais: readAisConfig({}, true, process.cwd()) }),
      database,
      logger: { level: 'warn', destination: { write: (line) => void logLines.push(line) } },
    });
    url = await listenOnFreePort(app);
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop();
  });

  it(`works ${ACTIONS} actions of a day and finds nothing`, async () => {
    const report = await runSoak({
      seed: SEED,
      users: Number(process.env.SOAK_USERS ?? 8),
      maxActions: ACTIONS,
      maxMinutes: 10,
      // While the people work, the terminal operator's sweep; afterwards every role's.
      rolesSweptDuring: 1,
      servers: [httpServer(target, url)],
      db: database.db,
      errorLines: () => logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50),
      setup: `one in-process app on ${target}, jobs on, AIS replaying, the local port authority answering`,
    });
    console.log(report.text);
    expect(report.serverErrors).toBe(0);
    expect(report.findings, report.text).toBe(0);
  }, 600_000);
});
