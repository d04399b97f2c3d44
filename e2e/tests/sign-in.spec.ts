import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DESKTOP, PHONE, USERS, baseUrl, login, screenshot, waitForMail } from '../support/fixtures';
import { fillTime, timeValue } from '../support/date-inputs';
import { expectNoSeriousA11yViolations } from '../support/a11y';

test.describe('sign-in area', () => {
  test('logs in with Enter from the password field and lands on the dashboard', async ({ page }) => {
    await page.goto(`${baseUrl()}/en/login`);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await screenshot(page, 'login-desktop');
    await expectNoSeriousA11yViolations(page, 'sign-in');
    // The email is lower-cased as it is typed.
    await page.getByTestId('login-email').pressSequentially('Terminal.Operator@Demo.Quayline.test');
    await expect(page.getByTestId('login-email')).toHaveValue('terminal.operator@demo.quayline.test');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-password').press('Enter');
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, 'dashboard-desktop');
  });

  test('sends nothing and marks both fields when they are empty', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/portal/v1/login')) calls++;
    });
    await page.goto(`${baseUrl()}/en/login`);
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Please enter your email')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await expect(page.getByTestId('login-email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  test('shows the wrong-password message and clears it when a field gets focus', async ({ page }) => {
    await page.goto(`${baseUrl()}/en/login`);
    await page.getByTestId('login-email').fill(USERS.agent);
    await page.getByTestId('login-password').fill('Not-The-Password-1!');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('The email and/or password is not correct');
    await screenshot(page, 'login-error-desktop');
    await page.getByTestId('login-password').focus();
    await expect(page.getByTestId('login-error')).toHaveCount(0);
  });

  test('tells an unknown email apart', async ({ page }) => {
    await page.goto(`${baseUrl()}/en/login`);
    await page.getByTestId('login-email').fill('nobody@demo.quayline.test');
    await page.getByTestId('login-password').fill('Whatever-123!');
    await page.getByTestId('login-email').press('Enter');
    await expect(page.getByTestId('login-error')).toHaveText('This email is not existing in our system. Please try another one');
  });

  test('forgot password -> mail on the SMTP server -> reset with the link -> signed in', async ({ page }) => {
    const since = Date.now() - 1000;
    await page.goto(`${baseUrl()}/en/login`);
    await page.getByTestId('login-forgot-link').click();
    await expect(page).toHaveURL(/\/en\/forgot-password$/);
    await screenshot(page, 'forgot-password-desktop');
    await page.getByTestId('forgot-email').fill(USERS.night);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-success')).toBeVisible();
    await expect(page.getByTestId('forgot-success')).toContainText(USERS.night);
    await screenshot(page, 'forgot-password-success-desktop');

    const mail = await waitForMail(USERS.night, since);
    const link = mail.text.match(/https?:\/\/\S+reset-password\?\S+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    const url = new URL(link!);
    expect(url.pathname).toMatch(/^\/(en|de)\/reset-password$/);

    await page.goto(`${baseUrl()}${url.pathname}${url.search}`);
    await expect(page.getByTestId('reset-email')).toHaveValue(USERS.night);
    const newPassword = 'Night-Shift-Quay-2027!';
    await page.getByTestId('reset-password').fill('weak');
    await expect(page.getByTestId('strength-label')).toHaveText(/weak|schwach/i);
    await page.getByTestId('reset-password').fill(newPassword);
    await expect(page.getByTestId('strength-label')).toHaveText(/strong|stark/i);
    await page.getByTestId('reset-confirm').fill(newPassword);
    await screenshot(page, 'reset-password-desktop');
    await page.getByTestId('reset-submit').click();
    await expect(page).toHaveURL(/\/(en|de)\/dashboard$/);
  });

  test('an expired password leads to the change screen, and the new password signs in', async ({ page }) => {
    await page.goto(`${baseUrl()}/en/login`);
    await page.getByTestId('login-email').fill(USERS.expired);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/en\/change-password\?email=/);
    await expect(page.getByTestId('change-email')).toHaveValue(USERS.expired);
    await screenshot(page, 'change-password-desktop');

    await page.getByTestId('change-old-password').fill('Wrong-Current-1!');
    await page.getByTestId('change-new-password').fill('Expired-No-More-2027!');
    await page.getByTestId('change-confirm').fill('Expired-No-More-2027!');
    await page.getByTestId('change-submit').click();
    await expect(page.getByText('Current password is incorrect').first()).toBeVisible();

    await page.getByTestId('change-old-password').fill(DEMO_PASSWORD);
    await page.getByTestId('change-submit').click();
    // The expired user's stored locale is German, so the page switches to it.
    await expect(page).toHaveURL(/\/de\/dashboard$/);
  });
});

test.describe('shell', () => {
  test('switches the language and keeps it after reload and on the next sign-in', async ({ page }) => {
    await login(page, USERS.vessel);
    await page.getByTestId('locale-switch').click();
    await page.getByTestId('locale-option-de').click();
    await expect(page).toHaveURL(/\/de\/dashboard$/);
    await page.reload();
    await expect(page).toHaveURL(/\/de\/dashboard$/);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/de\/login$/);
    // Signing in from an English page goes to the stored German locale.
    await page.goto(`${baseUrl()}/en/login`);
    await page.getByTestId('login-email').fill(USERS.vessel);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-password').press('Enter');
    await expect(page).toHaveURL(/\/de\/dashboard$/);
  });

  test('logout ends the session: protected pages send back to the login', async ({ page }) => {
    await login(page, USERS.terminal);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await page.goto(`${baseUrl()}/en/berth-planner`);
    await expect(page).toHaveURL(/\/en\/login/);
  });

  test('unknown paths and locales get a not-found screen', async ({ page }) => {
    await page.goto(`${baseUrl()}/en/no-such-screen`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto(`${baseUrl()}/xx/login`);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('every screen of the navigation opens with its heading and breadcrumbs', async ({ page }) => {
    await login(page, USERS.terminal);
    for (const path of ['/berth-planner', '/shift-planner', '/portcall-planner', '/portcall-planner/portcall/add', '/voyage-center/voyage-templates/add', '/map', '/user-settings']) {
      await page.goto(`${baseUrl()}/en${path}`);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.getByTestId('breadcrumbs'), path).toBeVisible();
      await expect(page.getByTestId('breadcrumb').last(), path).toBeVisible();
    }
  });
});

test.describe('settings', () => {
  test('daily e-mail and port-call card fields are saved and shown again after reload', async ({ page }) => {
    await login(page, USERS.terminal);
    await page.goto(`${baseUrl()}/en/user-settings`);
    await screenshot(page, 'settings-desktop');
    const agentCode = page.getByTestId('settings-card-field-agent_code');
    await expect(agentCode).not.toBeChecked();
    await agentCode.check();
    await page.getByTestId('settings-card-save').click();
    await expect(page.getByTestId('card-settings-saved')).toBeVisible();

    await page.getByTestId('settings-email-enable').check({ force: true });
    await fillTime(page.getByTestId('settings-email-time'), '06:45');
    await page.getByTestId('settings-email-save').click();
    await expect(page.getByTestId('email-settings-saved')).toBeVisible();
    await screenshot(page, 'settings-saved-desktop');

    await page.reload();
    await expect(page.getByTestId('settings-card-field-agent_code')).toBeChecked();
    await expect(page.getByTestId('settings-email-enable')).toBeChecked();
    await expect(timeValue(page.getByTestId('settings-email-time'))).toHaveValue('06:45');
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the sign-in screens fit a 390 px phone and the navigation hides behind the burger', async ({ page }) => {
    for (const [name, path] of [['login', '/en/login'], ['forgot-password', '/en/forgot-password'], ['reset-password', '/en/reset-password?email=someone%40demo.quayline.test&code=ABC'], ['change-password', `/en/change-password?email=${encodeURIComponent(USERS.expired)}`]] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await expect(page.locator('form').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(0);
      await screenshot(page, `${name}-phone`);
    }
    await login(page, USERS.agent);
    await expect(page.getByTestId('burger')).toBeVisible();
    await screenshot(page, 'dashboard-phone');
    await page.getByTestId('burger').click();
    await expect(page.getByTestId('nav-berth-planner')).toBeVisible();
    await screenshot(page, 'navigation-phone');
  });
});

test.describe('desktop widths', () => {
  test.use({ viewport: DESKTOP });
  test('the sign-in card is at most 500 px wide', async ({ page }) => {
    await page.goto(`${baseUrl()}/en/login`);
    const box = await page.locator('form').first().evaluate((el) => (el.closest('[data-testid="sign-in-card"]') ?? el).getBoundingClientRect().width);
    expect(box).toBeLessThanOrEqual(500);
  });
});
