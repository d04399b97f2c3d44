// The berth planner as planners use it: a live drag that persists, a clash shown in the sandbox, the sandbox's
// undo/redo/revert/publish, a second planner seeing a move without reloading, settings that survive a reload, DST days
// on the grid, and screenshots with each overlay. The stories place their own calls, five weeks ahead where no demo call
// lies, and open the planner there with ?from=; every call they create is cancelled and every draft reverted afterwards.
import { type Browser, type Locator, type Page, expect, test } from '@playwright/test';
import type { TCanvasSettingKey, TCanvasSettings, TDraftState, TPaged, TPortcall, TTerminalDetail, TUserDetails, TVessel } from '@quayline/domain';
import { PHONE, USERS, WIDE_DESKTOP, apiCall, baseUrl, login, screenshot } from '../support/fixtures';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Scale of the contract at zoom 100 %: 0.2 px per minute along time. */
const PX_PER_MINUTE_AT_100 = 0.2;
const pad = (n: number) => String(n).padStart(2, '0');

type TViewport = { width: number; height: number };

// ---------------------------------------------------------------- terminal time (the grid's days are local days)

function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(ms / 1000) * 1000;
}

/** The instant of a wall-clock hour on a local day of the zone. */
function zonedInstant(day: string, hour: number, timeZone: string): number {
  const wall = Date.parse(`${day}T${pad(hour)}:00:00Z`);
  return wall - zoneOffsetMs(wall - zoneOffsetMs(wall, timeZone), timeZone);
}

function zonedDay(ms: number, timeZone: string): string {
  const d = new Date(ms + zoneOffsetMs(ms, timeZone));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function addDays(day: string, days: number): string {
  const d = new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
  return d.toISOString().slice(0, 10);
}

/** Where the planner puts a dropped start: the nearest grid line, counted in steps from the local midnight. */
function snapToGrid(ms: number, stepHours: number, timeZone: string): number {
  const midnight = zonedInstant(zonedDay(ms, timeZone), 0, timeZone);
  const nextMidnight = zonedInstant(addDays(zonedDay(ms, timeZone), 1), 0, timeZone);
  const step = stepHours * HOUR_MS;
  const snapped = midnight + Math.round((ms - midnight) / step) * step;
  return Math.abs(nextMidnight - ms) < Math.abs(snapped - ms) ? nextMidnight : snapped;
}

// ---------------------------------------------------------------- API

const getCall = (page: Page, id: number) => apiCall<TPortcall>(page, 'GET', `/portcalls/${id}`);
const canvasSettings = async (page: Page) => (await apiCall<TUserDetails>(page, 'GET', '/user_details')).canvas_settings;
const putCanvasSetting = <K extends TCanvasSettingKey>(page: Page, type: K, value: TCanvasSettings[K]) => apiCall<unknown>(page, 'PUT', '/update_canvas_settings', { type, value });

/** What a story needs to place its own calls and to predict where the planner puts a dragged card. */
type TWorld = {
  terminal: TTerminalDetail;
  /** The two shortest demo vessels, so two calls of a story are told apart by name. */
  vessels: [TVessel, TVessel];
  settings: TCanvasSettings;
  pxPerMinute: number;
  /** First day shown (?from=) and the local day the stories' calls start on. */
  from: string;
  day: string;
  createCall(args: { arrival: number; hours: number; start: number; vessel?: 0 | 1 }): Promise<TPortcall>;
  /** Cancels what the story created and empties its sandbox. */
  cleanup(): Promise<void>;
};

/** Five weeks ahead, moved on by a week while a DST change falls into the stories' days, so each of them has 24 hours. */
function quietWeek(timeZone: string): { from: string; day: string } {
  let day = addDays(zonedDay(Date.now(), timeZone), 35);
  const span = (d: string) => zonedInstant(addDays(d, 7), 0, timeZone) - zonedInstant(addDays(d, -1), 0, timeZone);
  while (span(day) !== 8 * DAY_MS) day = addDays(day, 7);
  return { from: addDays(day, -1), day };
}

async function plannerWorld(page: Page): Promise<TWorld> {
  const terminal = await apiCall<TTerminalDetail>(page, 'GET', '/terminals/current_terminal');
  const vessels = await apiCall<TPaged<TVessel>>(page, 'GET', '/vessels?per_page=100');
  const [first, second] = vessels.items.filter((v) => v.vessel_operator !== null).sort((a, b) => a.length_overall_m - b.length_overall_m);
  if (!first || !second) throw new Error('the demo data has fewer than two vessels with an operator');
  const settings = await canvasSettings(page);
  const { from, day } = quietWeek(terminal.time_zone);
  // Whole bollard spacings (25 m), at least 200 m, never shorter than the vessel.
  const berthLength = (v: TVessel) => Math.max(200, Math.ceil(v.length_overall_m / 25) * 25);
  const created: number[] = [];
  return {
    terminal,
    vessels: [first, second],
    settings,
    pxPerMinute: (PX_PER_MINUTE_AT_100 * settings.canvas_step_zoom_percentage) / 100,
    from,
    day,
    async createCall({ arrival, hours, start, vessel: which = 0 }) {
      const vessel = which === 0 ? first : second;
      const portcall = await apiCall<TPortcall>(page, 'POST', '/portcalls', {
        terminal_id: terminal.id,
        vessel_id: vessel.id,
        vessel_operator_id: vessel.vessel_operator!.id,
        berth_arrival: new Date(arrival).toISOString(),
        berth_departure: new Date(arrival + hours * HOUR_MS).toISOString(),
        berth_start_position: start,
        berth_end_position: start + berthLength(vessel),
        voyage_number_import: `BP-${Date.now().toString(36).toUpperCase()}`,
      });
      created.push(portcall.id);
      return portcall;
    },
    async cleanup() {
      const draft = await apiCall<TDraftState>(page, 'GET', `/draft_portcalls?terminal_id=${terminal.id}`);
      if (draft.changes.length || draft.can_undo || draft.can_redo) await apiCall<TDraftState>(page, 'POST', '/draft_portcalls/revert', { terminal_id: terminal.id, version: draft.version });
      for (const id of created) {
        const current = await getCall(page, id);
        if (current.status !== 'Cancelled') await apiCall<TPortcall>(page, 'POST', `/portcalls/${id}/cancel`, { version: current.version });
      }
    },
  };
}

// ---------------------------------------------------------------- the screen

async function signedInPage(browser: Browser, email: string, viewport: TViewport = WIDE_DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, email);
  return page;
}

const localeOf = (page: Page) => /\/(en|de|fr|es)\//.exec(page.url())?.[1] ?? 'en';
const plannerRoot = (page: Page) => page.getByTestId('berth-planner');
const cardOf = (page: Page, id: number) => page.locator(`[data-testid="planner-card"][data-portcall-id="${id}"]`);

async function openPlanner(page: Page, from?: string): Promise<void> {
  await page.goto(`${baseUrl()}/${localeOf(page)}/berth-planner${from ? `?from=${from}` : ''}`);
  await expect(plannerRoot(page)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

async function reloadPlanner(page: Page): Promise<void> {
  await page.reload();
  await expect(plannerRoot(page)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

const instantOf = async (card: Locator, name: 'data-start' | 'data-end') => Date.parse((await card.getAttribute(name)) ?? '');

async function expectStart(card: Locator, ms: number, what: string): Promise<void> {
  await expect.poll(() => instantOf(card, 'data-start'), { message: `${what}: start ${new Date(ms).toISOString()}` }).toBe(ms);
}

/**
 * Drags a card with the mouse: by its body from a point in its first third (away from the resize strip), or by the
 * resize strip at its departure end (its last pixels along the time axis).
 */
async function dragBy(page: Page, card: Locator, dx: number, dy = 0, grab: 'body' | 'end' = 'body'): Promise<void> {
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  if (!box) throw new Error('the card has no box');
  const x = grab === 'end' ? box.x + box.width - 3 : box.x + Math.min(40, box.width / 3);
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 8 });
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

const pxFor = (world: TWorld, ms: number) => Math.round((ms / 60_000) * world.pxPerMinute);
const msFor = (world: TWorld, px: number) => (px / world.pxPerMinute) * 60_000;

async function switchMode(page: Page, mode: 'live' | 'sandbox'): Promise<void> {
  await page.getByTestId(`planner-mode-${mode}`).click();
  await expect(plannerRoot(page)).toHaveAttribute('data-mode', mode);
}

/** On/off of a setting control, whether it is the checkbox input itself or a switch element around one. */
async function isOn(control: Locator): Promise<boolean> {
  return control.evaluate((el) => {
    const input = el instanceof HTMLInputElement ? el : el.querySelector('input[type="checkbox"]');
    if (input instanceof HTMLInputElement) return input.checked;
    const aria = el.getAttribute('aria-checked') ?? el.getAttribute('aria-pressed');
    if (aria !== null) return aria === 'true';
    throw new Error(`${el.getAttribute('data-testid')} shows no on/off state`);
  });
}

async function toggle(control: Locator): Promise<boolean> {
  const before = await isOn(control);
  const tag = await control.evaluate((el) => el.tagName);
  // Mantine hides the real checkbox under its track, so the input is clicked without the visibility check.
  if (tag === 'INPUT') await control.setChecked(!before, { force: true });
  else await control.click();
  await expect.poll(() => isOn(control)).toBe(!before);
  return !before;
}

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('planner-settings').click();
  await expect(page.getByTestId('setting-canvas_tidal')).toBeAttached();
}

// ---------------------------------------------------------------- stories

test.describe('berth planner', () => {
  test('a card dragged along time in live mode lands on the grid and is still there after a reload', async ({ browser }) => {
    const page = await signedInPage(browser, USERS.terminal);
    const world = await plannerWorld(page);
    try {
      const arrival = zonedInstant(world.day, 8, world.terminal.time_zone);
      const placed = await world.createCall({ arrival, hours: 24, start: 5 });
      await openPlanner(page, world.from);
      await expect(plannerRoot(page)).toHaveAttribute('data-mode', 'live');
      const card = cardOf(page, placed.id);
      await expectStart(card, arrival, 'as created');
      const quayFrom = await card.getAttribute('data-from');

      // 6 h 10 min to the right: not a whole grid step, so the drop shows the snapping.
      const dx = pxFor(world, 6 * HOUR_MS + 10 * 60_000);
      await dragBy(page, card, dx);
      const expected = snapToGrid(arrival + msFor(world, dx), world.settings.canvas_schedule.hours, world.terminal.time_zone);
      expect(expected).not.toBe(arrival + msFor(world, dx));
      await expectStart(card, expected, 'after the drop');
      await expect.poll(async () => Date.parse((await getCall(page, placed.id)).berth_arrival), { message: 'the move reached the server' }).toBe(expected);

      await reloadPlanner(page);
      await expectStart(card, expected, 'after the reload');
      await expect.poll(() => instantOf(card, 'data-end')).toBe(expected + 24 * HOUR_MS);
      await expect(card).toHaveAttribute('data-from', quayFrom ?? '');
      const stored = await getCall(page, placed.id);
      expect(Date.parse(stored.berth_departure) - Date.parse(stored.berth_arrival), 'the stay keeps its length').toBe(24 * HOUR_MS);
      expect(stored.berth_start_position).toBe(placed.berth_start_position);
    } finally {
      await world.cleanup();
      await page.context().close();
    }
  });

  test('a card resized at its end takes a later departure and keeps its arrival, also after a reload', async ({ browser }) => {
    const page = await signedInPage(browser, USERS.terminal);
    const world = await plannerWorld(page);
    try {
      const arrival = zonedInstant(world.day, 8, world.terminal.time_zone);
      const placed = await world.createCall({ arrival, hours: 24, start: 5 });
      await openPlanner(page, world.from);
      const card = cardOf(page, placed.id);
      await expectStart(card, arrival, 'as created');
      const departure = arrival + 24 * HOUR_MS;

      const dx = pxFor(world, 6 * HOUR_MS + 10 * 60_000);
      await dragBy(page, card, dx, 0, 'end');
      const expected = snapToGrid(departure + msFor(world, dx), world.settings.canvas_schedule.hours, world.terminal.time_zone);
      await expect.poll(() => instantOf(card, 'data-end'), { message: 'the new departure on the card' }).toBe(expected);
      await expect.poll(async () => Date.parse((await getCall(page, placed.id)).berth_departure), { message: 'the departure reached the server' }).toBe(expected);

      await reloadPlanner(page);
      await expectStart(card, arrival, 'the arrival after the reload');
      await expect.poll(() => instantOf(card, 'data-end')).toBe(expected);
    } finally {
      await world.cleanup();
      await page.context().close();
    }
  });

  test("a card cut by the diagram's left edge keeps its name in view while scrolled", async ({ browser }) => {
    const page = await signedInPage(browser, USERS.terminal);
    const world = await plannerWorld(page);
    try {
      const placed = await world.createCall({ arrival: zonedInstant(world.day, 8, world.terminal.time_zone), hours: 48, start: 5 });
      await openPlanner(page, world.from);
      const card = cardOf(page, placed.id);
      await expect(card).toBeVisible();
      const viewport = page.getByTestId('planner-viewport');
      const title = card.locator('div').first();
      // The title shows the vessel's name (a screen reader also hears the status, hidden from sight).
      await expect(title).toContainText(placed.vessel_name);
      const cardLeft = await card.evaluate((el) => (el as HTMLElement).offsetLeft);

      // Scroll so that the first 150 px of the card lie left of the visible part.
      await viewport.evaluate((el, left) => el.scrollTo({ left }), cardLeft + 150);
      await expect(card).toHaveAttribute('data-pinned', 'true');
      const viewportBox = (await viewport.boundingBox())!;
      await expect.poll(async () => Math.round((await title.boundingBox())!.x - viewportBox.x), { message: 'the name starts at the visible edge' }).toBeGreaterThanOrEqual(0);
      expect((await title.boundingBox())!.x - viewportBox.x).toBeLessThan(12);

      await viewport.evaluate((el, left) => el.scrollTo({ left }), Math.max(0, cardLeft - 100));
      await expect(card).not.toHaveAttribute('data-pinned', 'true');
      await expect.poll(async () => Math.round((await title.boundingBox())!.x - (await card.boundingBox())!.x)).toBeLessThan(12);
    } finally {
      await world.cleanup();
      await page.context().close();
    }
  });

  test('in the sandbox, a card dropped onto another shows the clash in the card and in the clash list until reverted', async ({ browser }) => {
    const page = await signedInPage(browser, USERS.terminal);
    const world = await plannerWorld(page);
    try {
      const tz = world.terminal.time_zone;
      const a = await world.createCall({ arrival: zonedInstant(world.day, 8, tz), hours: 24, start: 255 });
      const b = await world.createCall({ arrival: zonedInstant(addDays(world.day, 1), 14, tz), hours: 24, start: 255, vessel: 1 });
      await openPlanner(page, world.from);
      await switchMode(page, 'sandbox');
      const cardA = cardOf(page, a.id);
      const cardB = cardOf(page, b.id);
      await expect(cardA).toHaveAttribute('data-clash', 'false');
      await expect(cardB).toHaveAttribute('data-clash', 'false');
      const clashesBefore = await page.getByTestId('planner-clash').count();

      // Twelve hours later, A's stay runs six hours into B's on the same stretch of quay.
      await dragBy(page, cardA, pxFor(world, 12 * HOUR_MS));
      await expectStart(cardA, Date.parse(a.berth_arrival) + 12 * HOUR_MS, 'A in the sandbox');
      await expect(cardA).toHaveAttribute('data-clash', 'true');
      await expect(cardB).toHaveAttribute('data-clash', 'true');
      await expect(page.getByTestId('planner-clash-list')).toBeVisible();
      await expect.poll(() => page.getByTestId('planner-clash').count()).toBeGreaterThan(clashesBefore);
      await cardB.scrollIntoViewIfNeeded();
      await screenshot(page, 'berth-planner-clash-desktop');
      expect(Date.parse((await getCall(page, a.id)).berth_arrival), 'the live plan is untouched').toBe(Date.parse(a.berth_arrival));

      await page.getByTestId('sandbox-revert').click();
      await page.getByTestId('revert-confirm-button').click();
      await expectStart(cardA, Date.parse(a.berth_arrival), 'A after revert');
      await expect(cardA).toHaveAttribute('data-clash', 'false');
      await expect(cardB).toHaveAttribute('data-clash', 'false');
      await expect.poll(() => page.getByTestId('planner-clash').count()).toBe(clashesBefore);
      await switchMode(page, 'live');
    } finally {
      await world.cleanup();
      await page.context().close();
    }
  });

  test('the sandbox moves a call, undoes, redoes and reverts; a published move shows in live mode', async ({ browser }) => {
    const page = await signedInPage(browser, USERS.terminal);
    const world = await plannerWorld(page);
    try {
      const tz = world.terminal.time_zone;
      const stepHours = world.settings.canvas_schedule.hours;
      const arrival = zonedInstant(world.day, 8, tz);
      const placed = await world.createCall({ arrival, hours: 20, start: 505 });
      await openPlanner(page, world.from);
      await switchMode(page, 'sandbox');
      const card = cardOf(page, placed.id);
      await expectStart(card, arrival, 'before the move');

      const firstDx = pxFor(world, 4 * HOUR_MS + 10 * 60_000);
      const moved = snapToGrid(arrival + msFor(world, firstDx), stepHours, tz);
      await dragBy(page, card, firstDx);
      await expectStart(card, moved, 'moved in the sandbox');
      await page.getByTestId('sandbox-undo').click();
      await expectStart(card, arrival, 'after undo');
      await page.getByTestId('sandbox-redo').click();
      await expectStart(card, moved, 'after redo');
      await page.getByTestId('sandbox-revert').click();
      await page.getByTestId('revert-confirm-button').click();
      await expectStart(card, arrival, 'after revert');

      const secondDx = pxFor(world, 8 * HOUR_MS + 10 * 60_000);
      const published = snapToGrid(arrival + msFor(world, secondDx), stepHours, tz);
      await dragBy(page, card, secondDx);
      await expectStart(card, published, 'moved again');
      expect(Date.parse((await getCall(page, placed.id)).berth_arrival), 'the sandbox does not touch the live plan').toBe(arrival);
      await page.getByTestId('sandbox-publish').click();
      await page.getByTestId('publish-preview-publish').click();
      await expect.poll(async () => Date.parse((await getCall(page, placed.id)).berth_arrival), { message: 'published to the live plan' }).toBe(published);

      await switchMode(page, 'live');
      await expectStart(card, published, 'in live mode');
      await reloadPlanner(page);
      await expect(plannerRoot(page)).toHaveAttribute('data-mode', 'live');
      await expectStart(card, published, 'in live mode after a reload');
    } finally {
      await world.cleanup();
      await page.context().close();
    }
  });

  test('a second planner of the terminal sees a live move without reloading', async ({ browser }) => {
    const owner = await signedInPage(browser, USERS.terminal);
    const world = await plannerWorld(owner);
    const watcher = await signedInPage(browser, USERS.night);
    try {
      const tz = world.terminal.time_zone;
      const arrival = zonedInstant(addDays(world.day, 1), 8, tz);
      const placed = await world.createCall({ arrival, hours: 24, start: 5 });
      await openPlanner(watcher, world.from);
      const watched = cardOf(watcher, placed.id);
      await expectStart(watched, arrival, 'the second planner before the move');
      // A mark on the window survives everything but a reload.
      await watcher.evaluate(() => Object.assign(window, { quaylineNotReloaded: true }));

      await openPlanner(owner, world.from);
      const dx = pxFor(world, 6 * HOUR_MS + 10 * 60_000);
      const expected = snapToGrid(arrival + msFor(world, dx), world.settings.canvas_schedule.hours, tz);
      await dragBy(owner, cardOf(owner, placed.id), dx);
      await expectStart(cardOf(owner, placed.id), expected, 'the mover');

      await expect.poll(() => instantOf(watched, 'data-start'), { message: 'the second planner follows live', timeout: 15_000 }).toBe(expected);
      expect(await watcher.evaluate(() => 'quaylineNotReloaded' in window), 'the second planner was never reloaded').toBe(true);
    } finally {
      await world.cleanup();
      await watcher.context().close();
      await owner.context().close();
    }
  });

  test('tidal data and the day grid stay as set after a reload', async ({ browser }) => {
    const page = await signedInPage(browser, USERS.terminal);
    const original = await canvasSettings(page);
    try {
      await openPlanner(page);
      await openSettings(page);
      const tidal = await toggle(page.getByTestId('setting-canvas_tidal'));
      const dayGrid = await toggle(page.getByTestId('setting-canvas_day_grid'));
      expect(tidal).toBe(!original.canvas_tidal);
      expect(dayGrid).toBe(!original.canvas_day_grid);
      // Saved one key at a time in the background; the reload comes once the server has both.
      await expect.poll(async () => {
        const saved = await canvasSettings(page);
        return [saved.canvas_tidal, saved.canvas_day_grid];
      }).toEqual([tidal, dayGrid]);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('overlay-tide')).toHaveCount(tidal ? 1 : 0);

      await reloadPlanner(page);
      await expect(page.getByTestId('overlay-tide')).toHaveCount(tidal ? 1 : 0);
      await openSettings(page);
      expect(await isOn(page.getByTestId('setting-canvas_tidal')), 'tidal data after the reload').toBe(tidal);
      expect(await isOn(page.getByTestId('setting-canvas_day_grid')), 'day grid after the reload').toBe(dayGrid);

      await toggle(page.getByTestId('setting-canvas_tidal'));
      await toggle(page.getByTestId('setting-canvas_day_grid'));
      await expect.poll(async () => {
        const saved = await canvasSettings(page);
        return [saved.canvas_tidal, saved.canvas_day_grid];
      }).toEqual([original.canvas_tidal, original.canvas_day_grid]);
    } finally {
      await putCanvasSetting(page, 'canvas_tidal', original.canvas_tidal);
      await putCanvasSetting(page, 'canvas_day_grid', original.canvas_day_grid);
      await page.context().close();
    }
  });

  test('the grid gives the spring DST day 23 hours and the autumn one 25', async ({ browser }) => {
    const page = await signedInPage(browser, USERS.terminal);
    try {
      const day = (date: string) => page.locator(`[data-testid="planner-day"][data-date="${date}"]`);
      // Time runs along x by default, so a day's header cell is as wide as its hours.
      const widthRatio = async (date: string, reference: string) => (await day(date).boundingBox())!.width / (await day(reference).boundingBox())!.width;

      await openPlanner(page, '2027-03-25');
      await expect(day('2027-03-27')).toHaveAttribute('data-hours', '24');
      await expect(day('2027-03-28')).toHaveAttribute('data-hours', '23');
      await expect(day('2027-03-29')).toHaveAttribute('data-hours', '24');
      expect(await widthRatio('2027-03-28', '2027-03-27')).toBeCloseTo(23 / 24, 2);

      await openPlanner(page, '2026-10-22');
      await expect(day('2026-10-24')).toHaveAttribute('data-hours', '24');
      await expect(day('2026-10-25')).toHaveAttribute('data-hours', '25');
      await expect(day('2026-10-26')).toHaveAttribute('data-hours', '24');
      expect(await widthRatio('2026-10-25', '2026-10-24')).toBeCloseTo(25 / 24, 2);
    } finally {
      await page.context().close();
    }
  });

  const OVERLAYS = [
    ['tide', 'canvas_tidal'],
    ['depths', 'canvas_section_depths'],
    ['cranes', 'canvas_cranes'],
    ['shifts', 'canvas_shifts'],
    ['volumes', 'canvas_volumes'],
  ] as const;

  /**
   * The planner at one width with exactly the overlays `on` switched on (the others off), for a look and for presence:
   * some overlays are zero-size layers holding positioned shapes, so presence is the test. One story per set, each
   * signed in once: as one story per width (six reloads) they took 2.0 to 2.1 min with a second suite running.
   */
  async function overlayLook(browser: Browser, viewport: { width: number; height: number }, on: readonly (typeof OVERLAYS)[number][], shot: string) {
    const page = await signedInPage(browser, USERS.terminal, viewport);
    const original = await canvasSettings(page);
    try {
      for (const [, key] of OVERLAYS) {
        const wanted = on.some(([, k]) => k === key);
        if (original[key] !== wanted) await putCanvasSetting(page, key, wanted);
      }
      await openPlanner(page);
      await expect(page.getByTestId('planner-card').first()).toBeVisible();
      // Block zones are on by default.
      await expect(page.getByTestId('overlay-blockzones')).toBeAttached();
      for (const [overlay, key] of OVERLAYS) {
        if (on.some(([, k]) => k === key)) await expect.soft(page.getByTestId(`overlay-${overlay}`), `${key} on shows overlay-${overlay}`).toBeAttached();
        else await expect(page.getByTestId(`overlay-${overlay}`), `${key} off hides overlay-${overlay}`).toHaveCount(0);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `the page itself does not scroll sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
      await screenshot(page, shot);
    } finally {
      for (const [, key] of OVERLAYS) await putCanvasSetting(page, key, original[key]);
      await page.context().close();
    }
  }

  for (const [label, viewport] of [['desktop', WIDE_DESKTOP], ['phone', PHONE]] as const) {
    test(`at ${label} width without overlays`, async ({ browser }) => {
      await overlayLook(browser, viewport, [], `berth-planner-${label}`);
    });
    for (const overlay of OVERLAYS) {
      test(`at ${label} width with the ${overlay[0]} overlay alone`, async ({ browser }) => {
        await overlayLook(browser, viewport, [overlay], `berth-planner-${overlay[0]}-${label}`);
      });
    }
    test(`at ${label} width with every overlay`, async ({ browser }) => {
      await overlayLook(browser, viewport, OVERLAYS, `berth-planner-all-overlays-${label}`);
    });
  }
});
