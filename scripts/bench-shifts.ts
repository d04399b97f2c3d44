// `npm run bench:shifts`: the shift planner with 300 calls over 14 days (3 shifts a day), on top of the demo terminal.
// 1. API, in process, on PGlite and on PostgreSQL (`--database-url`, default postgres://postgres@127.0.0.1:5432/test;
//    a fresh database, dropped afterwards): the 14-day board 20 times, and 50 edits of a card (PUT shift_details with
//    the call's version) each followed by the board the planner's screen fetches after it. Target: edit p95 < 150 ms
//    on PostgreSQL.
// 2. Browser: the real server, Debian's Chromium signed in as the demo planner, the 14-day board opened 5 times from
//    the loaded dashboard and timed from navigation start to the complete board (every row and column rendered,
//    `data-ready`); then 20 edits through the screen (a card's gangs changed in its drawer and saved) timed from the
//    click on Save to the new figure in the column header, and to the server's answer, timed in the page. Targets:
//    render < 1,000 ms; edit shown and saved p95 < 150 ms.
// `--only api|pglite|postgres` runs one part. A missed target is a finding, not an error (docs/performance.md).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type TBoardShift,
  type TShiftDetailInput,
  addLocalDays,
  boardShifts,
  createRng,
  formatLocalDay,
  localDateOf,
  localTimeToInstant,
  prefillShiftPlan,
} from '@quayline/domain';
import type { Insertable, Kysely } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { DB, PortcallsTable } from '../apps/server/src/db/schema';
import { DEMO_TERMINAL } from '../apps/server/src/demo/demo-data';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seed-demo';
import { createManualClock } from '../apps/server/src/lib/clock';
import { shiftDetailRow } from '../apps/server/src/modules/portcalls/portcall.repository';
import { signIn } from '../apps/server/src/test/fixtures';
import { createPostgresDatabase, testConfig } from '../apps/server/src/test/test-app';
import { type TBenchDatabase, analyzePostgres, benchAdminUrl, benchOnly, launchBenchChromium, percentile, runBench, runBrowserBenches, signedInPage, startBenchServer, startPageProfile } from './bench-common';

const H = 3_600_000;
const CALLS = 300;
const DAYS = 14;
const BOARD_REQUESTS = 20;
const EDITS = 50;
const RENDER_RUNS = 5;
const BROWSER_EDITS = 20;
const TARGETS = { renderMs: 1_000, editP95Ms: 150 };

/** The first shown day: tomorrow in the terminal's zone, so every shown shift lies ahead and takes edits. */
function firstDay(now: Date, timeZone: string): { iso: string; start: number; end: number } {
  const date = addLocalDays(localDateOf(now.getTime(), timeZone), 1);
  return { iso: formatLocalDay(date), start: localTimeToInstant(date, '00:00', timeZone), end: localTimeToInstant(addLocalDays(date, DAYS), '00:00', timeZone) };
}

/** 300 calls at the demo terminal within the 14 shown days, each with cargo and a shift plan from the prefill rule. */
async function seedShiftBench(db: Kysely<DB>, now: Date): Promise<{ terminalId: number; from: string; calls: number; cards: number }> {
  const terminal = await db.selectFrom('terminals').select(['id', 'time_zone', 'quay_length_m']).where('code', '=', DEMO_TERMINAL.code).executeTakeFirstOrThrow();
  const [definitions, nonWorking, vessels, equipment] = await Promise.all([
    db.selectFrom('terminal_shifts').select(['id', 'shift_number', 'name', 'start_time', 'end_time', 'gangs_available']).where('terminal_id', '=', terminal.id).orderBy('shift_number').execute(),
    db.selectFrom('terminal_non_working_times').select(['id', 'starts_at', 'ends_at']).where('terminal_id', '=', terminal.id).execute(),
    db.selectFrom('vessels').select(['id', 'vessel_operator_id']).where('vessel_operator_id', 'is not', null).orderBy('id').execute(),
    db.selectFrom('cargo_handling_equipments').select((eb) => eb.fn.countAll<string>().as('n')).where('terminal_id', '=', terminal.id).executeTakeFirstOrThrow(),
  ]);
  const window = firstDay(now, terminal.time_zone);
  const columns: TBoardShift[] = boardShifts({
    shifts: definitions.map((d) => ({ ...d, start_time: d.start_time.slice(0, 5), end_time: d.end_time.slice(0, 5) })),
    timeZone: terminal.time_zone,
    from: window.start,
    to: window.end,
    nonWorking: nonWorking.map((n) => ({ id: n.id, starts_at: new Date(n.starts_at).toISOString(), ends_at: new Date(n.ends_at).toISOString() })),
    equipmentCount: Number(equipment.n),
  });
  const rng = createRng(20_261_124);
  const rows: Insertable<PortcallsTable>[] = [];
  const plans: { moves: number; intensity: number; cargoStart: number; cargoEnd: number }[] = [];
  for (let i = 0; i < CALLS; i++) {
    const vessel = rng.pick(vessels);
    const stayH = rng.int(12, 60);
    const arrival = window.start + rng.int(0, DAYS * 24 - stayH) * H;
    const departure = arrival + stayH * H;
    const length = rng.int(120, 360);
    const from = rng.int(0, Math.floor((terminal.quay_length_m - length) / 5)) * 5;
    rows.push({
      terminal_id: terminal.id,
      vessel_id: vessel.id,
      vessel_operator_id: vessel.vessel_operator_id!,
      agent_id: null,
      status: 'Approaching',
      berth_arrival: new Date(arrival),
      berth_departure: new Date(departure),
      berth_arrival_label: 'planned',
      berth_departure_label: 'planned',
      cargo_operations_start: new Date(arrival + H),
      cargo_operations_end: new Date(departure - H),
      berth_start_position: from,
      berth_end_position: from + length,
      updated_at: now,
    });
    plans.push({ moves: rng.int(200, 2400), intensity: rng.int(1, 3), cargoStart: arrival + H, cargoEnd: departure - H });
  }
  let cards = 0;
  for (let at = 0; at < rows.length; at += 100) {
    const ids = await db.insertInto('portcalls').values(rows.slice(at, at + 100)).returning('id').execute();
    const batch = plans.slice(at, at + 100);
    await db
      .insertInto('portcall_cargo_details')
      .values(ids.map(({ id }, i) => { const p = batch[i]!; const discharge = Math.round(p.moves / 2); return { portcall_id: id, position: 0, cargo_type: 'Container (boxes)', move_count: p.moves, move_count_unit: 'pieces', discharge, load: p.moves - discharge, restow: 0, crane_intensity: p.intensity, units_per_hour: 25, cargo_operations_start: null, cargo_operations_end: null, cargo_sub_type: null, product_type: null, comment: null }; }))
      .execute();
    const details = ids.flatMap(({ id }, i) => {
      const p = batch[i]!;
      const discharge = Math.round(p.moves / 2);
      const plan: TShiftDetailInput[] = prefillShiftPlan({ shifts: columns, nonWorking: [], window: { from: p.cargoStart, to: p.cargoEnd }, volumes: { discharge, load: p.moves - discharge, restow: 0 }, unitsPerHour: 25, craneIntensity: p.intensity, card: { cargo_type: 'Container (boxes)' } }).details;
      return plan.map((d) => shiftDetailRow(id, d));
    });
    for (let c = 0; c < details.length; c += 500) await db.insertInto('portcall_shift_details').values(details.slice(c, c + 500)).execute();
    cards += details.length;
  }
  return { terminalId: terminal.id, from: window.iso, calls: CALLS, cards };
}

type TRow = { name: string; p50: number; p95: number; target: number | null };
function printRows(title: string, rows: TRow[]): void {
  console.log(`\n${title}\n`);
  console.log('| figure | p50 ms | p95 ms | p95 / target |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.target ? `${((r.p95 / r.target) * 100).toFixed(0)} % of ${r.target} ms` : ''} |`);
}

async function benchApi(kind: 'pglite' | 'postgres'): Promise<void> {
  const now = new Date();
  const work = mkdtempSync(path.join(os.tmpdir(), 'quayline-bench-shifts-'));
  const fresh = kind === 'postgres' ? await createPostgresDatabase(benchAdminUrl('postgres://postgres@127.0.0.1:5432/test')!, 'quayline_bench_shifts') : null;
  const config = testConfig(fresh ? { kind: 'postgres', url: fresh.url } : { kind: 'pglite', dataDir: path.join(work, 'data') }, { seedDemo: true });
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, clock: createManualClock(now), database });
  try {
    const seeded = await seedShiftBench(database.db, now);
    if (fresh) await analyzePostgres(fresh.url);
    const planner = await signIn(app, database.db, { terminalIds: [seeded.terminalId] });
    const boardUrl = `/shift_planner?terminal_id=${seeded.terminalId}&from=${seeded.from}&days=${DAYS}`;
    const board = await planner.call('GET', boardUrl);
    if (board.statusCode !== 200) throw new Error(`board: ${board.statusCode} ${board.body}`);
    const payload = board.json().payload as { portcalls: { id: number; version: number; portcall_shift_details: (TShiftDetailInput & { id: number })[] }[]; shiftsList: unknown[] };
    const boardTimes: number[] = [];
    for (let i = 0; i < BOARD_REQUESTS; i++) {
      const t0 = performance.now();
      await planner.call('GET', boardUrl);
      boardTimes.push(performance.now() - t0);
    }
    const editable = payload.portcalls.filter((c) => c.portcall_shift_details.length > 0);
    const editTimes: number[] = [];
    const editAndBoardTimes: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const call = editable[i % editable.length]!;
      const cards = call.portcall_shift_details.map(({ id: _id, portcall_id: _p, total_resources: _t, ...card }: TShiftDetailInput & { id: number; portcall_id?: number; total_resources?: number }) => card);
      cards[0] = { ...cards[0]!, gangs: cards[0]!.gangs === 1 ? 2 : 1 };
      const t0 = performance.now();
      const res = await planner.call('PUT', `/portcalls/${call.id}/shift_details`, { version: call.version, portcall_shift_details: cards });
      const t1 = performance.now();
      if (res.statusCode !== 200) throw new Error(`edit ${i}: ${res.statusCode} ${res.body}`);
      await planner.call('GET', boardUrl);
      editTimes.push(t1 - t0);
      editAndBoardTimes.push(performance.now() - t0);
      const saved = res.json().payload.portcall as { version: number; portcall_shift_details: (TShiftDetailInput & { id: number })[] };
      call.version = saved.version;
      call.portcall_shift_details = saved.portcall_shift_details;
    }
    const row = (name: string, times: number[], target: number | null): TRow => ({ name, p50: percentile(times, 0.5), p95: percentile(times, 0.95), target });
    printRows(
      `API on ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${seeded.calls} calls with ${seeded.cards} shift cards over ${DAYS} days (${payload.portcalls.length} rows, ${payload.shiftsList.length} shifts on the board), ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
      [row(`GET board, ${DAYS} days (${BOARD_REQUESTS}x)`, boardTimes, null), row(`PUT shift_details (${EDITS}x)`, editTimes, TARGETS.editP95Ms), row('PUT then the board again', editAndBoardTimes, null)],
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fresh?.drop();
  }
}

type TBenchWindow = Window & { __benchReadyAt?: number; __benchPaintedAt?: number };

/** Records, from page load on, when the board first carries data-ready="true" (ms since navigation start). */
function recordBoardReady(): void {
  const w = window as TBenchWindow;
  const observer = new MutationObserver(() => {
    if (w.__benchReadyAt === undefined && document.querySelector('[data-testid="shift-board"][data-ready="true"]')) {
      w.__benchReadyAt = performance.now();
      observer.disconnect();
      // The frame after the one that lays out and paints the new table: the board as the planner sees it.
      requestAnimationFrame(() => setTimeout(() => (w.__benchPaintedAt = performance.now()), 0));
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
}

async function seedForBrowser(target: TBenchDatabase): Promise<{ from: string; calls: number; cards: number }> {
  const database = await openDatabase(target);
  try {
    await migrateToLatest(database.db as never);
    const now = new Date();
    await seedDemoIfEmpty(database.db, now);
    const seeded = await seedShiftBench(database.db, now);
    if (target.kind === 'postgres') await analyzePostgres(target.url);
    return seeded;
  } finally {
    await database.close();
  }
}

async function benchBrowser(kind: 'pglite' | 'postgres'): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'quayline-bench-shifts-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase(benchAdminUrl('postgres://postgres@127.0.0.1:5432/test')!, 'quayline_bench_shifts') : null;
  const target: TBenchDatabase = postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: path.join(work, 'data') };
  let server: Awaited<ReturnType<typeof startBenchServer>> | null = null;
  try {
    const loadBefore = os.loadavg()[0] ?? 0;
    const seeded = await seedForBrowser(target);
    server = await startBenchServer(target);
    const browser = await launchBenchChromium();
    const renders: number[] = [];
    const painted: number[] = [];
    const edits: number[] = [];
    const saves: number[] = [];
    const notes: string[] = [];
    try {
      const { page } = await signedInPage(browser, server.url, { fn: recordBoardReady, arg: undefined });
      const saved = await page.request.put(`${server.url}/api/portal/v1/update_shift_planner_settings`, { data: { type: 'number_of_days_to_show_shifts', value: DAYS } });
      if (!saved.ok()) throw new Error(`settings: ${saved.status()} ${await saved.text()}`);
      const url = `${server.url}/en/shift-planner?from=${seeded.from}`;
      for (let run = 0; run < RENDER_RUNS; run++) {
        // The last run, navigation to data-ready.
        const profiler = run === RENDER_RUNS - 1 ? await startPageProfile(page) : null;
        await page.goto(url);
        await page.waitForFunction(() => (window as TBenchWindow).__benchPaintedAt !== undefined, undefined, { timeout: 60_000, polling: 50 });
        renders.push(await page.evaluate(() => (window as TBenchWindow).__benchReadyAt!));
        painted.push(await page.evaluate(() => (window as TBenchWindow).__benchPaintedAt!));
        await profiler?.stop('the last render');
        if (process.env.BENCH_WATERFALL) {
          const entries = await page.evaluate(() =>
            performance.getEntriesByType('resource').map((e) => {
              const r = e as PerformanceResourceTiming;
              return `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ms ${Math.round(r.encodedBodySize / 1024)} kB ${r.name.replace(location.origin, '')}`;
            }),
          );
          console.log(`run ${run + 1}: ready at ${Math.round(renders.at(-1)!)} ms\n  ${entries.join('\n  ')}`);
        }
        await page.waitForLoadState('networkidle');
      }
      const counts = await page.evaluate(() => ({
        rows: document.querySelectorAll('[data-testid="shift-row"]').length,
        columns: document.querySelectorAll('[data-testid="shift-column"]').length,
        cards: document.querySelectorAll('[data-testid="shift-card"]').length,
        elements: document.querySelectorAll('*').length,
      }));
      notes.push(`board: ${counts.rows} rows, ${counts.columns} shift columns, ${counts.cards} cards, ${counts.elements} elements in the page`);
      for (let i = 0; i < BROWSER_EDITS; i++) {
        const edit = await editThroughScreen(page, i);
        edits.push(edit.shown);
        saves.push(edit.saved);
      }
    } finally {
      await browser.close();
    }
    const median = percentile(renders, 0.5);
    const editP95 = percentile(edits, 0.95);
    console.log(`\nShift planner in Chromium on ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${seeded.calls} calls, ${seeded.cards} cards, ${DAYS} days, 1440x900, ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} at the start\n`);
    console.log('| figure | runs (ms) | median ms | p95 ms | against target |');
    console.log('|---|---|---:|---:|---:|');
    console.log(`| complete board in the DOM (navigation start to data-ready) | ${renders.map((t) => Math.round(t)).join(', ')} | ${Math.round(median)} | ${Math.round(percentile(renders, 0.95))} | median ${((median / TARGETS.renderMs) * 100).toFixed(0)} % of ${TARGETS.renderMs} ms |`);
    const paintedMedian = percentile(painted, 0.5);
    console.log(`| complete board on screen (to the frame after its layout and paint) | ${painted.map((t) => Math.round(t)).join(', ')} | ${Math.round(paintedMedian)} | ${Math.round(percentile(painted, 0.95))} | median ${((paintedMedian / TARGETS.renderMs) * 100).toFixed(0)} % of ${TARGETS.renderMs} ms |`);
    const saveP95 = percentile(saves, 0.95);
    console.log(`| edit shown (click on Save to the new header figure) | ${edits.length} edits | ${percentile(edits, 0.5).toFixed(0)} | ${editP95.toFixed(0)} | p95 ${((editP95 / TARGETS.editP95Ms) * 100).toFixed(0)} % of ${TARGETS.editP95Ms} ms |`);
    console.log(`| edit saved (click on Save to the server's answer received) | ${saves.length} edits | ${percentile(saves, 0.5).toFixed(0)} | ${saveP95.toFixed(0)} | p95 ${((saveP95 / TARGETS.editP95Ms) * 100).toFixed(0)} % of ${TARGETS.editP95Ms} ms |`);
    for (const n of notes) console.log(n);
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
    await postgres?.drop();
  }
}

/**
 * One edit through the screen: the first card with gangs in view is opened, its gangs set to the other of 1 and 2,
 * and Save clicked; the time runs until its column header shows the new gang total.
 */
type TEditWindow = Window & { __editClickAt?: number | undefined; __editShownAt?: number | undefined };

async function editThroughScreen(page: import('playwright-core').Page, i: number): Promise<{ shown: number; saved: number }> {
  const card = page.locator('[data-testid="shift-card"][data-editable="true"]').nth(i % 10);
  const key = await card.getAttribute('data-shift-key');
  const gangs = Number(await card.getAttribute('data-gangs'));
  const header = page.locator(`[data-testid="shift-column"][data-shift-key="${key}"]`);
  const before = Number(await header.getAttribute('data-gangs'));
  const next = gangs === 1 ? 2 : 1;
  await card.click();
  await page.getByTestId('shift-editor-gangs').fill(String(next));
  const expected = String(before - gangs + next);
  // Timed in the page (the click event to the header's new figure), so Playwright's own round trips do not count.
  await page.evaluate(([k, want]) => {
    const w = window as TEditWindow;
    w.__editClickAt = undefined;
    w.__editShownAt = undefined;
    document.addEventListener('click', (e) => {
      if (e.target instanceof Element && e.target.closest('[data-testid="shift-editor-save"]')) w.__editClickAt = performance.now();
    }, { capture: true, once: true });
    const header = document.querySelector(`[data-testid="shift-column"][data-shift-key="${k}"]`)!;
    const observer = new MutationObserver(() => {
      const now = document.querySelector(`[data-testid="shift-column"][data-shift-key="${k}"]`);
      if (now?.getAttribute('data-gangs') === want) {
        w.__editShownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(header.parentElement ?? header, { subtree: true, attributes: true, attributeFilter: ['data-gangs'], childList: true });
  }, [key, expected] as const);
  const answered = page.waitForResponse((r) => r.url().includes('/shift_details') && r.request().method() === 'PUT');
  await page.getByTestId('shift-editor-save').click();
  await page.waitForFunction(() => (window as TEditWindow).__editShownAt !== undefined, undefined, { timeout: 10_000 });
  await answered;
  const [t0, t1, t2] = await page.evaluate(() => {
    const w = window as TEditWindow;
    const put = performance.getEntriesByType('resource').filter((e) => e.name.includes('/shift_details')).at(-1) as PerformanceResourceTiming | undefined;
    return [w.__editClickAt ?? Number.NaN, w.__editShownAt!, put?.responseEnd ?? Number.NaN];
  });
  await page.getByTestId('shift-editor').waitFor({ state: 'hidden' });
  return { shown: t1 - t0, saved: t2 - t0 };
}

async function main(): Promise<void> {
  const only = benchOnly();
  if (!only || only === 'api') {
    await benchApi('pglite');
    await benchApi('postgres');
  }
  if (only === 'api') return;
  await runBrowserBenches(only, benchBrowser);
}

runBench(main);
