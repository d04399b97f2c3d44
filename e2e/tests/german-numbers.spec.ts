// A German reader sees German figures: thousands grouped with a point and decimals after a comma on the berth planner,
// the details and the dashboard ("3.091", "0,50"), never the English "3,091" or "0.50". The story creates its own call
// seven weeks ahead (3,091 moves in a two-hour cargo window, so the planner card warns with the figures) and cancels it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, expect, test } from '@playwright/test';
import type { TPortcall } from '@quayline/domain';
import { PHONE, USERS, WIDE_DESKTOP, apiCall, baseUrl, bookOwnCall, login } from '../support/fixtures';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const shots = process.env.SHOTS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
/** An English figure: a comma before three digits, or a point before decimals, next to a digit. */
const ENGLISH_FIGURE = /\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)/;

for (const [label, viewport] of [
  ['desktop', WIDE_DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a German planner reads German numbers on the berth planner, the details and the dashboard, ${label}`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    await login(page, USERS.night, undefined, 'de');
    const arrival = Date.parse(`${new Date(Date.now() + (label === 'desktop' ? 47 : 48) * DAY_MS).toISOString().slice(0, 10)}T10:00:00Z`);
    const { call: created } = await bookOwnCall(page, arrival, {
      cargo_operations_start: new Date(arrival + HOUR_MS).toISOString(),
      cargo_operations_end: new Date(arrival + 3 * HOUR_MS).toISOString(),
      cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 3091, load: 0, restow: 0 }],
      draft_inbound: 12.5,
      voyage_number_import: `GN-${Date.now().toString(36).toUpperCase()}`,
    });
    try {
      // The berth planner: the card's warning says how long 3.091 moves take, in hours with a decimal comma.
      await page.goto(`${baseUrl()}/de/berth-planner?from=${new Date(arrival - DAY_MS).toISOString().slice(0, 10)}`);
      await expect(page.getByTestId('berth-planner')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      const flag = page.locator(`[data-testid="planner-card"][data-portcall-id="${created.id}"] [data-testid="planner-card-plausibility"]`);
      await expect(flag).toHaveAttribute('data-kinds', /cargo_exceeds_window/);
      await expect(flag).toHaveAttribute('title', /3\.091 Moves brauchen \d+,\d Std\..*\b2,0 Std\./);
      await flag.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `german-numbers-planner-${label}.png`) });

      // The details: the cargo row and the draft.
      await page.goto(`${baseUrl()}/de/portcall-planner/details?id=${created.id}`);
      await expect(page.getByText('3.091').first()).toBeVisible();
      await expect(page.getByText('12,5 m').first()).toBeVisible();
      expect(await page.getByText('3,091').count()).toBe(0);
      await page.screenshot({ path: path.join(shots, `german-numbers-details-${label}.png`), fullPage: true });

      // The dashboard: every KPI figure of the performance table in German.
      await page.goto(`${baseUrl()}/de/dashboard`);
      await page.getByTestId('performance-table-toggle').click({ timeout: 30_000 });
      await expect(page.getByTestId('performance-totals')).toBeVisible();
      const cells = await page.getByTestId('performance-table').locator('td').allTextContents();
      const figures = cells.filter((c) => /\d/.test(c) && !/\d{2}\.\d{2}\.\d{4}/.test(c));
      expect(figures.length).toBeGreaterThan(0);
      expect(figures.filter((c) => ENGLISH_FIGURE.test(c))).toEqual([]);
      expect(figures.some((c) => /\d,\d{1,2}\b/.test(c))).toBe(true);
      await page.getByTestId('performance-table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `german-numbers-dashboard-${label}.png`) });
    } finally {
      const current = await apiCall<TPortcall>(page, 'GET', `/portcalls/${created.id}`);
      if (current.status !== 'Cancelled') await apiCall<TPortcall>(page, 'POST', `/portcalls/${created.id}/cancel`, { version: current.version });
      await page.context().close();
    }
  });
}
