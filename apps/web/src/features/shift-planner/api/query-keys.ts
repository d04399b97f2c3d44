// Query keys of the shift planner: one board per terminal, first day (null: today in the terminal's zone), days shown
// and order.
import type { TShiftPlannerOrderBy } from '@quayline/domain';

export type TShiftBoardParams = { terminalId: number; from: string | null; days: number; orderBy: TShiftPlannerOrderBy };

export const shiftPlannerKeys = {
  all: ['shift-planner'] as const,
  boards: (terminalId: number) => ['shift-planner', 'board', terminalId] as const,
  board: (p: TShiftBoardParams) => ['shift-planner', 'board', p.terminalId, p.from, p.days, p.orderBy] as const,
};
