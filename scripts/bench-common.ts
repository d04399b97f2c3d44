// What the browser benchmarks share: the web build, the database under test, Chromium signed in as the demo planner.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import pg from 'pg';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-data';
import { startServerProcess } from '../apps/server/src/test/server-process';
import { createPostgresDatabase } from '../apps/server/src/test/test-app';
import { CHROMIUM, ensureChromium } from './ensure-chromium.mjs';
import { buildWebIfStale as buildWebWhenStale } from './web-build.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDist = path.join(root, 'apps/web/dist');
export const DEMO_PLANNER = 'terminal.operator@demo.quayline.test';

/**
 * A dashboard widget has its content when one of these test ids is in it (data, or its empty state); a widget not
 * listed only needs to have no loader. Passed to the page's init script, which cannot see this module.
 */
export const DASHBOARD_WIDGET_CONTENT: Readonly<Record<string, string>> = {
  user_stats: '[data-testid="stat-open_tasks"]',
  watchlist: '[data-testid="watchlist-item"], [data-testid="watchlist-empty"]',
  alerts: '[data-testid="alerts-list"], [data-testid="alerts-empty"]',
  cargo_operation_progress: '[data-testid="cargo-item"], [data-testid="cargo-empty"]',
  portcall_kpis: '[data-testid="portcall-kpis-table"], [data-testid="portcall-kpis-empty"], [data-testid="portcall-kpis-none"]',
  overall_performance: '[data-testid="performance-span"]',
};

export type TBenchDatabase = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** `--database-url postgres://...`, else BENCH_DATABASE_URL, else the fallback (null: PGlite only). */
export function benchAdminUrl(fallback: string | null = null): string | null {
  const at = process.argv.indexOf('--database-url');
  return at >= 0 ? (process.argv[at + 1] ?? null) : (process.env.BENCH_DATABASE_URL ?? fallback);
}

/** `--only NAME` picks one part of a benchmark. */
export function benchOnly(): string | undefined {
  const at = process.argv.indexOf('--only');
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** Same rule as `npm start` (scripts/web-build.mjs); a failed build stops the bench. */
export function buildWebIfStale(): void {
  const failed = buildWebWhenStale();
  if (failed !== 0) throw new Error(`the web build failed (exit ${failed})`);
}

export function startBenchServer(target: TBenchDatabase, env: Record<string, string> = {}) {
  const database: Record<string, string> = target.kind === 'pglite' ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.url };
  return startServerProcess({ ...database, WEB_DIST: webDist, ...env }, { startTimeoutMs: 120_000 });
}

/** Fresh tables have no statistics yet; production has autovacuum for that. */
export async function analyzePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('analyze');
  await client.end();
}

/**
 * `BENCH_PROFILE=file.cpuprofile`: records the page's main thread, sampled every 0.2 ms, until `stop` (for diagnosis;
 * it slows the page). Null when the variable is unset.
 */
export async function startPageProfile(page: Page): Promise<{ stop(what: string): Promise<void> } | null> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return null;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    async stop(what) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile of ${what} written to ${file}`);
    },
  };
}

export async function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

/**
 * A 1440x900 context whose page is signed in as the demo planner and has settled on the dashboard.
 * `initScript` runs in every page before the app (to record when a screen is ready).
 */
export async function signedInPage<A>(browser: Browser, baseUrl: string, initScript?: { fn: (arg: A) => void; arg: A }, email = DEMO_PLANNER): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // tsx compiles with esbuild's keepNames, which wraps inner functions in __name(); functions handed to
  // page.evaluate run in the page, where that helper has to exist too.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  // The page receives the argument as JSON; A is what the caller hands over.
  if (initScript) await page.addInitScript(initScript.fn as (arg: unknown) => void, initScript.arg);
  await page.goto(`${baseUrl}/en/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-password').press('Enter');
  await page.waitForURL(/\/en\/dashboard$/, { timeout: 30_000 });
  // A screen is opened from a dashboard that has finished loading; a page still busy delays its own unload.
  await page.waitForLoadState('networkidle');
  return { context, page };
}

/** The p-th percentile (0..1) by the nearest-rank method. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

/** The browser half of a bench: Chromium and the web build made ready once, then each database `--only` allows. */
export async function runBrowserBenches(only: string | undefined, bench: (kind: 'pglite' | 'postgres') => Promise<void>): Promise<void> {
  ensureChromium();
  buildWebIfStale();
  if (!only || only === 'pglite') await bench('pglite');
  if (!only || only === 'postgres') await bench('postgres');
}

/**
 * An in-process bench on each database `--only` allows: a fresh PGlite data directory, then a fresh PostgreSQL
 * database (`--database-url` or the local one), each removed afterwards. Answers each run's result, PGlite first.
 */
export async function runOnBenchDatabases<T>(name: string, run: (label: string, target: TBenchDatabase) => Promise<T>): Promise<T[]> {
  const only = benchOnly();
  const results: T[] = [];
  if (!only || only === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `quayline-bench-${name}-`));
    try {
      results.push(await run('PGlite (data directory)', { kind: 'pglite', dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const adminUrl = benchAdminUrl('postgres://postgres@127.0.0.1:5432/test');
  if ((!only || only === 'postgres') && adminUrl) {
    const created = await createPostgresDatabase(adminUrl, `quayline_bench_${name}`);
    try {
      results.push(await run('PostgreSQL', { kind: 'postgres', url: created.url }));
    } finally {
      await created.drop();
    }
  }
  return results;
}

/** Runs a bench's main and turns a failure into exit code 1 with the error printed. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
