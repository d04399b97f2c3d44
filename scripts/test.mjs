// `npm test`: type-check, unit and API tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set),
// build the web app, then the browser tests. Ends with one "N passed, N failed" line over all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'node_modules/.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s ===`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

console.log(process.env.TEST_DATABASE_URL ? `Database tests run on PGlite and on ${process.env.TEST_DATABASE_URL}` : 'Database tests run on PGlite (set TEST_DATABASE_URL to add PostgreSQL)');
run('type-check', 'npx', ['tsc', '-b', 'tsconfig.json']);

const vitestJson = path.join(reports, 'vitest.json');
run('unit and API tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else failedSteps.push('vitest report missing');

ensureChromium();
if (run('build web app', 'npm', ['run', 'build', '-w', '@quayline/web'])) {
  const pwJson = path.join(reports, 'playwright.json');
  run('browser tests (playwright)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  const pw = readJson(pwJson);
  if (pw) {
    totals.passed += pw.stats.expected + (pw.stats.flaky ?? 0);
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped;
  } else failedSteps.push('playwright report missing');
}

console.log(`\nSuite time ${((Date.now() - started) / 1000).toFixed(0)} s.${failedSteps.length ? ` Failed steps: ${failedSteps.join(', ')}.` : ''}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
