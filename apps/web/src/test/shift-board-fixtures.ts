// Shift-planner test data: a terminal in Europe/Berlin with Early, Late and Night shifts, three days from 15 July 2026,
// the Night of the first day closed, and two calls whose Late shift on the first day asks for more gangs than it has.
import {
  boardShifts,
  plannedVolumes,
  shiftQuantity,
  summariseShiftBoard,
  type TBoardPortcall,
  type TBoardShiftDefinition,
  type TShiftBoard,
  type TShiftDetailInput,
} from '@quayline/domain';
import { success, type THandler, type TRecordedCall } from './render-app';
import { API, LINKED_TERMINAL } from './portcall-fixtures';

export const SHIFT_DEFINITIONS: TBoardShiftDefinition[] = [
  { id: 1, shift_number: 1, name: 'Early', start_time: '06:00', end_time: '14:00', gangs_available: 8 },
  { id: 2, shift_number: 2, name: 'Late', start_time: '14:00', end_time: '22:00', gangs_available: 8 },
  { id: 3, shift_number: 3, name: 'Night', start_time: '22:00', end_time: '06:00', gangs_available: 5 },
];
const TZ = 'Europe/Berlin';
// Local midnight in Berlin (summer time) at the start of 15 July plus `day` days.
const dayStart = (day: number) => Date.UTC(2026, 6, 14 + day, 22);
/** The Night of 15 July (22:00 to 06:00 local) is closed. */
export const NON_WORKING = [{ id: 41, terminal_id: 1, kind: 'closed_shift' as const, reason: 'Union meeting', starts_at: '2026-07-15T20:00:00.000Z', ends_at: '2026-07-16T04:00:00.000Z' }];

export const EARLY_15 = '2026-07-15#1';
export const LATE_15 = '2026-07-15#2';
export const NIGHT_15 = '2026-07-15#3';
export const EARLY_16 = '2026-07-16#1';
export const LATE_16 = '2026-07-16#2';

export function shiftCard(args: Partial<TShiftDetailInput> & Pick<TShiftDetailInput, 'start_time' | 'end_time' | 'shift_number'>): TShiftDetailInput {
  return {
    terminal_shift_id: args.shift_number,
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
    ...args,
  };
}

export function boardCall(args: Partial<TBoardPortcall> & Pick<TBoardPortcall, 'id' | 'vessel_name' | 'berth_arrival' | 'berth_departure'>, cards: TShiftDetailInput[]): TBoardPortcall {
  const planned = plannedVolumes(cards);
  return {
    version: 3,
    terminal_id: 1,
    vessel_id: 100 + args.id,
    imo_number: '9085778',
    vessel_operator_name: 'Nordic Line A/S',
    agent_name: null,
    status: 'Berthed',
    cargo_operations_start: null,
    cargo_operations_end: null,
    berth_start_position: 100,
    berth_end_position: 300,
    sync_shift_cargo_volumes: false,
    cargo: { ...planned, units_per_hour: null, crane_intensity: 2 },
    planned,
    remaining_volume: planned.total,
    volume_mismatch: false,
    plausibility: [],
    ...args,
    portcall_shift_details: cards.map((c, i) => ({ ...c, id: args.id * 100 + i, portcall_id: args.id, total_resources: c.gangs * (c.resource_per_shift ?? 0), shift_quantity: shiftQuantity(c), draft_portcall_id: null })),
  };
}

export const CORAL = boardCall({ id: 5, vessel_name: 'CORAL RESOLVE', berth_arrival: '2026-07-15T04:00:00.000Z', berth_departure: '2026-07-16T20:00:00.000Z' }, [
  shiftCard({ shift_number: 1, start_time: '2026-07-15T04:00:00.000Z', end_time: '2026-07-15T12:00:00.000Z', cargo_type: 'Container (boxes)', discharge: 100, load: 50, gangs: 2, shift_equipment_details: [{ equipment_number: 'RS-01' }] }),
  shiftCard({ shift_number: 2, start_time: '2026-07-15T12:00:00.000Z', end_time: '2026-07-15T20:00:00.000Z', discharge: 80, gangs: 2 }),
]);
export const NORDIC = boardCall({ id: 6, vessel_name: 'NORDIC STAR', berth_arrival: '2026-07-15T10:00:00.000Z', berth_departure: '2026-07-17T04:00:00.000Z' }, [
  shiftCard({ shift_number: 2, start_time: '2026-07-15T12:00:00.000Z', end_time: '2026-07-15T20:00:00.000Z', load: 300, gangs: 7 }),
]);
export const BALTIC = boardCall({ id: 7, vessel_name: 'BALTIC TRADER', berth_arrival: '2026-07-16T04:00:00.000Z', berth_departure: '2026-07-17T12:00:00.000Z', cargo: { discharge: 400, load: 0, restow: 0, total: 400, units_per_hour: null, crane_intensity: 2 } }, []);

/** A board as GET /shift_planner answers it, its headers and problems worked out with the server's own rule. */
export function makeBoard(overrides: Partial<TShiftBoard> = {}, portcalls: TBoardPortcall[] = [CORAL, NORDIC, BALTIC]): TShiftBoard {
  const days = overrides.days ?? 3;
  const from = overrides.from ?? '2026-07-15';
  const offset = Number(from.slice(8)) - 15;
  const shiftsList = boardShifts({ shifts: SHIFT_DEFINITIONS, timeZone: TZ, from: dayStart(offset), to: dayStart(offset + days), nonWorking: NON_WORKING, equipmentCount: 3 });
  const summary = summariseShiftBoard({ shifts: shiftsList, portcalls });
  return {
    terminal_id: 1,
    time_zone: TZ,
    from,
    days,
    order_by: 'arrival_time',
    can_edit: true,
    shiftsData: { shifts: SHIFT_DEFINITIONS, non_working_times: NON_WORKING },
    shiftsList,
    portcalls,
    shiftsVolume: { shifts_volume: summary.shifts_volume, days_volume: summary.days_volume },
    equipments: [
      { id: 1, name: 'Reach stacker 1', equipment_type: 'reach_stacker', equipment_number: 'RS-01' },
      { id: 2, name: 'Reach stacker 2', equipment_type: 'reach_stacker', equipment_number: 'RS-02' },
      { id: 3, name: 'Harbour crane', equipment_type: 'mobile_harbour_crane', equipment_number: 'MHC-1' },
    ],
    problems: summary.problems,
    ...overrides,
  };
}

/** The shift planner's endpoints: the board (built for the asked days), the linked terminals; `extra` answers first. */
export function shiftPlannerApi(board: (call: TRecordedCall) => TShiftBoard, extra?: THandler): THandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    switch (call.path) {
      case `${API}/shift_planner`:
        return success(board(call));
      case `${API}/terminals`:
        return success([LINKED_TERMINAL]);
      case `${API}/terminals/current_terminal`:
        return success({ ...LINKED_TERMINAL, sections: [], bollards: [], shifts: SHIFT_DEFINITIONS, pilot_boarding_places: [], tide_station: null, latitude: null, longitude: null });
      default:
        return undefined;
    }
  };
}

/** The board for the days and first day a request asked for. */
export const boardFor = (call: TRecordedCall, overrides: Partial<TShiftBoard> = {}, portcalls?: TBoardPortcall[]) =>
  makeBoard({ from: call.search.get('from') ?? '2026-07-15', days: Number(call.search.get('days') ?? 3), ...overrides }, portcalls);
