// Starts the planner's data the moment the app boots on /berth-planner, instead of after the sign-in and translation
// gates have rendered: the user and the terminal together, then the window's calls, block zones and tide. The screen
// then finds them in the query cache under the same keys.
import type { QueryClient } from '@tanstack/react-query';
import { userDetailsQuery } from '@/lib/user';
import { canvasSettingsOf } from '../hooks/use-planner-settings';
import { plannerWindowDays } from '../utils/planner-window';
import { blockedZonesQuery } from './get-blocked-zones';
import { plannerPortcallsQuery } from './get-planner-portcalls';
import { plannerTerminalQuery } from './get-planner-terminal';
import { tidalDataQuery } from './get-tidal-data';

export async function prefetchBerthPlanner(queryClient: QueryClient, search: URLSearchParams, now: number = Date.now()): Promise<void> {
  // The sandbox loads a draft too; its first render is not worth the extra code path.
  if (search.get('mode') === 'sandbox') return;
  const terminalParam = Number(search.get('terminal')) || null;
  try {
    const [user, terminal] = await Promise.all([queryClient.fetchQuery(userDetailsQuery()), queryClient.fetchQuery(plannerTerminalQuery(terminalParam))]);
    const { from, to } = plannerWindowDays({ fromParam: search.get('from'), now, timeZone: terminal.time_zone, schedule: canvasSettingsOf(user).canvas_schedule });
    await Promise.all([
      queryClient.prefetchQuery(plannerPortcallsQuery({ terminalId: terminal.id, from, to })),
      queryClient.prefetchQuery(blockedZonesQuery(terminal.id, from, to)),
      queryClient.prefetchQuery(tidalDataQuery(terminal.id, from, to)),
    ]);
  } catch {
    // Signed out, no terminal, a network failure: the screen's own queries hold the error and show it.
  }
}
