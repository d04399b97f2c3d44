// `npm run bench:load`: the first visit over a slow link. Seeds the demo and the 2,000-call bench seed (PGlite, or a
// fresh PostgreSQL database with `--database-url`), starts the real server with the built web app, signs in as the
// demo planner, then in Debian's Chromium with the network emulated (CDP Network.emulateNetworkConditions: 10 Mbit/s
// down, 5 up, 50 ms round trip) and the browser cache empty and off, opens the dashboard and, cold again, the berth
// planner, `--runs` times each (default 3). Prints the bytes transferred until the dashboard is usable (every widget
// has its content and no loader) and the time until it is, and the time and bytes until the planner is complete
// (data-ready). Targets: at most 700 KB before the dashboard is usable, the planner complete within 3 s.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { BENCH_PORTCALL_COUNT, seedBenchPortcalls } from '../apps/server/src/demo/bench-seed';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seed-demo';
import { createPostgresDatabase } from '../apps/server/src/test/test-app';
import { DASHBOARD_WIDGET_CONTENT, type TBenchDatabase, benchAdminUrl, buildWebIfStale, launchBenchChromium, percentile, runBench, signedInPage, startBenchServer } from './bench-common';
import { ensureChromium } from './ensure-chromium.mjs';

const argValue = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Number(argValue('--runs') ?? 3);
const LINK = { offline: false, latency: 50, downloadThroughput: (10 * 1_000_000) / 8, uploadThroughput: (5 * 1_000_000) / 8 };
const TARGETS = { dashboardKb: 700, plannerMs: 3_000 };

type TBenchWindow = Window & { __benchUsableAt?: number };
type TLoad = { ms: number; bytes: number; jsBytes: number; cssBytes: number; apiBytes: number; requests: number };

/** Records when the dashboard is first usable: every shown widget has its content (or empty state) and no loader. */
function recordDashboardUsable(content: Readonly<Record<string, string>>): void {
  const w = window as TBenchWindow;
  const isUsable = () => {
    if (location.pathname.endsWith('/berth-planner')) return document.querySelector('[data-testid="berth-planner"][data-ready="true"]') !== null;
    const widgets = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="dashboard-widgets"] [data-widget]'));
    return widgets.length > 0 && widgets.every((el) => !el.querySelector('.mantine-Loader-root') && (!content[el.dataset.widget ?? ''] || el.querySelector(content[el.dataset.widget ?? '']!) !== null));
  };
  const observer = new MutationObserver(() => {
    if (w.__benchUsableAt === undefined && isUsable()) {
      w.__benchUsableAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

/** Bytes over the wire (headers included) of the document and every resource answered by `until`. */
function transferredUntil(until: number): Omit<TLoad, 'ms'> {
  const navigation = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.responseEnd <= until);
  const sum = (entries: PerformanceResourceTiming[]) => entries.reduce((n, e) => n + e.transferSize, 0);
  return {
    bytes: sum([...navigation, ...resources]),
    jsBytes: sum(resources.filter((e) => /\.m?js(\?|$)/.test(e.name))),
    cssBytes: sum(resources.filter((e) => /\.css(\?|$)/.test(e.name))),
    apiBytes: sum(resources.filter((e) => e.name.includes('/api/'))),
    requests: navigation.length + resources.length,
  };
}

/** Opens `url` with an empty, disabled cache over the emulated link; time and bytes until the screen is usable. */
async function coldLoad(page: Page, cdp: CDPSession, url: string): Promise<TLoad> {
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  try {
    await page.goto(url);
    await page.waitForFunction(() => (window as TBenchWindow).__benchUsableAt !== undefined, undefined, { timeout: 120_000, polling: 50 });
    const ms = await page.evaluate(() => (window as TBenchWindow).__benchUsableAt!);
    return { ms, ...(await page.evaluate(transferredUntil, ms)) };
  } finally {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.waitForLoadState('networkidle');
  }
}

async function seed(target: TBenchDatabase): Promise<void> {
  const database = await openDatabase(target);
  try {
    await migrateToLatest(database.db as never);
    const now = new Date();
    await seedDemoIfEmpty(database.db, now);
    await seedBenchPortcalls(database.db, { count: BENCH_PORTCALL_COUNT, now });
  } finally {
    await database.close();
  }
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

async function main(): Promise<void> {
  ensureChromium();
  buildWebIfStale();
  const work = mkdtempSync(path.join(os.tmpdir(), 'quayline-bench-load-'));
  const adminUrl = benchAdminUrl();
  const postgres = adminUrl ? await createPostgresDatabase(adminUrl, 'quayline_bench_load') : null;
  const target: TBenchDatabase = postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: path.join(work, 'data') };
  let server: Awaited<ReturnType<typeof startBenchServer>> | null = null;
  try {
    const loadBefore = os.loadavg()[0] ?? 0;
    await seed(target);
    server = await startBenchServer(target);
    const browser = await launchBenchChromium();
    try {
      const { context, page } = await signedInPage(browser, server.url, { fn: recordDashboardUsable, arg: DASHBOARD_WIDGET_CONTENT });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const dashboard: TLoad[] = [];
      const planner: TLoad[] = [];
      for (let run = 0; run < RUNS; run++) {
        dashboard.push(await coldLoad(page, cdp, `${server.url}/en/dashboard`));
        planner.push(await coldLoad(page, cdp, `${server.url}/en/berth-planner`));
      }
      await browser.close();
      const median = (loads: TLoad[], key: keyof TLoad) => percentile(loads.map((l) => l[key]), 0.5);
      console.log(`\nFirst visit over 10 Mbit/s down, 5 up, 50 ms round trip, cold cache; ${target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, demo and ${BENCH_PORTCALL_COUNT} bench calls; ${RUNS} runs; load average ${loadBefore.toFixed(1)} at the start\n`);
      console.log('| screen | time until usable, runs (median) | transferred (median) | of which JS / CSS / API | requests | target | met |');
      console.log('|---|---|---:|---|---:|---|---|');
      const row = (name: string, loads: TLoad[], target: string, isMet: boolean) =>
        console.log(
          `| ${name} | ${loads.map((l) => Math.round(l.ms)).join(', ')} ms (${Math.round(median(loads, 'ms'))}) | ${kb(median(loads, 'bytes'))} | ${kb(median(loads, 'jsBytes'))} / ${kb(median(loads, 'cssBytes'))} / ${kb(median(loads, 'apiBytes'))} | ${median(loads, 'requests')} | ${target} | ${isMet ? 'yes' : 'no'} |`,
        );
      row('dashboard usable', dashboard, `≤ ${TARGETS.dashboardKb} KB`, median(dashboard, 'bytes') <= TARGETS.dashboardKb * 1024);
      row('berth planner complete (2,000 calls)', planner, `≤ ${TARGETS.plannerMs} ms`, median(planner, 'ms') <= TARGETS.plannerMs);
    } finally {
      if (browser.isConnected()) await browser.close();
    }
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
    await postgres?.drop();
  }
}

runBench(main);
