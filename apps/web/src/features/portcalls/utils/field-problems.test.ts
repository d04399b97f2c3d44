import { describe, expect, it } from 'vitest';
import { validatePortcallWindow } from '@quayline/domain';
import en from '../../../../../server/src/modules/translations/locales/en.json';
import { problemMessageOf } from './field-problems';

describe('field problems', () => {
  it('translates every message the domain window rules produce, so none reaches the screen in English only', () => {
    const base = { berth_arrival: '2026-07-15T08:00:00Z', berth_departure: '2026-07-16T08:00:00Z', quayLength: 1400, vesselLength: 200 };
    const problems = [
      ...validatePortcallWindow({ ...base, berth_departure: '2026-07-14T08:00:00Z' }),
      ...validatePortcallWindow({ ...base, cargo_operations_start: '2026-07-14T08:00:00Z', cargo_operations_end: '2026-07-17T08:00:00Z' }),
      ...validatePortcallWindow({ ...base, cargo_operations_start: '2026-07-15T12:00:00Z', cargo_operations_end: '2026-07-15T10:00:00Z' }),
      ...validatePortcallWindow({ ...base, pilot_boarding_place_arrival: '2026-07-15T09:00:00Z' }),
      ...validatePortcallWindow({ ...base, berth_start_position: 100 }),
      ...validatePortcallWindow({ ...base, berth_start_position: 500, berth_end_position: 400 }),
      ...validatePortcallWindow({ ...base, berth_start_position: 1300, berth_end_position: 1500 }),
    ];
    const messages = new Set(problems.map((p) => p.message));
    expect(messages.size).toBeGreaterThanOrEqual(9);
    for (const message of messages) {
      const translated = problemMessageOf(message);
      expect('key' in translated, message).toBe(true);
      if ('key' in translated) expect(en.portcalls.problems[translated.key], message).toBeTruthy();
    }
    expect(problemMessageOf('The berth is shorter than the vessel (197.7 m)')).toEqual({ key: 'berth_shorter_than_vessel', values: { length: '197.7' } });
    expect(problemMessageOf('Something new')).toEqual({ text: 'Something new' });
  });
});
