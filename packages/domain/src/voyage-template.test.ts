import { describe, expect, it } from 'vitest';
import { type TTemplateLookup, type TTemplateShape, generateOccurrences, templateProblems, templateRrule, templateVoyageNumber } from './voyage-template';

const ROTTERDAM = 1;
const HAMBURG = 2; // our terminal's port
const GDANSK = 3;
const V1 = 11;
const V2 = 12;
const V3 = 13;

// Rotterdam Friday 08:00 (1 day), Hamburg Sunday 06:00 (20 h), Gdansk Tuesday 14:00 (18 h).
function template(overrides: Partial<TTemplateShape> = {}): TTemplateShape {
  return {
    rotation: [
      { port_id: ROTTERDAM, is_terminal_call: false, day_offset: 0, arrival_time: '08:00', stay_hours: 24 },
      { port_id: HAMBURG, is_terminal_call: true, day_offset: 2, arrival_time: '06:00', stay_hours: 20 },
      { port_id: GDANSK, is_terminal_call: false, day_offset: 4, arrival_time: '14:00', stay_hours: 18 },
    ],
    berth_window: { arrival_weekday: 7, preferred_start_position_m: 100, berth_orientation: 'Port' },
    vessel_ids: [V1, V2, V3],
    recurrence: { interval_weeks: 1, exceptions: [] },
    valid_from: '2027-01-01',
    valid_to: '2027-12-31',
    import_direction: 'W',
    export_direction: 'E',
    ...overrides,
  };
}
const zones = new Map([
  [ROTTERDAM, 'Europe/Amsterdam'],
  [HAMBURG, 'Europe/Berlin'],
  [GDANSK, 'Europe/Warsaw'],
]);
const lookup: TTemplateLookup = { terminalPortId: HAMBURG, knownPortIds: new Set([ROTTERDAM, HAMBURG, GDANSK]), knownVesselIds: new Set([V1, V2, V3]), portTimeZones: zones };
const generate = (fields: TTemplateShape, from: string, horizonWeeks: number) => generateOccurrences({ fields, terminalTimeZone: 'Europe/Berlin', portTimeZones: zones, from, horizonWeeks });

describe('templateProblems', () => {
  it('accepts a well-formed weekly template', () => {
    expect(templateProblems(template(), lookup)).toEqual([]);
  });

  it('refuses a rotation that does not call at the terminal', () => {
    const rotation = template().rotation.map((s) => ({ ...s, is_terminal_call: false }));
    expect(templateProblems(template({ rotation }), lookup)).toContainEqual({ path: 'rotation', message: "The rotation must call at this terminal's port" });
  });

  it('refuses two terminal calls and a terminal call at another port', () => {
    const two = template().rotation.map((s) => ({ ...s, is_terminal_call: true }));
    expect(templateProblems(template({ rotation: two }), lookup)).toContainEqual({ path: 'rotation', message: "The rotation must call at this terminal's port" });
    const elsewhere = template().rotation.map((s) => ({ ...s, is_terminal_call: s.port_id === GDANSK }));
    expect(templateProblems(template({ rotation: elsewhere }), lookup)).toContainEqual({ path: 'rotation.2.port_id', message: "The terminal call must be at this terminal's port" });
  });

  it('names unknown ports and vessels by position', () => {
    const rotation = template().rotation.map((s, i) => (i === 2 ? { ...s, port_id: 999 } : s));
    const problems = templateProblems(template({ rotation, vessel_ids: [V1, 998] }), lookup);
    expect(problems).toContainEqual({ path: 'rotation.2.port_id', message: 'Unknown port' });
    expect(problems).toContainEqual({ path: 'vessel_ids.1', message: 'Unknown vessel' });
  });

  it('refuses a stop that arrives before the previous one leaves, offsets that go back, and a first offset other than 0', () => {
    const early = template().rotation.map((s, i) => (i === 2 ? { ...s, day_offset: 2, arrival_time: '10:00' } : s));
    expect(templateProblems(template({ rotation: early }), lookup)).toContainEqual({ path: 'rotation.2.day_offset', message: "Arrives before the previous port's departure" });
    const back = template().rotation.map((s, i) => (i === 2 ? { ...s, day_offset: 1 } : s));
    expect(templateProblems(template({ rotation: back }), lookup)).toContainEqual({ path: 'rotation.2.day_offset', message: 'Day offsets cannot go back' });
    const shifted = template().rotation.map((s) => ({ ...s, day_offset: s.day_offset + 1 }));
    expect(templateProblems(template({ rotation: shifted }), lookup)).toContainEqual({ path: 'rotation.0.day_offset', message: "The first port's day offset is 0" });
  });

  it('refuses a validity that ends before it starts and exceptions outside it', () => {
    expect(templateProblems(template({ valid_from: '2027-05-01', valid_to: '2027-04-01' }), lookup)).toContainEqual({ path: 'valid_to', message: 'The validity ends before it starts' });
    const problems = templateProblems(template({ recurrence: { interval_weeks: 1, exceptions: ['2027-01-03', '2028-01-02'] } }), lookup);
    expect(problems).toEqual([{ path: 'recurrence.exceptions.1', message: 'Outside the validity period' }]);
  });

  it('refuses a recurrence that generates nothing inside the validity', () => {
    // Monday to Saturday holds no Sunday; one Sunday taken out by an exception leaves nothing either.
    expect(templateProblems(template({ valid_from: '2027-03-01', valid_to: '2027-03-06' }), lookup)).toContainEqual({ path: 'recurrence', message: 'The recurrence generates no voyage between valid_from and valid_to' });
    expect(templateProblems(template({ valid_from: '2027-03-01', valid_to: '2027-03-07', recurrence: { interval_weeks: 1, exceptions: ['2027-03-07'] } }), lookup)).toContainEqual({
      path: 'recurrence',
      message: 'The recurrence generates no voyage between valid_from and valid_to',
    });
  });
});

describe('templateRrule', () => {
  it('writes an RFC 5545 rule with start, interval, weekday, end and exceptions', () => {
    const rule = templateRrule(template({ recurrence: { interval_weeks: 2, exceptions: ['2027-03-07'] } }));
    expect(rule).toContain('DTSTART:20270101T000000Z');
    expect(rule).toMatch(/RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU/);
    expect(rule).toContain('UNTIL=20271231T000000Z');
    expect(rule).toContain('EXDATE:20270307T000000Z');
  });
});

describe('generateOccurrences', () => {
  it('puts each port at its local time in its own zone and the terminal window on the weekday, voyage numbers from the ISO week', () => {
    const [first, second] = generate(template(), '2027-01-04', 2);
    expect(first).toMatchObject({ occurrence_date: '2027-01-10', voyage_number_import: '2701W', voyage_number_export: '2701E', berth_arrival: '2027-01-10T05:00:00.000Z', berth_departure: '2027-01-11T01:00:00.000Z' });
    expect(first!.schedule.map((s) => s.arrival)).toEqual(['2027-01-08T07:00:00.000Z', '2027-01-10T05:00:00.000Z', '2027-01-12T13:00:00.000Z']);
    expect(first!.schedule[0]!.departure).toBe('2027-01-09T07:00:00.000Z');
    expect(second!.occurrence_date).toBe('2027-01-17');
  });

  it('keeps the local berth time over the spring and autumn DST changes in Berlin', () => {
    const spring = generate(template(), '2027-03-21', 2);
    // 28 March 2027 is the 23-hour day: 06:00 local is 04:00 UTC, one hour earlier than the week before.
    expect(spring.map((o) => o.berth_arrival)).toEqual(['2027-03-21T05:00:00.000Z', '2027-03-28T04:00:00.000Z']);
    // The Rotterdam stop of that voyage sails on Friday 26 March, still in winter time.
    expect(spring[1]!.schedule[0]!.arrival).toBe('2027-03-26T07:00:00.000Z');
    const autumn = generate(template(), '2027-10-24', 2);
    expect(autumn.map((o) => o.berth_arrival)).toEqual(['2027-10-24T04:00:00.000Z', '2027-10-31T05:00:00.000Z']);
    // The stay is in real hours: 20 h across the 25-hour day.
    expect(Date.parse(autumn[1]!.berth_departure) - Date.parse(autumn[1]!.berth_arrival)).toBe(20 * 3_600_000);
  });

  it('generates every second week counted from the validity start', () => {
    const dates = generate(template({ recurrence: { interval_weeks: 2, exceptions: [] } }), '2027-01-01', 6).map((o) => o.occurrence_date);
    expect(dates).toEqual(['2027-01-03', '2027-01-17', '2027-01-31']);
  });

  it('leaves exception dates out and keeps the vessels in their turn', () => {
    const all = generate(template(), '2027-01-01', 5);
    expect(all.map((o) => o.vessel_id)).toEqual([V1, V2, V3, V1, V2]);
    const withException = generate(template({ recurrence: { interval_weeks: 1, exceptions: ['2027-01-10'] } }), '2027-01-01', 5);
    expect(withException.map((o) => o.occurrence_date)).toEqual(['2027-01-03', '2027-01-17', '2027-01-24', '2027-01-31']);
    expect(withException.map((o) => o.vessel_id)).toEqual([V1, V3, V1, V2]);
  });

  it('rotates the vessels from the template start whatever the first generated date', () => {
    const later = generate(template(), '2027-01-15', 2);
    expect(later.map((o) => [o.occurrence_date, o.sequence_index, o.vessel_id])).toEqual([
      ['2027-01-17', 2, V3],
      ['2027-01-24', 3, V1],
    ]);
  });

  it('stops at the end of the validity and starts no earlier than its beginning', () => {
    const dates = generate(template({ valid_from: '2027-02-01', valid_to: '2027-02-20' }), '2027-01-01', 12).map((o) => o.occurrence_date);
    expect(dates).toEqual(['2027-02-07', '2027-02-14']);
  });

  it('generates nothing for a template without a terminal call or for a horizon before the validity', () => {
    expect(generate(template({ rotation: template().rotation.map((s) => ({ ...s, is_terminal_call: false })) }), '2027-01-01', 4)).toEqual([]);
    expect(generate(template({ valid_from: '2027-06-01' }), '2027-01-01', 4)).toEqual([]);
  });

  it('numbers voyages by ISO week year at the turn of the year', () => {
    expect(templateVoyageNumber('2027-01-03', 'W')).toBe('2653W');
    expect(templateVoyageNumber('2026-12-31', 'E')).toBe('2653E');
    expect(templateVoyageNumber('2028-01-02', 'W')).toBe('2752W');
  });
});
