import { describe, expect, it } from 'vitest';
import { findPlanClashes, type TPlanQuay, type TPlannedCall } from '@quayline/domain';
import { buildTimeIndex, callsNear, clashesOfCandidate } from './time-index';

const H = 3_600_000;
const quay: TPlanQuay = {
  length: 1000,
  clearance: 15,
  sections: [
    { id: 1, start: 0, end: 600, depth: 14, berthType: 'Berth' },
    { id: 2, start: 600, end: 1000, depth: 9, berthType: 'Berth' },
  ],
  blockZones: [{ id: 9, start: 400, end: 500, from: 100 * H, to: 110 * H }],
};
const call = (id: number, fromH: number, toH: number, start: number, end: number, draft = 8): TPlannedCall => ({ id, from: fromH * H, to: toH * H, start, end, draft });

describe('clash detection while dragging', () => {
  const others = [call(1, 0, 10, 0, 200), call(2, 5, 20, 300, 500), call(3, 50, 60, 0, 200), ...Array.from({ length: 2000 }, (_, i) => call(100 + i, 200 + i * 3, 202 + i * 3, 0, 100))];
  const index = buildTimeIndex(others);

  it('finds only the calls near the candidate in time', () => {
    expect(callsNear(index, 4 * H, 6 * H).map((c) => c.id).sort()).toEqual([1, 2]);
    expect(callsNear(index, 30 * H, 40 * H)).toEqual([]);
    expect(callsNear(index, 200 * H, 205 * H).map((c) => c.id).sort()).toEqual([100, 101]);
  });

  it('reports overlap with clearance, block zone, shallow water and off-quay like the domain rules', () => {
    expect(clashesOfCandidate(call(50, 8, 12, 205, 280), index, quay).map((c) => c.kind)).toEqual(['overlap']);
    expect(clashesOfCandidate(call(50, 8, 12, 216, 284), index, quay)).toEqual([]);
    expect(clashesOfCandidate(call(50, 105, 108, 450, 550), index, quay).map((c) => c.kind)).toEqual(['block_zone']);
    expect(clashesOfCandidate(call(50, 30, 40, 700, 800, 11), index, quay).map((c) => c.kind)).toEqual(['too_shallow']);
    expect(clashesOfCandidate(call(50, 30, 40, 950, 1050), index, quay).map((c) => c.kind)).toContain('outside_quay');
  });

  it('ignores the dragged call itself and agrees with findPlanClashes', () => {
    const moved = call(2, 5, 20, 100, 300);
    expect(clashesOfCandidate(moved, index, quay)).toEqual([{ kind: 'overlap', callIds: [1, 2] }]);
    const plan = findPlanClashes([call(1, 0, 10, 0, 200), moved], quay);
    expect(plan.filter((c) => c.kind === 'overlap')).toEqual([{ kind: 'overlap', callIds: [1, 2] }]);
  });
});
