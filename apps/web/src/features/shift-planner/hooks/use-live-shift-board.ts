// Realtime for the shift planner: another user's change to a call on the board, or to the terminal's shift calendar,
// refetches the board (debounced: a prefill of one call sends one event, a calendar change may send many).
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PORTCALL_UPDATED_EVENT, usePortcallEvents } from '@/lib/use-portcall-events';
import { shiftPlannerKeys } from '../api/query-keys';
import { findBoardPortcall } from '../utils/board-cache';

export const SHIFT_CALENDAR_UPDATED_EVENT = 'shift_calendar.updated';
const REFETCH_DELAY_MS = 300;

type TEventPayload = { portcall_id?: unknown; id?: unknown; version?: unknown; terminal_id?: unknown };

export function useLiveShiftBoard(args: { terminalId: number | null; isSaving: (portcallId: number) => boolean; onForeignChange?: (portcallId: number) => void }): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const { terminalId } = args;
  usePortcallEvents((event) => {
    if (terminalId === null) return;
    const payload = (typeof event.payload === 'object' && event.payload !== null ? event.payload : {}) as TEventPayload;
    if (typeof payload.terminal_id === 'number' && payload.terminal_id !== terminalId) return;
    if (event.event === PORTCALL_UPDATED_EVENT) {
      const id = typeof payload.portcall_id === 'number' ? payload.portcall_id : typeof payload.id === 'number' ? payload.id : null;
      if (id === null) return;
      const known = findBoardPortcall(queryClient, terminalId, id);
      // Our own write: its answer is on the board already, or on its way.
      if (args.isSaving(id) || (known && typeof payload.version === 'number' && payload.version <= known.version)) return;
      if (known) args.onForeignChange?.(id);
    } else if (event.event !== SHIFT_CALENDAR_UPDATED_EVENT) {
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: shiftPlannerKeys.boards(terminalId) });
    }, REFETCH_DELAY_MS);
  });
}
