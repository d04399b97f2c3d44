// Publishing the sandbox shows first what goes live: a drafted move that puts one call onto another lists the call
// (old to new place), the new clash and who is told; the planner must confirm the clash, can step back, and then
// publishes. "Revert to live plan" asks too, and one click on Undo brings the moves back. The story places its own
// two calls six weeks ahead in the night planner's own sandbox, and cancels them afterwards.
import { type Browser, type Page, expect, test } from '@playwright/test';
import type { TDraftState, TPaged, TPortcall, TTerminalDetail, TVessel } from '@quayline/domain';
import { PHONE, USERS, WIDE_DESKTOP, apiCall, baseUrl, expectNoPageOverflow, login, screenshot } from '../support/fixtures';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

async function plannerPage(browser: Browser, viewport: { width: number; height: number }, locale = 'en'): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await login(page, USERS.night, undefined, locale);
  return page;
}

/** Two calls side by side on the quay, and a drafted move of the first onto the second. */
async function clashingDraft(page: Page) {
  const terminal = await apiCall<TTerminalDetail>(page, 'GET', '/terminals/current_terminal');
  const vessels = await apiCall<TPaged<TVessel>>(page, 'GET', '/vessels?per_page=100');
  // The two shortest vessels, so the clash names two different ships.
  const [first, second] = vessels.items.filter((v) => v.vessel_operator !== null).sort((a, b) => a.length_overall_m - b.length_overall_m);
  const length = Math.max(200, Math.ceil(second!.length_overall_m / 25) * 25);
  const day = new Date(Date.now() + 42 * DAY_MS).toISOString().slice(0, 10);
  const arrival = Date.parse(`${day}T10:00:00Z`);
  const create = (start: number, vessel: TVessel) =>
    apiCall<TPortcall>(page, 'POST', '/portcalls', {
      terminal_id: terminal.id,
      vessel_id: vessel.id,
      vessel_operator_id: vessel.vessel_operator!.id,
      berth_arrival: new Date(arrival).toISOString(),
      berth_departure: new Date(arrival + 20 * HOUR_MS).toISOString(),
      berth_start_position: start,
      berth_end_position: start + length,
      voyage_number_import: `PP-${Date.now().toString(36).toUpperCase()}`,
    });
  const a = await create(100, first!);
  const b = await create(100 + length + 200, second!);
  const draft = await apiCall<TDraftState>(page, 'GET', `/draft_portcalls?terminal_id=${terminal.id}`);
  const target = b.berth_start_position! + 50;
  await apiCall<TDraftState>(page, 'PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: terminal.id, version: draft.version, changes: [{ portcall_id: a.id, berth_start_position: target, berth_end_position: target + length }] });
  return {
    terminal,
    a,
    b,
    target,
    from: new Date(arrival - DAY_MS).toISOString().slice(0, 10),
    async cleanup() {
      const d = await apiCall<TDraftState>(page, 'GET', `/draft_portcalls?terminal_id=${terminal.id}`);
      if (d.changes.length || d.can_undo || d.can_redo) await apiCall<TDraftState>(page, 'POST', '/draft_portcalls/revert', { terminal_id: terminal.id, version: d.version });
      for (const id of [a.id, b.id]) {
        const current = await apiCall<TPortcall>(page, 'GET', `/portcalls/${id}`);
        if (current.status !== 'Cancelled') await apiCall<TPortcall>(page, 'POST', `/portcalls/${id}/cancel`, { version: current.version });
      }
    },
  };
}

/** The language is the URL's, whatever the planner's profile says. */
async function openSandbox(page: Page, from: string, locale = 'en'): Promise<void> {
  await page.goto(`${baseUrl()}/${locale}/berth-planner?from=${from}&mode=sandbox`);
  await expect(page.getByTestId('berth-planner')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('berth-planner')).toHaveAttribute('data-mode', 'sandbox');
}

test.describe('publish preview', () => {
  test('shows the change, the new clash and who is told, asks to confirm the clash, and publishes; revert asks and can be undone', async ({ browser }) => {
    const page = await plannerPage(browser, WIDE_DESKTOP);
    const world = await clashingDraft(page);
    try {
      await openSandbox(page, world.from);
      await page.getByTestId('sandbox-publish').click();
      const change = page.locator(`[data-testid="publish-preview-change"][data-portcall-id="${world.a.id}"]`);
      await expect(change).toHaveAttribute('data-from', String(world.target));
      await expect(change.locator('[data-field="position"]')).toContainText(`${world.a.berth_start_position}–${world.a.berth_end_position} m`);
      await expect(page.locator('[data-testid="publish-preview-clash"][data-kind="overlap"][data-new="true"]')).toHaveCount(1);
      await expect(page.getByTestId('publish-preview-recipient').first()).toBeVisible();
      const publish = page.getByTestId('publish-preview-publish');
      await expect(publish, 'a clash must be confirmed first').toBeDisabled();
      await screenshot(page, 'publish-preview-desktop-en');

      // Stepping back publishes nothing.
      await page.getByTestId('publish-preview-cancel').click();
      await expect(page.getByTestId('publish-preview-body')).toBeHidden();
      expect((await apiCall<TPortcall>(page, 'GET', `/portcalls/${world.a.id}`)).berth_start_position).toBe(world.a.berth_start_position);

      await page.getByTestId('sandbox-publish').click();
      await page.getByTestId('publish-preview-confirm-clashes').check();
      await publish.click();
      await expect(page.getByTestId('publish-preview-body')).toBeHidden();
      await expect(page.getByTestId('sandbox-change-count')).toContainText('0');
      expect((await apiCall<TPortcall>(page, 'GET', `/portcalls/${world.a.id}`)).berth_start_position, 'published as previewed').toBe(world.target);

      // Revert asks, and its Undo brings the dropped move back.
      const card = page.locator(`[data-testid="planner-card"][data-portcall-id="${world.b.id}"]`);
      const start = await card.getAttribute('data-start');
      await card.click();
      await card.press('ArrowRight');
      await expect(card).not.toHaveAttribute('data-start', start!);
      const moved = await card.getAttribute('data-start');
      await page.getByTestId('sandbox-revert').click();
      await expect(page.getByTestId('revert-confirm-button')).toBeVisible();
      await page.getByTestId('revert-confirm-button').click();
      await expect(card).toHaveAttribute('data-start', start!);
      await page.getByTestId('revert-undo').click();
      await expect(card).toHaveAttribute('data-start', moved!);
    } finally {
      await world.cleanup();
      await page.context().close();
    }
  });

  for (const [label, viewport, locale] of [['desktop-de', WIDE_DESKTOP, 'de'], ['phone-en', PHONE, 'en'], ['phone-de', PHONE, 'de']] as const) {
    test(`screenshot of the preview, ${label}`, async ({ browser }) => {
      const page = await plannerPage(browser, viewport, locale);
      const world = await clashingDraft(page);
      try {
        await openSandbox(page, world.from, locale);
        await page.getByTestId('sandbox-publish').click();
        await expect(page.locator('[data-testid="publish-preview-clash"][data-new="true"]')).toHaveCount(1);
        await expectNoPageOverflow(page, `${label}: the preview fits the screen`);
        await screenshot(page, `publish-preview-${label}`);
      } finally {
        await world.cleanup();
        await page.context().close();
      }
    });
  }
});
