import { describe, expect, it } from 'vitest';
import type { TShiftDetailInput } from './schemas/portcall';
import type { TBoardPortcall, TBoardShift } from './schemas/shift-planner';
import { localTimeToInstant } from './shift-calendar';
import {
  boardPortcallFigures,
  boardShifts,
  copyShiftPattern,
  moveShiftWork,
  prefillShiftPlan,
  scaleCargoVolumes,
  scaleShiftVolumes,
  shiftIndexOf,
  shiftPlanInputProblems,
  sortBoardPortcalls,
  splitProportionally,
  splitShiftWork,
  summariseShiftBoard,
} from './shift-plan';

const TZ = 'Europe/Berlin';
const DEFINITIONS = [
  { id: 1, shift_number: 1, name: 'Early', start_time: '06:00', end_time: '14:00', gangs_available: 8 },
  { id: 2, shift_number: 2, name: 'Late', start_time: '14:00', end_time: '22:00', gangs_available: 8 },
  { id: 3, shift_number: 3, name: 'Night', start_time: '22:00', end_time: '06:00', gangs_available: 5 },
];
const midnight = (year: number, month: number, day: number) => localTimeToInstant({ year, month, day }, '00:00', TZ);
const HOUR = 3_600_000;

function columns(from: [number, number, number], days: number, nonWorking: { id: number; starts_at: string; ends_at: string }[] = []): TBoardShift[] {
  const start = midnight(...from);
  const end = midnight(from[0], from[1], from[2] + days);
  return boardShifts({ shifts: DEFINITIONS, timeZone: TZ, from: start, to: end, nonWorking, equipmentCount: 12 });
}

function card(shift: TBoardShift, volumes: Partial<TShiftDetailInput> = {}): TShiftDetailInput {
  return { terminal_shift_id: shift.terminal_shift_id, shift_number: shift.shift_number, start_time: shift.start_time, end_time: shift.end_time, discharge: 0, load: 0, restow: 0, gangs: 0, shift_equipment_details: [], ...volumes };
}

describe('board columns', () => {
  it('are the shifts that start on the shown local days, keyed by local date and number', () => {
    const cols = columns([2026, 7, 15], 2);
    expect(cols.map((c) => c.key)).toEqual(['2026-07-15#1', '2026-07-15#2', '2026-07-15#3', '2026-07-16#1', '2026-07-16#2', '2026-07-16#3']);
    expect(cols[0]!.start_time).toBe('2026-07-15T04:00:00.000Z');
    expect(cols.every((c) => c.working_minutes === 480 && !c.closed)).toBe(true);
    expect(cols[2]!.gangs_available).toBe(5);
  });

  it('make the fall-back night 9 hours and the spring-forward night 7', () => {
    const autumn = columns([2026, 10, 24], 1).find((c) => c.shift_number === 3)!;
    expect(autumn.working_minutes).toBe(540);
    const spring = columns([2026, 3, 28], 1).find((c) => c.shift_number === 3)!;
    expect(spring.working_minutes).toBe(420);
  });

  it('take non-working time off the working minutes and close a shift covered whole', () => {
    const cols = columns([2026, 12, 24], 1, [
      { id: 7, starts_at: '2026-12-24T13:00:00Z', ends_at: '2026-12-27T05:00:00Z' },
      { id: 8, starts_at: '2026-12-24T07:00:00Z', ends_at: '2026-12-24T08:00:00Z' },
      { id: 9, starts_at: '2026-12-24T07:30:00Z', ends_at: '2026-12-24T08:30:00Z' },
    ]);
    expect(cols.map((c) => [c.name, c.working_minutes, c.closed, c.non_working_time_ids])).toEqual([
      ['Early', 390, false, [8, 9]],
      ['Late', 0, true, [7]],
      ['Night', 0, true, [7]],
    ]);
  });

  it('hold a card by its midpoint', () => {
    const cols = columns([2026, 7, 15], 1);
    expect(shiftIndexOf(cols, { start_time: '2026-07-15T13:00:00Z', end_time: '2026-07-15T14:00:00Z' })).toBe(1);
    expect(shiftIndexOf(cols, { start_time: '2026-07-14T13:00:00Z', end_time: '2026-07-14T14:00:00Z' })).toBe(-1);
  });
});

describe('prefill', () => {
  const cols = columns([2026, 7, 15], 2);
  const window = { from: Date.parse('2026-07-15T06:00:00Z'), to: Date.parse('2026-07-16T04:00:00Z') };

  it('splits by working hours without a rate, clipped to the cargo window', () => {
    const { details, overflow } = prefillShiftPlan({ shifts: cols, nonWorking: [], window, volumes: { discharge: 600, load: 400, restow: 0 }, unitsPerHour: null, craneIntensity: 2 });
    expect(overflow).toBe(0);
    expect(details.map((d) => [d.shift_number, d.start_time, d.discharge + d.load])).toEqual([
      [1, '2026-07-15T06:00:00.000Z', 273],
      [2, '2026-07-15T12:00:00.000Z', 364],
      [3, '2026-07-15T20:00:00.000Z', 363],
    ]);
    expect(details.reduce((a, d) => a + d.discharge, 0)).toBe(600);
    expect(details.reduce((a, d) => a + d.load, 0)).toBe(400);
    expect(details.every((d) => d.gangs === 2)).toBe(true);
  });

  it('fills shifts in order at the rate and puts what does not fit in the last shift', () => {
    // 25 moves an hour per crane, 2 cranes: 300 in the 6-hour first part, 400 in each full shift.
    const fit = prefillShiftPlan({ shifts: cols, nonWorking: [], window, volumes: { discharge: 500, load: 0, restow: 0 }, unitsPerHour: 25, craneIntensity: 2 });
    expect(fit.details.map((d) => d.discharge)).toEqual([300, 200]);
    const tooMuch = prefillShiftPlan({ shifts: cols, nonWorking: [], window, volumes: { discharge: 1500, load: 0, restow: 0 }, unitsPerHour: 25, craneIntensity: 2 });
    expect(tooMuch.details.map((d) => d.discharge)).toEqual([300, 400, 800]);
    expect(tooMuch.overflow).toBe(400);
  });

  it('skips closed shifts and counts a 9-hour DST night as 9 hours', () => {
    const autumn = columns([2026, 10, 24], 2);
    const night = autumn.find((c) => c.key === '2026-10-24#3')!;
    const closedLate = autumn.map((c) => (c.key === '2026-10-24#2' ? { ...c, closed: true } : c));
    const { details } = prefillShiftPlan({
      shifts: closedLate,
      nonWorking: [],
      window: { from: Date.parse(autumn[0]!.start_time), to: Date.parse(night.end_time) },
      volumes: { discharge: 1700, load: 0, restow: 0 },
      unitsPerHour: null,
      craneIntensity: 1,
    });
    expect(details.map((d) => [d.shift_number, d.discharge])).toEqual([
      [1, 800],
      [3, 900],
    ]);
  });
});

describe('volume sync', () => {
  it('rescales the cards to the cargo, keeping each column to its total', () => {
    const cols = columns([2026, 7, 15], 1);
    const cards = [card(cols[0]!, { discharge: 100, load: 50 }), card(cols[1]!, { discharge: 100, load: 0 }), card(cols[2]!, { discharge: 0, load: 0 })];
    const scaled = scaleShiftVolumes(cards, { discharge: 301, load: 80, restow: 30 });
    expect(scaled.map((c) => c.discharge)).toEqual([151, 150, 0]);
    expect(scaled.map((c) => c.load)).toEqual([80, 0, 0]);
    expect(scaled.map((c) => c.restow)).toEqual([10, 10, 10]);
  });

  it('rescales the cargo rows to the cards and leaves tier rows alone', () => {
    const rows = [
      { discharge: 100, load: 100, restow: 0, fixed: true },
      { discharge: 200, load: 0, restow: 0 },
      { discharge: 100, load: 0, restow: 0 },
    ];
    expect(scaleCargoVolumes(rows, { discharge: 400, load: 100, restow: 5 })?.map((r) => [r.discharge, r.load, r.restow])).toEqual([
      [100, 100, 0],
      [200, 0, 5],
      [100, 0, 0],
    ]);
    expect(scaleCargoVolumes(rows, { discharge: 50, load: 100, restow: 0 })).toBeNull();
  });

  it('shows a mismatch on the row and in the problem list, never fixing it', () => {
    const cols = columns([2026, 7, 15], 1);
    const details = [card(cols[0]!, { discharge: 90 })];
    const figures = boardPortcallFigures({ cargoDetails: [{ discharge: 100, load: 0, restow: 0, units_per_hour: 30, crane_intensity: 2 }], details, now: Date.parse('2026-07-15T13:00:00Z') });
    expect(figures).toMatchObject({ volume_mismatch: true, remaining_volume: 10, cargo: { total: 100, units_per_hour: 30, crane_intensity: 2 }, planned: { total: 90 } });
    const { problems } = summariseShiftBoard({ shifts: cols, portcalls: [{ id: 1, berth_arrival: cols[0]!.start_time, berth_departure: cols[2]!.end_time, sync_shift_cargo_volumes: false, cargo: figures.cargo, portcall_shift_details: details }] });
    expect(problems).toEqual([{ kind: 'volume_mismatch', shift_key: null, portcall_ids: [1], equipment_number: null, demanded: 90, available: 100 }]);
  });
});

describe('board summary', () => {
  const cols = columns([2026, 7, 15], 1);
  const call = (id: number, details: TShiftDetailInput[]) => ({
    id,
    berth_arrival: cols[0]!.start_time,
    berth_departure: cols[2]!.end_time,
    sync_shift_cargo_volumes: true,
    cargo: { ...details.reduce((a, d) => ({ discharge: a.discharge + d.discharge, load: a.load + d.load, restow: a.restow + d.restow }), { discharge: 0, load: 0, restow: 0 }), total: 0, units_per_hour: null, crane_intensity: 1 },
    portcall_shift_details: details,
  });

  it('adds up volume, gangs and equipment per shift and marks over-capacity', () => {
    const a = call(1, [card(cols[2]!, { discharge: 100, gangs: 3, shift_equipment_details: [{ equipment_number: 'STS-01' }] })]);
    const b = call(2, [card(cols[2]!, { load: 50, gangs: 3, shift_equipment_details: [{ equipment_number: 'STS-01' }, { equipment_number: 'RS-01' }] })]);
    const summary = summariseShiftBoard({ shifts: cols, portcalls: [a, b] });
    expect(summary.shifts_volume[2]).toMatchObject({ volume: 150, gangs: 6, gangs_available: 5, equipment: ['RS-01', 'STS-01'], portcall_count: 2, over_capacity: true });
    expect(summary.shifts_volume[0]).toMatchObject({ volume: 0, over_capacity: false });
    expect(summary.days_volume).toEqual([{ date: '2026-07-15', volume: 150 }]);
    expect(summary.problems.map((p) => [p.kind, p.shift_key, p.portcall_ids, p.equipment_number])).toEqual([
      ['gangs_over_capacity', '2026-07-15#3', [1, 2], null],
      ['equipment_double_booked', '2026-07-15#3', [1, 2], 'STS-01'],
    ]);
  });

  it('does not count one item of equipment twice when two calls use it one after the other in a shift', () => {
    const start = Date.parse(cols[0]!.start_time);
    const at = (h: number) => new Date(start + h * HOUR).toISOString();
    const first = call(1, [{ ...card(cols[0]!, { discharge: 40, shift_equipment_details: [{ equipment_number: 'STS-01' }] }), end_time: at(3) }]);
    const next = call(2, [{ ...card(cols[0]!, { discharge: 40, shift_equipment_details: [{ equipment_number: 'STS-01' }] }), start_time: at(4) }]);
    expect(summariseShiftBoard({ shifts: cols, portcalls: [first, next] }).problems.filter((p) => p.kind === 'equipment_double_booked')).toEqual([]);
    const overlapping = call(3, [{ ...card(cols[0]!, { discharge: 40, shift_equipment_details: [{ equipment_number: 'STS-01' }] }), start_time: at(2) }]);
    expect(summariseShiftBoard({ shifts: cols, portcalls: [first, next, overlapping] }).problems.filter((p) => p.kind === 'equipment_double_booked').map((p) => p.portcall_ids)).toEqual([[1, 3, 2]]);
  });

  it('lists work in a closed shift and outside the stay', () => {
    const closed = cols.map((c, i) => (i === 1 ? { ...c, closed: true } : c));
    const moved = { ...call(3, [card(cols[1]!, { discharge: 10 })]), berth_arrival: cols[2]!.start_time };
    expect(summariseShiftBoard({ shifts: closed, portcalls: [moved] }).problems.map((p) => p.kind)).toEqual(['work_outside_stay', 'work_in_closed_shift']);
  });

  it('orders rows by each setting', () => {
    const row = (id: number, name: string, arrival: string, position: number | null, remaining: number) => ({ id, vessel_name: name, berth_arrival: arrival, berth_departure: arrival, berth_start_position: position, remaining_volume: remaining }) as TBoardPortcall;
    const rows = [row(1, 'Bravo', '2026-07-15T10:00:00Z', 500, 10), row(2, 'Alpha', '2026-07-15T08:00:00Z', null, 30), row(3, 'Charlie', '2026-07-15T09:00:00Z', 100, 20)];
    expect(sortBoardPortcalls(rows, 'arrival_time').map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sortBoardPortcalls(rows, 'vessel_name').map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortBoardPortcalls(rows, 'berth_position').map((r) => r.id)).toEqual([3, 1, 2]);
    expect(sortBoardPortcalls(rows, 'remaining_volume').map((r) => r.id)).toEqual([2, 3, 1]);
  });
});

describe('editing cards', () => {
  const cols = columns([2026, 7, 15], 1);
  const stay = { from: Date.parse(cols[0]!.start_time) + 2 * HOUR, to: Date.parse(cols[2]!.end_time) };
  const first = { ...card(cols[0]!, { discharge: 100, load: 40, gangs: 2, shift_equipment_details: [{ equipment_number: 'STS-01' }] }), start_time: new Date(stay.from).toISOString() };

  it('moves a card to the next shift, clipped to the stay', () => {
    const moved = moveShiftWork([first], 0, cols[1]!, stay)!;
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ shift_number: 2, start_time: cols[1]!.start_time, discharge: 100, load: 40, gangs: 2 });
  });

  it('merges into the card already in the target shift', () => {
    const second = card(cols[1]!, { discharge: 10, gangs: 3, shift_equipment_details: [{ equipment_number: 'RS-01' }] });
    const moved = moveShiftWork([first, second], 0, cols[1]!, stay)!;
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ discharge: 110, load: 40, gangs: 3 });
    expect(moved[0]!.shift_equipment_details.map((e) => e.equipment_number).sort()).toEqual(['RS-01', 'STS-01']);
  });

  it('splits part of a card into another shift and refuses more than it holds', () => {
    const split = splitShiftWork([first], 0, cols[1]!, { discharge: 30, load: 0, restow: 0 }, stay)!;
    expect(split.map((c) => [c.shift_number, c.discharge, c.load])).toEqual([
      [1, 70, 40],
      [2, 30, 0],
    ]);
    expect(splitShiftWork([first], 0, cols[1]!, { discharge: 101, load: 0, restow: 0 }, stay)).toBeNull();
    const before = { from: stay.from, to: Date.parse(cols[0]!.end_time) };
    expect(splitShiftWork([first], 0, cols[1]!, { discharge: 1, load: 0, restow: 0 }, before)).toBeNull();
  });

  it('copies a pattern to the following shifts without their volumes', () => {
    const third = card(cols[2]!, { discharge: 5 });
    const copied = copyShiftPattern([first, third], 0, [cols[1]!, cols[2]!], stay)!;
    expect(copied.map((c) => [c.shift_number, c.discharge, c.gangs, c.shift_equipment_details.length])).toEqual([
      [1, 100, 2, 1],
      [2, 0, 2, 1],
      [3, 5, 2, 1],
    ]);
  });
});

describe('validation before saving', () => {
  const cols = columns([2026, 7, 15], 2).map((c) => (c.key === '2026-07-16#1' ? { ...c, closed: true } : c));
  const stay = { from: Date.parse(cols[0]!.start_time), to: Date.parse(cols[4]!.end_time) };
  const base = { stay, shifts: cols, equipmentNumbers: new Set(['STS-01', 'RS-01']), bookedElsewhere: [{ equipment_number: 'RS-01', start: Date.parse(cols[1]!.start_time), end: Date.parse(cols[1]!.end_time), portcall_id: 9 }] };

  it('accepts a plan that keeps the rules', () => {
    expect(shiftPlanInputProblems({ ...base, details: [card(cols[0]!, { gangs: 8, shift_equipment_details: [{ equipment_number: 'RS-01' }] }), card(cols[1]!, { shift_equipment_details: [{ equipment_number: 'STS-01' }] })] })).toEqual([]);
  });

  it('names the field and the reason of each broken rule', () => {
    const outside = card(cols[5]!);
    const straddling = { ...card(cols[0]!), end_time: cols[1]!.end_time };
    const problems = shiftPlanInputProblems({
      ...base,
      details: [
        card(cols[0]!, { gangs: 9 }),
        card(cols[0]!),
        card(cols[1]!, { shift_equipment_details: [{ equipment_number: 'RS-01' }, { equipment_number: 'XX-99' }, { equipment_number: 'STS-01' }, { equipment_number: 'STS-01' }] }),
        card(cols[3]!, { discharge: 5 }),
        outside,
        straddling,
        { ...card(cols[2]!), shift_number: 1 },
      ],
    });
    expect(problems).toEqual([
      { path: 'portcall_shift_details.0.gangs', message: 'At most 8 gangs work in this shift' },
      { path: 'portcall_shift_details.1.start_time', message: 'Shift already planned on card 1' },
      { path: 'portcall_shift_details.2.shift_equipment_details.0.equipment_number', message: 'RS-01 is already booked for another port call (9) in this shift' },
      { path: 'portcall_shift_details.2.shift_equipment_details.1.equipment_number', message: 'Unknown equipment XX-99' },
      { path: 'portcall_shift_details.2.shift_equipment_details.3.equipment_number', message: 'STS-01 is on this card twice' },
      { path: 'portcall_shift_details.3.start_time', message: 'The terminal does not work in this shift' },
      { path: 'portcall_shift_details.4.start_time', message: 'Outside the call\u2019s stay at the berth' },
      { path: 'portcall_shift_details.5.start_time', message: 'Not inside one of the terminal\u2019s shifts' },
      { path: 'portcall_shift_details.6.shift_number', message: 'This time is shift 3' },
    ]);
  });

  it('splits whole numbers by weight with ties to the earlier part', () => {
    expect(splitProportionally(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitProportionally(7, [0, 0])).toEqual([0, 7]);
  });
});
