import { expect, test } from '@playwright/test';
import { USERS, baseUrl, login, waitForMail } from '../support/fixtures';
import { fillTime } from '../support/date-inputs';

/** HH:mm in a zone, a minute ago (00:00 right after midnight), so the hour has just passed. */
function justPassed(timeZone: string): string {
  const at = new Date(Date.now() - 60_000);
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).split(':');
  const now = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
  const time = `${h}:${m}`;
  return time > now ? '00:00' : time;
}

test.describe('daily task digest', () => {
  // The day planner: a terminal planner with the demo terminal's open tasks, whose mail nobody else reads.
  test('sets the digest hour and receives the mail on the test SMTP server', async ({ page }) => {
    test.setTimeout(240_000);
    const since = Date.now();
    await login(page, USERS.day);
    await page.goto(`${baseUrl()}/en/user-settings`);
    const zone = await page.getByTestId('settings-email-timezone').inputValue();
    expect(zone).not.toBe('');
    await page.getByTestId('settings-email-enable').check({ force: true });
    await fillTime(page.getByTestId('settings-email-time'), justPassed(zone));
    await page.getByTestId('settings-email-save').click();
    await expect(page.getByTestId('email-settings-saved')).toBeVisible();

    // the every-minute tick picks the user up and the worker mails through SMTP
    const mail = await waitForMail(USERS.day, since, 180_000);
    expect(mail.subject).toMatch(/^Quayline: \d+ tasks? waits? for you \(\d{4}-\d{2}-\d{2}\)$/);
    expect(mail.text).toMatch(/port calls? waits? for your side today/);
    expect(mail.text).toContain(`${baseUrl()}/en/portcall-planner/details?id=`);
    // the link opens the call
    const link = mail.text.match(/https?:\/\/\S+portcall-planner\/details\?id=\d+/)![0];
    await page.goto(link);
    await expect(page).toHaveURL(/portcall-planner\/details\?id=\d+/);
  });
});
