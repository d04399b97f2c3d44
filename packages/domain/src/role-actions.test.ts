import { describe, expect, it } from 'vitest';
import { canPerform } from './role-actions';

describe('role actions', () => {
  it('lets only terminal operators manage block zones', () => {
    expect(canPerform('terminal_operator', 'manage_blocked_zones')).toBe(true);
    expect(canPerform('vessel_operator', 'manage_blocked_zones')).toBe(false);
    expect(canPerform('agent', 'manage_blocked_zones')).toBe(false);
  });
  it('lets terminal operators and agents add vessels, not vessel operators', () => {
    expect(canPerform('terminal_operator', 'create_vessel')).toBe(true);
    expect(canPerform('agent', 'create_vessel')).toBe(true);
    expect(canPerform('vessel_operator', 'create_vessel')).toBe(false);
  });
});
