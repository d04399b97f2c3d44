import { shiftsInWindow } from '@quayline/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_SHIFT_CONTACTS, DEMO_TERMINAL } from './demo-data';
import { splitProportionally } from '@quayline/domain';
import { type TSeedCrane, bookCranes, cranesWanted, shiftPlan } from './seed-operations';

const H = 3600_000;
const shifts = DEMO_TERMINAL.shifts.map((s, i) => ({ id: i + 1, ...s }));

describe('demo shift plans', () => {
  it('splits whole moves by weight and keeps the total', () => {
    expect(splitProportionally(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitProportionally(7, [8, 8, 1])).toEqual([3, 3, 1]);
    expect(splitProportionally(0, [2, 3])).toEqual([0, 0]);
    expect(splitProportionally(5, [])).toEqual([]);
    for (const amount of [1, 99, 1234]) expect(splitProportionally(amount, [0.3, 7, 8, 2.5]).reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it('gives each shift of the cargo window its share, on the DST night as well', () => {
    // 25 October 2026: Berlin leaves summer time, so that night shift lasts 9 hours.
    const cargoStart = Date.parse('2026-10-24T18:00:00Z');
    const cargoEnd = Date.parse('2026-10-25T13:00:00Z');
    const occurrences = shiftsInWindow({ shifts, timeZone: 'Europe/Berlin', from: cargoStart - 86_400_000, to: cargoEnd + 86_400_000 });
    const plan = shiftPlan({ cargoStart, cargoEnd, discharge: 190, load: 0, restow: 1, cargoType: 'Container (boxes)', gangs: 3, craneBookings: [{ equipmentId: 7, number: 'STS 07', start: cargoStart, end: cargoStart + 4 * H }] }, occurrences, (n) => DEMO_SHIFT_CONTACTS[n]!);
    // Late 20:00-22:00 local (2 h), Night 22:00-06:00 (9 h), Early 06:00-14:00 clipped at 14:00 local = 13:00Z (8 h).
    expect(plan.map((d) => [d.shift_number, d.start_time, d.end_time])).toEqual([
      [2, '2026-10-24T18:00:00.000Z', '2026-10-24T20:00:00.000Z'],
      [3, '2026-10-24T20:00:00.000Z', '2026-10-25T05:00:00.000Z'],
      [1, '2026-10-25T05:00:00.000Z', '2026-10-25T13:00:00.000Z'],
    ]);
    expect(plan.map((d) => d.discharge)).toEqual([20, 90, 80]);
    expect(plan.map((d) => d.restow)).toEqual([0, 1, 0]);
    // The booked crane works the first two shifts, one gang with it; later shifts fall back to the crane intensity.
    expect(plan.map((d) => [d.gangs, d.shift_equipment_details.map((e) => e.equipment_number)])).toEqual([
      [1, ['STS 07']],
      [1, ['STS 07']],
      [3, []],
    ]);
    expect(plan[1]!.contact_person).toEqual(DEMO_SHIFT_CONTACTS[3]);
  });
});

describe('demo crane bookings', () => {
  const cranes: TSeedCrane[] = [
    { equipmentId: 1, number: 'STS 01', railStart: 0, railEnd: 1000 },
    { equipmentId: 2, number: 'STS 02', railStart: 0, railEnd: 1000 },
    { equipmentId: 9, number: 'STS 09', railStart: 700, railEnd: 1400 },
  ];
  const call = { berthStart: 750, berthEnd: 950, berthFrom: 0, berthTo: 20 * H, workFrom: 2 * H, workTo: 18 * H };

  it('asks for more cranes for a longer ship or a bigger exchange', () => {
    expect([cranesWanted(150, 300), cranesWanted(180, 300), cranesWanted(150, 1600), cranesWanted(390, 300)]).toEqual([1, 2, 3, 4]);
  });

  it('takes free cranes whose rail covers the berth, the short rail first, for the work window', () => {
    expect(bookCranes(call, 2, cranes, [])).toEqual([
      { equipmentId: 9, number: 'STS 09', start: 2 * H, end: 18 * H },
      { equipmentId: 1, number: 'STS 01', start: 2 * H, end: 18 * H },
    ]);
    // STS 09 is busy elsewhere for part of the window; only the long rail reaches a berth at the quay origin.
    expect(bookCranes(call, 2, cranes, [{ equipmentId: 9, start: 17 * H, end: 30 * H }]).map((b) => b.number)).toEqual(['STS 01', 'STS 02']);
    expect(bookCranes({ ...call, berthStart: 0, berthEnd: 300 }, 4, cranes, []).map((b) => b.number)).toEqual(['STS 01', 'STS 02']);
    expect(bookCranes({ ...call, berthStart: 900, berthEnd: 1100 }, 4, cranes, [{ equipmentId: 9, start: 0, end: 3 * H }])).toEqual([]);
  });

  it('keeps the booking inside the berth window', () => {
    expect(bookCranes({ ...call, workFrom: -H, workTo: 25 * H }, 1, cranes, [])[0]).toMatchObject({ start: 0, end: 20 * H });
  });
});
