import { describe, expect, it } from 'vitest';
import { createRng } from './random';
import { imoCheckDigit, isValidImo } from './vessel';

describe('IMO numbers', () => {
  it('accepts real IMO numbers and the IMO prefix', () => {
    // 9074729 is the worked example of the IMO check-digit rule.
    expect(isValidImo('9074729')).toBe(true);
    expect(isValidImo('IMO 9074729')).toBe(true);
    expect(imoCheckDigit('907472')).toBe(9);
  });
  it('refuses a wrong check digit or wrong length', () => {
    expect(isValidImo('9074728')).toBe(false);
    expect(isValidImo('907472')).toBe(false);
    expect(isValidImo('90747290')).toBe(false);
    expect(isValidImo('abcdefg')).toBe(false);
  });
});

describe('seeded random generator', () => {
  it('repeats for the same seed and differs for another', () => {
    const a = createRng(7);
    const b = createRng(7);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(createRng(8).next()).not.toBe(seqA[0]);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });
  it('int stays in its bounds', () => {
    const r = createRng(1);
    for (let i = 0; i < 1000; i++) {
      const v = r.int(3, 5);
      expect(v >= 3 && v <= 5).toBe(true);
    }
  });
});
