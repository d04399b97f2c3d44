// The shift planner as an operations planner uses it: open the board, prefill a call, drag a shift's work
// to the next shift and watch the header totals and the over-capacity mark change, reload and it stayed, a colleague's
// board follows live, and both downloads hold a row per card and per shift.
import { readFileSync } from 'node:fs';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { type TBoardPortcall, type TShiftBoard, shiftIndexOf } from '@quayline/domain';
import { DESKTOP, PHONE, USERS, baseUrl, login, screenshot } from '../support/fixtures';

const API = () => `${baseUrl()}/api/portal/v1`;
const DAY_MS = 86_400_000;

async function signedInPage(browser: Browser, email: string, viewport: { width: number; height: number } = DESKTOP, locale = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await login(page, email, undefined, locale);
  return page;
}

async function api<T>(page: Page, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = method === 'GET' ? await page.request.get(`${API()}${path}`) : await page.request.put(`${API()}${path}`, { data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** A local date in the demo terminal's zone (Europe/Berlin), `days` from today. */
function localDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * DAY_MS));
}

/** A call of the board whose cargo spreads over at least two open shifts of the shown days, all still ahead. */
function findCall(board: TShiftBoard): TBoardPortcall | undefined {
  const open = board.shiftsList.filter((s) => !s.closed && Date.parse(s.start_time) > Date.now());
  return board.portcalls.find((c) => {
    if (c.cargo.total < 100 || c.status === 'Cancelled') return false;
    const from = Date.parse(c.cargo_operations_start ?? c.berth_arrival);
    const to = Date.parse(c.cargo_operations_end ?? c.berth_departure);
    const inside = open.filter((s) => Date.parse(s.start_time) >= from && Date.parse(s.end_time) <= to);
    return from > Date.now() + 2 * 3_600_000 && from >= Date.parse(board.shiftsList[0]!.start_time) && inside.length >= 2;
  });
}

function pickCall(board: TShiftBoard): TBoardPortcall {
  const call = findCall(board);
  if (!call) throw new Error('the board has no upcoming call with cargo over two open shifts');
  return call;
}

const column = (page: Page, key: string) => page.locator(`[data-testid="shift-column"][data-shift-key="${key}"]`);
const row = (page: Page, id: number) => page.locator(`[data-testid="shift-row"][data-portcall-id="${id}"]`);

test.describe('shift planner', () => {
  test('prefill a call, drag a shift\u2019s work to the next shift, see totals and capacity change, reload, live, downloads', async ({ browser }) => {
    const planner = await signedInPage(browser, USERS.terminal);
    const terminal = await api<{ id: number }>(planner, 'GET', '/terminals/current_terminal');
    const from = localDate(1);
    let board = await api<TShiftBoard>(planner, 'GET', `/shift_planner?terminal_id=${terminal.id}&from=${from}&days=3`);
    if (!findCall(board)) {
      // Other stories move and cancel demo calls: the story then books a call of its own over two open shifts.
      const open = board.shiftsList.filter((s) => !s.closed && Date.parse(s.start_time) > Date.now() + 3 * 3_600_000);
      const vessels = await api<{ items: { id: number; vessel_operator: { id: number } | null }[] }>(planner, 'GET', '/vessels?per_page=100');
      const vessel = vessels.items.find((v) => v.vessel_operator !== null)!;
      const arrival = open[0]!.start_time;
      const departure = open[Math.min(3, open.length - 1)]!.end_time;
      const created = await planner.request.post(`${API()}/portcalls`, {
        data: { terminal_id: terminal.id, vessel_id: vessel.id, vessel_operator_id: vessel.vessel_operator!.id, berth_arrival: arrival, berth_departure: departure, cargo_operations_start: arrival, cargo_operations_end: departure, cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 300, load: 200, restow: 0 }] },
      });
      expect(created.status(), await created.text()).toBe(201);
      board = await api<TShiftBoard>(planner, 'GET', `/shift_planner?terminal_id=${terminal.id}&from=${from}&days=3`);
    }
    const call = pickCall(board);
    // The story starts from an empty plan of the call, so the prefill is what the screen shows.
    const cleared = await api<{ portcall: TBoardPortcall }>(planner, 'PUT', `/portcalls/${call.id}/shift_details`, { version: call.version, portcall_shift_details: [] });
    expect(cleared.portcall.portcall_shift_details).toEqual([]);

    // A colleague has the same board open in another browser.
    const colleague = await signedInPage(browser, USERS.night);
    await colleague.goto(`${baseUrl()}/en/shift-planner?from=${from}`);
    await expect(colleague.getByTestId('shift-board')).toHaveAttribute('data-ready', 'true');
    await expect(row(colleague, call.id)).toBeVisible();

    await planner.goto(`${baseUrl()}/en/shift-planner?portcall=${call.id}&from=${from}`);
    await expect(planner.getByTestId('shift-board')).toHaveAttribute('data-ready', 'true');
    await expect(planner.getByTestId('shift-column')).toHaveCount(board.shiftsList.length);
    await expect(row(planner, call.id).getByTestId('shift-card')).toHaveCount(0);

    await row(planner, call.id).getByTestId('shift-row-prefill').click();
    const cards = row(planner, call.id).getByTestId('shift-card');
    await expect(cards.first()).toBeVisible();
    // The cards show as soon as the prefill is on screen; its save may still be on its way, so the story waits for it.
    const boardNow = () => api<TShiftBoard>(planner, 'GET', `/shift_planner?terminal_id=${terminal.id}&from=${from}&days=3`);
    await expect.poll(async () => (await boardNow()).portcalls.find((c) => c.id === call.id)?.planned.total, { timeout: 20_000 }).toBe(call.cargo.total);
    const prefilled = await boardNow();
    const plan = prefilled.portcalls.find((c) => c.id === call.id)!;
    await expect(cards).toHaveCount(plan.portcall_shift_details.filter((d) => shiftIndexOf(prefilled.shiftsList, d) >= 0).length);

    // The first card's shift and the next open shift of the call's stay: the drag moves the first shift's work there
    // (merged with the card already there, if any).
    const first = plan.portcall_shift_details[0]!;
    const firstIndex = shiftIndexOf(prefilled.shiftsList, first);
    const firstKey = prefilled.shiftsList[firstIndex]!.key;
    const next = prefilled.shiftsList.slice(firstIndex + 1).find((s) => !s.closed && Date.parse(s.start_time) < Date.parse(plan.berth_departure) && Date.parse(s.end_time) > Date.parse(plan.berth_arrival));
    if (!next) throw new Error(`call ${plan.id} has no open shift after its first card`);
    const secondKey = next.key;
    const volumeOf = async (page: Page, key: string) => Number(await column(page, key).getAttribute('data-volume'));
    const gangsOf = async (page: Page, key: string) => Number(await column(page, key).getAttribute('data-gangs'));
    const firstVolume = await volumeOf(planner, firstKey);
    const secondVolume = await volumeOf(planner, secondKey);
    const firstGangs = await gangsOf(planner, firstKey);
    const moved = first.discharge + first.load + first.restow;
    expect(moved).toBeGreaterThan(0);

    // The first shift can man one gang fewer than it now demands: it is over capacity until the work moves away.
    const definition = prefilled.shiftsData.shifts.find((s) => s.shift_number === first.shift_number)!;
    const put = await planner.request.put(`${API()}/terminal_shifts/${definition.id}`, { data: { gangs_available: Math.max(0, firstGangs - 1) } });
    expect(put.ok()).toBe(true);
    try {
      await expect(column(planner, firstKey)).toHaveAttribute('data-over-capacity', 'true');
      await expect(planner.getByTestId('shift-problem').first()).toBeVisible();
      await planner.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await screenshot(planner, 'shift-planner-desktop-en');

      const source = row(planner, call.id).locator(`[data-testid="shift-card"][data-shift-key="${firstKey}"]`);
      const target = row(planner, call.id).locator(`[data-testid="shift-cell"][data-shift-key="${secondKey}"]`);
      // Both cells in view first (the board scrolls sideways under its sticky call column), so the drag needs no scroll.
      await source.evaluate((card) => {
        const cell = card.closest('td')!;
        const scroller = card.closest<HTMLElement>('[data-testid="shift-board"]')!;
        const sticky = scroller.querySelector('th[scope="row"]')?.getBoundingClientRect().width ?? 0;
        cell.closest('tr')!.scrollIntoView({ block: 'center', inline: 'nearest' });
        scroller.scrollLeft += cell.getBoundingClientRect().left - (scroller.getBoundingClientRect().left + sticky + 8);
      });
      await source.dragTo(target);
      await expect(column(planner, secondKey)).toHaveAttribute('data-volume', String(secondVolume + moved));
      await expect(column(planner, firstKey)).toHaveAttribute('data-volume', String(firstVolume - moved));
      await expect(column(planner, firstKey)).toHaveAttribute('data-over-capacity', 'false');
      await expect(row(planner, call.id).locator(`[data-testid="shift-card"][data-shift-key="${firstKey}"]`)).toHaveCount(0);

      // The colleague's board follows without a reload.
      await expect(column(colleague, secondKey)).toHaveAttribute('data-volume', String(secondVolume + moved));
      await expect(row(colleague, call.id).locator(`[data-testid="shift-card"][data-shift-key="${firstKey}"]`)).toHaveCount(0);

      await planner.reload();
      await expect(planner.getByTestId('shift-board')).toHaveAttribute('data-ready', 'true');
      await expect(column(planner, secondKey)).toHaveAttribute('data-volume', String(secondVolume + moved));
      await expect(row(planner, call.id).locator(`[data-testid="shift-card"][data-shift-key="${firstKey}"]`)).toHaveCount(0);
    } finally {
      await planner.request.put(`${API()}/terminal_shifts/${definition.id}`, { data: { gangs_available: definition.gangs_available } });
    }

    // Both downloads of the shown period: a row per card, a row per shift.
    const shown = await api<TShiftBoard>(planner, 'GET', `/shift_planner?terminal_id=${terminal.id}&from=${from}&days=3`);
    const cardsShown = shown.portcalls.flatMap((c) => c.portcall_shift_details).filter((d) => shiftIndexOf(shown.shiftsList, d) >= 0).length;
    const lines = async (testId: string) => {
      await planner.getByTestId('shift-downloads').click();
      const [download] = await Promise.all([planner.waitForEvent('download'), planner.getByTestId(testId).click()]);
      const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim();
      return text.split(/\r?\n/);
    };
    const planLines = await lines('shift-download-shift_plan-csv');
    expect(planLines.length - 1).toBe(cardsShown);
    const reportLines = await lines('shift-download-shift_report-csv');
    expect(reportLines.length - 1).toBe(shown.shiftsList.length);

    await colleague.context().close();
    await planner.context().close();
  });

  // One story per look, each signed in once: as one story (four signed-in contexts) it took 1.6 min in a quiet full run.
  test('the board at phone width in English', async ({ browser }) => {
    const from = localDate(1);
    const phone = await signedInPage(browser, USERS.terminal, PHONE);
    await phone.goto(`${baseUrl()}/en/shift-planner?from=${from}`);
    await expect(phone.getByTestId('shift-board')).toHaveAttribute('data-ready', 'true');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page itself does not scroll sideways; the board does').toBeLessThanOrEqual(0);
    await phone.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await screenshot(phone, 'shift-planner-phone-en');
    await phone.context().close();
  });

  test('the board on a desktop, printed and on a phone, in German', async ({ browser }) => {
    const from = localDate(1);
    const german = await signedInPage(browser, USERS.terminal, DESKTOP, 'de');
    await german.goto(`${baseUrl()}/de/shift-planner?from=${from}`);
    await expect(german.getByTestId('shift-board')).toHaveAttribute('data-ready', 'true');
    await screenshot(german, 'shift-planner-desktop-de');
    // The foreman's shift sheet: the board without navigation or toolbar.
    await german.emulateMedia({ media: 'print' });
    await expect(german.getByTestId('shift-toolbar')).toBeHidden();
    await expect(german.getByTestId('shift-row').first()).toBeVisible();
    await screenshot(german, 'shift-planner-print-de');
    await german.emulateMedia({ media: 'screen' });
    await german.setViewportSize(PHONE);
    await screenshot(german, 'shift-planner-phone-de');
    await german.context().close();
  });

  test('the other views, a card’s equipment proposal and the shift calendar, as another planner', async ({ browser }) => {
    // View modes are saved per user: another planner's switching leaves the other stories' boards alone.
    const from = localDate(1);
    const other = await signedInPage(browser, USERS.day);
    await other.goto(`${baseUrl()}/en/shift-planner?from=${from}`);
    await expect(other.getByTestId('shift-board')).toHaveAttribute('data-ready', 'true');
    await other.getByTestId('shift-view-mode').getByText('By resource').click();
    await expect(other.getByTestId('shift-resource-board')).toBeVisible();
    await expect(other.getByTestId('shift-resource-row').first()).toBeVisible();
    await screenshot(other, 'shift-planner-resource-en');
    await other.getByTestId('shift-view-mode').getByText('Week').click();
    await expect(other.getByTestId('shift-week-cell').first()).toBeVisible();
    await screenshot(other, 'shift-planner-week-en');
    await other.getByTestId('shift-view-mode').getByText('By call').click();
    await expect(other.getByTestId('shift-board')).toHaveAttribute('data-ready', 'true');
    // A card's drawer with the equipment proposal (nothing is saved: the drawer is closed again).
    await other.locator('[data-testid="shift-card"][data-editable="true"]').first().click();
    await expect(other.getByTestId('shift-editor')).toBeVisible();
    await other.getByTestId('shift-editor-propose-equipment').click();
    await expect(other.getByTestId('shift-editor-proposal')).toBeVisible();
    await screenshot(other, 'shift-planner-card-en');
    await other.getByTestId('shift-editor-close').click();
    await expect(other.getByTestId('shift-editor')).toBeHidden();
    await other.getByTestId('shift-calendar').click();
    await expect(other.getByTestId('shift-calendar-drawer')).toBeVisible();
    await expect(other.getByTestId('shift-calendar-gangs-row')).toHaveCount(3);
    await screenshot(other, 'shift-planner-calendar-en');
    await other.context().close();
  });

  test('the board is read-only for the vessel side', async ({ browser }) => {
    const from = localDate(1);
    const vessel = await signedInPage(browser, USERS.vessel);
    await vessel.goto(`${baseUrl()}/en/shift-planner?from=${from}`);
    await expect(vessel.getByTestId('shift-board')).toHaveAttribute('data-ready', 'true');
    await expect(vessel.getByTestId('shift-row-prefill')).toHaveCount(0);
    await expect(vessel.locator('[data-testid="shift-card"][data-editable="true"]')).toHaveCount(0);
    await vessel.context().close();
  });
});
