// The cells of a call's row: which column holds which card, where the call is at the berth, which shifts are closed,
// and where a card may go (a drag, the next shift, a split, a copied pattern).
import { cardVolume, shiftIndexOf, splitProportionally, type TBoardPortcall, type TBoardShift, type TShiftDetailInput } from '@quayline/domain';

type TVolumes = { discharge: number; load: number; restow: number };

export type TCellState = 'card' | 'empty' | 'outside' | 'closed';
export type TStay = { from: number; to: number };

export const stayOf = (call: Pick<TBoardPortcall, 'berth_arrival' | 'berth_departure'>): TStay => ({ from: Date.parse(call.berth_arrival), to: Date.parse(call.berth_departure) });

const overlapsStay = (shift: TBoardShift, stay: TStay) => Date.parse(shift.start_time) < stay.to && Date.parse(shift.end_time) > stay.from;

export type TRowCells = {
  /** Per column: the index of the call's card there, or -1. */
  cardAt: number[];
  states: TCellState[];
};

export function rowCells(shifts: readonly TBoardShift[], call: TBoardPortcall): TRowCells {
  const cardAt = shifts.map(() => -1);
  call.portcall_shift_details.forEach((card, i) => {
    const column = shiftIndexOf(shifts, card);
    if (column >= 0 && cardAt[column] === -1) cardAt[column] = i;
  });
  const stay = stayOf(call);
  const states = shifts.map((shift, column): TCellState => {
    if (cardAt[column]! >= 0) return 'card';
    if (shift.closed) return 'closed';
    return overlapsStay(shift, stay) ? 'empty' : 'outside';
  });
  return { cardAt, states };
}

/** A column the call's work can go to: open, and the call is at the berth in it. */
export const canTakeWork = (shift: TBoardShift, call: Pick<TBoardPortcall, 'berth_arrival' | 'berth_departure'>): boolean => !shift.closed && overlapsStay(shift, stayOf(call));

/** The columns after `column` that can take the call's work, in order. */
export function followingOpenColumns(shifts: readonly TBoardShift[], call: TBoardPortcall, column: number): number[] {
  const out: number[] = [];
  for (let i = column + 1; i < shifts.length; i++) if (canTakeWork(shifts[i]!, call)) out.push(i);
  return out;
}

/** The column a card sits in (its midpoint). */
export const columnOfCard = (shifts: readonly TBoardShift[], call: TBoardPortcall, index: number): number => {
  const card = call.portcall_shift_details[index];
  return card ? shiftIndexOf(shifts, card) : -1;
};

/** A card with no work yet in a shift of the call: the shift clipped to the call's stay. Null when the shift takes no work. */
export function newCardIn(shift: TBoardShift, call: Pick<TBoardPortcall, 'berth_arrival' | 'berth_departure'>): TShiftDetailInput | null {
  if (!canTakeWork(shift, call)) return null;
  const stay = stayOf(call);
  return {
    terminal_shift_id: shift.terminal_shift_id,
    shift_number: shift.shift_number,
    start_time: new Date(Math.max(Date.parse(shift.start_time), stay.from)).toISOString(),
    end_time: new Date(Math.min(Date.parse(shift.end_time), stay.to)).toISOString(),
    cargo_type: null,
    cargo_sub_type: null,
    product_name: null,
    discharge: 0,
    load: 0,
    restow: 0,
    gangs: 0,
    resource_per_shift: null,
    comments: null,
    shift_equipment_details: [],
    actual_moves: null,
  };
}

/** The index of the call's card in a column (the first whose midpoint it holds), or -1. */
export function cardIndexIn(shifts: readonly TBoardShift[], details: readonly TShiftDetailInput[], column: number): number {
  return details.findIndex((d) => shiftIndexOf(shifts, d) === column);
}

/** Half of a card's moves (rounded down), shared out over discharge, load and restow in proportion. */
export function halfOfCard(card: TVolumes): TVolumes {
  const [discharge, load, restow] = splitProportionally(Math.floor(cardVolume(card) / 2), [card.discharge, card.load, card.restow]) as [number, number, number];
  return { discharge, load, restow };
}
