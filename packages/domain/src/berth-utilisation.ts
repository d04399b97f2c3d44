// Berth utilisation, the one definition: occupied metre-hours ÷ available metre-hours over a stretch of quay and a
// time window (docs/kpis.md). The planner's plan figures call this; the KPI report computes the same in SQL over many
// groups at once (kpis/kpi.repository.ts, aggregateUtilisation), and a server test holds the two equal.
import type { TPlanBlockZone, TPlanSection } from './berth-clashes';

/** A call's place and stay: metres along the quay and instants (ms). */
export type TOccupation = { start: number; end: number; from: number; to: number };

const HOUR_MS = 3_600_000;
const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * Occupied ÷ available metre-hours in the window, as a fraction (null when nothing is available). Usable length: the
 * range (default the whole quay) less the sections of type `Blocked Zone` inside it (buffer zones are usable); block
 * zones count with the part of their length and time inside range and window; a call counts with its metres inside
 * the range and its hours inside the window.
 */
export function berthUtilisation(args: {
  quayLength: number;
  sections: readonly Pick<TPlanSection, 'start' | 'end' | 'berthType'>[];
  blockZones: readonly Pick<TPlanBlockZone, 'start' | 'end' | 'from' | 'to'>[];
  calls: readonly TOccupation[];
  window: { from: number; to: number };
  range?: { start: number; end: number };
}): number | null {
  const range = args.range ?? { start: 0, end: args.quayLength };
  const hours = (args.window.to - args.window.from) / HOUR_MS;
  const blockedMetres = args.sections.filter((s) => s.berthType === 'Blocked Zone').reduce((sum, s) => sum + overlap(s.start, s.end, range.start, range.end), 0);
  const metreHours = (o: TOccupation) => (overlap(o.start, o.end, range.start, range.end) * overlap(o.from, o.to, args.window.from, args.window.to)) / HOUR_MS;
  const blocked = args.blockZones.reduce((sum, z) => sum + metreHours(z), 0);
  const available = (range.end - range.start - blockedMetres) * hours - blocked;
  if (!(available > 0)) return null;
  return args.calls.reduce((sum, c) => sum + metreHours(c), 0) / available;
}
