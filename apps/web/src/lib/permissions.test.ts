import { describe, expect, it } from 'vitest';
import { APP_ACTIONS, can, type TAppAction } from './permissions';

// Mirrors docs/permissions.md "Every route": the cells that answer 403 for a role are the actions not offered.
const EXPECTED: Record<TAppAction, { terminal_operator: boolean; vessel_operator: boolean; agent: boolean }> = {
  manage_blocked_zones: { terminal_operator: true, vessel_operator: false, agent: false },
  create_vessel: { terminal_operator: true, vessel_operator: false, agent: true },
  plan_berths: { terminal_operator: true, vessel_operator: false, agent: false },
  plan_shifts: { terminal_operator: true, vessel_operator: false, agent: false },
  manage_alert_settings: { terminal_operator: true, vessel_operator: false, agent: false },
  decide_ais_detections: { terminal_operator: true, vessel_operator: false, agent: false },
  manage_ais_settings: { terminal_operator: true, vessel_operator: false, agent: false },
  manage_schedule_providers: { terminal_operator: true, vessel_operator: false, agent: false },
  write_voyage_templates: { terminal_operator: true, vessel_operator: true, agent: false },
  fill_prise_notice: { terminal_operator: true, vessel_operator: false, agent: true },
  manage_jit_counterparties: { terminal_operator: true, vessel_operator: false, agent: false },
  manage_delay_reasons: { terminal_operator: true, vessel_operator: false, agent: false },
  consume_jit_services: { terminal_operator: false, vessel_operator: true, agent: true },
  provide_jit_services: { terminal_operator: true, vessel_operator: false, agent: false },
};

describe('what the app offers each role', () => {
  it.each(Object.keys(APP_ACTIONS) as TAppAction[])('%s', (action) => {
    for (const userType of ['terminal_operator', 'vessel_operator', 'agent'] as const) {
      expect(can({ user_type: userType }, action), `${action} for ${userType}`).toBe(EXPECTED[action][userType]);
    }
  });
  it('offers nothing before the user is known', () => {
    expect(can(undefined, 'plan_berths')).toBe(false);
    expect(can(null, 'write_voyage_templates')).toBe(false);
  });
});
