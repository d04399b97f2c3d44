// Shared helpers for browser tests: demo sign-ins, reading caught mails, screenshots to look at.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, expect } from '@playwright/test';
import type { TPaged, TPortcall, TTerminalDetail, TVessel } from '@quayline/domain';

export const DEMO_PASSWORD = 'Quayline-Demo-2026!';
export const USERS = {
  terminal: 'terminal.operator@demo.quayline.test',
  vessel: 'vessel.operator@demo.quayline.test',
  agent: 'agent@demo.quayline.test',
  expired: 'expired@demo.quayline.test',
  night: 'night.planner@demo.quayline.test',
  /** Used only by the optimizer's browser test, so its sandbox draft is its own. */
  day: 'day.planner@demo.quayline.test',
} as const;

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set; run through playwright.config.ts');
  return url;
};

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
/** The berth planner's reference screen, a planner's desktop: its benchmark and its desktop screenshots use this size. */
export const WIDE_DESKTOP = { width: 1440, height: 900 } as const;

const shotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
/** A full-page shot taken from the top, so the fixed header is not painted over the middle of the page. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!existsSync(shotDir)) mkdirSync(shotDir, { recursive: true });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

/** The page may not scroll sideways: nothing wider than the screen (phone widths, long German words). */
export async function expectNoPageOverflow(page: Page, what: string): Promise<void> {
  // Polled: right after a viewport change the screens that pick their layout in script (media-query hooks) are still
  // laid out for the old width for a frame or two (147 px too wide, measured); an overflow that stays fails.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: what, timeout: 5_000 }).toBeLessThanOrEqual(0);
}

export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<{ subject: string; text: string }> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort()) {
      if (Number(file.split('-')[0]) < since) continue;
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; subject: string; text: string };
      if (mail.to.includes(to.toLowerCase())) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

export async function login(page: Page, email: string, password = DEMO_PASSWORD, locale = 'en'): Promise<void> {
  await page.goto(`${baseUrl()}/${locale}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-password').press('Enter');
  await expect(page).toHaveURL(/\/(en|de|fr|es)\/dashboard$/);
}

/** An API call as the signed-in page makes it (its cookie); an error answer fails the story with the answer. */
export async function apiCall<T>(page: Page, method: 'GET' | 'POST' | 'PUT', pathname: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`${baseUrl()}/api/portal/v1${pathname}`, { method, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${pathname}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/**
 * A call of the story's own at the signed-in planner's terminal: a vessel that has an operator, at the quay from
 * 100 m for 20 hours from `arrival`, with the story's `details` (cargo, shifts, voyage number...).
 */
export async function bookOwnCall(page: Page, arrival: number, details: Record<string, unknown>): Promise<{ call: TPortcall; terminal: TTerminalDetail }> {
  const terminal = await apiCall<TTerminalDetail>(page, 'GET', '/terminals/current_terminal');
  const vessel = (await apiCall<TPaged<TVessel>>(page, 'GET', '/vessels?per_page=100')).items.find((v) => v.vessel_operator !== null)!;
  const call = await apiCall<TPortcall>(page, 'POST', '/portcalls', {
    terminal_id: terminal.id,
    vessel_id: vessel.id,
    vessel_operator_id: vessel.vessel_operator!.id,
    berth_arrival: new Date(arrival).toISOString(),
    berth_departure: new Date(arrival + 20 * 3_600_000).toISOString(),
    berth_start_position: 100,
    berth_end_position: 100 + Math.max(200, Math.ceil(vessel.length_overall_m / 25) * 25),
    ...details,
  });
  return { call, terminal };
}

