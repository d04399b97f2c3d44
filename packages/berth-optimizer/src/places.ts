// Model rules about places on the quay: how long a vessel takes at a berth or over a run of sections,
// and which sections a span of quay lies over.
import type { TContinuousQuay, THandling } from './model';

/**
 * Handling hours over the given places (one berth, or the sections a vessel lies over); Infinity when one of
 * them cannot serve the vessel. Over several sections the slowest one sets the pace.
 */
export function handlingHours(handling: THandling, places: readonly { id: string; productivity: number }[]): number {
  if (places.length === 0) return Infinity;
  switch (handling.kind) {
    case 'hours':
      return handling.hours;
    case 'by_place': {
      let hours = 0;
      for (const place of places) {
        const h = handling.hours[place.id];
        if (h === undefined) return Infinity;
        hours = Math.max(hours, h);
      }
      return hours;
    }
    case 'work': {
      const slowest = Math.min(...places.map((p) => p.productivity));
      return handling.nominalHours / slowest;
    }
  }
}

/** Slack, metres, for spans computed as sums of floating-point numbers; the plan checker uses the same. */
export const SPAN_EPS = 1e-6;

/** Indices [first, last] of the sections that the span (from, to) lies over; null when it leaves the quay. */
export function sectionSpan(quay: TContinuousQuay, from: number, to: number): [number, number] | null {
  if (from < -SPAN_EPS || to > quay.length + SPAN_EPS || to <= from) return null;
  let first = -1;
  let last = -1;
  const { sections } = quay;
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i]!;
    if (s.from < to - SPAN_EPS && from + SPAN_EPS < s.to) {
      if (first < 0) first = i;
      last = i;
    } else if (s.from >= to - SPAN_EPS) break;
  }
  return first < 0 ? null : [first, last];
}
