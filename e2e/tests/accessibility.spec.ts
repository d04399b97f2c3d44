// Every main screen, for the terminal operator and the vessel operator, scanned with axe-core against WCAG 2.1 A and
// AA once its data has arrived: no serious or critical violation anywhere. One test per screen and role, each short.
import { type Page, expect as baseExpect, test } from '@playwright/test';
import { DESKTOP, PHONE, USERS, baseUrl, login } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';

const API = () => `${baseUrl()}/api/portal/v1`;

// Every wait here is for a screen's first data (a lazy route and its first answers), which took more than the suite's
// 20 s with a second suite running beside it; the scans judge the screen, so these waits only need to end.
const expect = baseExpect.configure({ timeout: 45_000 });

/** Waits until no loader is drawn: a screen scanned while it still loads would be judged on its placeholder. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
}

async function firstCallId(page: Page): Promise<number> {
  const answer = await page.request.get(`${API()}/portcalls?per_page=5`);
  expect(answer.ok()).toBe(true);
  const calls = ((await answer.json()) as { payload: { items: { id: number }[] } }).payload.items;
  expect(calls.length, 'the role sees at least one demo call').toBeGreaterThan(0);
  return calls[0]!.id;
}

type TRole = 'terminal' | 'vessel';
/** One screen in one state, one scan each: a test of several scans ran past its time on a busy machine. */
type TScreen = { name: string; roles?: TRole[]; visit(page: Page, role: TRole): Promise<void> };

/** Opens a path of the app and waits for the given element to show, then for the loaders to go. */
async function open(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(`${baseUrl()}/en${path}`);
  await ready(page);
  await settled(page);
}

const SCREENS: TScreen[] = [
  {
    name: 'dashboard',
    async visit(page, role) {
      await open(page, '/dashboard', (p) => expect(p.getByTestId('widget-user_stats')).toBeVisible());
      await expect(page.getByTestId('stat-open_tasks-count')).toHaveText(/^[0-9]+$/);
      await expectNoSeriousA11yViolations(page, `dashboard, ${role}`);
    },
  },
  {
    name: 'port-call list',
    async visit(page, role) {
      await open(page, '/portcall-planner', (p) => expect(p.getByTestId('portcall-row').first()).toBeVisible());
      await expectNoSeriousA11yViolations(page, `port-call list, ${role}`);
    },
  },
  {
    name: 'call details',
    async visit(page, role) {
      const id = await firstCallId(page);
      await open(page, `/portcall-planner/details?id=${id}`, (p) => expect(p.getByTestId('screen-portcall_planner_view')).toBeVisible());
      await expectNoSeriousA11yViolations(page, `call details, ${role}`);
    },
  },
  {
    name: 'new call form',
    async visit(page, role) {
      await open(page, '/portcall-planner/portcall/add', (p) => expect(p.getByTestId('screen-add_portcall')).toBeVisible());
      await expectNoSeriousA11yViolations(page, `new call form, ${role}`);
    },
  },
  {
    name: 'call edit form',
    async visit(page, role) {
      const id = await firstCallId(page);
      await open(page, `/portcall-planner/portcall/edit?id=${id}`, (p) => expect(p.getByTestId('screen-edit_portcall')).toBeVisible());
      await expectNoSeriousA11yViolations(page, `call edit form, ${role}`);
    },
  },
  {
    name: 'berth planner',
    async visit(page, role) {
      await open(page, '/berth-planner', (p) => expect(p.getByTestId('berth-planner')).toHaveAttribute('data-ready', 'true'));
      await expectNoSeriousA11yViolations(page, `berth planner, ${role}`);
    },
  },
  {
    name: 'berth planner sandbox',
    roles: ['terminal'],
    async visit(page, role) {
      await open(page, '/berth-planner?mode=sandbox', (p) => expect(p.getByTestId('berth-planner')).toHaveAttribute('data-mode', 'sandbox'));
      await expect(page.getByTestId('berth-planner')).toHaveAttribute('data-ready', 'true');
      await expectNoSeriousA11yViolations(page, `berth planner sandbox, ${role}`);
    },
  },
  {
    name: 'shift planner',
    async visit(page, role) {
      await open(page, '/shift-planner', (p) => expect(p.getByTestId('shift-board')).toHaveAttribute('data-ready', 'true'));
      await expectNoSeriousA11yViolations(page, `shift planner, ${role}`);
    },
  },
  {
    name: 'tasks',
    async visit(page, role) {
      await open(page, '/portcall-tasks', (p) => expect(p.getByTestId('tasks-list')).toHaveAttribute('aria-busy', 'false'));
      await expectNoSeriousA11yViolations(page, `tasks, ${role}`);
    },
  },
  {
    name: 'map',
    async visit(page, role) {
      await open(page, '/map', (p) => expect(p.getByTestId('map-canvas')).toHaveAttribute('data-markers-ready', /^[0-9]+$/));
      await expectNoSeriousA11yViolations(page, `map, ${role}`);
    },
  },
  {
    name: 'voyage center',
    async visit(page, role) {
      await open(page, '/voyage-center', (p) => expect(p.getByTestId('screen-service_center_view')).toBeVisible());
      await expectNoSeriousA11yViolations(page, `voyage center, ${role}`);
    },
  },
  {
    name: 'voyages',
    async visit(page, role) {
      await open(page, '/voyage-center/voyages', (p) => expect(p.getByTestId('voyage-card').first()).toBeVisible());
      await expectNoSeriousA11yViolations(page, `voyages, ${role}`);
    },
  },
  {
    name: 'voyage templates',
    async visit(page, role) {
      await open(page, '/voyage-center/voyage-templates', (p) => expect(p.getByTestId('screen-voyage_templates_view')).toBeVisible());
      await expectNoSeriousA11yViolations(page, `voyage templates, ${role}`);
    },
  },
  {
    name: 'new voyage template',
    async visit(page, role) {
      await open(page, '/voyage-center/voyage-templates/add', (p) => expect(p.getByTestId('template-form')).toBeVisible());
      await expectNoSeriousA11yViolations(page, `new voyage template, ${role}`);
    },
  },
  {
    name: 'reports',
    async visit(page, role) {
      await open(page, '/voyage-center/reports', (p) => expect(p.getByTestId('screen-reports_view')).toBeVisible());
      await expectNoSeriousA11yViolations(page, `reports, ${role}`);
    },
  },
  ...(['situation', 'movement', 'performance'] as const).map(
    (report): TScreen => ({
      name: `${report} report`,
      async visit(page, role) {
        await open(page, `/voyage-center/reports/${report}`, (p) => expect(p.getByTestId(`screen-${report}_report_view`)).toBeVisible());
        await expectNoSeriousA11yViolations(page, `${report} report, ${role}`);
      },
    }),
  ),
  {
    name: 'settings and the account menu',
    async visit(page, role) {
      await open(page, '/user-settings', (p) => expect(p.getByTestId('settings-screen')).toBeVisible());
      await expectNoSeriousA11yViolations(page, `settings, ${role}`);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByTestId('user-menu-name')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `account menu, ${role}`);
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'act for a colleague',
    roles: ['terminal'],
    async visit(page, role) {
      await open(page, '/user-settings', (p) => expect(p.getByTestId('settings-screen')).toBeVisible());
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByTestId('user-menu-act-for').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await expectNoSeriousA11yViolations(page, `act for a colleague, ${role}`);
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'vessel communication',
    async visit(page, role) {
      await open(page, '/vessel-communication', (p) => expect(p.getByTestId('screen-vessel_view')).toBeVisible());
      await expectNoSeriousA11yViolations(page, `vessel communication, ${role}`);
    },
  },
  {
    name: 'notifications',
    async visit(page, role) {
      await open(page, '/vessel-communication', (p) => expect(p.getByTestId('screen-vessel_view')).toBeVisible());
      await page.getByTestId('notifications-button').click();
      await expect(page.getByTestId('notifications-drawer')).toBeVisible();
      await expect(page.getByTestId('notifications-list').or(page.getByTestId('notifications-empty'))).toBeVisible();
      await settled(page);
      await expectNoSeriousA11yViolations(page, `notifications, ${role}`);
      await page.keyboard.press('Escape');
    },
  },
];

test.describe('accessibility: no serious or critical WCAG 2.1 A/AA violation', () => {
  test('sign-in', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl()}/en/login`);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-in');
    // The form's own error texts are part of what a sign-in shows.
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Please enter your email')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-in with errors');
  });

  test('forgot password', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl()}/en/forgot-password`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'forgot password');
  });

  test.describe('at phone width in German, the screens whose layout changes there', () => {
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext({ viewport: PHONE })).newPage();
      await login(page, USERS.terminal, undefined, 'de');
    });
    test.afterAll(async () => page.context().close());
    for (const [name, path, ready] of [
      ['dashboard', '/dashboard', (p: Page) => expect(p.getByTestId('widget-user_stats')).toBeVisible()],
      ['port-call list', '/portcall-planner', (p: Page) => expect(p.getByTestId('portcall-row').first()).toBeVisible()],
      ['tasks', '/portcall-tasks', (p: Page) => expect(p.getByTestId('tasks-list')).toHaveAttribute('aria-busy', 'false')],
    ] as const) {
      test(name, async () => {
        await page.goto(`${baseUrl()}/de${path}`);
        await ready(page);
        await settled(page);
        await expectNoSeriousA11yViolations(page, `${name}, phone, de, terminal`);
      });
    }
  });

  for (const role of ['terminal', 'vessel'] as const) {
    test.describe(`as the ${role} operator`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
        await login(page, USERS[role]);
      });
      test.afterAll(async () => page.context().close());
      for (const screen of SCREENS.filter((sc) => !sc.roles || sc.roles.includes(role))) test(screen.name, async () => screen.visit(page, role));
    });
  }
});
