import { describe, expect, it } from 'vitest';
import { type TPlausibilityCall, plausibilityWarnings, terminalCraneRate } from './plausibility';

const call = (over: Partial<TPlausibilityCall> = {}): TPlausibilityCall => ({
  berth_arrival: '2027-01-10T08:00:00.000Z',
  berth_departure: '2027-01-10T20:00:00.000Z',
  pilot_boarding_place_arrival: '2027-01-10T06:00:00.000Z',
  draft_inbound: 12,
  draft_outbound: 11,
  cargo_operations_start: '2027-01-10T09:00:00.000Z',
  cargo_operations_end: '2027-01-10T19:00:00.000Z',
  cargo_details: [{ total: 250 }],
  equipment_details: [{ start_time: '2027-01-10T09:00:00.000Z', end_time: '2027-01-10T19:00:00.000Z' }],
  portcall_shift_details: [{ start_time: '2027-01-10T09:00:00.000Z', end_time: '2027-01-10T15:00:00.000Z', discharge: 100, load: 50, restow: 0, gangs: 1 }],
  ...over,
});
const kinds = (c: TPlausibilityCall, observedDraught: number | null = null) => plausibilityWarnings(c, { movesPerCraneHour: 30, observedDraught }).map((w) => w.kind);

describe('plausibility of a port call', () => {
  it('finds nothing in a call that can be true', () => {
    expect(kinds(call(), 12.3)).toEqual([]);
  });

  it('flags a pilot boarding after the berth arrival and an AIS draught off the declared draft', () => {
    expect(kinds(call({ pilot_boarding_place_arrival: '2027-01-10T09:00:00.000Z' }), 13.1)).toEqual(['pilot_after_berth', 'draught_differs']);
  });

  it('flags cargo that one crane at the terminal\u2019s productivity cannot work in the cargo window', () => {
    const warnings = plausibilityWarnings(call({ cargo_details: [{ total: 450 }] }), { movesPerCraneHour: 30 });
    expect(warnings).toEqual([{ kind: 'cargo_exceeds_window', moves: 450, hoursNeeded: 15, hoursAvailable: 10 }]);
    // A second crane makes it workable.
    const two = call({ cargo_details: [{ total: 450 }], equipment_details: [...call().equipment_details, ...call().equipment_details] });
    expect(kinds(two)).toEqual([]);
  });

  it('flags more gangs than cranes in a shift, and moves per gang-hour far above the norm', () => {
    expect(kinds(call({ portcall_shift_details: [{ start_time: '2027-01-10T09:00:00.000Z', end_time: '2027-01-10T15:00:00.000Z', discharge: 100, load: 50, restow: 0, gangs: 2 }] }))).toEqual(['gangs_above_cranes']);
    expect(kinds(call({ portcall_shift_details: [{ start_time: '2027-01-10T09:00:00.000Z', end_time: '2027-01-10T15:00:00.000Z', discharge: 300, load: 0, restow: 0, gangs: 1 }] }))).toEqual(['rate_above_norm']);
  });

  it('reads the terminal\u2019s productivity as the mean of its cranes', () => {
    expect(terminalCraneRate([{ moves_per_hour: 30 }, { moves_per_hour: 20 }])).toBe(25);
    expect(terminalCraneRate([])).toBeNull();
  });
});
