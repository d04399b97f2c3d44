import { describe, expect, it } from 'vitest';
import { boardCall, CORAL, makeBoard, NORDIC, shiftCard } from '@/test/shift-board-fixtures';
import { resourceRows } from './resource-rows';

describe('resource rows', () => {
  it('numbers the gangs of each shift in row order and marks those beyond its capacity', () => {
    const rows = resourceRows(makeBoard());
    const gangs = rows.filter((r) => r.kind === 'gang');
    // Up to 8 gangs available, 9 asked for in the first Late.
    expect(gangs.map((r) => r.gang)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const late = 1;
    expect(gangs.map((r) => r.cells[late]!.portcallIds[0] ?? null)).toEqual([5, 5, 6, 6, 6, 6, 6, 6, 6]);
    expect(gangs.map((r) => r.cells[late]!.isOver)).toEqual([false, false, false, false, false, false, false, false, true]);
    // The closed Night has 5 gangs and no work.
    expect(gangs.map((r) => r.cells[2]!.portcallIds.length)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('lists every item of equipment with the calls whose card names it, two calls marking a double booking', () => {
    const both = boardCall({ ...NORDIC }, [shiftCard({ shift_number: 1, start_time: '2026-07-15T10:00:00.000Z', end_time: '2026-07-15T12:00:00.000Z', load: 10, shift_equipment_details: [{ equipment_number: 'RS-01' }, { equipment_number: 'OLD-9' }] })]);
    const rows = resourceRows(makeBoard({}, [CORAL, both]));
    const equipment = rows.filter((r) => r.kind === 'equipment');
    expect(equipment.map((r) => [r.equipmentNumber, r.label])).toEqual([
      ['RS-01', 'Reach stacker 1 (RS-01)'],
      ['RS-02', 'Reach stacker 2 (RS-02)'],
      ['MHC-1', 'Harbour crane (MHC-1)'],
      // No longer in the terminal's list, still shown so nothing planned is hidden.
      ['OLD-9', 'OLD-9'],
    ]);
    expect(equipment[0]!.cells[0]).toEqual({ portcallIds: [5, 6], isOver: true });
    expect(equipment[3]!.cells[0]).toEqual({ portcallIds: [6], isOver: false });
  });

  it('does not mark an item two calls use one after the other in a shift', () => {
    // CORAL has RS-01 in the first Early until 08:00 UTC; NORDIC takes it from 09:00.
    const before = boardCall({ ...CORAL }, [shiftCard({ shift_number: 1, start_time: '2026-07-15T04:00:00.000Z', end_time: '2026-07-15T08:00:00.000Z', discharge: 40, shift_equipment_details: [{ equipment_number: 'RS-01' }] })]);
    const after = boardCall({ ...NORDIC }, [shiftCard({ shift_number: 1, start_time: '2026-07-15T09:00:00.000Z', end_time: '2026-07-15T12:00:00.000Z', load: 10, shift_equipment_details: [{ equipment_number: 'RS-01' }] })]);
    const rs01 = resourceRows(makeBoard({}, [before, after])).find((r) => r.equipmentNumber === 'RS-01')!;
    expect(rs01.cells[0]).toEqual({ portcallIds: [5, 6], isOver: false });
  });
});
