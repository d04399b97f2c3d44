import { describe, expect, it } from 'vitest';
import { currentCallPerVessel } from './ais.service';

const call = (id: number, vessel_id: number, status: string, day: number) => ({ id, vessel_id, status, berth_arrival: new Date(Date.UTC(2026, 10, day)).toISOString() });

describe('the call a vessel is on now (the map shows each vessel once)', () => {
  it('is its earliest call that has not departed', () => {
    const calls = [call(1, 7, 'Approaching', 29), call(2, 7, 'Berthed', 24), call(3, 7, 'Departed', 20), call(4, 8, 'Approaching', 25)];
    expect(currentCallPerVessel(calls).map((c) => c.id)).toEqual([2, 4]);
  });

  it('is its latest departed call when none is open', () => {
    expect(currentCallPerVessel([call(1, 7, 'Departed', 20), call(2, 7, 'Departed', 23), call(3, 7, 'Cancelled', 26)]).map((c) => c.id)).toEqual([2]);
  });
});
