import { describe, expect, it } from 'vitest';
import { keyboardPlace } from './keyboard-moves';

const H = 3_600_000;
const origin = { id: 1, from: 10 * H, to: 20 * H, start: 30, end: 230, draft: 8 };
const options = { isSwitched: false, stepMinutes: 120, stepMetres: 50, bollardPositions: [5, 30, 55, 80], quayLength: 1000 };
const press = (key: string, extra: { isShift?: boolean; isAlt?: boolean } = {}, o = options) => keyboardPlace(origin, { key, isShift: extra.isShift ?? false, isAlt: extra.isAlt ?? false }, o);

describe('arrow keys on the selected card', () => {
  it('moves along time by one step and along the quay to the next bollard', () => {
    expect(press('ArrowRight')).toMatchObject({ from: 12 * H, to: 22 * H, start: 30 });
    expect(press('ArrowLeft')).toMatchObject({ from: 8 * H, to: 18 * H });
    expect(press('ArrowDown')).toMatchObject({ start: 55, end: 255, from: 10 * H });
    expect(press('ArrowUp')).toMatchObject({ start: 5, end: 205 });
  });

  it('takes fine steps with Shift and changes only the departure with Alt', () => {
    expect(press('ArrowRight', { isShift: true })).toMatchObject({ from: 10 * H + 15 * 60_000 });
    expect(press('ArrowDown', { isShift: true })).toMatchObject({ start: 31, end: 231 });
    expect(press('ArrowRight', { isAlt: true })).toMatchObject({ from: 10 * H, to: 22 * H });
  });

  it('follows the screen when the axes are switched, and ignores other keys', () => {
    const switched = { ...options, isSwitched: true };
    expect(press('ArrowDown', {}, switched)).toMatchObject({ from: 12 * H, start: 30 });
    expect(press('ArrowRight', {}, switched)).toMatchObject({ start: 55, from: 10 * H });
    expect(press('a')).toBeNull();
  });
});
