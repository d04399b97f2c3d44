// The key figures the planner compares a proposal by: waiting, clashes, calls on their requested time, quay use
// (berth utilisation as the KPI report defines it: berthUtilisation in @quayline/domain).
import { ON_REQUESTED_TIME_MINUTES, type TPlanFigures, type TPlanQuay, berthUtilisation, findPlanClashes } from '@quayline/domain';

const HOUR_MS = 3_600_000;

/** A call's place in one version of the plan, and when it wanted to berth. */
export type TFigureCall = { id: number; arrivalMs: number; departureMs: number; start: number | null; end: number | null; draft: number; wantedMs: number };

/**
 * Figures of `counted` calls over the window. Clashes are those the planner's clash check finds that involve at
 * least one counted call; `context` calls (fixed, outside the window) take part only as the other side of one.
 */
export function planFigures(counted: readonly TFigureCall[], context: readonly TFigureCall[], quay: TPlanQuay, window: { startMs: number; endMs: number }): TPlanFigures {
  const ids = new Set(counted.map((c) => c.id));
  const placed = [...counted, ...context].flatMap((c) => (c.start !== null && c.end !== null ? [{ id: c.id, start: c.start, end: c.end, from: c.arrivalMs, to: c.departureMs, draft: c.draft }] : []));
  const clashes = findPlanClashes(placed, quay).filter((clash) => clash.callIds.some((id) => ids.has(id))).length;
  const waiting = counted.reduce((sum, c) => sum + Math.max(0, c.arrivalMs - c.wantedMs) / HOUR_MS, 0);
  const onTime = counted.filter((c) => Math.abs(c.arrivalMs - c.wantedMs) <= ON_REQUESTED_TIME_MINUTES * 60_000).length;
  const positioned = counted.flatMap((c) => (c.start !== null && c.end !== null ? [{ start: c.start, end: c.end, from: c.arrivalMs, to: c.departureMs }] : []));
  const utilisation = berthUtilisation({ quayLength: quay.length, sections: quay.sections, blockZones: quay.blockZones, calls: positioned, window: { from: window.startMs, to: window.endMs } });
  return {
    total_waiting_hours: Math.round(waiting * 100) / 100,
    clashes,
    on_requested_time: onTime,
    quay_utilisation: utilisation === null ? 0 : Math.min(1, Math.round(utilisation * 1000) / 1000),
    calls_without_place: counted.filter((c) => c.start === null || c.end === null).length,
  };
}
