import { describe, expect, it } from 'vitest';
import { berthRectanglesClash, bollardToMetre, bollardsCovering, intervalsOverlap, isInsideQuay, nearestBollard, quayMetres as m, sectionAt, toEpochMs } from './geometry';

// Bollards every 25 m from 5 m, like the demo terminal; listed out of order on purpose.
const bollards = [
  { id: 3, name: 'B03', position_m: 55 },
  { id: 1, name: 'B01', position_m: 5 },
  { id: 2, name: 'B02', position_m: 30 },
  { id: 4, name: 'B04', position_m: 80 },
  { id: 5, name: 'B05', position_m: 105 },
];
const sections = [
  { id: 1, name: 'Berth 1', start_position_m: 0, end_position_m: 350 },
  { id: 2, name: 'Berth 2', start_position_m: 350, end_position_m: 700 },
  { id: 3, name: 'Buffer', start_position_m: 700, end_position_m: 750 },
];

describe('bollard and metre conversion', () => {
  it('gives the metre mark of a bollard, and null for a bollard of another terminal', () => {
    expect(bollardToMetre(bollards, 3)).toBe(55);
    expect(bollardToMetre(bollards, 99)).toBeNull();
  });

  it('finds the nearest bollard, preferring the one nearer the origin on a tie', () => {
    expect(nearestBollard(bollards, m(57))?.id).toBe(3);
    expect(nearestBollard(bollards, m(42.5))?.id).toBe(2);
    expect(nearestBollard(bollards, m(0))?.id).toBe(1);
    expect(nearestBollard(bollards, m(5000))?.id).toBe(5);
    expect(nearestBollard([], m(10))).toBeNull();
  });

  it('names the bollards that span a berth: last at or before its start, first at or after its end', () => {
    expect(bollardsCovering(bollards, m(40), m(90))).toEqual({ first: bollards[2], last: bollards[4] });
    expect(bollardsCovering(bollards, m(30), m(80))).toEqual({ first: bollards[2], last: bollards[3] });
  });

  it('falls back to the outermost bollard where a berth reaches past the bollards, and accepts a reversed span', () => {
    const covering = bollardsCovering(bollards, m(0), m(200));
    expect(covering?.first.id).toBe(1);
    expect(covering?.last.id).toBe(5);
    expect(bollardsCovering(bollards, m(90), m(40))).toEqual(bollardsCovering(bollards, m(40), m(90)));
    expect(bollardsCovering([], m(0), m(10))).toBeNull();
  });

  it('round-trips: the covering bollards converted back to metres contain the berth', () => {
    for (let start = 5; start < 100; start += 7) {
      const end = start + 3;
      const c = bollardsCovering(bollards, m(start), m(end))!;
      expect(bollardToMetre(bollards, c.first.id)!).toBeLessThanOrEqual(start);
      expect(bollardToMetre(bollards, c.last.id)!).toBeGreaterThanOrEqual(end);
    }
  });
});

describe('sections and quay bounds', () => {
  it('finds the section of a metre mark, a boundary belonging to the section that starts there', () => {
    expect(sectionAt(sections, m(0))?.id).toBe(1);
    expect(sectionAt(sections, m(349.9))?.id).toBe(1);
    expect(sectionAt(sections, m(350))?.id).toBe(2);
    expect(sectionAt(sections, m(750))?.id).toBe(3);
    expect(sectionAt(sections, m(751))).toBeNull();
    expect(sectionAt(sections, m(-1))).toBeNull();
  });

  it('knows whether a mark or a span lies on the quay', () => {
    expect(isInsideQuay(m(1000), m(0))).toBe(true);
    expect(isInsideQuay(m(1000), m(1000))).toBe(true);
    expect(isInsideQuay(m(1000), m(0), m(1000))).toBe(true);
    expect(isInsideQuay(m(1000), m(-1), m(10))).toBe(false);
    expect(isInsideQuay(m(1000), m(900), m(1001))).toBe(false);
    expect(isInsideQuay(m(1000), m(500), m(400))).toBe(false);
    expect(isInsideQuay(m(1000), m(Number.NaN))).toBe(false);
  });
});

describe('berth rectangles', () => {
  const day = (h: number) => new Date(Date.UTC(2026, 2, 29, h)).toISOString();
  const call = (start: number, end: number, from: number, to: number) => ({ start: m(start), end: m(end), from: day(from), to: day(to) });

  it('treats half-open intervals as overlapping only when they share length', () => {
    expect(intervalsOverlap(0, 10, 5, 15)).toBe(true);
    expect(intervalsOverlap(0, 10, 10, 20)).toBe(false);
    expect(intervalsOverlap(0, 10, 2, 3)).toBe(true);
  });

  it('clashes when time and quay overlap', () => {
    expect(berthRectanglesClash(call(100, 300, 2, 10), call(250, 450, 8, 20), m(0))).toBe(true);
  });

  it('does not clash when one vessel leaves as the other arrives', () => {
    expect(berthRectanglesClash(call(100, 300, 2, 10), call(100, 300, 10, 20), m(15))).toBe(false);
  });

  it('does not clash when the times are apart, however close the berths', () => {
    expect(berthRectanglesClash(call(100, 300, 2, 5), call(100, 300, 6, 9), m(15))).toBe(false);
  });

  it('keeps the clearance between vessels: a smaller gap clashes, exactly the clearance does not', () => {
    expect(berthRectanglesClash(call(100, 300, 2, 10), call(310, 500, 2, 10), m(15))).toBe(true);
    expect(berthRectanglesClash(call(310, 500, 2, 10), call(100, 300, 2, 10), m(15))).toBe(true);
    expect(berthRectanglesClash(call(100, 300, 2, 10), call(315, 500, 2, 10), m(15))).toBe(false);
    expect(berthRectanglesClash(call(100, 300, 2, 10), call(300, 500, 2, 10), m(0))).toBe(false);
  });

  it('accepts Dates, ISO strings and epoch milliseconds alike', () => {
    const a = { start: m(0), end: m(100), from: new Date(day(2)), to: toEpochMs(day(6)) };
    expect(berthRectanglesClash(a, call(50, 150, 5, 7), m(0))).toBe(true);
    expect(toEpochMs('2026-03-29T01:00:00+01:00')).toBe(Date.UTC(2026, 2, 29, 0));
  });
});
