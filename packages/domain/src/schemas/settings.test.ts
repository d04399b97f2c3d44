import { describe, expect, it } from 'vitest';
import { CANVAS_SETTING_KEYS, DEFAULT_CANVAS_SETTINGS, DEFAULT_PORTCALL_CARD_FIELDS, ZCanvasSettings, ZEmailNotificationSettingQuery, ZUpdateCanvasSettingRequest } from './settings';

describe('canvas settings', () => {
  it('has exactly the canvas keys of spec section 9 and valid defaults', () => {
    expect([...CANVAS_SETTING_KEYS].sort()).toEqual(
      ['canvas_schedule', 'canvas_position', 'canvas_step_zoom_percentage', 'canvas_refresh', 'switch_canvas_axes', 'canvas_tidal', 'canvas_shifts', 'canvas_volumes', 'canvas_section_depths', 'canvas_blockzones', 'portcall_card_settings', 'canvas_cranes', 'canvas_highlight_shifts', 'canvas_highlight_weekends', 'canvas_hour_grid', 'canvas_shift_grid', 'canvas_day_grid'].sort(),
    );
    expect(ZCanvasSettings.parse(DEFAULT_CANVAS_SETTINGS)).toEqual(DEFAULT_CANVAS_SETTINGS);
    expect(DEFAULT_CANVAS_SETTINGS).toMatchObject({ canvas_refresh: 5, canvas_blockzones: true, canvas_tidal: false, canvas_shifts: false, canvas_volumes: false, canvas_section_depths: false, canvas_cranes: false, canvas_step_zoom_percentage: 100 });
    expect(DEFAULT_PORTCALL_CARD_FIELDS).toHaveLength(12);
  });

  it('validates each value by its key', () => {
    expect(ZUpdateCanvasSettingRequest.safeParse({ type: 'canvas_refresh', value: 5 }).success).toBe(true);
    expect(ZUpdateCanvasSettingRequest.safeParse({ type: 'canvas_refresh', value: 2 }).success).toBe(false);
    expect(ZUpdateCanvasSettingRequest.safeParse({ type: 'canvas_tidal', value: 1 }).success).toBe(false);
    expect(ZUpdateCanvasSettingRequest.safeParse({ type: 'portcall_card_settings', value: ['bollards', 'bollards'] }).success).toBe(false);
  });
});

describe('e-mail notification query', () => {
  it('turns enable into a boolean and checks time and zone', () => {
    expect(ZEmailNotificationSettingQuery.parse({ enable: 'false', receive_time: '23:59', timezone: 'Asia/Singapore' })).toEqual({ enable: false, receive_time: '23:59', timezone: 'Asia/Singapore' });
    expect(ZEmailNotificationSettingQuery.safeParse({ enable: 'true', receive_time: '7:00', timezone: 'UTC' }).success).toBe(false);
    expect(ZEmailNotificationSettingQuery.safeParse({ enable: 'true', receive_time: '07:00', timezone: 'Nowhere/Town' }).success).toBe(false);
  });
});
