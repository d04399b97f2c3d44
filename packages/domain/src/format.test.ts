import { describe, expect, it } from 'vitest';
import { formatNumber, isNumeric } from './format';

describe('isNumeric', () => {
  it('accepts finite numbers and numeric strings', () => {
    for (const v of [0, -1.5, 1e6, '42', ' 3.5 ', '-7', '1e3']) expect(isNumeric(v), String(v)).toBe(true);
  });
  it('refuses everything else', () => {
    for (const v of [NaN, Infinity, '', '  ', 'abc', '12a', null, undefined, {}, [], true]) expect(isNumeric(v), String(v)).toBe(false);
  });
});

describe('formatNumber', () => {
  it("keeps '-' as '-'", () => expect(formatNumber('-')).toBe('-'));
  it('groups thousands by comma with one decimal by default', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.9');
    expect(formatNumber('1000')).toBe('1,000.0');
    expect(formatNumber(0)).toBe('0.0');
    expect(formatNumber(999.95)).toBe('1,000.0');
  });
  it('honours the decimals asked for', () => {
    expect(formatNumber(1234.5678, 2)).toBe('1,234.57');
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
  });
  it('formats negatives and avoids a negative zero', () => {
    expect(formatNumber(-1234.5)).toBe('-1,234.5');
    expect(formatNumber(-0.01)).toBe('0.0');
  });
  it('returns non-numeric input unchanged and empty for nothing', () => {
    expect(formatNumber('n/a')).toBe('n/a');
    expect(formatNumber(null)).toBe('');
  });
});
