// Starts the shift board the moment the app boots on /shift-planner, instead of after the sign-in and translation
// gates have rendered: the user and the terminal together, then the board. The screen finds it under the same key.
import type { QueryClient } from '@tanstack/react-query';
import { currentTerminalQuery } from '@/lib/terminals';
import { userDetailsQuery } from '@/lib/user';
import { shiftPlannerSettingsOf } from '../hooks/use-shift-planner-settings';
import { boardParamsOf, shiftBoardQuery } from './get-shift-board';

const isDay = (v: string | null) => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

export async function prefetchShiftPlanner(queryClient: QueryClient, search: URLSearchParams): Promise<void> {
  const terminalParam = Number(search.get('terminal')) || null;
  const from = search.get('from');
  try {
    const [user, terminalId] = await Promise.all([
      queryClient.fetchQuery(userDetailsQuery()),
      terminalParam ?? queryClient.fetchQuery(currentTerminalQuery()).then((t) => t.id),
    ]);
    await queryClient.prefetchQuery(shiftBoardQuery(boardParamsOf({ terminalId, from: isDay(from) ? from : null, settings: shiftPlannerSettingsOf(user) })));
  } catch {
    // Signed out, no terminal, a network failure: the screen's own queries hold the error and show it.
  }
}
