import { describe, expect, it } from 'vitest';
import { addDays, formatZonedDateTime, fromZonedInputValue, startOfZonedDay, toZonedInputValue, zonedDay } from './zoned-time';

describe('zoned time', () => {
  it('shows a UTC instant as Berlin wall-clock time in winter and summer', () => {
    expect(toZonedInputValue('2026-01-15T08:30:00.000Z', 'Europe/Berlin')).toBe('2026-01-15T09:30');
    expect(toZonedInputValue('2026-07-15T08:30:00.000Z', 'Europe/Berlin')).toBe('2026-07-15T10:30');
    expect(toZonedInputValue(null, 'Europe/Berlin')).toBe('');
  });

  it('sends a Berlin wall-clock time as ISO UTC, across the daylight-saving change', () => {
    expect(fromZonedInputValue('2026-01-15T09:30', 'Europe/Berlin')).toBe('2026-01-15T08:30:00.000Z');
    expect(fromZonedInputValue('2026-07-15T10:30', 'Europe/Berlin')).toBe('2026-07-15T08:30:00.000Z');
    // 29 March 2026: clocks go from 02:00 to 03:00; 04:00 local is 02:00 UTC.
    expect(fromZonedInputValue('2026-03-29T04:00', 'Europe/Berlin')).toBe('2026-03-29T02:00:00.000Z');
    expect(fromZonedInputValue('2026-03-29T01:00', 'Europe/Berlin')).toBe('2026-03-29T00:00:00.000Z');
    expect(fromZonedInputValue('not a time', 'Europe/Berlin')).toBeNull();
    expect(fromZonedInputValue('', 'Europe/Berlin')).toBeNull();
  });

  it('round-trips through other zones', () => {
    for (const zone of ['Asia/Singapore', 'America/New_York', 'UTC']) {
      expect(fromZonedInputValue(toZonedInputValue('2026-10-25T01:15:00.000Z', zone), zone)).toBe('2026-10-25T01:15:00.000Z');
    }
  });

  it('formats per locale in the zone and does day arithmetic', () => {
    expect(formatZonedDateTime('2026-07-15T08:30:00.000Z', 'Europe/Berlin', 'en')).toBe('15-07-2026 10:30');
    expect(formatZonedDateTime('2026-07-15T08:30:00.000Z', 'Europe/Berlin', 'de')).toBe('15.07.2026 10:30');
    expect(zonedDay(Date.parse('2026-07-15T22:30:00.000Z'), 'Europe/Berlin')).toBe('2026-07-16');
    expect(addDays('2026-02-26', 3)).toBe('2026-03-01');
    expect(addDays('2026-01-05', -7)).toBe('2025-12-29');
    expect(startOfZonedDay('2026-07-16', 'Europe/Berlin')).toBe('2026-07-15T22:00:00.000Z');
  });
});
