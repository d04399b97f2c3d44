// A call whose shift plans far more moves per gang-hour than the terminal's cranes work is marked on its planner card,
// with the reason in the marker, in English and German at desktop and phone width. The story creates its own call six weeks ahead and cancels it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, expect, test } from '@playwright/test';
import type { TPortcall, TTerminalDetail } from '@quayline/domain';
import { PHONE, USERS, WIDE_DESKTOP, apiCall, baseUrl, bookOwnCall, login } from '../support/fixtures';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

for (const [label, viewport, locale, marker] of [
  ['desktop-en', WIDE_DESKTOP, 'en', /moves per gang-hour, far above the norm/],
  ['desktop-de', WIDE_DESKTOP, 'de', /Moves je Gang-Stunde, weit über der Norm/],
  ['phone-en', PHONE, 'en', /gang-hour/],
  ['phone-de', PHONE, 'de', /Gang-Stunde/],
] as const) {
  test(`the planner card marks a shift far above the terminal's rate, ${label}`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    await login(page, USERS.night, undefined, locale);
    const terminal = await apiCall<TTerminalDetail>(page, 'GET', '/terminals/current_terminal');
    const day = new Date(Date.now() + 43 * DAY_MS).toISOString().slice(0, 10);
    const dayShift = terminal.shifts.find((s) => s.start_time <= '11:00' && s.end_time >= '14:00' && s.start_time < s.end_time)!;
    const arrival = Date.parse(`${day}T10:00:00Z`);
    const { call: created } = await bookOwnCall(page, arrival, {
      // 450 moves by one gang in an hour and a half: 300 an hour, where a crane of the demo works about 30. 10:30-12:00 UTC
      // is late morning in the terminal's winter time, inside its day shift.
      portcall_shift_details: [{ shift_number: dayShift.shift_number, start_time: new Date(arrival + HOUR_MS / 2).toISOString(), end_time: new Date(arrival + 2 * HOUR_MS).toISOString(), cargo_type: 'Container (boxes)', discharge: 450, load: 0, restow: 0, gangs: 1 }],
      voyage_number_import: `PL-${Date.now().toString(36).toUpperCase()}`,
    });
    try {
      await page.goto(`${baseUrl()}/${locale}/berth-planner?from=${new Date(arrival - DAY_MS).toISOString().slice(0, 10)}`);
      await expect(page.getByTestId('berth-planner')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      const flag = page.locator(`[data-testid="planner-card"][data-portcall-id="${created.id}"] [data-testid="planner-card-plausibility"]`);
      await expect(flag).toHaveAttribute('data-kinds', /rate_above_norm/);
      await expect(flag).toHaveAttribute('title', marker);
      await flag.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `planner-plausibility-${label}.png`) });
    } finally {
      const current = await apiCall<TPortcall>(page, 'GET', `/portcalls/${created.id}`);
      if (current.status !== 'Cancelled') await apiCall<TPortcall>(page, 'POST', `/portcalls/${created.id}/cancel`, { version: current.version });
      await page.context().close();
    }
  });
}
