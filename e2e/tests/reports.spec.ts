// The service-center reports end to end: each screen shows its rows, and each download (CSV and Excel) holds a header
// and exactly the rows the screen's data has.
import { type Page, expect, test } from '@playwright/test';
import { DESKTOP, PHONE, USERS, baseUrl, login, screenshot } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';

const API = () => `${baseUrl()}/api/portal/v1`;
const DAY = 24 * 3_600_000;

async function payload<T>(response: Awaited<ReturnType<Page['request']['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} -> ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** Records of a CSV file: a quoted field may hold line breaks, so lines are not records. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') record.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      record.push(field), records.push(record), (record = []), (field = '');
    } else field += c;
  }
  if (field !== '' || record.length) record.push(field), records.push(record);
  return records;
}

test.describe('service-center reports', () => {
  test('each report shows its rows, and its CSV and Excel downloads hold the same number of rows', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await login(page, USERS.terminal);
    const terminal = await payload<{ id: number }>(await page.request.get(`${API()}/terminals/current_terminal`));
    const from = new Date(Date.now() - 7 * DAY).toISOString();
    const to = new Date(Date.now() + 7 * DAY).toISOString();
    const reports = [
      { screen: 'situation', json: `/situation_reports?terminal_id=${terminal.id}&hours_ahead=72`, download: `/situation-reports/download?terminal_id=${terminal.id}&hours_ahead=72` },
      { screen: 'movement', json: `/movement_reports?terminal_id=${terminal.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, download: `/movement-reports/download?terminal_id=${terminal.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}` },
    ] as const;
    for (const report of reports) {
      // The movement report comes a page at a time; its count covers every row, as the download does.
      const data = await payload<{ rows: unknown[]; meta?: { total_count: number } }>(await page.request.get(`${API()}${report.json}`));
      const rowCount = data.meta?.total_count ?? data.rows.length;
      expect(data.rows.length, `${report.screen} report has rows in the demo`).toBeGreaterThan(0);
      const csv = await page.request.get(`${API()}${report.download}&type=csv&locale=en`);
      expect(csv.ok()).toBe(true);
      expect(csv.headers()['content-type']).toContain('text/csv');
      const records = csvRecords(await csv.text()).filter((r) => r.some((f) => f !== ''));
      expect(records.length - 1, `${report.screen} CSV rows`).toBe(rowCount);
      const xls = await page.request.get(`${API()}${report.download}&type=xls&locale=en`);
      expect(xls.ok()).toBe(true);
      expect(xls.headers()['content-type']).toContain('spreadsheetml');
      expect((await xls.body()).subarray(0, 2).toString()).toBe('PK');
    }
    const performance = await page.request.get(`${API()}/performance-report/download?terminal_id=${terminal.id}&from=${encodeURIComponent(new Date(Date.now() - 90 * DAY).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}&type=csv&locale=en`);
    expect(performance.ok()).toBe(true);
    expect(csvRecords(await performance.text()).length).toBeGreaterThan(1);

    await page.goto(`${baseUrl()}/en/voyage-center/reports/situation`);
    await expect(page.getByTestId('situation-row').first()).toBeVisible();
    await expect(page.getByTestId('report-export')).toBeVisible();
    await screenshot(page, 'reports-situation-desktop-en');
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const locale of ['en', 'de']) {
      test(`the report screens at ${label} width in ${locale}`, async ({ browser }) => {
        const page = await (await browser.newContext({ viewport })).newPage();
        await login(page, USERS.terminal);
        for (const screen of ['situation', 'movement', 'performance']) {
          await page.goto(`${baseUrl()}/${locale}/voyage-center/reports/${screen}`);
          await expect(page.getByTestId(`screen-${screen}_report_view`)).toBeVisible();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${screen} overflows at ${label} width`).toBeLessThanOrEqual(0);
          await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          await screenshot(page, `reports-${screen}-${label}-${locale}`);
          await expectNoSeriousA11yViolations(page, `${screen} report, ${label}, ${locale}`);
        }
        await page.context().close();
      });
    }
  }
});
