// The port-call list opens on what comes next for every role, fits its columns at 1440 px, and filters the calls whose
// PRISE notice waits for someone; the PRISE panel of a rejected call says what to change and links to the field.
import { type Page, expect, test } from '@playwright/test';
import { type TPaged, type TPortcall, type TTerminalDetail, type TVessel, imoCheckDigit } from '@quayline/domain';
import { DESKTOP, PHONE, USERS, WIDE_DESKTOP, apiCall, baseUrl, expectNoPageOverflow, login, screenshot } from '../support/fixtures';

/** How far the list's table scrolls sideways inside its container (0 when every column fits). */
const tableOverflow = (page: Page) => page.getByTestId('portcall-list').locator('table').evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);

for (const role of ['terminal', 'vessel', 'agent'] as const) {
  test(`the ${role} side's list opens on calls not yet departed`, async ({ page }) => {
    await page.setViewportSize(WIDE_DESKTOP);
    await login(page, USERS[role]);
    const opened = Date.now();
    await page.goto(`${baseUrl()}/en/portcall-planner`);
    await expect(page.getByTestId('portcall-row').first()).toBeVisible();
    await expect(page.getByTestId('portcall-count')).toContainText('From now');
    // No call on the first page left its berth before the list was opened.
    const departures = await page.getByTestId('portcall-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-portcall-id')));
    expect(departures.length).toBeGreaterThan(0);
    const api = await page.request.get(`${baseUrl()}/api/portal/v1/portcalls?per_page=100&from=${new Date(opened - 60_000).toISOString()}`);
    const ids = new Set(((await api.json()).payload.items as { id: number }[]).map((p) => String(p.id)));
    for (const id of departures) expect(ids.has(id!), `call ${id} departs after the list opened`).toBe(true);
    await expect(page.getByTestId('status-badge').filter({ hasText: 'Departed' })).toHaveCount(0);
    // Every column, the pin included, is on screen without a sideways scroll.
    expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
    if (role === 'terminal') await screenshot(page, 'portcall-list-upcoming-1440');
  });
}

test('the PRISE filter lists the calls whose notice waits, and a rejected one says what to change', async ({ page }) => {
  await page.setViewportSize(WIDE_DESKTOP);
  await login(page, USERS.terminal);
  await page.goto(`${baseUrl()}/en/portcall-planner`);
  await page.getByTestId('filter-prise').click();
  await page.getByRole('option', { name: 'To do: due, missing or rejected' }).click();
  await expect(page.getByTestId('portcall-row').first()).toBeVisible();
  const rows = page.getByTestId('portcall-row');
  await expect(rows.filter({ hasNot: page.getByTestId('prise-step') })).toHaveCount(0);
  await rows.filter({ has: page.locator('[data-step=rejected]') }).first().getByRole('link').first().click();
  const next = page.getByTestId('prise-next-step');
  await expect(next).toContainText('Nautical Terminal Coordination (NTC)');
  // Unchanged since the rejection unless another story has moved the call meanwhile: the panel says what the server says.
  const id = new URL(page.url()).searchParams.get('id');
  const notice = (await (await page.request.get(`${baseUrl()}/api/portal/v1/portcalls/${id}/prise_notice`)).json()).payload as { changed_since_sent: string[] | null };
  await expect(page.getByTestId('prise-submit')).toHaveAttribute('data-unchanged', String((notice.changed_since_sent ?? []).length === 0));
  await page.getByTestId('prise-next-link-draft').click();
  await expect(page.getByTestId('field-draft-inbound')).toBeFocused();
  await page.setViewportSize(PHONE);
  await expectNoPageOverflow(page, 'edit form on a phone');
});

test('at 1280 px the status badges keep their words whole, in English and German', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await login(page, USERS.terminal);
  for (const locale of ['en', 'de']) {
    await page.goto(`${baseUrl()}/${locale}/portcall-planner`);
    await expect(page.getByTestId('portcall-row').first()).toBeVisible();
    // A badge whose words broke apart ("BE / RT / HE / D") is narrower than its longest word, although the badge could
    // have been as wide as that word (a word wider than the badge's own limit may break: "Lotsenversetzpunkt").
    const broken = await page.getByTestId('status-badge').evaluateAll((badges) =>
      badges.flatMap((badge) => {
        const label = badge.querySelector('.mantine-Badge-label') ?? badge;
        const root = getComputedStyle(badge);
        const text = getComputedStyle(label);
        const limit = root.maxWidth === 'none' ? Infinity : parseFloat(root.maxWidth) - parseFloat(root.paddingLeft) - parseFloat(root.paddingRight);
        const probe = document.createElement('span');
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${text.font};letter-spacing:${text.letterSpacing};text-transform:${text.textTransform}`;
        document.body.append(probe);
        const widest = Math.max(
          ...(label.textContent ?? '').split(/\s+/).filter(Boolean).map((word) => {
            probe.textContent = word;
            return probe.getBoundingClientRect().width;
          }),
        );
        probe.remove();
        // A letter's slack: a long word broken at the limit leaves its first line a little short of it.
        return label.getBoundingClientRect().width + 12 < Math.min(widest, limit) ? [label.textContent] : [];
      }),
    );
    expect(broken, `${locale}: badges narrower than a word`).toEqual([]);
    // The badge's limit is wide enough for every one-word status ("Festgemacht"): those stay on one line.
    const wrapped = await page.getByTestId('status-badge').evaluateAll((badges) =>
      badges.flatMap((badge) => {
        const label = badge.querySelector('.mantine-Badge-label') ?? badge;
        const words = (label.textContent ?? '').trim().split(/\s+/);
        return words.length === 1 && label.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(label).lineHeight) ? [label.textContent] : [];
      }),
    );
    expect(wrapped, `${locale}: one-word statuses on two lines`).toEqual([]);
  }
});

test('a call with a long vessel name still fits 1440 px: the name wraps between its words', async ({ page }) => {
  await page.setViewportSize(WIDE_DESKTOP);
  await login(page, USERS.terminal);
  const terminal = await apiCall<TTerminalDetail>(page, 'GET', '/terminals/current_terminal');
  const operator = (await apiCall<TPaged<TVessel>>(page, 'GET', '/vessels?per_page=100')).items.find((v) => v.vessel_operator !== null)!.vessel_operator!;
  const tag = Math.random().toString(36).slice(2, 8);
  // About 460 px in one line of the list's bold type: wider than the vessel column's share of 1440 px.
  const name = `Nordseewerke Emden Containerschiff Hamburg Express ${tag}`;
  const firstSix = String(900_000 + Math.floor(Math.random() * 99_999));
  const vessel = await apiCall<TVessel>(page, 'POST', '/vessels', {
    name,
    imo_number: `${firstSix}${imoCheckDigit(firstSix)}`,
    vessel_type: 'CONTAINER',
    length_overall_m: 200,
    beam_m: 32,
    max_draft_m: 11,
    vessel_operator_id: operator.id,
  });
  const arrival = Date.now() + 3 * 3_600_000;
  await apiCall<TPortcall>(page, 'POST', '/portcalls', {
    terminal_id: terminal.id,
    vessel_id: vessel.id,
    vessel_operator_id: operator.id,
    berth_arrival: new Date(arrival).toISOString(),
    berth_departure: new Date(arrival + 20 * 3_600_000).toISOString(),
    berth_start_position: 100,
    berth_end_position: 300,
  });
  for (const locale of ['en', 'de']) {
    await page.goto(`${baseUrl()}/${locale}/portcall-planner`);
    await page.getByTestId('filter-search').fill(tag);
    await expect(page.getByTestId('portcall-row')).toHaveCount(1);
    const link = page.getByTestId('portcall-row').getByRole('link', { name });
    await expect(link).toBeVisible();
    expect(await tableOverflow(page), `${locale}: sideways scroll`).toBeLessThanOrEqual(0);
    // Wrapped, not cut: the whole name is on screen on more than one line.
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThan(30);
    await screenshot(page, `portcall-list-long-vessel-name-${locale}`);
  }
});
