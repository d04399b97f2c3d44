import { describe, expect, it } from 'vitest';
import { makeBoard } from '@/test/shift-board-fixtures';
import { weekHeat } from './week-heat';

describe('week heat', () => {
  it('shades each shift of seven days by its volume against the busiest shift', () => {
    const heat = weekHeat(makeBoard({ days: 7 }));
    expect(heat.dates).toEqual(['2026-07-15', '2026-07-16', '2026-07-17', '2026-07-18', '2026-07-19', '2026-07-20', '2026-07-21']);
    expect(heat.strips.map((s) => s.name)).toEqual(['Early', 'Late', 'Night']);
    expect(heat.max).toBe(380);
    const [early, late, night] = heat.strips;
    expect(late!.cells[0]).toMatchObject({ key: '2026-07-15#2', volume: 380, share: 1, isOverCapacity: true, isShown: true });
    expect(early!.cells[0]!.share).toBeCloseTo(150 / 380);
    expect(night!.cells[0]).toMatchObject({ isClosed: true, volume: 0, share: 0 });
    expect(early!.cells[6]).toMatchObject({ date: '2026-07-21', volume: 0, isShown: true });
  });

  it('keeps the days the board does not hold as unshown cells', () => {
    const heat = weekHeat(makeBoard({ days: 3 }));
    expect(heat.strips[0]!.cells.map((c) => c.isShown)).toEqual([true, true, true, false, false, false, false]);
  });

  it('shades nothing on an empty week', () => {
    const heat = weekHeat(makeBoard({ days: 7 }, []));
    expect(heat.max).toBe(0);
    expect(heat.strips.flatMap((s) => s.cells).every((c) => c.share === 0)).toBe(true);
  });
});
