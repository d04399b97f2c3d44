// Live updates between two people: the agent writes on a port call and changes a time; the terminal operator,
// with the app open in another browser, sees the message icon and the notifications badge change without reloading.
// The message, the time request and the tasks view are stories of their own, each on its own call: one story did all
// three and ran past its time on a busy machine.
import { type Browser, type Page, expect, test } from '@playwright/test';
import type { TPaged, TPortcall } from '@quayline/domain';
import { DESKTOP, PHONE, USERS, baseUrl, expectNoPageOverflow, login, screenshot } from '../support/fixtures';
import { cancelStoryCall, requestAsAgent } from '../support/agent-request';

const API = () => `${baseUrl()}/api/portal/v1`;
const DAY_MS = 86_400_000;

async function signedInPage(browser: Browser, email: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, email);
  return page;
}

/** Waits until the drawer has finished sliding in, so a screenshot shows it as the user sees it. */
async function settledDrawer(page: Page) {
  const drawer = page.getByTestId('notifications-drawer');
  await expect(drawer).toBeVisible();
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="notifications-drawer"]');
    if (!el) return false;
    const style = getComputedStyle(el);
    return style.opacity === '1' && (style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)');
  });
  return drawer;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${API()}${path}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

async function unreadCount(page: Page): Promise<number> {
  return (await apiGet<{ meta: { unread_count: number } }>(page, '/notification_messages')).meta.unread_count;
}

/** An upcoming call of the agent, to write on. */
async function pickAgentCall(agent: Page): Promise<TPortcall> {
  const from = new Date(Date.now() - 7 * DAY_MS).toISOString();
  const to = new Date(Date.now() + 21 * DAY_MS).toISOString();
  const list = await apiGet<TPaged<TPortcall>>(agent, `/portcalls?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&per_page=100`);
  const call = list.items.find(
    (p) => p.status === 'Approaching' && Date.parse(p.berth_arrival) > Date.now() + DAY_MS && ['requested', 'planned', 'estimated', 'accepted', null].includes(p.berth_arrival_state.label),
  );
  if (!call) throw new Error('the demo data has no upcoming call of the agent');
  return call;
}

/** The list item of a call on the vessel communication screen, found through the search box. */
async function findCall(page: Page, call: TPortcall) {
  await page.getByTestId('vc-search').fill(call.vessel_name);
  const item = page.locator(`[data-testid="vc-portcall"][data-portcall-id="${call.id}"]`);
  await expect(item).toBeVisible();
  return item;
}

test.describe('live updates', () => {
  test('the agent writes on a call; the terminal operator sees the message state change without reloading', async ({ browser }) => {
    // The terminal operator has vessel communication open.
    const terminal = await signedInPage(browser, USERS.terminal);
    await terminal.goto(`${baseUrl()}/en/vessel-communication`);
    await expect(terminal.getByTestId('vc-portcall').first()).toBeVisible();
    await expect(terminal.getByTestId('vc-no-selection')).toBeVisible();

    const agent = await signedInPage(browser, USERS.agent);
    const call = await pickAgentCall(agent);
    const terminalItem = await findCall(terminal, call);
    await expect(terminalItem).toHaveAttribute('data-state', 'none');
    await screenshot(terminal, 'vessel-communication-desktop');
    // A mark on the window survives in-app navigation but not a reload.
    await terminal.evaluate(() => Object.assign(window, { quaylineNotReloaded: true }));

    // The agent writes on the call from the vessel communication screen.
    await agent.goto(`${baseUrl()}/en/vessel-communication`);
    await (await findCall(agent, call)).click();
    await expect(agent.getByTestId('vc-thread-vessel')).toHaveText(call.vessel_name);
    await expect(agent.getByTestId('vc-thread-empty')).toBeVisible();
    await agent.getByTestId('vc-composer-send').click();
    await expect(agent.getByText('Write a message first.')).toBeVisible();
    const text = `Pilot ordered for ${call.vessel_name}, ETA as requested.`;
    await agent.getByTestId('vc-composer-input').fill(text);
    await expect(agent.getByTestId('vc-composer-counter')).toHaveText(`${text.length} of 2000 characters`);
    await agent.getByTestId('vc-composer-input').press('Control+Enter');
    await expect(agent.getByTestId('vc-message-body').last()).toHaveText(text);
    await expect(agent.getByTestId('vc-composer-input')).toHaveValue('');

    // Without a reload the terminal operator's icon turns 'new'; opening the thread shows the text and reads it.
    await expect(terminalItem).toHaveAttribute('data-state', 'new');
    await terminalItem.click();
    await expect(terminal.getByTestId('vc-message-body').last()).toHaveText(text);
    await expect(terminalItem).toHaveAttribute('data-state', 'all_read');
    await screenshot(terminal, 'vessel-communication-thread-desktop');
    expect(await terminal.evaluate(() => 'quaylineNotReloaded' in window), 'the terminal page was never reloaded').toBe(true);

    await agent.context().close();
    await terminal.context().close();
  });

  test('the agent asks for a new time; the terminal operator sees a popup and the badge change without reloading', async ({ browser }) => {
    // The story's own call: no other story moves its times, and the demo's calls keep theirs (a PRISE notice compares them).
    const agent = await signedInPage(browser, USERS.agent);
    const id = await requestAsAgent(agent, `LIVE-${Date.now().toString(36).toUpperCase().slice(-6)}`, { days: 11, hour: 6 }, { days: 12, hour: 2 });
    const call = await apiGet<TPortcall>(agent, `/portcalls/${id}`);
    const terminal = await signedInPage(browser, USERS.terminal);
    await terminal.goto(`${baseUrl()}/en/vessel-communication`);
    await expect(terminal.getByTestId('vc-portcall').first()).toBeVisible();
    await terminal.evaluate(() => Object.assign(window, { quaylineNotReloaded: true }));

    // The agent asks for a berth arrival 30 minutes earlier: the terminal operator's badge and a popup follow live.
    const asked = new Date(Date.parse(call.berth_arrival) - 30 * 60_000).toISOString();
    const step = await agent.request.post(`${API()}/portcalls/${call.id}/negotiate`, { data: { time: 'berth_arrival', action: 'request', date_time: asked, version: call.version } });
    expect(step.ok(), await step.text()).toBe(true);
    await agent.context().close();
    const sentence = `requested a berth arrival for ${call.vessel_name}`;
    // The call's own notifications: the agent's request of the call itself reads the same, so the newest one is taken.
    await expect(terminal.locator(`[data-testid="notification-popup"][data-portcall-id="${call.id}"]`).filter({ hasText: sentence }).first()).toBeVisible();
    // Other stories may notify the same operator meanwhile, so the badge is compared with the server's own count.
    await expect(terminal.getByTestId('notifications-badge')).toBeVisible();
    await expect.poll(async () => (await terminal.getByTestId('notifications-badge').textContent()) === String(await unreadCount(terminal))).toBe(true);
    await screenshot(terminal, 'notification-popup-desktop');
    expect(await terminal.evaluate(() => 'quaylineNotReloaded' in window), 'the terminal page was never reloaded').toBe(true);

    await terminal.getByTestId('notifications-button').click();
    const drawer = await settledDrawer(terminal);
    const item = drawer.locator(`[data-testid="notification-item"][data-portcall-id="${call.id}"]`).filter({ hasText: sentence }).first();
    await expect(item).toHaveAttribute('data-read', 'false');
    await screenshot(terminal, 'notifications-drawer-desktop');
    await drawer.getByTestId('notifications-mark-all').click();
    await expect(item).toHaveAttribute('data-read', 'true');
    await expect.poll(async () => ((await terminal.getByTestId('notifications-badge').count()) ? await terminal.getByTestId('notifications-badge').textContent() : '0') === String(await unreadCount(terminal))).toBe(true);
    await item.click();
    await expect(terminal).toHaveURL(new RegExp(`/en/portcall-planner/details\\?id=${call.id}$`));
    await cancelStoryCall(terminal, call.id);
    await terminal.context().close();
  });

  test('the tasks view counts what the server counts, open and closed, and filters the upcoming ones', async ({ browser }) => {
    const terminal = await signedInPage(browser, USERS.terminal);
    await terminal.goto(`${baseUrl()}/en/portcall-tasks`);
    const meta = await apiGet<{ open: { total: number; upcoming: number; departed: number }; closed: { total: number } }>(terminal, '/tasks_meta');
    expect(meta.open.total).toBeGreaterThan(0);
    await expect(terminal.getByTestId('tasks-count-open')).toHaveText(String(meta.open.total));
    await expect(terminal.getByTestId('tasks-count-closed')).toHaveText(String(meta.closed.total));
    await expect(terminal.getByTestId('task-card')).toHaveCount(Math.min(10, meta.open.total));
    await expect(terminal.getByTestId('tasks-range')).toHaveText(`1–${Math.min(10, meta.open.total)} of ${meta.open.total}`);
    await screenshot(terminal, 'tasks-desktop');
    await terminal.getByTestId('tasks-filter-upcoming').click();
    await expect(terminal).toHaveURL(/\?filter=upcoming$/);
    // Other stories change calls meanwhile (and time moves calls in and out of "upcoming"), so the screen is compared
    // with what the server counts now.
    const upcomingNow = async () => (await apiGet<{ open: { upcoming: number } }>(terminal, '/tasks_meta')).open.upcoming;
    await expect.poll(async () => ((await terminal.getByTestId('tasks-range').textContent()) ?? '').endsWith(`of ${await upcomingNow()}`)).toBe(true);
    await expectNoPageOverflow(terminal, 'tasks at 1280');
    await terminal.context().close();
  });

  test('tasks, vessel communication and the notifications drawer fit a phone', async ({ browser }) => {
    const phone = await signedInPage(browser, USERS.terminal, PHONE);
    await phone.goto(`${baseUrl()}/en/portcall-tasks`);
    await expect(phone.getByTestId('task-card').first()).toBeVisible();
    await expectNoPageOverflow(phone, 'tasks at 390');
    await screenshot(phone, 'tasks-phone');

    await phone.goto(`${baseUrl()}/en/vessel-communication`);
    const first = phone.getByTestId('vc-portcall').first();
    await expect(first).toBeVisible();
    // One screen at a time: the list, then the thread with a way back.
    await expect(phone.getByTestId('vc-no-selection')).toBeHidden();
    await expectNoPageOverflow(phone, 'vessel communication list at 390');
    await screenshot(phone, 'vessel-communication-phone');
    await first.click();
    await expect(phone.getByTestId('vc-thread')).toBeVisible();
    await expect(phone.getByTestId('vc-list')).toBeHidden();
    await expect(phone.getByTestId('vc-composer-input')).toBeVisible();
    await expectNoPageOverflow(phone, 'vessel communication thread at 390');
    await screenshot(phone, 'vessel-communication-thread-phone');
    await phone.getByTestId('vc-back').click();
    await expect(phone.getByTestId('vc-list')).toBeVisible();

    await phone.getByTestId('notifications-button').click();
    await settledDrawer(phone);
    await expectNoPageOverflow(phone, 'notifications drawer at 390');
    await screenshot(phone, 'notifications-drawer-phone');
    await phone.context().close();
  });
});
