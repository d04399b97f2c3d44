// Client-side table export (spec section 7): the port-call list as csv and xlsx, the audit trail as json, and the menu
// on desktop and phone in English and German.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Download, type Page, expect, test } from '@playwright/test';
import { DESKTOP, PHONE, USERS, baseUrl, expectNoPageOverflow, login, screenshot } from '../support/fixtures';

const shotPath = (name: string) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots', `${name}.png`);

async function signedInPage(browser: Browser, viewport: { width: number; height: number }, locale = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await login(page, USERS.terminal, undefined, locale);
  return page;
}

/** Clicks a menu entry and returns the file the browser saved. */
async function download(page: Page, menu: string, item: string): Promise<{ file: Download; bytes: Buffer }> {
  await page.getByTestId(menu).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${menu}-${item}`).click()]);
  const filePath = await file.path();
  return { file, bytes: readFileSync(filePath) };
}

test.describe('table export', () => {
  test('exports the port-call list page as csv and xlsx and the audit trail as json', async ({ browser }) => {
    const page = await signedInPage(browser, DESKTOP);
    await page.goto(`${baseUrl()}/en/portcall-planner`);
    const firstRow = page.getByTestId('portcall-row').first();
    await expect(firstRow).toBeVisible();
    const vessel = (await firstRow.locator('a').first().innerText()).trim();
    const shownRows = await page.getByTestId('portcall-row').count();

    const csv = await download(page, 'portcall-export', 'csv');
    expect(csv.file.suggestedFilename()).toBe('portcalls.csv');
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF"Vessel","IMO number","Vessel type","Status","Berth arrival"')).toBe(true);
    expect(text).toContain(`"${vessel}"`);
    // Header plus one line per row on screen, each ending in CRLF.
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(shownRows + 1);

    const xlsx = await download(page, 'portcall-export', 'xlsx');
    expect(xlsx.file.suggestedFilename()).toBe('portcalls.xlsx');
    // A zip (local file header PK\x03\x04) whose directory names the worksheet: file names are stored uncompressed.
    expect([...xlsx.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(xlsx.bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);

    // The server download of every matching call sits in the same menu.
    const all = await download(page, 'portcall-export', 'all-csv');
    // Named after the days of the list's window.
    expect(all.file.suggestedFilename()).toMatch(/^portcalls-\d{4}-\d{2}-\d{2}(-\d{4}-\d{2}-\d{2})?\.csv$/);
    // Every call of the window, where the page holds 25 at most.
    const allLines = all.bytes.toString('utf8').split('\r\n').filter(Boolean);
    expect(allLines.length).toBeGreaterThanOrEqual(shownRows + 1);
    expect(allLines.join('\n')).toContain(`"${vessel}"`);

    await firstRow.locator('a').first().click();
    await expect(page).toHaveURL(/\/en\/portcall-planner\/details\?id=\d+$/);
    const id = new URL(page.url()).searchParams.get('id');
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    const auditRows = await page.getByTestId('audit-row').count();
    const json = await download(page, 'audit-export', 'json');
    expect(json.file.suggestedFilename()).toBe(`portcall-${id}-audit.json`);
    const body = json.bytes.toString('utf8');
    // JSON indented by four spaces, one object per row of the page, keyed by column.
    expect(body.split('\n')[1]).toBe('    {');
    const events = JSON.parse(body) as Record<string, string>[];
    expect(events).toHaveLength(auditRows);
    expect(Object.keys(events[0] ?? {})).toEqual(['when', 'who', 'event', 'field', 'old_value', 'new_value']);
    await page.context().close();
  });

  test('offers the export on the audit trail on a phone and on the movement report', async ({ browser }) => {
    const page = await signedInPage(browser, PHONE);
    await page.goto(`${baseUrl()}/en/portcall-planner`);
    await page.getByTestId('portcall-row').first().click();
    await expect(page).toHaveURL(/\/en\/portcall-planner\/details\?id=\d+$/);
    await expect(page.getByTestId('audit-export')).toBeVisible();
    await page.getByTestId('audit-export').scrollIntoViewIfNeeded();
    await page.getByTestId('audit-export').click();
    await expect(page.getByTestId('audit-export-menu')).toBeVisible();
    await expectNoPageOverflow(page, 'audit export menu on a phone');
    await page.getByTestId('audit-export-menu').screenshot({ path: shotPath('table-export-audit-menu-phone') });
    await page.keyboard.press('Escape');
    await page.getByTestId('portcall-audit').screenshot({ path: shotPath('table-export-audit-phone') });

    await page.goto(`${baseUrl()}/en/voyage-center/reports/movement`);
    await expect(page.getByTestId('movement-cards')).toBeVisible();
    const xml = await download(page, 'report-export', 'xml');
    expect(xml.file.suggestedFilename()).toBe('movement-report.xml');
    const text = xml.bytes.toString('utf8');
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rows>\n  <row>\n    <time>')).toBe(true);
    await expectNoPageOverflow(page, 'movement report on a phone');
    await screenshot(page, 'table-export-movement-report-phone');
    await page.context().close();
  });

  for (const locale of ['en', 'de'] as const) {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      test(`shows the export menu on the port-call list (${locale}, ${size})`, async ({ browser }) => {
        const page = await signedInPage(browser, viewport, locale);
        await page.goto(`${baseUrl()}/${locale}/portcall-planner`);
        await expect(page.getByTestId('portcall-row').first()).toBeVisible();
        // Keyboard: focus the button, open with Enter (focus lands on the first item, as WAI-ARIA's menu pattern has it),
        // walk the items with the arrow keys.
        await page.getByTestId('portcall-export').focus();
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('portcall-export-menu')).toBeVisible();
        await expect(page.getByTestId('portcall-export-csv')).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(page.getByTestId('portcall-export-xlsx')).toBeFocused();
        await expect(page.getByTestId('portcall-export-txt')).toHaveText(locale === 'de' ? 'Textdatei' : 'Text file');
        await expectNoPageOverflow(page, `export menu ${locale} ${size}`);
        await screenshot(page, `table-export-menu-${locale}-${size}`);
        await page.context().close();
      });
    }
  }
});
