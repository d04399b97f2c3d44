// A planner's main task by keyboard alone: find a requested call in the port-call list, open it and propose another
// berth arrival. Only Tab, typing and Enter drive the page; the story fails if any step needs a pointer.
import { type Locator, type Page, expect, test } from '@playwright/test';
import { DESKTOP, USERS, baseUrl, login } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';

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

test('a planner finds a requested call, opens it and proposes another arrival by keyboard only', async ({ browser }) => {
  const tag = `KEY-${Date.now().toString(36).toUpperCase().slice(-6)}`;
  // The call is the story's own: an agent requests it, through the API, eight days ahead.
  const agent = await (await browser.newContext({ viewport: DESKTOP })).newPage();
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
  await agent.context().close();

  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  try {
    await login(page, USERS.terminal);
    await page.goto(`${baseUrl()}/en/portcall-planner`);
    await expect(page.getByTestId('portcall-row').first()).toBeVisible();

    // Search the list for the call.
    await tabTo(page, page.getByTestId('filter-search'), 'the list search');
    await page.keyboard.type(tag);
    const row = page.locator(`[data-testid="portcall-row"][data-portcall-id="${call.id}"]`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('portcall-row')).toHaveCount(1);

    // Open it: the vessel name is the row's link.
    await tabTo(page, row.getByRole('link').first(), 'the call’s link in its row');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/en/portcall-planner/details\\?id=${call.id}$`));
    await expect(page.getByTestId('negotiation-berth_arrival-your-turn')).toBeVisible();

    // Propose a later arrival with a remark.
    await tabTo(page, page.getByTestId('negotiate-berth_arrival-propose'), 'propose another arrival');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('negotiation-form')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'call details with the negotiation form open, terminal');
    const proposed = new Date(arrival + 3 * HOUR);
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
    // The story's call is cancelled, so it does not sit in other stories' lists and alerts.
    const current = await payload<{ version: number }>(await page.request.get(`${API()}/portcalls/${call.id}`));
    await page.request.post(`${API()}/portcalls/${call.id}/cancel`, { data: { version: current.version } });
    await page.context().close();
  }
});
