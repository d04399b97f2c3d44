// The cached boards after a write or a realtime change: one row replaced, and the column headers and problems
// recomputed at once with the same rule the server uses (summariseShiftBoard).
import type { QueryClient } from '@tanstack/react-query';
import { plannedVolumes, shiftQuantity, summariseShiftBoard, volumesDiffer, type TBoardPortcall, type TShiftBoard, type TShiftDetailInput } from '@quayline/domain';
import { shiftPlannerKeys } from '../api/query-keys';

export function withSummary(board: TShiftBoard): TShiftBoard {
  const summary = summariseShiftBoard({ shifts: board.shiftsList, portcalls: board.portcalls });
  return { ...board, shiftsVolume: { shifts_volume: summary.shifts_volume, days_volume: summary.days_volume }, problems: summary.problems };
}

/** The board with one row replaced; an older version than the one shown is ignored, a call not on the board too. */
export function withPortcall(board: TShiftBoard, call: TBoardPortcall): TShiftBoard {
  const index = board.portcalls.findIndex((p) => p.id === call.id);
  if (index === -1 || board.portcalls[index]!.version > call.version) return board;
  const portcalls = board.portcalls.slice();
  portcalls[index] = call;
  return withSummary({ ...board, portcalls });
}

/**
 * The row as it will look once the write is through, shown while it travels. It keeps the old version so the
 * server's answer (one higher) replaces it, and so does a rollback to the row as it was.
 */
export function provisionalRow(call: TBoardPortcall, details: readonly TShiftDetailInput[]): TBoardPortcall {
  const planned = plannedVolumes(details);
  const cargo = call.sync_shift_cargo_volumes && details.length > 0 ? { ...call.cargo, ...planned } : call.cargo;
  return {
    ...call,
    cargo,
    planned,
    volume_mismatch: details.length > 0 && volumesDiffer(cargo, planned),
    portcall_shift_details: details.map((d, i) => ({
      ...d,
      shift_equipment_details: d.shift_equipment_details ?? [],
      id: -(i + 1),
      portcall_id: call.id,
      total_resources: d.gangs * (d.resource_per_shift ?? 0),
      shift_quantity: shiftQuantity(d),
      // Typed cards are not stored yet; they belong to the sandbox when the call's stored cards do.
      draft_portcall_id: call.portcall_shift_details[0]?.draft_portcall_id ?? null,
    })),
  };
}

/** Puts the row into every cached board of the terminal. */
export function storeBoardPortcall(queryClient: QueryClient, terminalId: number, call: TBoardPortcall): void {
  for (const [key, board] of queryClient.getQueriesData<TShiftBoard>({ queryKey: shiftPlannerKeys.boards(terminalId) })) {
    if (board) queryClient.setQueryData<TShiftBoard>(key, withPortcall(board, call));
  }
}

/** The row of a call in any cached board of the terminal (the newest version found). */
export function findBoardPortcall(queryClient: QueryClient, terminalId: number, id: number): TBoardPortcall | undefined {
  let found: TBoardPortcall | undefined;
  for (const [, board] of queryClient.getQueriesData<TShiftBoard>({ queryKey: shiftPlannerKeys.boards(terminalId) })) {
    const call = board?.portcalls.find((p) => p.id === id);
    if (call && (!found || call.version > found.version)) found = call;
  }
  return found;
}
