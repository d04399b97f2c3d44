// The board by resource: who works where in each shift. Gangs are numbered per shift and handed to the calls in row
// order (a call with 3 gangs after one with 2 works gangs 3 to 5); each item of equipment lists the calls whose card
// in the shift names it, marked double-booked where the plan's problems say so (two calls at the same time, not in turn).
import { shiftIndexOf, type TShiftBoard } from '@quayline/domain';

export type TResourceCell = { portcallIds: number[]; isOver: boolean };
export type TResourceRow = { key: string; kind: 'gang' | 'equipment'; gang: number | null; equipmentNumber: string | null; label: string; cells: TResourceCell[] };

export function resourceRows(board: TShiftBoard): TResourceRow[] {
  const shifts = board.shiftsList;
  const gangsPerColumn = shifts.map(() => [] as number[]);
  const equipmentPerColumn = shifts.map(() => new Map<string, number[]>());
  for (const call of board.portcalls) {
    for (const card of call.portcall_shift_details) {
      const column = shiftIndexOf(shifts, card);
      if (column < 0) continue;
      for (let g = 0; g < card.gangs; g++) gangsPerColumn[column]!.push(call.id);
      for (const e of card.shift_equipment_details) {
        const users = equipmentPerColumn[column]!.get(e.equipment_number) ?? [];
        if (!users.includes(call.id)) users.push(call.id);
        equipmentPerColumn[column]!.set(e.equipment_number, users);
      }
    }
  }
  const gangCount = Math.max(0, ...shifts.map((s) => s.gangs_available), ...gangsPerColumn.map((g) => g.length));
  const rows: TResourceRow[] = [];
  for (let gang = 1; gang <= gangCount; gang++) {
    rows.push({
      key: `gang-${gang}`,
      kind: 'gang',
      gang,
      equipmentNumber: null,
      label: String(gang),
      cells: shifts.map((shift, column) => {
        const id = gangsPerColumn[column]![gang - 1];
        return { portcallIds: id === undefined ? [] : [id], isOver: id !== undefined && gang > shift.gangs_available };
      }),
    });
  }
  const doubleBooked = new Set(board.problems.filter((p) => p.kind === 'equipment_double_booked').map((p) => `${p.shift_key}|${p.equipment_number}`));
  const numbers = new Map(board.equipments.map((e) => [e.equipment_number, e.name]));
  // An item a card names that the terminal no longer lists still gets its row, so nothing planned is hidden.
  for (const column of equipmentPerColumn) for (const number of column.keys()) if (!numbers.has(number)) numbers.set(number, number);
  for (const [number, name] of numbers) {
    rows.push({
      key: `equipment-${number}`,
      kind: 'equipment',
      gang: null,
      equipmentNumber: number,
      label: name === number ? number : `${name} (${number})`,
      cells: shifts.map((shift, column) => ({ portcallIds: equipmentPerColumn[column]!.get(number) ?? [], isOver: doubleBooked.has(`${shift.key}|${number}`) })),
    });
  }
  return rows;
}
