// Port calls end to end: the agent requests, the terminal proposes, the agent accepts; two planners meet a version conflict.
import { type Browser, type Page, expect, test } from '@playwright/test';
import { DESKTOP, PHONE, USERS, baseUrl, expectNoPageOverflow, login, screenshot } from '../support/fixtures';
import { fillDateTime } from '../support/date-inputs';
import { requestAsAgent } from '../support/agent-request';

const API = () => `${baseUrl()}/api/portal/v1`;
const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day `days` from today, as the datetime-local value of a Berlin wall-clock time and as the screens show it. */
function berlinTime(days: number, hour: number, minute: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  return { shown: `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(hour)}:${pad(minute)}` };
}

/** Unique per run, so repeated runs on one database and other specs never see each other's calls. */
const runTag = () => Date.now().toString(36).toUpperCase();

async function signedInPage(browser: Browser, email: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, email);
  return page;
}

async function pickVessel(page: Page, name: string) {
  const field = page.getByTestId('field-vessel');
  await field.click();
  await field.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
  await expect(field).toHaveValue(new RegExp(`^${name} `));
}

test.describe('port calls', () => {
  test('the agent requests a berth window in the form, and the terminal finds it in its list as an open task', async ({ browser }) => {
    const voyage = `NEG-${runTag()}`;
    const arrival = berlinTime(9, 6, 0);
    const departure = berlinTime(10, 14, 0);

    // The agent asks for a berth window at the demo terminal.
    const agent = await signedInPage(browser, USERS.agent);
    await agent.goto(`${baseUrl()}/en/portcall-planner`);
    await agent.getByTestId('portcall-add').click();
    await expect(agent).toHaveURL(/\/en\/portcall-planner\/portcall\/add$/);
    await expect(agent.getByTestId('field-agent')).toHaveValue(/^ESA /);
    await expect(agent.getByTestId('field-agent')).toBeDisabled();
    await expect(agent.getByTestId('terminal-fields-read-only')).toBeVisible();
    await pickVessel(agent, 'ELBE RESOLVE');
    // The vessel's operator is taken over.
    await expect(agent.getByTestId('field-vessel-operator')).toHaveValue(/^NRDL /);
    await fillDateTime(agent.getByTestId('field-berth-arrival'), arrival.shown);
    await fillDateTime(agent.getByTestId('field-berth-departure'), departure.shown);
    await agent.getByTestId('field-voyage-import').fill(voyage);
    await agent.getByTestId('field-comment').fill('Requested by the agent in the browser story');
    await agent.getByTestId('cargo-add').click();
    await agent.getByTestId('cargo-discharge').fill('120');
    await agent.getByTestId('cargo-load').fill('80');
    await agent.getByTestId('cargo-restow').fill('4');
    await expect(agent.getByTestId('cargo-total')).toHaveValue('204');
    await screenshot(agent, 'portcall-form-desktop');
    await agent.getByTestId('portcall-form-save').click();
    await expect(agent).toHaveURL(/\/en\/portcall-planner\/details\?id=\d+$/);
    const id = new URL(agent.url()).searchParams.get('id');
    await expect(agent.getByTestId('negotiation-berth_arrival')).toHaveAttribute('data-label', 'requested');
    await expect(agent.getByTestId('negotiation-berth_arrival-value')).toHaveText(arrival.shown);
    // Nobody accepts their own request.
    await expect(agent.getByTestId('negotiate-berth_arrival-accept')).toHaveCount(0);
    await expect(agent.getByTestId('summary-cargo-grand-total')).toHaveText('204');

    // The terminal finds it in its list as an open task and proposes a later arrival.
    const terminal = await signedInPage(browser, USERS.terminal);
    await terminal.goto(`${baseUrl()}/en/portcall-planner`);
    await terminal.getByTestId('filter-search').fill(voyage);
    const row = terminal.locator(`[data-testid="portcall-row"][data-portcall-id="${id}"]`);
    await expect(row).toBeVisible();
    await expect(terminal.getByTestId('portcall-row')).toHaveCount(1);
    await expect(row.getByTestId('open-task-badge')).toBeVisible();
    await expect(row).toContainText('Requested');
    await expect(row).toContainText(arrival.shown);
    await terminal.getByTestId('filter-search').fill('');
    await expect(terminal.getByTestId('portcall-count')).not.toHaveText('1–1 of 1');
    await screenshot(terminal, 'portcall-list-desktop');
    await terminal.getByTestId('filter-search').fill(voyage);
    await expect(terminal.getByTestId('portcall-row')).toHaveCount(1);
    await agent.context().close();
    await terminal.context().close();
  });

  test('the terminal proposes another arrival, the agent sees it live and accepts, and history and audit trail show it', async ({ browser }) => {
    const voyage = `NEG-${runTag()}`;
    const arrival = berlinTime(9, 6, 0);
    const proposed = berlinTime(9, 8, 30);
    // The agent's request, sent as the form sends it (the story above walks the form itself).
    const agent = await signedInPage(browser, USERS.agent);
    const id = String(await requestAsAgent(agent, voyage, { days: 9, hour: 6 }, { days: 10, hour: 14 }));
    await agent.goto(`${baseUrl()}/en/portcall-planner/details?id=${id}`);
    await expect(agent.getByTestId('negotiation-berth_arrival')).toHaveAttribute('data-label', 'requested');
    await expect(agent.getByTestId('negotiation-berth_arrival-value')).toHaveText(arrival.shown);

    const terminal = await signedInPage(browser, USERS.terminal);
    const row = terminal.locator(`[data-testid="portcall-row"][data-portcall-id="${id}"]`);
    await terminal.goto(`${baseUrl()}/en/portcall-planner/details?id=${id}`);
    await expect(terminal.getByTestId('negotiation-berth_arrival-your-turn')).toBeVisible();
    // A marker a reload would wipe: the agent's page must learn of the proposal live.
    await agent.evaluate(() => {
      (window as unknown as { quaylineNoReload?: boolean }).quaylineNoReload = true;
    });
    await terminal.getByTestId('negotiate-berth_arrival-propose').click();
    await fillDateTime(terminal.getByTestId('negotiation-date-time'), proposed.shown);
    await terminal.getByTestId('negotiation-remark').fill('Berth 2 is free from 08:30');
    await terminal.getByTestId('negotiation-submit').click();
    await expect(terminal.getByTestId('negotiation-berth_arrival')).toHaveAttribute('data-label', 'planned');
    await expect(terminal.getByTestId('negotiation-berth_arrival-value')).toHaveText(proposed.shown);
    await expect(terminal.getByTestId('negotiation-berth_arrival-label')).toContainText('counter-proposal');

    // Now it is the agent's turn, shown live (no reload): the panel, the open-task marker and the notifications badge update.
    await expect(agent.getByTestId('negotiation-berth_arrival')).toHaveAttribute('data-label', 'planned');
    await expect(agent.getByTestId('negotiation-berth_arrival-your-turn')).toBeVisible();
    await expect(agent.getByTestId('notifications-badge')).toBeVisible();
    expect(await agent.evaluate(() => (window as unknown as { quaylineNoReload?: boolean }).quaylineNoReload)).toBe(true);
    await expect(agent.getByTestId('open-task-badge')).toBeVisible();
    await agent.getByTestId('negotiate-berth_arrival-accept').click();
    await expect(agent.getByTestId('negotiation-date-time')).toHaveCount(0);
    await agent.getByTestId('negotiation-submit').click();
    await expect(agent.getByTestId('negotiation-berth_arrival')).toHaveAttribute('data-label', 'accepted');
    await expect(agent.getByTestId('negotiation-berth_arrival-value')).toHaveText(proposed.shown);

    // History and audit trail tell the story.
    const steps = agent.getByTestId('portcall-history').getByTestId('history-row');
    // Two requests (arrival and departure), the proposal and the acceptance.
    await expect(steps).toHaveCount(4);
    expect(await steps.evaluateAll((rows) => rows.filter((r) => r.getAttribute('data-time') === 'berth_arrival').map((r) => r.getAttribute('data-action')))).toEqual(['request', 'propose', 'accept']);
    const audit = agent.getByTestId('portcall-audit').getByTestId('audit-row');
    await expect(audit).toHaveCount(3);
    expect(await audit.evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-event')}:${r.getAttribute('data-field')}`))).toEqual([
      'created:portcall',
      'revised:berth_arrival',
      'accepted:berth_arrival',
    ]);
    await expect(audit.nth(1)).toContainText(arrival.shown);
    await expect(audit.nth(1)).toContainText(proposed.shown);
    await screenshot(agent, 'portcall-details-desktop');

    // The departure request still waits for the terminal: the call stays an open task until it answers that too.
    await terminal.goto(`${baseUrl()}/en/portcall-planner`);
    await terminal.getByTestId('filter-search').fill(voyage);
    await expect(row).toContainText('Accepted');
    await expect(row.getByTestId('open-task-badge')).toBeVisible();
    await row.click();
    await expect(terminal.getByTestId('negotiation-berth_departure-your-turn')).toBeVisible();
    await expect(terminal.getByTestId('negotiation-berth_arrival-your-turn')).toHaveCount(0);
    await terminal.getByTestId('negotiate-berth_departure-accept').click();
    await terminal.getByTestId('negotiation-submit').click();
    await expect(terminal.getByTestId('negotiation-berth_departure')).toHaveAttribute('data-label', 'accepted');
    await expect(terminal.getByTestId('open-task-badge')).toHaveCount(0);
    await terminal.goto(`${baseUrl()}/en/portcall-planner`);
    await terminal.getByTestId('filter-search').fill(voyage);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('open-task-badge')).toHaveCount(0);
    await agent.context().close();
    await terminal.context().close();
  });

  test('two planners edit the same call: the second save shows the conflict and the other person’s value, not a lost update', async ({ browser }) => {
    const tag = runTag();
    // Two sessions of the terminal operator in two browser contexts (the other demo planners' passwords are changed
    // by the sign-in spec running alongside, so they are not used here).
    const first = await signedInPage(browser, USERS.terminal);
    const second = await signedInPage(browser, USERS.terminal);

    // The call is set up through the API as the first planner (cookie session of that browser context).
    const vessels = (await (await first.request.get(`${API()}/vessels?q=VIKING%20NAVIGATOR`)).json()).payload.items as { id: number; vessel_operator: { id: number } }[];
    const terminalId = (await (await first.request.get(`${API()}/terminals/current_terminal`)).json()).payload.id as number;
    const arrival = new Date(Date.now() + 12 * 86_400_000);
    arrival.setUTCHours(4, 0, 0, 0);
    const created = await first.request.post(`${API()}/portcalls`, {
      data: {
        terminal_id: terminalId,
        vessel_id: vessels[0]!.id,
        vessel_operator_id: vessels[0]!.vessel_operator.id,
        berth_arrival: arrival.toISOString(),
        berth_departure: new Date(arrival.getTime() + 20 * 3_600_000).toISOString(),
        voyage_number_import: `CONF-${tag}`,
        comment: 'Original comment',
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).payload.id as number;

    await first.goto(`${baseUrl()}/en/portcall-planner/portcall/edit?id=${id}`);
    await second.goto(`${baseUrl()}/en/portcall-planner/portcall/edit?id=${id}`);
    await expect(first.getByTestId('field-comment')).toHaveValue('Original comment');
    await expect(second.getByTestId('field-comment')).toHaveValue('Original comment');

    await first.getByTestId('field-comment').fill('Moved to berth 3 by the day planner');
    await first.getByTestId('portcall-form-save').click();
    await expect(first).toHaveURL(new RegExp(`/en/portcall-planner/details\\?id=${id}$`));
    await expect(first.getByTestId('summary-comment')).toHaveText('Moved to berth 3 by the day planner');

    await second.getByTestId('field-comment').fill('Night planner wants berth 1');
    await second.getByTestId('portcall-form-save').click();
    const notice = second.getByTestId('portcall-conflict');
    await expect(notice).toBeVisible();
    await expect(notice.locator('[data-testid="portcall-conflict-row"][data-field="comment"]')).toContainText('Moved to berth 3 by the day planner');
    await expect(notice).toContainText('Night planner wants berth 1');
    await expect(second).toHaveURL(new RegExp(`/en/portcall-planner/portcall/edit\\?id=${id}$`));
    await expect(second.getByTestId('portcall-form-save')).toBeDisabled();
    await screenshot(second, 'portcall-conflict-desktop');

    // Nothing was overwritten on the server.
    const stored = (await (await second.request.get(`${API()}/portcalls/${id}`)).json()).payload as { comment: string; version: number };
    expect(stored.comment).toBe('Moved to berth 3 by the day planner');

    await second.getByTestId('portcall-conflict-load-latest').click();
    await expect(notice).toHaveCount(0);
    await expect(second.getByTestId('field-comment')).toHaveValue('Moved to berth 3 by the day planner');
    await second.getByTestId('field-service-name').fill(`Night service ${tag}`);
    await second.getByTestId('portcall-form-save').click();
    await expect(second).toHaveURL(new RegExp(`/portcall-planner/details\\?id=${id}$`));
    await expect(second.getByTestId('summary-comment')).toHaveText('Moved to berth 3 by the day planner');
    await expect(second.getByTestId('summary-voyage')).toContainText(`Night service ${tag}`);
  });

  test('the form refuses a berth window that ends before it starts, without sending it', async ({ browser }) => {
    const page = await signedInPage(browser, USERS.terminal);
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/portal/v1/portcalls')) posts++;
    });
    await page.goto(`${baseUrl()}/en/portcall-planner/portcall/add`);
    await page.getByTestId('portcall-form-save').click();
    await expect(page.getByTestId('portcall-form-problems')).toBeVisible();
    await expect(page.getByTestId('field-vessel')).toHaveAttribute('aria-invalid', 'true');
    await pickVessel(page, 'CORAL HARMONY');
    await fillDateTime(page.getByTestId('field-berth-arrival'), berlinTime(14, 12, 0).shown);
    await fillDateTime(page.getByTestId('field-berth-departure'), berlinTime(14, 10, 0).shown);
    await page.getByTestId('portcall-form-save').click();
    await expect(page.getByText('Berth departure must be after berth arrival').first()).toBeVisible();
    expect(posts).toBe(0);
  });
});

test.describe('port calls on a phone', () => {
  test('list, details and form fit a 390 px screen', async ({ browser }) => {
    const page = await signedInPage(browser, USERS.terminal, PHONE);
    await page.goto(`${baseUrl()}/en/portcall-planner`);
    await expect(page.getByTestId('portcall-row').first()).toBeVisible();
    // Filters other than the search fold away on a phone.
    await expect(page.getByTestId('filter-from')).toBeHidden();
    await expectNoPageOverflow(page, 'list');
    await screenshot(page, 'portcall-list-phone');
    await page.getByTestId('filter-toggle').click();
    await expect(page.getByTestId('filter-from')).toBeVisible();
    await expectNoPageOverflow(page, 'list with filters');

    await page.getByTestId('portcall-row').first().click();
    await expect(page.getByTestId('negotiation-panel')).toBeVisible();
    await expect(page.getByTestId('portcall-audit')).toBeVisible();
    await expectNoPageOverflow(page, 'details');
    await screenshot(page, 'portcall-details-phone');

    await page.goto(`${baseUrl()}/en/portcall-planner/portcall/add`);
    await expect(page.getByTestId('portcall-form')).toBeVisible();
    await page.getByTestId('cargo-add').click();
    await expectNoPageOverflow(page, 'form');
    await screenshot(page, 'portcall-form-phone');
  });
});
