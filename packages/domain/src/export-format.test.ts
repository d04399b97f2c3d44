import { describe, expect, it } from 'vitest';
import { EXPORT_ERRORS, formatInstantInZone, toCsv } from './export-format';

describe('toCsv', () => {
  it('quotes every field, doubles quotes and uses CRLF', () => {
    expect(toCsv([{ a: 'x', b: 'say "hi"' }, { a: 1, b: null }])).toBe('"a","b"\r\n"x","say ""hi"""\r\n"1",""\r\n');
  });
  it('adds a BOM and a chosen delimiter and columns on request', () => {
    const csv = toCsv([{ a: 'Zoë', b: 2 }], { bom: true, delimiter: ';', columns: [{ key: 'b', header: 'Bee' }, { key: 'a', header: 'A' }] });
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('"Bee";"A"\r\n"2";"Zoë"\r\n');
  });
  it('keeps commas and line breaks inside the quotes', () => {
    expect(toCsv([{ a: 'one, two\nthree' }])).toBe('"a"\r\n"one, two\nthree"\r\n');
  });
  it('refuses what is not an array of objects with the spec texts', () => {
    expect(() => toCsv('text')).toThrow("Can't export string data to csv.");
    expect(() => toCsv({ a: 1 })).toThrow(EXPORT_ERRORS.notArrayOfObjects);
    expect(() => toCsv([1, 2])).toThrow(EXPORT_ERRORS.notArrayOfObjects);
  });
});

describe('formatInstantInZone', () => {
  it('shows Berlin summer and winter time and the DST jump', () => {
    expect(formatInstantInZone('2026-07-01T10:00:00Z', 'Europe/Berlin')).toBe('2026-07-01 12:00');
    expect(formatInstantInZone('2026-01-01T10:00:00Z', 'Europe/Berlin')).toBe('2026-01-01 11:00');
    expect(formatInstantInZone('2026-03-29T01:00:00Z', 'Europe/Berlin')).toBe('2026-03-29 03:00');
    expect(formatInstantInZone(null, 'Europe/Berlin')).toBe('');
  });
});
