// The date pickers as a person sees them: typed in the language's format, the calendar open on the port-call
// form and on the list filter, on a desktop and on a phone, in English and German. Screenshots to look at.
import { type Browser, type Page, expect, test } from '@playwright/test';
import { DESKTOP, PHONE, USERS, baseUrl, expectNoPageOverflow, login, screenshot } from '../support/fixtures';
import { fillDateTime } from '../support/date-inputs';

async function signedInPage(browser: Browser, viewport: { width: number; height: number }, locale: 'en' | 'de'): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, USERS.agent, undefined, locale);
  return page;
}

/** The calendar dropdown lies inside the screen: not cut off at the right or bottom of a phone. */
async function expectDropdownOnScreen(page: Page, viewport: { width: number; height: number }): Promise<void> {
  const dropdown = page.locator('[data-dates-dropdown], .mantine-Popover-dropdown:has(.mantine-DatePicker-levelsGroup), .mantine-Popover-dropdown:has(.mantine-DateInput-levelsGroup)').last();
  await expect(dropdown).toBeVisible();
  const box = (await dropdown.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

for (const locale of ['en', 'de'] as const) {
  for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`port-call form and list filter pickers, ${locale}, ${device}`, async ({ browser }) => {
      const page = await signedInPage(browser, viewport, locale);
      await page.goto(`${baseUrl()}/${locale}/portcall-planner/portcall/add`);
      const arrival = page.getByTestId('field-berth-arrival');
      // Typed in the other language's separators too: the field shows its own language's format after leaving it.
      await fillDateTime(arrival, '24.11.2031 08:05');
      await expect(arrival).toHaveValue(locale === 'de' ? '24.11.2031 08:05' : '24-11-2031 08:05');
      await arrival.click();
      await expectDropdownOnScreen(page, viewport);
      await expectNoPageOverflow(page, `port-call form, ${locale} ${device}`);
      await screenshot(page, `date-picker-portcall-form-${locale}-${device}`);
      await page.screenshot({ path: `screenshots/date-picker-portcall-form-${locale}-${device}-view.png` });
      // The calendar opens on the typed month, and a day picked there keeps the typed time.
      await page.getByRole('button', { name: /^26 (November|Nov) 2031$/ }).click();
      await expect(arrival).toHaveValue(locale === 'de' ? '26.11.2031 08:05' : '26-11-2031 08:05');

      await page.goto(`${baseUrl()}/${locale}/portcall-planner`);
      if (device === 'phone') await page.getByTestId('filter-toggle').click();
      const from = page.getByTestId('filter-from');
      await from.click();
      await expectDropdownOnScreen(page, viewport);
      await expectNoPageOverflow(page, `port-call list, ${locale} ${device}`);
      await screenshot(page, `date-picker-list-filter-${locale}-${device}`);
      await page.screenshot({ path: `screenshots/date-picker-list-filter-${locale}-${device}-view.png` });
      await page.context().close();
    });
  }
}
