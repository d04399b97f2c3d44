// Starts Quayline: reads the environment, builds the app and listens.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { readConfig } from './config';
import { claimDataDir } from './db/backup';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/demo-data';
import { installGracefulShutdown, readShutdownOptions } from './shutdown';
import { readLogSettings } from './lib/logger';

const config = readConfig();
// PGlite belongs to one process: refuse a data directory another live server holds, and tell `npm run backup` ours.
if (config.database.kind === 'pglite' && config.database.dataDir) process.once('exit', claimDataDir(config.database.dataDir));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const webDist = config.webDist ?? path.join(repoRoot, 'apps/web/dist');

const startedAt = performance.now();
const app = await buildApp({ config: { ...config, webDist }, logger: readLogSettings() });
installGracefulShutdown(app, readShutdownOptions());
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;

// Nordic Line's JIT system sends its times before the banner, so whoever waits for the banner finds the exchange begun.
const jitCarrier = app.demoJitCarrier;
const jitOpened = jitCarrier ? await jitCarrier.openCalls().catch((err: unknown) => (app.log.error({ err }, "the demo's Nordic Line JIT system could not open its calls"), null)) : null;

const dbText = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
const lines = [
  '',
  `  Quayline is running on http://localhost:${port}  (database: ${dbText}, ready in ${Math.round(performance.now() - startedAt)} ms)`,
  `  API reference: http://localhost:${port}/api/portal/v1/docs`,
];
const portAuthority = app.ctx.config.portAuthority;
if (portAuthority?.isLocal) lines.push(`  PRISE: local port authority on ${portAuthority.url} (set PORT_AUTHORITY_URL for a real one)`);
if (jitCarrier) {
  const what = jitOpened === null ? 'could not open its calls (see the log)' : jitOpened.length ? `sent its arrival time for ${jitOpened.length} coming call${jitOpened.length === 1 ? '' : 's'}` : 'has its coming calls in the exchange already';
  lines.push(`  DCSA JIT: Nordic Line's system (local carrier) on ${jitCarrier.endpoint.url}, ${what} (JIT_DEMO_CARRIER=false turns it off)`);
}
if (config.seedDemo) {
  lines.push(`  Demo sign-ins (password ${DEMO_PASSWORD}):`);
  for (const u of DEMO_USERS) lines.push(`    ${u.email.padEnd(40)} ${u.user_type}${u.expired ? ' (password expired)' : ''}`);
}
console.log(lines.join('\n') + '\n');
