// The days the planner shows and the instants of its window: one rule for the screen and for the prefetch at boot,
// so both ask for the same cached queries.
import type { TCanvasSettings } from '@quayline/domain';
import { buildPlannerDays, firstDayOfWindow, type TPlannerDay } from './day-grid';

export type TPlannerWindowDays = { firstDay: string; days: TPlannerDay[]; from: string; to: string };

export function plannerWindowDays(args: { fromParam: string | null; now: number; timeZone: string; schedule: TCanvasSettings['canvas_schedule'] }): TPlannerWindowDays {
  const firstDay = firstDayOfWindow({ from: args.fromParam, now: args.now, timeZone: args.timeZone, daysBefore: args.schedule.days_before });
  const days = buildPlannerDays({ firstDay, dayCount: args.schedule.days, timeZone: args.timeZone });
  return { firstDay, days, from: new Date(days[0]!.start).toISOString(), to: new Date(days.at(-1)!.end).toISOString() };
}
