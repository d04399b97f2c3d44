// Which map labels to show when their boxes overlap: the more important one stays, the other is hidden.
/** Higher wins: what the user picked, then the terminal, then the pilot stations, then the towns around. */
export const LABEL_PRIORITY = { selectedVessel: 4, terminal: 3, pilotStation: 2, town: 1 } as const;
export type TLabelPriority = (typeof LABEL_PRIORITY)[keyof typeof LABEL_PRIORITY];

/** A label's box in screen pixels of the map container (left/top inclusive, right/bottom exclusive). */
export type TLabelBox = { left: number; top: number; right: number; bottom: number };
export type TPlacedLabel<K> = { key: K; priority: number; box: TLabelBox };

/** Boxes that touch or keep `gap` pixels apart do not collide; an empty box (not laid out) collides with nothing. */
export function boxesOverlap(a: TLabelBox, b: TLabelBox, gap = 0): boolean {
  const isEmpty = (x: TLabelBox) => x.right <= x.left || x.bottom <= x.top;
  if (isEmpty(a) || isEmpty(b)) return false;
  return a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;
}

/**
 * The keys of the labels to show: greedily by priority (ties in the given order), each kept unless it overlaps one
 * already kept. A hidden label hides nothing, so a chain of three keeps the first and the third.
 */
export function visibleLabelKeys<K>(labels: readonly TPlacedLabel<K>[], gap = 2): Set<K> {
  const order = labels.map((label, index) => ({ label, index })).sort((a, b) => b.label.priority - a.label.priority || a.index - b.index);
  const kept: TLabelBox[] = [];
  const out = new Set<K>();
  for (const { label } of order) {
    if (kept.some((box) => boxesOverlap(box, label.box, gap))) continue;
    kept.push(label.box);
    out.add(label.key);
  }
  return out;
}
