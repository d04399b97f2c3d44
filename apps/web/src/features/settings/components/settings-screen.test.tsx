import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, signedIn, success, TEST_USER } from '@/test/render-app';
import { timeOf, typeTime } from '@/test/date-inputs';

describe('settings screen', () => {
  it('shows the saved values and saves the daily e-mail through query parameters with a success popup', async () => {
    const { apiCalls } = renderApp('/en/user-settings', signedIn, (call) =>
      call.path === '/api/portal/v1/update_email_notification_setting' ? success({}) : undefined,
    );
    const time = await screen.findByTestId('settings-email-time');
    expect(timeOf(time)).toBe('07:30');
    expect(screen.getByLabelText('Delivery time')).toHaveProperty('value', '07');
    expect((screen.getByTestId('settings-email-timezone') as HTMLInputElement).value).toBe('Europe/Berlin');
    expect((screen.getByTestId('settings-email-enable') as HTMLInputElement).checked).toBe(true);

    typeTime(time, '06:15');
    fireEvent.click(screen.getByTestId('settings-email-save'));

    expect(await screen.findByText('E-mail notifications saved')).toBeTruthy();
    const call = apiCalls().find((c) => c.path === '/api/portal/v1/update_email_notification_setting');
    expect(call?.method).toBe('PUT');
    expect(call?.body).toBeUndefined();
    expect(Object.fromEntries(call?.search ?? [])).toEqual({ enable: 'true', receive_time: '06:15', timezone: 'Europe/Berlin' });
  });

  it('saves the port-call card fields in catalogue order and fetches the user again', async () => {
    const { apiCalls, calls } = renderApp('/en/user-settings', signedIn, (call) =>
      call.path === '/api/portal/v1/update_canvas_settings' ? success({}) : undefined,
    );
    const agentCode = await screen.findByTestId('settings-card-field-agent_code');
    expect((agentCode as HTMLInputElement).checked).toBe(false);
    fireEvent.click(agentCode);
    fireEvent.click(screen.getByTestId('settings-card-field-vessel_type'));
    const userFetchesBefore = calls.filter((c) => c.path === '/api/portal/v1/user_details').length;
    fireEvent.click(screen.getByTestId('settings-card-save'));

    await screen.findByText('Port-call card updated');
    const body = apiCalls().find((c) => c.path === '/api/portal/v1/update_canvas_settings')?.body as { type: string; value: string[] };
    expect(body.type).toBe('portcall_card_settings');
    expect(body.value).toEqual([...TEST_USER.portcall_card_settings.filter((f) => f !== 'vessel_type'), 'agent_code']);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/portal/v1/user_details').length).toBeGreaterThan(userFetchesBefore));
  });

  it('shows who acted on my behalf with dates in the spec format, not the browser’s medium style', async () => {
    const session = {
      id: 1,
      actor: { id: 9, email: 'bob@harbour.test', first_name: 'Bob', last_name: 'Deputy' },
      started_at: '2026-07-14T10:00:00Z',
      ended_at: '2026-07-14T12:30:00Z',
      expires_at: '2026-07-14T18:00:00Z',
      request_count: 4,
      write_count: 1,
    };
    renderApp('/en/user-settings', signedIn, (call) => (call.path === '/api/portal/v1/proxy_sessions/on_my_behalf' ? success([session]) : undefined));
    const row = await screen.findByTestId('on-my-behalf-row');
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells[1]).toMatch(/^1[45]-07-2026 \d{2}:\d{2}$/);
    expect(cells[2]).toMatch(/^1[45]-07-2026 \d{2}:\d{2}$/);
  });
});
