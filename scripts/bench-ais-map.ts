// The map half of `npm run bench:ais`: the map screen with 5,000 vessels, measured in Debian's Chromium.
// The real server runs on a throwaway PGlite directory with the demo; the browser's `ais/portcalls_list` request is
// answered with 5,000 synthetic calls spread over the North Sea (page.route), and position updates reach the page as
// `ais.positions` events on its own realtime socket (page.routeWebSocket forwards the server's traffic and adds them),
// so the app runs unmodified. Prints:
// 1. time from navigation start until every marker is placed (clusters drawn), and the marker elements on screen;
// 2. frame times (requestAnimationFrame deltas) while panning and zooming for about 10 s: p50, p99, share > 50 ms;
// 3. the time to apply a batch of 500 position updates (event sent until the map and list stop changing).
// A missed target is a finding, not an error (docs/performance.md).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, WebSocketRoute } from 'playwright-core';
import type { TAisPortcallsList, TPortcallStatus } from '@quayline/domain';
import { buildWebIfStale, launchBenchChromium, percentile, runBench, signedInPage, startBenchServer } from './bench-common';
import { ensureChromium } from './ensure-chromium.mjs';

const VESSELS = 5_000;
const BATCH = 500;
const INTERACT_MS = 10_000;
const TARGETS = { firstRenderMs: 3_000, p99FrameMs: 50, slowFrameShare: 0.05, batchMs: 500 };
const STATUSES: TPortcallStatus[] = ['Approaching', 'Approaching', 'Approaching', 'Arrived at PBP', 'Berthed', 'Cargo Ops'];

/** A small deterministic generator, so every run draws the same fleet. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type TCall = TAisPortcallsList['portcalls'][number];

function syntheticFleet(terminalId: number, now: number): TCall[] {
  const random = createRandom(13);
  const iso = (ms: number) => new Date(ms).toISOString();
  return Array.from({ length: VESSELS }, (_, i) => {
    const id = 900_000 + i;
    const arrival = now + Math.round(random() * 72) * 3_600_000;
    const difference = Math.round((random() - 0.4) * 240);
    const status = difference > 60 ? 'delayed' : difference < -60 ? 'early' : 'on_time';
    return {
      portcall_id: id,
      terminal_id: terminalId,
      status: STATUSES[i % STATUSES.length]!,
      vessel_id: id,
      vessel_name: `BENCH VESSEL ${String(i + 1).padStart(4, '0')}`,
      imo_number: String(9_000_000 + i),
      mmsi: String(211_000_000 + i),
      vessel_type: 'CONTAINER',
      length_overall_m: 120 + Math.round(random() * 280),
      beam_m: 20 + Math.round(random() * 30),
      vessel_operator_code: 'BNCH',
      agent_code: null,
      berth_arrival: iso(arrival),
      berth_arrival_label: 'accepted',
      berth_departure: iso(arrival + 20 * 3_600_000),
      berth_departure_label: 'planned',
      pilot_boarding_place_name: 'Elbe 1',
      pilot_boarding_place_arrival: iso(arrival - 5 * 3_600_000),
      previous_port_name: 'Rotterdam',
      predicted_berth_arrival: { predicted_time: iso(arrival + difference * 60_000), difference, status, source: 'ais', last_fetched_at: iso(now) },
      is_watched: false,
      // The North Sea between the Channel, Norway and the German Bight.
      position: { latitude: 51.5 + random() * 6, longitude: 1 + random() * 7.5, speed_knots: 8 + random() * 10, course_deg: random() * 360, heading_deg: null, nav_status: 0, received_at: iso(now - 60_000) },
      reported_destination: 'DEHAM',
      reported_eta: null,
      track: [],
    };
  });
}

type TBenchWindow = Window & { __frames?: number[]; __recording?: boolean };

/** rAF deltas while the page is driven; recorded by the bench's own loop, the app is not touched. */
async function recordFrames(page: Page, drive: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as TBenchWindow;
    w.__frames = [];
    w.__recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames!.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await drive();
  return page.evaluate(() => {
    const w = window as TBenchWindow;
    w.__recording = false;
    return w.__frames ?? [];
  });
}

async function panAndZoom(page: Page): Promise<void> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const started = Date.now();
  let step = 0;
  while (Date.now() - started < INTERACT_MS) {
    if (step % 4 === 3) {
      await page.mouse.move(cx, cy);
      await page.mouse.wheel(0, step % 8 === 3 ? -300 : 300);
      await page.waitForTimeout(350);
    } else {
      const dx = (step % 2 ? 1 : -1) * 220;
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 1; i <= 15; i++) await page.mouse.move(cx + (dx * i) / 15, cy + (dx * i) / 30, { steps: 1 });
      await page.mouse.up();
    }
    step++;
  }
}

async function main(): Promise<void> {
  ensureChromium();
  buildWebIfStale();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayline-bench-ais-map-'));
  const server = await startBenchServer({ kind: 'pglite', dataDir });
  const browser = await launchBenchChromium();
  try {
    const { page } = await signedInPage(browser, server.url);
    const now = Date.now();
    let fleet: TCall[] | null = null;
    let terminalId = 0;
    await page.route('**/api/portal/v1/ais/portcalls_list*', async (route) => {
      terminalId = Number(new URL(route.request().url()).searchParams.get('terminal_id'));
      fleet ??= syntheticFleet(terminalId, now);
      const payload: TAisPortcallsList = { terminal_id: terminalId, generated_at: new Date().toISOString(), portcalls: fleet };
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: { status: 'SUCCESS' }, payload }) });
    });
    // The page's realtime socket, passed through to the server; the bench adds its position events to it.
    let socket: WebSocketRoute | null = null;
    const channels = new Set<string>();
    await page.routeWebSocket(/\/api\/portal\/v1\/realtime/, (ws) => {
      const upstream = ws.connectToServer();
      socket = ws;
      ws.onMessage((message) => {
        if (typeof message === 'string') {
          const parsed = JSON.parse(message) as { type?: string; channel?: string };
          if (parsed.type === 'subscribe' && parsed.channel) channels.add(parsed.channel);
        }
        upstream.send(message);
      });
      upstream.onMessage((message) => ws.send(message));
    });

    await page.goto(`${server.url}/en/map`);
    await page.waitForFunction((n) => document.querySelector('[data-testid="map-canvas"]')?.getAttribute('data-markers-ready') === String(n), VESSELS, { timeout: 120_000 });
    // Placed markers are drawn in the next frame.
    const firstRenderMs = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
    const markerElements = await page.locator('.leaflet-marker-icon').count();

    const frames = await recordFrames(page, () => panAndZoom(page));
    const moving = frames.slice(1);

    // 500 vessels each move about a nautical mile in one realtime batch.
    const channel = [...channels].find((c) => c.startsWith('Terminal.')) ?? [...channels][0];
    if (!socket || !channel || !fleet) throw new Error('the map did not open its realtime channel');
    const moved = (fleet as TCall[]).slice(0, BATCH).map((call) => ({
      portcall_id: call.portcall_id,
      mmsi: call.mmsi!,
      latitude: call.position!.latitude + 0.015,
      longitude: call.position!.longitude + 0.02,
      speed_knots: 12,
      course_deg: 45,
      heading_deg: 44,
      nav_status: 0,
      received_at: new Date().toISOString(),
    }));
    const settled = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          let lastChange = 0;
          const observer = new MutationObserver(() => {
            lastChange = performance.now();
          });
          observer.observe(document.querySelector('[data-testid="screen-map_view"]')!, { subtree: true, childList: true, attributes: true, characterData: true });
          const check = () => {
            if (lastChange && performance.now() - lastChange > 300) {
              observer.disconnect();
              resolve(lastChange - started);
            } else setTimeout(check, 50);
          };
          setTimeout(check, 50);
        }),
    );
    await page.waitForTimeout(20);
    (socket as WebSocketRoute).send(JSON.stringify({ type: 'event', id: 2_000_000_000, channel, event: 'ais.positions', payload: { terminal_id: terminalId, positions: moved }, created_at: new Date().toISOString() }));
    const batchMs = await settled;

    const p50 = percentile(moving, 0.5);
    const p99 = percentile(moving, 0.99);
    const slowShare = moving.filter((d) => d > 50).length / Math.max(1, moving.length);
    const rows = [
      ['first render of 5,000 vessels (navigation start to all markers placed)', `${Math.round(firstRenderMs)} ms`, `< ${TARGETS.firstRenderMs} ms`, firstRenderMs < TARGETS.firstRenderMs],
      ['marker and cluster elements on screen', String(markerElements), '', null],
      [`frames while panning and zooming (${moving.length} frames, ~${INTERACT_MS / 1000} s): p50`, `${p50.toFixed(1)} ms`, '', null],
      ['frames while panning and zooming: p99', `${p99.toFixed(1)} ms`, `< ${TARGETS.p99FrameMs} ms`, p99 < TARGETS.p99FrameMs],
      ['share of frames over 50 ms', `${(slowShare * 100).toFixed(1)} %`, `< ${TARGETS.slowFrameShare * 100} %`, slowShare < TARGETS.slowFrameShare],
      [`apply ${BATCH} position updates (event to settled DOM)`, `${Math.round(batchMs)} ms`, `< ${TARGETS.batchMs} ms`, batchMs < TARGETS.batchMs],
    ] as const;
    console.log(`\nMap with ${VESSELS} vessels (Chromium ${browser.version()}, 1440x900, PGlite demo server)`);
    for (const [figure, value, target, met] of rows) console.log(`  ${figure.padEnd(80)} ${value.padStart(10)}  ${target.padEnd(10)} ${met === null ? '' : met ? 'met' : 'MISSED'}`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
