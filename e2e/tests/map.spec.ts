// The map with the demo's AIS: the replayed recording puts the approaching vessels on the map; a position sent to the
// app's AIS receiver moves a vessel live; a click shows its call, predicted arrival and route; and a berthing sent
// as a shore station would (tagged sentences over UDP) becomes the call's actual berth arrival without anyone typing it.
import dgram from 'node:dgram';
import { type Page, expect, test } from '@playwright/test';
import { type TAisPortcallsList, type TPortcall, type TTerminalAisSettings, berthPoint } from '@quayline/domain';
import { encodePositionReport } from '../../apps/server/src/modules/ais/codec/encode';
import { withTagBlock } from '../../apps/server/src/modules/ais/codec/nmea';
import { DESKTOP, PHONE, USERS, WIDE_DESKTOP, baseUrl, login, screenshot } from '../support/fixtures';

const API = () => `${baseUrl()}/api/portal/v1`;
const MIN = 60_000;

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${API()}${path}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

async function sendAis(lines: string[]): Promise<void> {
  const port = Number(process.env.E2E_AIS_UDP_PORT);
  if (!port) throw new Error('E2E_AIS_UDP_PORT is not set; run through playwright.config.ts');
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => socket.send(Buffer.from(lines.join('\r\n'), 'latin1'), port, '127.0.0.1', (err) => (err ? reject(err) : resolve())));
  socket.close();
}

function report(mmsi: string, p: { latitude: number; longitude: number }, knots: number, navStatus: 0 | 5, at?: Date): string {
  const line = encodePositionReport({ mmsi, navStatus, sog: knots, cog: 95, heading: 95, lat: p.latitude, lon: p.longitude, second: (at ?? new Date()).getUTCSeconds() })[0]!;
  return at ? withTagBlock(line, at) : line;
}

test.describe('map', () => {
  test('the demo vessels are on the map; one moves live; a click shows its call, predicted arrival and route', async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await login(page, USERS.terminal);
    await page.goto(`${baseUrl()}/en/map`);
    await expect(page.getByTestId('screen-map_view')).toBeVisible();
    // The replayed recording's history reaches the map: vessels with a position are placed as markers.
    await expect.poll(async () => Number(await page.getByTestId('map-canvas').getAttribute('data-vessel-count')), { timeout: 30_000 }).toBeGreaterThan(3);
    await expect(page.locator('.quayline-ship-icon, .quayline-vessel-cluster').first()).toBeVisible();

    const list = await apiGet<TAisPortcallsList>(page, '/ais/portcalls_list?terminal_id=1');
    const atSea = list.portcalls.find((c) => c.position && c.mmsi && c.status === 'Approaching' && c.predicted_berth_arrival);
    if (!atSea?.mmsi || !atSea.position) throw new Error('the demo has no approaching vessel with a position and a prediction');

    await page.getByTestId('map-filter-search').fill(atSea.vessel_name);
    await page.getByTestId('map-call').filter({ hasText: atSea.vessel_name }).first().click();
    const card = page.getByTestId('map-card-panel');
    await expect(card).toBeVisible();
    // How far off it is reads in minutes, hours or days ("12 min late", "1 d 17 h late"), as the replayed track lands.
    await expect(card.getByTestId('map-card-predicted')).toContainText(/\d+ (min|h|d) (late|early)|on time/i);
    // The predicted route is drawn with its ETA at the berth.
    await expect(page.getByTestId('route-eta-berth')).toBeVisible({ timeout: 15_000 });
    await expect(card.getByTestId('map-card-route')).toBeVisible();
    await screenshot(page, 'map-desktop-selected');

    // A position from the vessel (no tag block: received now) moves it on the open map over the realtime channel.
    const moved = { latitude: Number((atSea.position.latitude + 0.05).toFixed(4)), longitude: Number((atSea.position.longitude + 0.05).toFixed(4)) };
    await sendAis([report(atSea.mmsi, moved, 14, 0)]);
    await expect(card.getByTestId('map-card-coordinates')).toHaveText(`${moved.latitude.toFixed(4)}, ${moved.longitude.toFixed(4)}`, { timeout: 10_000 });
    await context.close();
  });

  for (const { viewport, locale, name } of [
    { viewport: WIDE_DESKTOP, locale: 'en', name: 'desktop-en' },
    { viewport: WIDE_DESKTOP, locale: 'de', name: 'desktop-de' },
    { viewport: PHONE, locale: 'en', name: 'phone-en' },
    { viewport: PHONE, locale: 'de', name: 'phone-de' },
  ] as const) {
    test(`opens on the approach; the selected vessel and its route stay in view beside the card, and the route after it closes (${name})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await login(page, USERS.terminal, undefined, locale);
      await page.goto(`${baseUrl()}/${locale}/map`);
      const canvas = page.getByTestId('map-canvas');
      await expect.poll(async () => Number(await canvas.getAttribute('data-vessel-count')), { timeout: 30_000 }).toBeGreaterThan(3);
      // The opening view spans the approach, from the pilot station in the German Bight to the port, named offline.
      const inView = async (locator: ReturnType<Page['locator']>) => {
        const [box, frame] = [await locator.boundingBox(), await canvas.boundingBox()];
        return !!box && !!frame && box.x >= frame.x && box.y >= frame.y && box.x + 4 <= frame.x + frame.width && box.y + 4 <= frame.y + frame.height;
      };
      const elbe1 = page.getByTestId('map-pbp-label').filter({ hasText: 'Elbe 1' });
      await expect(elbe1).toBeVisible();
      await expect.poll(() => inView(elbe1)).toBe(true);
      await expect.poll(() => inView(page.getByTestId('map-place-label').filter({ hasText: /^Hamburg$/ }))).toBe(true);
      await expect.poll(() => inView(page.getByTestId('map-place-label').filter({ hasText: 'Cuxhaven' }))).toBe(true);
      await screenshot(page, `map-opening-${name}`);

      const list = await apiGet<TAisPortcallsList>(page, '/ais/portcalls_list?terminal_id=1');
      const atSea = list.portcalls.find((c) => c.position && c.status === 'Approaching' && c.predicted_berth_arrival);
      if (!atSea) throw new Error('the demo has no approaching vessel with a position and a prediction');
      if (viewport === PHONE) await page.getByTestId('map-open-list').click();
      await page.getByTestId('map-filter-search').fill(atSea.vessel_name);
      await page.getByTestId('map-call').filter({ hasText: atSea.vessel_name }).first().click();
      const card = page.getByTestId('map-call-card');
      await expect(card).toBeVisible();
      await expect(page.getByTestId('route-eta-berth')).toBeVisible();
      // Framed once the route is known; the vessel is on the map and not under the card.
      await expect(canvas).toHaveAttribute('data-fitted-call', String(atSea.portcall_id));
      const vessel = page.locator(`.leaflet-marker-icon[title="${atSea.vessel_name}"]`);
      await expect.poll(() => inView(vessel)).toBe(true);
      const [vesselBox, cardBox] = [await vessel.boundingBox(), await card.boundingBox()];
      if (!vesselBox || !cardBox) throw new Error('vessel or card not laid out');
      if (viewport === PHONE) expect(vesselBox.y + vesselBox.height).toBeLessThanOrEqual(cardBox.y);
      else expect(vesselBox.x + vesselBox.width).toBeLessThanOrEqual(cardBox.x);
      await screenshot(page, `map-selected-${name}`);

      // Closing the card leaves the route on the map, until the user hides it.
      await card.getByTestId('map-card-close').click();
      await expect(card).toBeHidden();
      await expect(page.getByTestId('route-eta-berth')).toBeVisible();
      await expect(page.getByTestId('map-clear-route')).toContainText(atSea.vessel_name);
      await screenshot(page, `map-route-kept-${name}`);
      await page.getByTestId('map-clear-route').click();
      await expect(page.getByTestId('route-eta-berth')).toHaveCount(0);
      await context.close();
    });
  }

  test('a berthing reported over AIS sets the actual berth arrival, shown on the call', async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await login(page, USERS.terminal);
    const list = await apiGet<TAisPortcallsList>(page, '/ais/portcalls_list?terminal_id=1');
    // A vessel the recording does not sail, so only what this test sends moves it.
    const quiet = list.portcalls.find((c) => !c.position && c.mmsi && c.status === 'Approaching');
    if (!quiet?.mmsi) throw new Error('the demo has no approaching vessel without AIS positions');
    const call = await apiGet<TPortcall>(page, `/portcalls/${quiet.portcall_id}`);
    const settings = await apiGet<TTerminalAisSettings>(page, '/terminals/1/ais_settings');
    expect(settings.ais_actuals_mode).toBe('apply');
    if (!settings.quay || call.berth_start_position === null || call.berth_end_position === null) throw new Error('the demo call has no berth on a georeferenced quay');
    const quay = { origin: { latitude: settings.quay.origin_latitude, longitude: settings.quay.origin_longitude }, bearingDeg: settings.quay.bearing_deg, waterSide: settings.quay.water_side };
    const berth = berthPoint(quay, Number(call.berth_start_position), Number(call.berth_end_position));

    // What a shore station would have passed on: moored at the berth below 0.5 kn from 20 to 12 minutes ago.
    const since = Date.now() - 20 * MIN;
    await sendAis(Array.from({ length: 9 }, (_, i) => report(quiet.mmsi!, berth, 0.1, 5, new Date(since + i * MIN))));
    await expect
      .poll(async () => (await apiGet<TPortcall>(page, `/portcalls/${call.id}`)).berth_arrival_state.label, { timeout: 20_000 })
      .toBe('actual');
    const berthed = await apiGet<TPortcall>(page, `/portcalls/${call.id}`);
    expect(berthed.status).toBe('Berthed');
    expect(Date.parse(berthed.berth_arrival)).toBe(Math.floor(since / 1000) * 1000);

    await page.goto(`${baseUrl()}/en/portcall-planner/details?id=${call.id}`);
    await expect(page.getByTestId('summary-berth-arrival')).toContainText(/actual/i);
    await screenshot(page, 'portcall-details-ais-berthed');
    await context.close();
  });

  test('looks right on a phone and in German', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await login(page, USERS.terminal, undefined, 'de');
    await page.goto(`${baseUrl()}/de/map`);
    await expect(page.getByTestId('screen-map_view')).toBeVisible();
    await expect.poll(async () => Number(await page.getByTestId('map-canvas').getAttribute('data-vessel-count')), { timeout: 30_000 }).toBeGreaterThan(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'map-phone-de');
    await page.getByTestId('map-open-list').click();
    await expect(page.getByRole('dialog').getByTestId('map-call').first()).toBeVisible();
    await page.waitForTimeout(400); // the drawer's slide-in, so the screenshot shows it settled
    await screenshot(page, 'map-phone-de-list');
    await context.close();
  });

  test('a vessel operator sees only its own vessels', async ({ browser }) => {
    const terminalContext = await browser.newContext({ viewport: DESKTOP });
    const terminal = await terminalContext.newPage();
    await login(terminal, USERS.terminal);
    const everyone = await apiGet<TAisPortcallsList>(terminal, '/ais/portcalls_list?terminal_id=1');
    expect(new Set(everyone.portcalls.map((c) => c.vessel_operator_code)).size).toBeGreaterThan(1);
    await terminalContext.close();

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await login(page, USERS.vessel);
    const mine = await apiGet<TAisPortcallsList>(page, '/ais/portcalls_list?terminal_id=1');
    expect(mine.portcalls.length).toBeGreaterThan(0);
    expect(new Set(mine.portcalls.map((c) => c.vessel_operator_code)).size).toBe(1);
    await page.goto(`${baseUrl()}/en/map`);
    await expect(page.getByTestId('map-call').first()).toBeVisible();
    await expect(page.getByTestId('map-open-settings')).toHaveCount(0);
    await context.close();
  });
});
