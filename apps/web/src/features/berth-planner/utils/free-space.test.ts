import { describe, expect, it } from 'vitest';
import type { TPlanQuay, TPlannedCall } from '@quayline/domain';
import { computeFreeSpace, isCellFree } from './free-space';
import { buildTimeIndex } from './time-index';

const H = 3_600_000;
const quay: TPlanQuay = {
  length: 100,
  clearance: 10,
  sections: [
    { id: 1, start: 0, end: 60, depth: 12, berthType: 'Berth' },
    { id: 2, start: 60, end: 80, depth: 6, berthType: 'Berth' },
    { id: 3, start: 80, end: 100, depth: 15, berthType: 'Buffer Zone' },
  ],
  blockZones: [{ id: 7, start: 0, end: 20, from: 3 * H, to: 4 * H }],
  tideAt: (ms) => (ms >= 2 * H && ms < 3 * H ? 3 : 0),
};
const call = (id: number, fromH: number, toH: number, start: number, end: number, draft = 8): TPlannedCall => ({ id, from: fromH * H, to: toH * H, start, end, draft });

describe('free-space shading', () => {
  const dragged = call(1, 0, 2, 0, 30);
  const other = call(2, 0, 1, 40, 50);
  const grid = computeFreeSpace({ dragged, index: buildTimeIndex([dragged, other]), quay, from: 0, to: 4 * H, cellMs: H, cellMetres: 10 });
  const column = (c: number) => Array.from({ length: grid.rows }, (_, r) => (isCellFree(grid, c, r) ? 1 : 0)).join('');

  it('marks cells free where the quay is a deep enough berth, away from other calls (with clearance) and block zones', () => {
    expect(grid.columns).toBe(4);
    expect(grid.rows).toBe(10);
    // Hour 0: the other call at 40-50 m plus 10 m clearance blocks 30-60 m; 60-80 m is too shallow; 80-100 m is no berth.
    expect(column(0)).toBe('1110000000');
    // Hour 1: the other call has left; the dragged call itself never blocks.
    expect(column(1)).toBe('1111110000');
    // Hour 2: high tide makes 60-80 m deep enough.
    expect(column(2)).toBe('1111111100');
    // Hour 3: a block zone closes 0-20 m.
    expect(column(3)).toBe('0011110000');
  });
});
