import { DEFAULT_CANVAS_SETTINGS, DEFAULT_PORTCALL_CARD_FIELDS } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('user details and settings on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  async function signedIn() {
    const user = await createUser(t.database.db);
    const token = await loginAs(t.app, user.email);
    const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
      t.app.inject({ method, url: `/api/portal/v1${url}`, headers: { 'x-portal-token': token }, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { user, call };
  }

  it('returns the spec defaults for a new user', async () => {
    const { call } = await signedIn();
    const p = (await call('GET', '/user_details')).json().payload;
    expect(p.selected_locale).toBe('en');
    expect(p.daily_tasks_email).toBe(false);
    expect(p.portcall_card_settings).toEqual(DEFAULT_PORTCALL_CARD_FIELDS);
    expect(p.canvas_settings).toEqual(DEFAULT_CANVAS_SETTINGS);
    expect(p.canvas_settings.canvas_schedule).toEqual({ days: 28, hours: 2, days_before: 7, days_after: 21 });
    expect(p.shift_planner_settings.number_of_days_to_show_shifts).toBe(3);
    expect(p.shift_planner_settings.order_by).toBe('arrival_time');
  });

  it('stores the locale and refuses an unknown one', async () => {
    const { call } = await signedIn();
    expect((await call('PUT', '/update_locale', { selected_locale: 'es' })).json().payload.selected_locale).toBe('es');
    expect((await call('GET', '/user_details')).json().payload.selected_locale).toBe('es');
    const bad = await call('PUT', '/update_locale', { selected_locale: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.status).toBe('VALIDATION_FAILED');
    expect((await call('GET', '/user_details')).json().payload.selected_locale).toBe('es');
  });

  it('stores each canvas setting by {type, value}, validated per key, without touching the others', async () => {
    const { call } = await signedIn();
    expect((await call('PUT', '/update_canvas_settings', { type: 'canvas_tidal', value: true })).json().status.status).toBe('SUCCESS');
    expect((await call('PUT', '/update_canvas_settings', { type: 'canvas_refresh', value: 15 })).json().status.status).toBe('SUCCESS');
    await call('PUT', '/update_canvas_settings', { type: 'portcall_card_settings', value: ['vessel_type', 'agent_code'] });
    const p = (await call('GET', '/user_details')).json().payload;
    expect(p.canvas_settings.canvas_tidal).toBe(true);
    expect(p.canvas_settings.canvas_refresh).toBe(15);
    expect(p.portcall_card_settings).toEqual(['vessel_type', 'agent_code']);
    expect(p.canvas_settings.canvas_blockzones).toBe(true);

    for (const bad of [
      { type: 'canvas_refresh', value: 7 },
      { type: 'canvas_tidal', value: 'yes' },
      { type: 'no_such_key', value: true },
      { type: 'portcall_card_settings', value: ['not_a_field'] },
      { type: 'canvas_schedule', value: { days: 0, hours: 2, days_before: 7, days_after: 21 } },
    ]) {
      const res = await call('PUT', '/update_canvas_settings', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().status.status).toBe('VALIDATION_FAILED');
    }
    expect((await call('GET', '/user_details')).json().payload.canvas_settings.canvas_refresh).toBe(15);
  });

  it('stores shift planner and dashboard settings', async () => {
    const { call } = await signedIn();
    expect((await call('PUT', '/update_shift_planner_settings', { type: 'number_of_days_to_show_shifts', value: 5 })).json().status.status).toBe('SUCCESS');
    expect((await call('PUT', '/update_shift_planner_settings', { type: 'order_by', value: 'vessel_name' })).json().status.status).toBe('SUCCESS');
    expect((await call('PUT', '/update_shift_planner_settings', { type: 'order_by', value: 'random' })).statusCode).toBe(400);
    expect((await call('PUT', '/update_dashboard_settings', { dashboard_allowed_widgets: ['alerts', 'watchlist'] })).json().status.status).toBe('SUCCESS');
    expect((await call('PUT', '/update_dashboard_settings', { dashboard_allowed_widgets: ['nope'] })).statusCode).toBe(400);
    expect((await call('PUT', '/update_dashboard_settings', {})).statusCode).toBe(400);
    const p = (await call('GET', '/user_details')).json().payload;
    expect(p.shift_planner_settings).toMatchObject({ number_of_days_to_show_shifts: 5, order_by: 'vessel_name' });
    expect(p.dashboard_allowed_widgets).toEqual(['alerts', 'watchlist']);
  });

  it('stores the daily e-mail setting from query parameters and validates time and time zone', async () => {
    const { call } = await signedIn();
    const res = await call('PUT', '/update_email_notification_setting?enable=true&receive_time=06:30&timezone=America/New_York');
    expect(res.json().status.status).toBe('SUCCESS');
    const p = (await call('GET', '/user_details')).json().payload;
    expect(p).toMatchObject({ daily_tasks_email: true, enable_email_notification: true, mail_settings: { receive_time: '06:30', timezone: 'America/New_York' } });
    expect((await call('PUT', '/update_email_notification_setting?enable=true&receive_time=25:00&timezone=Europe/Berlin')).statusCode).toBe(400);
    expect((await call('PUT', '/update_email_notification_setting?enable=true&receive_time=07:00&timezone=Mars/Olympus')).statusCode).toBe(400);
    expect((await call('PUT', '/update_email_notification_setting?enable=maybe&receive_time=07:00&timezone=Europe/Berlin')).statusCode).toBe(400);
    expect((await call('GET', '/user_details')).json().payload.mail_settings.receive_time).toBe('06:30');
  });

  it('needs a session for every settings call', async () => {
    for (const [method, url] of [['PUT', '/update_locale'], ['PUT', '/update_canvas_settings'], ['PUT', '/update_shift_planner_settings'], ['PUT', '/update_dashboard_settings'], ['PUT', '/update_email_notification_setting?enable=true&receive_time=07:00&timezone=UTC']] as const) {
      const res = await t.app.inject({ method, url: `/api/portal/v1${url}`, payload: {} });
      expect([401, 400], url).toContain(res.statusCode);
      if (res.statusCode === 400) throw new Error(`${url} validated the body before checking the session`);
    }
  });
});
