// A planner's main task by keyboard alone: find a requested call in the port-call list, open it and propose another
// berth arrival. Only Tab, typing and Enter drive the page; a story fails if any step needs a pointer. Two stories,
// each on a call of its own: finding and opening, then proposing (one story did both and ran past its time on a busy
// machine, where every Tab is a round trip).
import { type Browser, type Locator, type Page, expect, test } from '@playwright/test';
import { DESKTOP, USERS, baseUrl, login } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { cancelStoryCall } from '../support/agent-request';

const API = () => `${baseUrl()}/api/portal/v1`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (n: number) => String(n).padStart(2, '0');

async function payload<T>(response: Awaited<ReturnType<Page['request']['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} -> ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab until `target` (or something inside it) has the focus, as a keyboard user walks the page. */
async function tabTo(page: Page, target: Locator, what: string, maxTabs = 80): Promise<void> {
  await expect(target, what).toBeVisible();
  for (let i = 0; i < maxTabs; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${what} is not reached by Tab within ${maxTabs} presses`);
}

/**
 * The first Tab reaches the skip link, and Enter on it moves the focus to the screen's content, as a keyboard user
 * skips the header and the navigation on every page.
 */
async function skipToMain(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
}

type TStoryCall = { id: number; arrival: number; tag: string };

/** The story's own call: the demo agent requests it through the API, eight days ahead. */
async function requestedCall(browser: Browser, prefix: string): Promise<TStoryCall> {
  const tag = `${prefix}-${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const agent = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  try {
    await login(agent, USERS.agent);
    const terminal = await payload<{ id: number }>(await agent.request.get(`${API()}/terminals/current_terminal`));
    const vessels = await payload<{ items: { id: number; vessel_operator: { id: number } | null }[] }>(await agent.request.get(`${API()}/vessels?per_page=100`));
    const vessel = vessels.items.find((v) => v.vessel_operator !== null)!;
    const me = await payload<{ organisation_id: number }>(await agent.request.get(`${API()}/user_details`));
    const arrival = Math.floor((Date.now() + 8 * DAY) / DAY) * DAY + 6 * HOUR;
    const call = await payload<{ id: number }>(
      await agent.request.post(`${API()}/portcalls`, {
        data: {
          terminal_id: terminal.id,
          vessel_id: vessel.id,
          vessel_operator_id: vessel.vessel_operator!.id,
          agent_id: me.organisation_id,
          voyage_number_import: tag,
          berth_arrival: new Date(arrival).toISOString(),
          berth_departure: new Date(arrival + 20 * HOUR).toISOString(),
        },
      }),
    );
    return { id: call.id, arrival, tag };
  } finally {
    await agent.context().close();
  }
}

test('a planner finds a requested call in the list and opens it by keyboard only', async ({ browser }) => {
  const call = await requestedCall(browser, 'KEY');
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  try {
    await login(page, USERS.terminal);
    await page.goto(`${baseUrl()}/en/portcall-planner`);
    await expect(page.getByTestId('portcall-row').first()).toBeVisible();

    // Search the list for the call.
    await skipToMain(page);
    await tabTo(page, page.getByTestId('filter-search'), 'the list search');
    await page.keyboard.type(call.tag);
    const row = page.locator(`[data-testid="portcall-row"][data-portcall-id="${call.id}"]`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('portcall-row')).toHaveCount(1);

    // Open it: the vessel name is the row's link.
    await tabTo(page, row.getByRole('link').first(), 'the call’s link in its row');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/en/portcall-planner/details\\?id=${call.id}$`));
    await expect(page.getByTestId('negotiation-berth_arrival-your-turn')).toBeVisible();
  } finally {
    await cancelStoryCall(page, call.id);
    await page.context().close();
  }
});

test('a planner proposes another arrival for a requested call by keyboard only', async ({ browser }) => {
  const call = await requestedCall(browser, 'KEYP');
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  try {
    await login(page, USERS.terminal);
    await page.goto(`${baseUrl()}/en/portcall-planner/details?id=${call.id}`);
    await expect(page.getByTestId('negotiation-berth_arrival-your-turn')).toBeVisible();

    // Propose a later arrival with a remark.
    await skipToMain(page);
    await tabTo(page, page.getByTestId('negotiate-berth_arrival-propose'), 'propose another arrival');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('negotiation-form')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'call details with the negotiation form open, terminal');
    const proposed = new Date(call.arrival + 3 * HOUR);
    const shown = `${pad(proposed.getUTCDate())}-${pad(proposed.getUTCMonth() + 1)}-${proposed.getUTCFullYear()} 10:30`;
    await tabTo(page, page.getByTestId('negotiation-date-time'), 'the proposed time');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(shown);
    // Escape closes the field's calendar, so the next Tab leaves the field instead of walking the calendar.
    await page.keyboard.press('Escape');
    await tabTo(page, page.getByTestId('negotiation-remark'), 'the remark');
    await page.keyboard.type('Proposed by keyboard');
    await tabTo(page, page.getByTestId('negotiation-submit'), 'send the proposal');
    await page.keyboard.press('Enter');

    await expect(page.getByTestId('negotiation-berth_arrival')).toHaveAttribute('data-label', 'planned');
    await expect(page.getByTestId('negotiation-berth_arrival-value')).toHaveText(shown);
  } finally {
    await cancelStoryCall(page, call.id);
    await page.context().close();
  }
});
