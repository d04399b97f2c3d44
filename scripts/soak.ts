// `npm run soak`: the day-in-the-life soak in full (docs/soak.md). Two server processes on one fresh PostgreSQL
// database with the demo terminal, both running jobs, the first replaying the demo AIS recording, both asking the
// local port authority; virtual people of every role work it for SOAK_MINUTES. Exits 1 on any finding.
//
//   SOAK_MINUTES (3)  SOAK_USERS (12)  SOAK_SEED (20261127)  SOAK_ACTIONS (no cap)
//   SOAK_DATABASE_URL, else TEST_DATABASE_URL: the PostgreSQL server to create the soak's database on.
//   SOAK_KEEP_DATABASE=1 keeps that database afterwards, to look at what the day left behind.
import { openDatabase } from '../apps/server/src/db/database';
import { startLocalPortAuthority } from '../apps/server/src/modules/prise/local-port-authority';
import { startServerProcess } from '../apps/server/src/test/server-process';
import { httpServer } from '../apps/server/src/test/soak/soak-client';
import { runSoak } from '../apps/server/src/test/soak/soak-run';
import { createPostgresDatabase } from '../apps/server/src/test/test-app';

function numberOf(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: expected a number > 0, got ${JSON.stringify(raw)}`);
  return value;
}

/** Error-level lines (pino: 50 error, 60 fatal) of a server's JSON log output. */
function errorLines(name: string, output: string): string[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50 ? [`${name}: ${line}`] : [];
    } catch {
      return [];
    }
  });
}

const adminUrl = process.env.SOAK_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
if (!adminUrl) {
  console.error('npm run soak needs PostgreSQL: set SOAK_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}
const minutes = numberOf('SOAK_MINUTES', 3);
const users = Math.round(numberOf('SOAK_USERS', 12));
const seed = Math.round(numberOf('SOAK_SEED', 20_261_127));
const maxActions = numberOf('SOAK_ACTIONS', Number.POSITIVE_INFINITY);

const database = await createPostgresDatabase(adminUrl, 'quayline_soak');
const authority = await startLocalPortAuthority({ host: '127.0.0.1', port: 0 });
const env = {
  DATABASE_URL: database.url,
  SEED_DEMO: 'true',
  RUN_JOBS: 'true',
  LOG_LEVEL: 'warn',
  LOG_FORMAT: 'json',
  PORT_AUTHORITY_URL: authority.url,
  PORT_AUTHORITY_USERNAME: authority.username,
  PORT_AUTHORITY_PASSWORD: authority.password,
};
console.log(`Soak: ${minutes} min, ${users} people, seed ${seed}; starting two servers on ${database.url.replace(/\/\/[^@]*@/, '//')}`);
// A seeds the demo; B starts on the seeded database. One AIS replay is the terminal's one receiver.
const a = await startServerProcess({ ...env, AIS_DEMO_REPLAY: 'true' }, { startTimeoutMs: 180_000 });
const b = await startServerProcess({ ...env, AIS_DEMO_REPLAY: 'false' }, { startTimeoutMs: 180_000 });
const db = await openDatabase({ kind: 'postgres', url: database.url });
let exitCode = 1;
try {
  const report = await runSoak({
    seed,
    users,
    maxActions,
    maxMinutes: minutes,
    servers: [httpServer('A', a.url), httpServer('B', b.url)],
    db: db.db,
    errorLines: () => [...errorLines('A', a.output()), ...errorLines('B', b.output())],
    setup: 'two server processes on one PostgreSQL, jobs on, AIS replaying, the local port authority answering',
  });
  console.log(report.text);
  exitCode = report.findings === 0 ? 0 : 1;
} finally {
  await Promise.all([a.stop(), b.stop()]);
  await db.close();
  await authority.close();
  if (process.env.SOAK_KEEP_DATABASE === '1') console.log(`Kept ${database.url}`);
  else await database.drop();
}
process.exit(exitCode);
