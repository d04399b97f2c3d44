// Acting on a colleague's behalf end to end: the terminal operator acts for a colleague, sees the banner, changes a
// time on a call, returns to her own session, and the call's audit trail names both people; the colleague sees it
// happened. Phone width and German too.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { DESKTOP, PHONE, USERS, baseUrl, expectNoPageOverflow, login, screenshot } from '../support/fixtures';
import { fillDateTime } from '../support/date-inputs';
import { requestAsAgent } from '../support/agent-request';

const shotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day `days` from today, as the datetime-local value of a Berlin wall-clock time and as the screens show it. */
function berlinTime(days: number, hour: number, minute: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  return { shown: `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(hour)}:${pad(minute)}` };
}

async function signedInPage(browser: Browser, email: string, viewport: { width: number; height: number } = DESKTOP, locale = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, email, undefined, locale);
  // Sign-in lands in the user's saved language; the page language is the URL's, and nothing is saved by this.
  if (!page.url().includes(`/${locale}/`)) await page.goto(`${baseUrl()}/${locale}/dashboard`);
  return page;
}

/** Hides the popups (they close by themselves, but sit over the banner's corner meanwhile) so the shot shows the page. */
async function dismissPopups(page: Page) {
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
}

async function shoot(page: Page, name: string) {
  await dismissPopups(page);
  await screenshot(page, name);
}

/** What the screen shows without scrolling: the banner's place on a phone. */
async function shootViewport(page: Page, name: string) {
  await dismissPopups(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) });
}

async function actFor(page: Page, search: string, name: RegExp, shotName?: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-act-for').click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('act-for-candidate').first()).toBeVisible();
  if (shotName) {
    // Let the dialog finish fading in before the shot.
    await page.waitForTimeout(400);
    await shootViewport(page, shotName);
  }
  await modal.getByTestId('act-for-search').fill(search);
  await expect(modal.getByTestId('act-for-candidate')).toHaveCount(1);
  await expect(modal.getByTestId('act-for-candidate')).toContainText(name);
  await modal.getByTestId('act-for-candidate').click();
  await expect(page.getByTestId('proxy-banner')).toBeVisible();
  await expect(modal).toHaveCount(0);
}

test.describe('acting for a colleague', () => {
  test('the terminal operator acts for a colleague, changes a time, returns, and the audit trail names both', async ({ browser }) => {
    const voyage = `PRX-${Date.now().toString(36).toUpperCase()}`;
    const proposed = berlinTime(45, 9, 30);

    // The agent requests a call, so the terminal has something to answer.
    const agent = await signedInPage(browser, USERS.agent);
    const id = String(await requestAsAgent(agent, voyage, { days: 45, hour: 6 }, { days: 46, hour: 14 }));
    await agent.context().close();

    // Hanna (terminal operator) acts for her colleague Mira, who works at the same terminal.
    const hanna = await signedInPage(browser, USERS.terminal);
    await actFor(hanna, 'Mira', /Mira Albers/, 'proxy-act-for-modal-desktop-en');
    await expect(hanna.getByTestId('proxy-banner-text')).toContainText('Hanna Kruse, you are acting for Mira Albers');
    await hanna.getByTestId('user-menu').click();
    await expect(hanna.getByTestId('user-menu-actor')).toHaveText('Hanna Kruse');
    await expect(hanna.getByTestId('user-menu-name')).toHaveText('Mira Albers');
    await hanna.keyboard.press('Escape');

    // As Mira, she proposes a later arrival; the banner stays on every screen.
    await hanna.goto(`${baseUrl()}/en/portcall-planner/details?id=${id}`);
    await expect(hanna.getByTestId('proxy-banner')).toBeVisible();
    await hanna.getByTestId('negotiate-berth_arrival-propose').click();
    await fillDateTime(hanna.getByTestId('negotiation-date-time'), proposed.shown);
    await hanna.getByTestId('negotiation-remark').fill('Proposed for Mira while she is away');
    await hanna.getByTestId('negotiation-submit').click();
    await expect(hanna.getByTestId('negotiation-berth_arrival')).toHaveAttribute('data-label', 'planned');
    await expect(hanna.getByTestId('negotiation-berth_arrival-value')).toHaveText(proposed.shown);
    await shoot(hanna, 'proxy-acting-desktop-en');

    // One click back to her own session.
    await hanna.getByTestId('proxy-return').click();
    await expect(hanna.getByTestId('proxy-banner')).toHaveCount(0);
    await hanna.getByTestId('user-menu').click();
    await expect(hanna.getByTestId('user-menu-name')).toHaveText('Hanna Kruse');
    await expect(hanna.getByTestId('user-menu-proxy')).toHaveCount(0);
    await hanna.keyboard.press('Escape');

    // The audit trail names both people on the change.
    const revised = hanna.locator('[data-testid="audit-row"][data-event="revised"][data-field="berth_arrival"]');
    await expect(revised).toHaveCount(1);
    await expect(revised.getByTestId('audit-acting-for')).toHaveText('Hanna Kruse for Mira Albers');
    await dismissPopups(hanna);
    await revised.scrollIntoViewIfNeeded();
    await hanna.getByTestId('portcall-audit').screenshot({ path: path.join(shotDir, 'proxy-audit-trail-desktop-en.png') });

    // Mira sees that someone acted for her: a notification and a row in her settings.
    const mira = await signedInPage(browser, USERS.night, DESKTOP, 'de');
    await mira.getByTestId('notifications-button').click();
    await expect(mira.getByTestId('notifications-drawer').getByTestId('notification-item').filter({ hasText: 'Hanna Kruse handelt jetzt in Ihrem Auftrag' }).first()).toBeVisible();
    await mira.keyboard.press('Escape');
    await mira.goto(`${baseUrl()}/de/user-settings`);
    const row = mira.getByTestId('on-my-behalf-row').first();
    await expect(row).toContainText('Hanna Kruse');
    await expect(row.locator('td').nth(4)).toHaveText('1');
    await mira.getByTestId('settings-on-my-behalf').screenshot({ path: path.join(shotDir, 'proxy-on-my-behalf-desktop-de.png') });
    await mira.context().close();
    await hanna.context().close();
  });

  test('on a phone in German the banner fits, personal settings are locked, and the way back works', async ({ browser }) => {
    const hanna = await signedInPage(browser, USERS.terminal, PHONE, 'de');
    await actFor(hanna, 'Tom', /Tom Hansen/, 'proxy-act-for-modal-phone-de');
    await expect(hanna.getByTestId('proxy-banner-text')).toContainText('Hanna Kruse, Sie handeln im Auftrag von Tom Hansen');
    await expectNoPageOverflow(hanna, 'dashboard with the banner');
    await shootViewport(hanna, 'proxy-banner-phone-de');

    await hanna.goto(`${baseUrl()}/de/user-settings`);
    await expect(hanna.getByTestId('proxy-banner')).toBeVisible();
    await expect(hanna.getByTestId('settings-locked-while-acting').first()).toContainText('Tom Hansen');
    await expect(hanna.getByTestId('settings-email-save')).toBeDisabled();
    await expectNoPageOverflow(hanna, 'settings with the banner');
    await shootViewport(hanna, 'proxy-settings-locked-phone-de');
    await shoot(hanna, 'proxy-settings-locked-phone-de-full');

    await hanna.getByTestId('proxy-return').click();
    await expect(hanna.getByTestId('proxy-banner')).toHaveCount(0);
    await expect(hanna.getByTestId('settings-locked-while-acting')).toHaveCount(0);
    await hanna.context().close();
  });

  test('on a desktop in German the acting banner reads well', async ({ browser }) => {
    const hanna = await signedInPage(browser, USERS.terminal, DESKTOP, 'de');
    await actFor(hanna, 'Tom', /Tom Hansen/);
    await expect(hanna.getByTestId('proxy-return')).toHaveText('Zurück zur eigenen Sitzung');
    await shootViewport(hanna, 'proxy-banner-desktop-de');
    await hanna.getByTestId('proxy-return').click();
    await expect(hanna.getByTestId('proxy-banner')).toHaveCount(0);
    await hanna.context().close();
  });
});
