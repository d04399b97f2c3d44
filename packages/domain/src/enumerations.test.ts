import { describe, expect, it } from 'vitest';
import { SPEC_ENUMERATIONS, enumLabelKey, enumValueSlug } from './enumerations';

describe('the spec enumerations', () => {
  it('spells values as their label keys do', () => {
    expect(enumValueSlug('Without side')).toBe('without_side');
    expect(enumValueSlug('Arrived at PBP')).toBe('arrived_at_pbp');
    expect(enumValueSlug('newly created')).toBe('newly_created');
    expect(enumLabelKey('cargo_type', 'Roll-on/Roll-off')).toBe('portcalls.cargo_types.ro_ro');
    expect(enumLabelKey('time_window_source', 'ais_berth_arrival')).toBe('enums.time_window_sources.ais_berth_arrival');
  });

  it('shows partially accepted PRISE notices with the accepted label', () => {
    expect(enumLabelKey('prise_status', 'prise_partially_accepted')).toBe(enumLabelKey('prise_status', 'prise_accepted'));
  });

  it('gives distinct values distinct keys (but for the one shared label)', () => {
    for (const [name, e] of Object.entries(SPEC_ENUMERATIONS)) {
      const keys = e.values.map((v) => e.labelKey(v));
      const distinct = new Set(keys).size;
      expect(distinct, name).toBe(name === 'prise_status' ? keys.length - 1 : keys.length);
    }
  });
});
