// Nobody is offered an action the server refuses: each role walks every screen and finds exactly the
// actions docs/permissions.md ("What each role is offered in the app") gives it. One table drives it, so a screen that
// gains a button for the wrong role fails here. Acting for a colleague (both names in the user menu) is proxy.spec.ts.
import { type APIRequestContext, type Locator, type Page, expect, request as playwrightRequest, test } from '@playwright/test';
import { HEADER_TOKEN } from '@quayline/domain';
import { DESKTOP, DEMO_PASSWORD, PHONE, USERS, baseUrl, expectNoPageOverflow, login, screenshot } from '../support/fixtures';

type TRole = 'terminal' | 'vessel' | 'agent';
const ALL: readonly TRole[] = ['terminal', 'vessel', 'agent'];
const TERMINAL: readonly TRole[] = ['terminal'];

type TAction = {
  name: string | RegExp;
  kind?: 'button' | 'link' | 'menuitem' | 'heading';
  /** The roles offered it; everyone else must not see it. */
  roles: readonly TRole[];
  /** Shown only in some states of the record (a negotiation step): only its absence for the other roles is checked. */
  isStateful?: boolean;
};
type TScreen = { screen: string; path: (ctx: TContext) => string; actions: readonly TAction[] };
type TContext = { sharedCallId: number };

const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

// Mirrors docs/permissions.md "What each role is offered in the app".
const SCREENS: readonly TScreen[] = [
  {
    screen: 'dashboard',
    path: () => '/dashboard',
    actions: [
      { name: 'Widgets', roles: ALL },
      { name: 'Alert thresholds', roles: TERMINAL },
    ],
  },
  {
    screen: 'port-call list',
    path: () => '/portcall-planner',
    actions: [
      { name: 'Add port call', kind: 'link', roles: ALL },
      { name: 'Export table: Port-call planner', roles: ALL },
    ],
  },
  {
    screen: 'call details (negotiation, PRISE, audit)',
    path: (c) => `/portcall-planner/details?id=${c.sharedCallId}`,
    actions: [
      { name: 'Edit', kind: 'link', roles: ALL },
      { name: 'Export table: Audit trail', roles: ALL },
      { name: 'Save details', roles: ['terminal', 'agent'] },
      { name: 'Submit to the port authority', roles: ['terminal', 'agent'] },
      { name: 'Plan', roles: TERMINAL, isStateful: true },
      { name: 'Record actual time', roles: TERMINAL, isStateful: true },
      { name: 'Request', roles: ['vessel', 'agent'], isStateful: true },
    ],
  },
  {
    // The form offers each role only the fields it may change (docs/permissions.md, "Who may write which field").
    screen: 'call form',
    path: (c) => `/portcall-planner/portcall/edit?id=${c.sharedCallId}`,
    actions: [
      { name: 'Save changes', roles: ALL },
      { name: 'Add booking', roles: TERMINAL },
      { name: 'Add shift', roles: TERMINAL },
      // The shift plan's prefill; the cargo tiers' "Prefill end from duration" belongs to cargo details, which everyone writes.
      { name: 'Prefill from cargo window', roles: TERMINAL },
      { name: 'Prefill end from duration', roles: ALL, isStateful: true },
    ],
  },
  {
    screen: 'messages',
    path: (c) => `/vessel-communication?id=${c.sharedCallId}`,
    actions: [{ name: 'Send', roles: ALL }],
  },
  {
    screen: 'tasks',
    path: () => '/portcall-tasks',
    actions: [
      { name: 'Task settings', roles: ALL },
      { name: 'Download', roles: ALL },
    ],
  },
  {
    screen: 'berth planner (live)',
    path: () => '/berth-planner',
    actions: [
      { name: 'Today', roles: ALL },
      { name: 'Open port call', roles: ALL },
      { name: 'Planner settings', roles: ALL },
      { name: 'Live', roles: TERMINAL },
      { name: 'Sandbox', roles: TERMINAL },
      { name: 'Freeze', roles: TERMINAL },
    ],
  },
  {
    screen: 'berth planner (sandbox link)',
    path: () => '/berth-planner?mode=sandbox',
    actions: [
      { name: 'Today', roles: ALL },
      { name: 'Undo', roles: TERMINAL },
      { name: 'Redo', roles: TERMINAL },
      { name: 'Revert to live plan', roles: TERMINAL },
      { name: 'Publish', roles: TERMINAL },
      { name: 'Download draft', kind: 'link', roles: TERMINAL },
      { name: 'Optimise', roles: TERMINAL },
    ],
  },
  {
    screen: 'shift planner',
    path: () => '/shift-planner',
    actions: [
      { name: 'Today', roles: ALL },
      { name: 'Downloads', roles: ALL },
      { name: 'Print shift sheet', roles: ALL },
      { name: 'Shift planner settings', roles: ALL },
      { name: 'Shift calendar', roles: TERMINAL },
      { name: 'Prefill', roles: TERMINAL, isStateful: true },
      { name: /^Actions for /, roles: TERMINAL, isStateful: true },
    ],
  },
  {
    screen: 'map',
    path: () => '/map',
    actions: [
      { name: 'Zoom in', roles: ALL },
      { name: 'AIS settings of the terminal', roles: TERMINAL },
    ],
  },
  {
    screen: 'voyage center',
    path: () => '/voyage-center',
    actions: [
      { name: /^Current voyages/, kind: 'link', roles: ALL },
      { name: /^Voyage templates/, kind: 'link', roles: ALL },
      { name: 'Fetch now', roles: TERMINAL },
      { name: 'Settings', roles: TERMINAL },
      { name: 'Upload', roles: TERMINAL },
    ],
  },
  {
    screen: 'voyages',
    path: () => '/voyage-center/voyages',
    actions: [
      { name: 'New voyage', kind: 'link', roles: ALL },
      { name: 'Edit', kind: 'link', roles: ALL },
    ],
  },
  {
    screen: 'voyage templates',
    path: () => '/voyage-center/voyage-templates',
    actions: [
      { name: 'Voyage Templates', kind: 'heading', roles: ALL },
      { name: 'Create template', kind: 'link', roles: ['terminal', 'vessel'] },
      { name: 'Edit', kind: 'link', roles: ['terminal', 'vessel'] },
      { name: 'Generate', roles: ['terminal', 'vessel'] },
    ],
  },
  {
    screen: 'reports',
    path: () => '/voyage-center/reports',
    actions: [
      { name: /^Situation report/, kind: 'link', roles: ALL },
      { name: /^Movement report/, kind: 'link', roles: ALL },
      { name: /^Performance report/, kind: 'link', roles: ALL },
    ],
  },
  {
    screen: 'settings',
    path: () => '/user-settings',
    actions: [
      { name: 'Save e-mail settings', roles: ALL },
      { name: 'Save card fields', roles: ALL },
    ],
  },
];

const NAMES: Record<TRole, string> = { terminal: 'Hanna Kruse', vessel: 'Lars Nyberg', agent: 'Inés Moreno' };

function locate(page: Page, a: TAction): Locator {
  const name = typeof a.name === 'string' ? exact(a.name) : a.name;
  return page.getByRole(a.kind ?? 'button', { name });
}

/** A call of the demo vessel operator's company whose agent is the demo agency: all three roles see it. */
async function sharedCall(): Promise<number> {
  const signedIn = async (email: string): Promise<APIRequestContext> => {
    const ctx = await playwrightRequest.newContext({ baseURL: baseUrl() });
    const answer = await ctx.post('/api/portal/v1/login', { data: { email, password: DEMO_PASSWORD } });
    expect(answer.ok()).toBe(true);
    const token = ((await answer.json()) as { payload: { token: string } }).payload.token;
    await ctx.dispose();
    return playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { [HEADER_TOKEN]: token } });
  };
  const vessel = await signedIn(USERS.vessel);
  const agent = await signedIn(USERS.agent);
  try {
    const company = ((await (await vessel.get('/api/portal/v1/user_details')).json()) as { payload: { organisation_id: number } }).payload.organisation_id;
    const calls = ((await (await agent.get('/api/portal/v1/portcalls?per_page=100')).json()) as { payload: { items: { id: number; vessel_operator_id: number }[] } }).payload.items;
    const call = calls.find((c) => c.vessel_operator_id === company);
    expect(call, 'a demo call both the vessel operator and the agent see').toBeDefined();
    return call!.id;
  } finally {
    await vessel.dispose();
    await agent.dispose();
  }
}

for (const role of ALL) {
  test.describe(`as the ${role}`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    let ctx: TContext;

    test.beforeAll(async ({ browser }) => {
      ctx = { sharedCallId: await sharedCall() };
      page = await browser.newPage();
      await login(page, USERS[role]);
    });
    test.afterAll(async () => page.close());

    test('the user menu states who is signed in and offers acting for a colleague only where allowed', async () => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByTestId('user-menu-name')).toHaveText(NAMES[role]);
      await expect(page.getByTestId('user-menu-details')).toContainText('Signed in as');
      await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
      // The demo terminal operator has colleagues to act for; the demo vessel operator and agent are no organisation leads.
      await expect(page.getByRole('menuitem', { name: 'Act for a colleague' })).toHaveCount(role === 'terminal' ? 1 : 0);
      await page.keyboard.press('Escape');
    });

    for (const s of SCREENS) {
      test(`${s.screen}: offers what the server allows, nothing it refuses`, async () => {
        await page.goto(`${baseUrl()}/en${s.path(ctx)}`);
        const offered = s.actions.filter((a) => a.roles.includes(role) && !a.isStateful);
        for (const a of offered) await expect(locate(page, a).first(), `${String(a.name)} for ${role}`).toBeVisible();
        // Everything the role may do is drawn and the data has arrived: only now does an absence mean something.
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        for (const a of s.actions.filter((x) => !x.roles.includes(role))) await expect(locate(page, a), `${String(a.name)} must not be offered to ${role}`).toHaveCount(0);
      });
    }

    if (role !== 'agent') {
      test('the berth planner on a desktop and a phone, in English and German, for a look', async () => {
        for (const locale of ['en', 'de'] as const) {
          for (const [device, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
            await page.setViewportSize(size);
            await page.goto(`${baseUrl()}/${locale}/berth-planner${role === 'terminal' ? '?mode=sandbox' : ''}`);
            await expect(page.getByTestId('berth-planner')).toHaveAttribute('data-ready', 'true');
            await expectNoPageOverflow(page, `berth planner, ${role}, ${device}, ${locale}`);
            await screenshot(page, `role-actions-berth-planner-${role}-${device}-${locale}`);
          }
        }
        await page.setViewportSize(DESKTOP);
      });
    }
  });
}
