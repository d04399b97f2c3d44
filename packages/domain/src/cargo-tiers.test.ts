import { describe, expect, it } from 'vitest';
import { ZCargoQuantities, computeCargoQuantities } from './cargo-tiers';

const zeros = { '20': 0, '40': 0, '45': 0 };

describe('cargo quantity tiers', () => {
  it('tier 1 adds discharge, load and restow', () => {
    const q = ZCargoQuantities.parse({ tier: 1, values: { discharge: 120, load: 80 } });
    expect(computeCargoQuantities(q)).toMatchObject({ discharge: 120, load: 80, restow: 0, total: 200, full: null });
  });

  it('tier 2 gives full and empty subtotals per operation', () => {
    const q = ZCargoQuantities.parse({ tier: 2, full: { discharge: 100, load: 90, restow: 4 }, empty: { discharge: 20, load: 5 } });
    expect(computeCargoQuantities(q)).toMatchObject({ discharge: 120, load: 95, restow: 4, total: 219, full: { discharge: 100, load: 90, restow: 4 }, empty: { discharge: 20, load: 5, restow: 0 } });
  });

  it('tier 3 containers totals per size and per row', () => {
    const q = ZCargoQuantities.parse({
      tier: 3,
      unit: 'containers',
      values: { discharge: { full: { '20': 10, '40': 30, '45': 2 }, empty: { '20': 5, '40': 0, '45': 0 } }, load: { full: zeros, empty: zeros }, restow: { full: { '20': 1, '40': 0, '45': 0 }, empty: zeros } },
    });
    const totals = computeCargoQuantities(q);
    expect(totals).toMatchObject({ discharge: 47, load: 0, restow: 1, total: 48 });
    expect(totals.full!.discharge).toBe(42);
    expect(totals.empty!.discharge).toBe(5);
    expect(totals.columns!.discharge).toEqual({ '20': 15, '40': 30, '45': 2 });
  });

  it('tier 4 splits full containers into DRY, RF, DG, OOG and BB', () => {
    const kinds = { DRY: { '20': 10, '40': 20, '45': 0 }, RF: { '20': 0, '40': 5, '45': 0 }, DG: { '20': 2, '40': 0, '45': 0 }, OOG: zeros, BB: zeros };
    const q = ZCargoQuantities.parse({ tier: 4, unit: 'containers', values: { discharge: { full: kinds, empty: { '20': 3, '40': 0, '45': 0 } }, load: { full: { DRY: zeros, RF: zeros, DG: zeros, OOG: zeros, BB: zeros }, empty: zeros }, restow: { full: { DRY: zeros, RF: zeros, DG: zeros, OOG: zeros, BB: zeros }, empty: zeros } } });
    const totals = computeCargoQuantities(q);
    expect(totals.discharge).toBe(40);
    expect(totals.full!.discharge).toBe(37);
    expect(totals.columns!.discharge).toEqual({ '20': 15, '40': 25, '45': 0 });
  });

  it('tier 3 vehicles use cars, trucks, trailers and others; negative or fractional counts are refused', () => {
    const v = { cars: 100, trucks: 4, trailers: 2, others: 1 };
    const none = { cars: 0, trucks: 0, trailers: 0, others: 0 };
    const q = ZCargoQuantities.parse({ tier: 3, unit: 'vehicles', values: { discharge: { full: v, empty: none }, load: { full: none, empty: none }, restow: { full: none, empty: none } } });
    expect(computeCargoQuantities(q).discharge).toBe(107);
    expect(ZCargoQuantities.safeParse({ tier: 1, values: { discharge: -1 } }).success).toBe(false);
    expect(ZCargoQuantities.safeParse({ tier: 1, values: { discharge: 1.5 } }).success).toBe(false);
  });
});
