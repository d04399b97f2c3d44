import { describe, expect, it } from 'vitest';
import { LOCALES } from '@quayline/domain';
import { applyDateFormat, dateTimeFormat, parseTypedDateTime, parseTypedDay, parseTypedTime } from './date-formats';
import { formatDay, formatZonedDateTime } from './zoned-time';

describe('date formats', () => {
  it('writes the spec formats per language', () => {
    expect(LOCALES.map((l) => applyDateFormat(l, 2026, 11, 4))).toEqual(['04-11-2026', '04.11.2026', '04/11/2026', '04/11/2026']);
    expect(dateTimeFormat('de')).toBe('DD.MM.YYYY HH:mm');
  });

  it('is what the lists show, so a field reads like the list beside it', () => {
    for (const locale of LOCALES) {
      expect(formatDay('2026-11-18', locale)).toBe(applyDateFormat(locale, 2026, 11, 18));
      expect(formatZonedDateTime('2026-11-18T04:00:00Z', 'Europe/Berlin', locale)).toBe(`${applyDateFormat(locale, 2026, 11, 18)} 05:00`);
    }
  });

  it('parses typed days day-first with any separator, and ISO', () => {
    expect(parseTypedDay('24-11-2026')).toBe('2026-11-24');
    expect(parseTypedDay(' 3.4.2026 ')).toBe('2026-04-03');
    expect(parseTypedDay('03/04/2026')).toBe('2026-04-03');
    expect(parseTypedDay('2026-11-24')).toBe('2026-11-24');
  });

  it('refuses what is not a calendar day', () => {
    for (const text of ['', '31-02-2026', '29-02-2026', '00-01-2026', '12-13-2026', '24-11-26', '24 11 2026', 'tomorrow']) expect(parseTypedDay(text), text).toBeNull();
    expect(parseTypedDay('29-02-2028')).toBe('2028-02-29');
  });

  it('parses times on the 24-hour clock only', () => {
    expect(parseTypedTime('8:05')).toBe('08:05');
    expect(parseTypedTime('23:59')).toBe('23:59');
    for (const text of ['24:00', '12:60', '8', '08:5', '8 PM']) expect(parseTypedTime(text), text).toBeNull();
  });

  it('parses a typed day and time into the datetime-local value', () => {
    expect(parseTypedDateTime('24-11-2026 08:00')).toBe('2026-11-24T08:00');
    expect(parseTypedDateTime('24.11.2026  8:30')).toBe('2026-11-24T08:30');
    expect(parseTypedDateTime('2026-11-24T08:00')).toBe('2026-11-24T08:00');
    for (const text of ['24-11-2026', '24-11-2026 08', '24-11-2026 08:00 x', '31-11-2026 08:00']) expect(parseTypedDateTime(text), text).toBeNull();
  });
});
