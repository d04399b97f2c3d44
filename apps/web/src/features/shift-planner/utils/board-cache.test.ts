import { describe, expect, it } from 'vitest';
import { CORAL, makeBoard, shiftCard } from '@/test/shift-board-fixtures';
import { provisionalRow, withPortcall } from './board-cache';

describe('board cache', () => {
  it('replaces a row and works the headers and problems out again', () => {
    const board = makeBoard();
    const lighter = provisionalRow(CORAL, [shiftCard({ shift_number: 2, start_time: '2026-07-15T12:00:00.000Z', end_time: '2026-07-15T20:00:00.000Z', discharge: 80, gangs: 1 })]);
    const next = withPortcall(board, lighter);
    const late = next.shiftsVolume.shifts_volume.find((v) => v.key === '2026-07-15#2')!;
    expect(late).toMatchObject({ gangs: 8, over_capacity: false });
    // No more gangs over capacity; the plan no longer adds up to the cargo, and says so.
    expect(next.problems.map((p) => p.kind)).toEqual(['volume_mismatch']);
    expect(lighter).toMatchObject({ version: CORAL.version, volume_mismatch: true, planned: { total: 80 } });
    // The columns stay the same objects, so rows that did not change keep their memo.
    expect(next.shiftsList).toBe(board.shiftsList);
    expect(next.portcalls[1]).toBe(board.portcalls[1]);
  });

  it('ignores an older version than the one shown', () => {
    const board = makeBoard();
    expect(withPortcall(board, { ...CORAL, version: 2, portcall_shift_details: [] })).toBe(board);
  });
});
