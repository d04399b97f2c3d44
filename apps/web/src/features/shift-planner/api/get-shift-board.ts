// GET /shift_planner: the board of one terminal's shifts over the shown days, with the calls working in them.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TShiftBoard, TShiftPlannerSettings } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { shiftPlannerKeys, type TShiftBoardParams } from './query-keys';

/** The week overview always shows seven days; the other views the user's number of days. */
export const WEEK_OVERVIEW_DAYS = 7;

/** What the screen asks for: one rule for the screen and for the prefetch at boot, so both hit the same cached query. */
export function boardParamsOf(args: { terminalId: number; from: string | null; settings: TShiftPlannerSettings }): TShiftBoardParams {
  const { settings } = args;
  const days = settings.shift_planner_view_mode === 'week_overview' ? WEEK_OVERVIEW_DAYS : settings.number_of_days_to_show_shifts;
  return { terminalId: args.terminalId, from: args.from, days, orderBy: settings.order_by };
}

/** Without a first day the server starts at today in the terminal's zone, and says which day that is (`from`). */
export const getShiftBoard = (p: TShiftBoardParams, signal?: AbortSignal): Promise<TShiftBoard> =>
  api.get<TShiftBoard>('/shift_planner', { terminal_id: p.terminalId, from: p.from, days: p.days, order_by: p.orderBy }, signal);

export const shiftBoardQuery = (params: TShiftBoardParams) => queryOptions({ queryKey: shiftPlannerKeys.board(params), queryFn: ({ signal }) => getShiftBoard(params, signal) });

export function useShiftBoard(params: TShiftBoardParams | null) {
  return useQuery({
    queryKey: params ? shiftPlannerKeys.board(params) : ['shift-planner', 'board', 'none'],
    queryFn: ({ signal }) => getShiftBoard(params!, signal),
    enabled: params !== null,
    // The previous period stays on screen while the next one loads, instead of a blank board.
    placeholderData: keepPreviousData,
  });
}
