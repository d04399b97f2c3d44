// JIT connections end to end: the terminal operator connects a carrier's system on the settings screen, the key shown
// once opens the DCSA JIT 2.0 endpoints, a new key ends the old one, disconnecting ends it. Desktop, phone, German.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, expect, test } from '@playwright/test';
import { PHONE, USERS, WIDE_DESKTOP, baseUrl, expectNoPageOverflow, login } from '../support/fixtures';

const shotDir = process.env.JIT_SHOT_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

async function shoot(page: Page, name: string) {
  mkdirSync(shotDir, { recursive: true });
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  // The whole settings page from the top, so the fixed header sits where it belongs.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

async function jitStatus(page: Page, key: string): Promise<number> {
  const res = await page.request.get(`${baseUrl()}/api/dcsa/jit/v2/port-calls`, { headers: { authorization: `Bearer ${key}` } });
  return res.status();
}

async function connect(page: Page, name: string): Promise<string> {
  await page.getByTestId('jit-name').fill(name);
  await page.getByTestId('jit-organisation').click();
  await page.getByRole('option', { name: 'Nordic Line A/S' }).click();
  await page.getByTestId('jit-endpoint').fill('https://jit.nordic-line.example/v2');
  await page.getByTestId('jit-connect').click();
  const key = page.getByTestId('jit-key').locator('code');
  await expect(key).toContainText('qjit_');
  return (await key.textContent())!.trim();
}

test('a terminal operator connects a carrier system whose key opens the JIT endpoints, rotates and revokes it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: WIDE_DESKTOP });
  const page = await context.newPage();
  await login(page, USERS.terminal);
  await page.goto(`${baseUrl()}/en/user-settings`);
  await expect(page.getByTestId('settings-jit')).toBeVisible();
  const name = `Nordic Line JIT ${Date.now()}`;
  const key = await connect(page, name);
  await expect(page.getByTestId('jit-row').filter({ hasText: name })).toBeVisible();
  expect(await jitStatus(page, key)).toBe(200);
  await shoot(page, 'jit-connections-desktop-en');

  const row = page.getByTestId('jit-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'New key' }).click();
  await expect(page.getByTestId('jit-key').locator('code')).not.toHaveText(key);
  const rotated = (await page.getByTestId('jit-key').locator('code').textContent())!.trim();
  expect(await jitStatus(page, key)).toBe(401);
  expect(await jitStatus(page, rotated)).toBe(200);
  await row.getByRole('button', { name: 'Disconnect' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();
  expect(await jitStatus(page, rotated)).toBe(401);

  await page.goto(`${baseUrl()}/de/user-settings`);
  await expect(page.getByTestId('settings-jit')).toContainText('JIT-Verbindungen');
  await shoot(page, 'jit-connections-desktop-de');
  await context.close();
});

for (const locale of ['en', 'de'] as const) {
  test(`fits a phone (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await login(page, USERS.terminal, undefined, locale);
    await page.goto(`${baseUrl()}/${locale}/user-settings`);
    await expect(page.getByTestId('settings-jit')).toBeVisible();
    await connect(page, `Phone system ${locale} ${Date.now()}`);
    await expectNoPageOverflow(page, 'settings with JIT connections on a phone');
    await shoot(page, `jit-connections-phone-${locale}`);
    await context.close();
  });
}
