import { describe, expect, it } from 'vitest';
import { planFirstComeFirstServed } from './fcfs';
import { parseInstance } from './instance-format';

describe('first come, first served', () => {
  it('takes vessels in order of arrival, each at the first berth with the earliest time that fits', () => {
    const { instance } = parseInstance({
      quay: { kind: 'discrete', berths: [{ id: 'B1' }, { id: 'B2' }] },
      vessels: [
        { id: 'late', arrival: 6, weight: 3, handling: { B1: 1, B2: 1 } },
        { id: 'first', arrival: 0, handling: { B1: 20, B2: 30 } },
        { id: 'second', arrival: 1, handling: { B1: 10, B2: 10 } },
      ],
    });
    expect(planFirstComeFirstServed(instance).calls).toEqual([
      { vesselId: 'first', berth: 'B1', position: null, start: 0, end: 20 },
      { vesselId: 'second', berth: 'B2', position: null, start: 1, end: 11 },
      // By hand nobody reorders for priority: the short high-priority call waits for a free berth.
      { vesselId: 'late', berth: 'B2', position: null, start: 11, end: 12 },
    ]);
  });

  it('on a continuous quay slides a vessel to the lowest metre that fits, or towards its preferred position', () => {
    const { instance } = parseInstance({
      quay: { kind: 'continuous', length: 600, clearance: 20 },
      vessels: [
        { id: 'A', arrival: 0, length: 200, handling: 10 },
        { id: 'B', arrival: 1, length: 200, handling: 10 },
        { id: 'C', arrival: 2, length: 100, handling: 10, preferred_position: 500 },
      ],
    });
    expect(planFirstComeFirstServed(instance).calls.map((c) => [c.vesselId, c.position, c.start])).toEqual([
      ['A', 0, 0],
      ['B', 220, 1],
      ['C', 500, 2],
    ]);
  });
});
