import type { TPlanQuay } from '@quayline/domain';
import { describe, expect, it } from 'vitest';
import { firstFreeStretch, placeDemoCalls, type TSeedCallToPlace } from './seed-placement';

const H = 3600_000;
const quay: TPlanQuay = {
  length: 1000,
  clearance: 15,
  sections: [
    { id: 1, start: 0, end: 400, depth: 16, berthType: 'Berth' },
    { id: 2, start: 400, end: 450, depth: 10, berthType: 'Buffer Zone' },
    { id: 3, start: 450, end: 1000, depth: 11, berthType: 'Berth' },
  ],
  blockZones: [{ id: 9, start: 450, end: 600, from: 10 * H, to: 20 * H }],
};
const call = (id: number, length: number, draft: number, from: number, to: number, extra: Partial<TSeedCallToPlace> = {}): TSeedCallToPlace => ({
  id,
  length,
  draft,
  from: from * H,
  to: to * H,
  isAlongside: false,
  isLeftUnplaced: false,
  canShift: () => true,
  ...extra,
});

describe('demo quay layout', () => {
  it('takes the first stretch that is deep enough, keeps clearance and stays out of buffers and block zones', () => {
    const placed = [{ id: 1, start: 0, end: 200, from: 0, to: 30 * H, draft: 12 }];
    expect(firstFreeStretch({ id: 2, length: 150, draft: 12, from: 5 * H, to: 8 * H }, quay, placed)).toEqual({ start: 215, end: 365 });
    // Too deep for the far berth, and no room left on the deep one.
    expect(firstFreeStretch({ id: 3, length: 250, draft: 14, from: 5 * H, to: 8 * H }, quay, placed)).toBeNull();
    // Over the buffer zone is no berth; during the block zone the far berth starts behind it.
    expect(firstFreeStretch({ id: 4, length: 300, draft: 9, from: 12 * H, to: 14 * H }, quay, placed)).toEqual({ start: 600, end: 900 });
  });

  it('places calls alongside first, moves the others in time when the quay is full, and leaves out the chosen ones', () => {
    const out = placeDemoCalls(
      [
        call(1, 380, 15, 0, 10),
        call(2, 380, 15, -5, 5, { isAlongside: true }),
        call(3, 100, 8, 0, 10, { isLeftUnplaced: true }),
      ],
      quay,
    );
    expect(out.get(2)).toEqual({ start: 0, end: 380, shiftMs: 0 });
    // Only the deep berth takes it: it waits until the alongside call has left.
    expect(out.get(1)).toEqual({ start: 0, end: 380, shiftMs: 5 * H });
    expect(out.has(3)).toBe(false);
  });

  it('never moves a call where its story does not allow', () => {
    const out = placeDemoCalls([call(2, 380, 15, -5, 5, { isAlongside: true }), call(1, 380, 15, 0, 10, { canShift: (shift) => shift === 0 })], quay);
    expect(out.has(1)).toBe(false);
  });
});
