import { describe, expect, it } from 'vitest';
import { pinOffset } from './use-pinned-card-texts';

const rect = { left: 100, top: 20, width: 300, height: 80 };

describe('texts of a card cut by the viewport edge', () => {
  it('move to the edge along the time axis while enough of the card shows', () => {
    expect(pinOffset(rect, 50, false)).toBe(0);
    expect(pinOffset(rect, 100, false)).toBe(0);
    expect(pinOffset(rect, 220.4, false)).toBe(120);
    expect(pinOffset(rect, 380, false)).toBe(0);
  });

  it('move down with switched axes, where time runs top to bottom', () => {
    expect(pinOffset(rect, 50, true)).toBe(30);
    expect(pinOffset(rect, 70, true)).toBe(0);
  });
});
