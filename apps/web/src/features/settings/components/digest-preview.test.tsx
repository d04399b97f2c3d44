import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TDailyTaskSummary, TUserDetails } from '@quayline/domain';
import { renderApp, signedIn, success, TEST_USER } from '@/test/render-app';

const SUMMARY: TDailyTaskSummary = {
  local_date: '2026-06-10',
  timezone: 'Europe/Berlin',
  locale: 'en',
  counts: { total: 1, upcoming: 1, departed: 0 },
  groups: [
    {
      group: 'upcoming',
      count: 1,
      calls: [
        {
          portcall_id: 42,
          vessel_name: 'MAERSK ELBE',
          terminal_id: 1,
          terminal_name: 'Waltershof',
          terminal_time_zone: 'Europe/Berlin',
          berth_arrival: '2026-06-12T04:00:00.000Z',
          berth_arrival_local: '2026-06-12 06:00',
          reasons: ['request_to_plan', 'missing_berth_position'],
          link: 'https://quayline.example/en/portcall-planner/details?id=42',
        },
      ],
    },
    { group: 'departed', count: 0, calls: [] },
  ],
};

describe('digest preview in the settings', () => {
  it('shows today\u2019s digest from /daily_task_summary with a line and a link per call', async () => {
    renderApp('/en/user-settings', signedIn, (call) => (call.path === '/api/portal/v1/daily_task_summary' ? success(SUMMARY) : undefined));
    const line = await screen.findByTestId('settings-email-preview-call');
    expect(line.textContent).toBe('MAERSK ELBE · Waltershof · Berth arrival 2026-06-12 06:00 (Europe/Berlin) · Request to plan, Berth position missing');
    expect(line.querySelector('a')?.getAttribute('href')).toBe('/en/portcall-planner/details?id=42');
    expect(screen.getByText('Port calls waiting for your side: 1 (2026-06-10)')).toBeTruthy();
    expect(screen.getByText('Upcoming (1)')).toBeTruthy();
  });

  it('shows the first eight calls of a group and says how many more the mail lists', async () => {
    const call = SUMMARY.groups[0]!.calls[0]!;
    const calls = Array.from({ length: 11 }, (_, i) => ({ ...call, portcall_id: 100 + i, vessel_name: `VESSEL ${i}` }));
    const many: TDailyTaskSummary = { ...SUMMARY, counts: { total: 11, upcoming: 11, departed: 0 }, groups: [{ group: 'upcoming', count: 11, calls }] };
    renderApp('/en/user-settings', signedIn, (c) => (c.path === '/api/portal/v1/daily_task_summary' ? success(many) : undefined));
    expect(await screen.findAllByTestId('settings-email-preview-call')).toHaveLength(8);
    expect(screen.getByTestId('settings-email-preview-more').textContent).toBe('… and 3 more in the e-mail');
  });

  it('says when nothing waits', async () => {
    const empty: TDailyTaskSummary = { ...SUMMARY, counts: { total: 0, upcoming: 0, departed: 0 }, groups: [] };
    renderApp('/en/user-settings', signedIn, (call) => (call.path === '/api/portal/v1/daily_task_summary' ? success(empty) : undefined));
    expect(await screen.findByText('Nothing waits for you today, so no digest would be sent.')).toBeTruthy();
  });

  it('proposes the browser\u2019s time zone while the mail is off', async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const off: TUserDetails = { ...TEST_USER, enable_email_notification: false, daily_tasks_email: false, mail_settings: { receive_time: '07:30', timezone: 'Asia/Singapore' } };
    renderApp('/en/user-settings', (call) => (call.path === '/api/portal/v1/user_details' ? success(off) : undefined), (call) => (call.path === '/api/portal/v1/daily_task_summary' ? success(SUMMARY) : undefined));
    expect(((await screen.findByTestId('settings-email-timezone')) as HTMLInputElement).value).toBe(browserZone);
  });
});
