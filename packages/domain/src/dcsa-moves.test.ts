import { describe, expect, it } from 'vitest';
import { dcsaMetres, dcsaMovesTotals } from './dcsa-jit';

describe('JIT moves forecasts and drafts as call fields', () => {
  it('sums discharge, load and restows over the partners, by sizes or totals', () => {
    expect(
      dcsaMovesTotals([
        { carrierCode: 'MSCU', carrierCodeListProvider: 'SMDG', dischargeUnits: { ladenContainerUnits: { _20_units: 10, _40_units: 20, _45_units: 1 }, emptyContainerUnits: { totalUnits: 5 }, oogUnits: 2 }, loadUnits: { ladenContainerUnits: { totalUnits: 40 } }, restows: { totalRestows: 3 } },
        { loadUnits: { reeferPluggedContainerUnits: { totalUnits: 6 } } },
      ]),
    ).toEqual({ discharge: 38, load: 46, restow: 3, total: 87 });
    expect(dcsaMovesTotals([{ totalUnits: 120 }])).toEqual({ discharge: 0, load: 0, restow: 0, total: 120 });
  });

  it('reads decimal feet as feet', () => {
    expect(dcsaMetres(40, 'FOT')).toBeCloseTo(12.192, 3);
    expect(dcsaMetres(12.5, 'MTR')).toBe(12.5);
    expect(dcsaMetres(12.5, undefined)).toBe(12.5);
  });
});
