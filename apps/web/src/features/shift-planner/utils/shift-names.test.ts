import { describe, expect, it } from 'vitest';
import { shiftLabel } from './board-texts';
import { weekHeat } from './week-heat';
import { makeBoard } from '@/test/shift-board-fixtures';

describe("shift names in the reader's language", () => {
  it('labels a column and a week strip with the name of the language, else the shift name', () => {
    const board = makeBoard({ days: 7 });
    const names = { de: 'Frühschicht', fr: 'Équipe du matin' };
    board.shiftsData.shifts = board.shiftsData.shifts.map((s) => (s.shift_number === 1 ? { ...s, names } : s));
    board.shiftsList = board.shiftsList.map((s) => (s.shift_number === 1 ? { ...s, names } : s));
    const first = board.shiftsList.find((s) => s.shift_number === 1)!;
    expect(shiftLabel(first, 'de')).toMatch(/Frühschicht$/);
    expect(shiftLabel(first, 'es')).toMatch(new RegExp(`${first.name}$`));
    const strip = weekHeat(board).strips.find((s) => s.shiftNumber === 1)!;
    expect(strip.names).toEqual(names);
  });
});
