import { describe, expect, it } from 'vitest';
import type { TTerminalCrane } from '@quayline/domain';
import { makePortcall } from '@/test/portcall-fixtures';
import { craneBookings } from './cranes-panel';

const crane = (id: number, name: string): TTerminalCrane => ({ id, terminal_id: 1, name, crane_type: 'STS', outreach_rows: 24, moves_per_hour: 32, rail_start_m: 0, rail_end_m: 1000 });
const booking = (id: number, equipment_number: string, equipment_name: string, start_time: string) => ({ id, portcall_id: 0, cargo_handling_equipment_id: 100 + id, equipment_number, equipment_name, start_time, end_time: '2026-07-16T06:00:00.000Z' });

describe('crane bookings', () => {
  it('lists the bookings of the quay cranes by their number, by crane and then by time, and nothing else', () => {
    const cranes = [crane(1, 'STS 01'), crane(2, 'STS 02')];
    const calls = [
      makePortcall({
        id: 7,
        vessel_name: 'NORDIC STAR',
        equipment_details: [
          booking(1, 'STS 02', 'STS 02 ship-to-shore crane', '2026-07-15T10:00:00.000Z'),
          booking(2, 'sts 01', 'Portainer', '2026-07-15T12:00:00.000Z'),
          // Named like a crane, but not one of the quay cranes: not in the panel.
          booking(3, 'RS-01', 'Reach stacker (crane rail side)', '2026-07-15T08:00:00.000Z'),
          booking(4, 'MHC-01', 'Liebherr LHM 550', '2026-07-15T08:00:00.000Z'),
        ],
      }),
      makePortcall({ id: 8, vessel_name: 'BALTIC WIND', equipment_details: [booking(5, 'STS 02', 'STS 02 ship-to-shore crane', '2026-07-15T06:00:00.000Z')] }),
    ];
    expect(craneBookings(calls, cranes)).toEqual([
      { key: '7-2', equipment: 'STS 01', vessel: 'NORDIC STAR', start: '2026-07-15T12:00:00.000Z', end: '2026-07-16T06:00:00.000Z' },
      { key: '8-5', equipment: 'STS 02', vessel: 'BALTIC WIND', start: '2026-07-15T06:00:00.000Z', end: '2026-07-16T06:00:00.000Z' },
      { key: '7-1', equipment: 'STS 02', vessel: 'NORDIC STAR', start: '2026-07-15T10:00:00.000Z', end: '2026-07-16T06:00:00.000Z' },
    ]);
    expect(craneBookings(calls, [])).toEqual([]);
  });
});
