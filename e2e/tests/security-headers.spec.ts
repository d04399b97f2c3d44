// Every screen under the server's Content-Security-Policy: each route of the app (and a call's details and edit pages,
// a voyage template and the sign-in screens) is opened by the roles that use it, and the browser must report no CSP
// violation: no inline script, no foreign origin, no eval. The headers themselves are checked on the page response.
import { APP_ROUTES } from '@quayline/domain';
import { type Page, expect, test } from '@playwright/test';
import { USERS, baseUrl, login } from '../support/fixtures';

type TViolation = { directive: string; blocked: string; source: string };

/** Records CSP violations in the page, from before the app's first script. */
async function watchViolations(page: Page): Promise<() => Promise<TViolation[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: TViolation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }));
  });
  const consoleViolations: TViolation[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleViolations.push({ directive: 'console', blocked: m.text().slice(0, 200), source: '' });
  });
  return async () => [...consoleViolations, ...(await page.evaluate(() => (window as unknown as { __csp: TViolation[] }).__csp))];
}

async function firstCallId(page: Page): Promise<number> {
  const res = await page.request.get(`${baseUrl()}/api/portal/v1/portcalls?per_page=1`);
  return ((await res.json()) as { payload: { items: { id: number }[] } }).payload.items[0]!.id;
}

async function visitAll(page: Page, paths: string[]): Promise<Record<string, TViolation[]>> {
  const found: Record<string, TViolation[]> = {};
  const violations = await watchViolations(page);
  for (const p of paths) {
    const response = await page.goto(`${baseUrl()}${p}`);
    expect(response?.status(), p).toBeLessThan(400);
    // Lazy screens load their chunks and data; give them time to run everything they would.
    await page.waitForLoadState('networkidle');
    const list = await violations();
    if (list.length) found[p] = list;
  }
  return found;
}

test.describe('content security policy', () => {
  test('the page answers carry the security headers', async ({ request }) => {
    const res = await request.get(`${baseUrl()}/en/login`);
    const h = res.headers();
    expect(h['content-security-policy']).toContain("script-src 'self'");
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['x-frame-options']).toBe('DENY');
    // A page is a document: it also gets the headers that only act on documents (plugins/security-headers.ts).
    expect(h['x-dns-prefetch-control']).toBe('off');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
  });

  test('the sign-in screens and the API reference run with no violation', async ({ page }) => {
    const found = await visitAll(page, ['/en/login', '/de/forgot-password', '/en/reset-password?email=a%40b.c&code=X', '/en/change-password', '/api/portal/v1/docs/']);
    expect(found).toEqual({});
  });

  test('every screen a terminal planner opens runs with no violation', async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, USERS.terminal);
    const id = await firstCallId(page);
    const paths = APP_ROUTES.map((r) => `/en${r.path}`)
      .map((p) => (p.endsWith('/details') || p.endsWith('/portcall/edit') ? `${p}?id=${id}` : p))
      .concat([`/de/berth-planner`, `/de/map`]);
    expect(await visitAll(page, paths)).toEqual({});
  });

  test('the vessel side’s screens run with no violation', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, USERS.vessel);
    const id = await firstCallId(page);
    const paths = ['/en/dashboard', '/en/portcall-planner', `/en/portcall-planner/details?id=${id}`, '/en/portcall-tasks', '/en/map', '/en/user-settings'];
    expect(await visitAll(page, paths)).toEqual({});
  });
});
