import { describe, expect, it } from 'vitest';
import { berthUtilisation } from './berth-utilisation';

const H = 3_600_000;
const SECTIONS = [
  { start: 0, end: 400, berthType: 'Berth' as const },
  { start: 400, end: 500, berthType: 'Buffer Zone' as const },
  { start: 500, end: 600, berthType: 'Blocked Zone' as const },
];

describe('berth utilisation', () => {
  it('divides occupied by available metre-hours: blocked sections and block zones are not available, buffer zones are', () => {
    // Usable 600 - 100 = 500 m over 10 h = 5,000 mh, less a block zone of 50 m x 4 h = 200 mh: 4,800 mh.
    // A call of 200 m for 6 h inside the window and one of 100 m half inside (2 of 4 h): 1,200 + 200 = 1,400 mh.
    const value = berthUtilisation({
      quayLength: 600,
      sections: SECTIONS,
      blockZones: [{ start: 0, end: 50, from: 2 * H, to: 6 * H }],
      calls: [
        { start: 0, end: 200, from: 1 * H, to: 7 * H },
        { start: 400, end: 500, from: 8 * H, to: 12 * H },
      ],
      window: { from: 0, to: 10 * H },
    });
    expect(value).toBeCloseTo(1_400 / 4_800, 10);
  });

  it('clips calls to a section range and has no value where nothing is available', () => {
    const calls = [{ start: 300, end: 450, from: 0, to: 10 * H }];
    expect(berthUtilisation({ quayLength: 600, sections: SECTIONS, blockZones: [], calls, window: { from: 0, to: 10 * H }, range: { start: 0, end: 400 } })).toBeCloseTo(1_000 / 4_000, 10);
    expect(berthUtilisation({ quayLength: 600, sections: SECTIONS, blockZones: [], calls, window: { from: 0, to: 0 } })).toBeNull();
  });
});
