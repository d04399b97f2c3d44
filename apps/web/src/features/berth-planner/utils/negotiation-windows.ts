// The requested / proposed (planned) / accepted berth windows of a call, from its negotiation chain, drawn behind it.
import type { TPortcallTimestamp, TTimeLabel } from '@quayline/domain';

export const WINDOW_LABELS = ['requested', 'planned', 'accepted'] as const satisfies readonly TTimeLabel[];
export type TWindowLabel = (typeof WINDOW_LABELS)[number];
export type TNegotiationWindow = { label: TWindowLabel; from: number; to: number };

export function negotiationWindows(chain: readonly TPortcallTimestamp[]): TNegotiationWindow[] {
  const latest = (time: 'berth_arrival' | 'berth_departure', label: TWindowLabel) => chain.findLast((s) => s.time === time && s.label === label && s.date_time !== null)?.date_time ?? null;
  const out: TNegotiationWindow[] = [];
  for (const label of WINDOW_LABELS) {
    const arrival = latest('berth_arrival', label);
    const departure = latest('berth_departure', label);
    if (!arrival || !departure) continue;
    const from = Date.parse(arrival);
    const to = Date.parse(departure);
    if (to > from) out.push({ label, from, to });
  }
  return out;
}
