// Optimize in the planner's sandbox: three calls put on top of each other get a clash-free proposal; the planner
// keeps part of it (one move declined), publishes, and the live plan holds exactly the accepted moves.
// The day planner is used only here, so the sandbox draft is this test's own.
import { expect, test } from '@playwright/test';
import { USERS, baseUrl, login, screenshot } from '../support/fixtures';

const API = () => `${baseUrl()}/api/portal/v1`;
const HOUR = 3_600_000;

type TCall = { id: number; version: number; berth_arrival: string; berth_departure: string; berth_start_position: number | null; berth_end_position: number | null };

test('the optimizer proposes a clash-free plan in the sandbox and the planner publishes part of it', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, USERS.day);
  const payload = async <T>(response: Awaited<ReturnType<typeof page.request.get>>): Promise<T> => {
    expect(response.ok(), `${response.url()} -> ${response.status()} ${await response.text()}`).toBe(true);
    return ((await response.json()) as { payload: T }).payload;
  };
  const terminalId = (await payload<{ id: number }>(await page.request.get(`${API()}/terminals/current_terminal`))).id;
  const draft = await payload<{ version: number; changes: unknown[] }>(await page.request.get(`${API()}/draft_portcalls?terminal_id=${terminalId}`));
  if (draft.changes.length > 0) await payload(await page.request.post(`${API()}/draft_portcalls/revert`, { data: { terminal_id: terminalId, version: draft.version } }));

  // Three vessels of 150-300 m asked for the same stretch of quay at about the same time, early tomorrow, so
  // their cards are in the planner's first screen.
  const vessels = (await payload<{ items: { id: number; length_overall_m: number; vessel_operator: { id: number } | null }[] }>(await page.request.get(`${API()}/vessels?per_page=100`))).items
    .filter((v) => v.vessel_operator && v.length_overall_m >= 150 && v.length_overall_m <= 300)
    .slice(0, 3);
  expect(vessels).toHaveLength(3);
  const arrival = new Date(Math.ceil((Date.now() + 20 * HOUR) / HOUR) * HOUR);
  const created: TCall[] = [];
  for (const [n, vessel] of vessels.entries()) {
    created.push(
      await payload<TCall>(
        await page.request.post(`${API()}/portcalls`, {
          data: {
            terminal_id: terminalId,
            vessel_id: vessel.id,
            vessel_operator_id: vessel.vessel_operator!.id,
            berth_arrival: new Date(arrival.getTime() + n * HOUR).toISOString(),
            berth_departure: new Date(arrival.getTime() + (n + 20) * HOUR).toISOString(),
            berth_start_position: 700,
            berth_end_position: 700 + Math.ceil(vessel.length_overall_m),
            voyage_number_import: `OPT-${Date.now() % 1_000_000}-${n}`,
          },
        }),
      ),
    );
  }
  const mine = new Set(created.map((c) => c.id));

  await page.goto(`${baseUrl()}/en/berth-planner`);
  const planner = page.getByTestId('berth-planner');
  await expect(planner).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.getByTestId('planner-mode-sandbox').click();
  await expect(planner).toHaveAttribute('data-mode', 'sandbox');
  for (const c of created) await expect(page.locator(`[data-testid="planner-card"][data-portcall-id="${c.id}"]`)).toHaveAttribute('data-clash', 'true');

  await page.getByTestId('sandbox-optimize').click();
  const panel = page.getByTestId('optimize-panel');
  await expect(panel).toBeVisible();
  await page.getByTestId('optimize-seconds').fill('2');
  await page.getByTestId('optimize-run').click();
  const figures = page.getByTestId('optimize-figures');
  await expect(figures).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'berth-planner-optimize-proposal');

  // Keep the moves of our own calls except the first one; decline every other move so the demo plan stays as it is.
  const rows = page.getByTestId('optimize-move');
  const ids = (await rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-portcall-id')))));
  const movedMine = ids.filter((id) => mine.has(id));
  expect(movedMine.length, 'the optimizer must move at least two of the three stacked calls').toBeGreaterThanOrEqual(2);
  const declined = movedMine[0]!;
  for (const id of ids) {
    if (mine.has(id) && id !== declined) continue;
    await page.locator(`[data-testid="optimize-move"][data-portcall-id="${id}"]`).getByTestId('optimize-move-toggle').uncheck();
  }
  await page.getByTestId('optimize-accept-selected').click();
  await expect(panel).toBeHidden();

  const afterAccept = await payload<{ version: number; changes: { portcall_id: number }[] }>(await page.request.get(`${API()}/draft_portcalls?terminal_id=${terminalId}`));
  expect(new Set(afterAccept.changes.map((c) => c.portcall_id))).toEqual(new Set(movedMine.filter((id) => id !== declined)));

  await page.getByTestId('sandbox-publish').click();
  // The preview lists what goes live; clashes the accepted moves leave are confirmed before publishing.
  await expect(page.getByTestId('publish-preview-body')).toBeVisible();
  const confirmClashes = page.getByTestId('publish-preview-confirm-clashes');
  if (await confirmClashes.isVisible()) await confirmClashes.check();
  await page.getByTestId('publish-preview-publish').click();
  await expect
    .poll(async () => (await payload<{ changes: unknown[] }>(await page.request.get(`${API()}/draft_portcalls?terminal_id=${terminalId}`))).changes.length, { timeout: 15_000 })
    .toBe(0);

  for (const before of created) {
    const now = await payload<TCall>(await page.request.get(`${API()}/portcalls/${before.id}`));
    const moved = now.berth_arrival !== before.berth_arrival || now.berth_start_position !== before.berth_start_position;
    if (before.id === declined || !movedMine.includes(before.id)) expect(moved, `call ${before.id} stays where it was`).toBe(false);
    else expect(moved, `call ${before.id} takes the accepted move`).toBe(true);
  }
  await page.getByTestId('planner-mode-live').click();
  await expect(planner).toHaveAttribute('data-mode', 'live');
  // The declined call is still where it was asked for, on the first screen of the live diagram.
  const original = created.find((c) => c.id === declined)!;
  await expect(page.locator(`[data-testid="planner-card"][data-portcall-id="${declined}"]`)).toHaveAttribute('data-start', new Date(original.berth_arrival).toISOString());
});
