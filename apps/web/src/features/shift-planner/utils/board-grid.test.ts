import { describe, expect, it } from 'vitest';
import { boardCall, CORAL, EARLY_15, makeBoard, NIGHT_15, NORDIC, shiftCard } from '@/test/shift-board-fixtures';
import { canTakeWork, cardIndexIn, followingOpenColumns, halfOfCard, newCardIn, rowCells } from './board-grid';

const board = makeBoard();
const shifts = board.shiftsList;
const at = (key: string) => shifts.findIndex((s) => s.key === key);

describe('board grid', () => {
  it('puts each card in the column holding its midpoint and marks closed and outside cells', () => {
    const { cardAt, states } = rowCells(shifts, NORDIC);
    expect(cardAt[at('2026-07-15#2')]).toBe(0);
    expect(states.map((s, i) => `${shifts[i]!.key}:${s}`)).toEqual([
      '2026-07-15#1:empty',
      '2026-07-15#2:card',
      '2026-07-15#3:closed',
      '2026-07-16#1:empty',
      '2026-07-16#2:empty',
      '2026-07-16#3:empty',
      '2026-07-17#1:outside',
      '2026-07-17#2:outside',
      '2026-07-17#3:outside',
    ]);
  });

  it('takes work only in open shifts of the stay, and lists the following ones in order', () => {
    expect(canTakeWork(shifts[at(NIGHT_15)]!, NORDIC)).toBe(false);
    expect(canTakeWork(shifts[at(EARLY_15)]!, NORDIC)).toBe(true);
    expect(followingOpenColumns(shifts, CORAL, at(EARLY_15)).map((i) => shifts[i]!.key)).toEqual(['2026-07-15#2', '2026-07-16#1', '2026-07-16#2']);
  });

  it('makes a new card of the shift clipped to the stay, and none in a closed shift', () => {
    // NORDIC STAR arrives at 12:00 local, inside the Early shift.
    expect(newCardIn(shifts[at(EARLY_15)]!, NORDIC)).toMatchObject({ shift_number: 1, terminal_shift_id: 1, start_time: '2026-07-15T10:00:00.000Z', end_time: '2026-07-15T12:00:00.000Z', discharge: 0, gangs: 0, shift_equipment_details: [] });
    expect(newCardIn(shifts[at(NIGHT_15)]!, NORDIC)).toBeNull();
  });

  it('finds the card of a column', () => {
    expect(cardIndexIn(shifts, CORAL.portcall_shift_details, at('2026-07-15#2'))).toBe(1);
    expect(cardIndexIn(shifts, CORAL.portcall_shift_details, at('2026-07-16#1'))).toBe(-1);
  });

  it('halves a card’s moves in proportion, rounding down', () => {
    expect(halfOfCard({ discharge: 100, load: 50, restow: 1 })).toEqual({ discharge: 50, load: 25, restow: 0 });
    expect(halfOfCard({ discharge: 0, load: 0, restow: 7 })).toEqual({ discharge: 0, load: 0, restow: 3 });
    expect(halfOfCard({ discharge: 0, load: 0, restow: 0 })).toEqual({ discharge: 0, load: 0, restow: 0 });
  });

  it('leaves a card outside the shown days out of the row', () => {
    const call = boardCall({ ...NORDIC }, [shiftCard({ shift_number: 1, start_time: '2026-07-20T04:00:00.000Z', end_time: '2026-07-20T12:00:00.000Z', load: 5 })]);
    expect(rowCells(shifts, call).cardAt.every((i) => i === -1)).toBe(true);
  });
});
