// Cards that start before the visible part of the diagram keep their name and details in view: their texts are
// shifted to the viewport's leading edge. Written to the DOM from the scroll handler, so scrolling renders nothing
// in React; `position: sticky` did the same but doubled the main-thread work of a drag with 400 cards on screen.
import { useCallback, useEffect, useRef } from 'react';
import type { TScreenRect } from '../utils/planner-scale';

/** A card showing less than this of itself is not worth moving its texts into. */
const MIN_VISIBLE_PX = 40;

type TCardRect = { call: { id: number }; rect: TScreenRect };

/** How far the texts of a card move to stay in view when the viewport's leading edge cuts it; 0 when it does not. */
export function pinOffset(rect: { left: number; top: number; width: number; height: number }, edge: number, isSwitched: boolean): number {
  const start = isSwitched ? rect.top : rect.left;
  const size = isSwitched ? rect.height : rect.width;
  return edge > start && start + size - edge >= MIN_VISIBLE_PX ? Math.round(edge - start) : 0;
}

export function usePinnedCardTexts(args: { viewportRef: React.RefObject<HTMLDivElement | null>; plotRef: React.RefObject<HTMLDivElement | null>; visible: readonly TCardRect[]; isSwitched: boolean }): () => void {
  const { viewportRef, plotRef, visible, isSwitched } = args;
  const state = useRef({ visible, isSwitched, elements: new Map<number, HTMLElement>(), pinned: new Set<HTMLElement>() });
  state.current.visible = visible;
  state.current.isSwitched = isSwitched;

  const pin = useCallback(() => {
    const s = state.current;
    const viewport = viewportRef.current;
    if (!viewport) return;
    const edge = s.isSwitched ? viewport.scrollTop : viewport.scrollLeft;
    const next = new Set<HTMLElement>();
    for (const { call, rect } of s.visible) {
      const offset = pinOffset(rect, edge, s.isSwitched);
      const el = offset > 0 ? s.elements.get(call.id) : undefined;
      if (!el) continue;
      el.style.setProperty('--pin', `${offset}px`);
      el.dataset.pinned = 'true';
      next.add(el);
    }
    for (const el of s.pinned) {
      if (next.has(el)) continue;
      el.style.removeProperty('--pin');
      delete el.dataset.pinned;
    }
    s.pinned = next;
  }, [viewportRef]);

  // New cards mounted (scroll margin, a move, new data): find their elements once, then pin for the current scroll.
  // After paint, not before: reading the scroll position before it would lay the page out once more.
  useEffect(() => {
    const elements = new Map<number, HTMLElement>();
    for (const el of plotRef.current?.querySelectorAll<HTMLElement>('[data-testid="planner-card"]') ?? []) elements.set(Number(el.dataset.portcallId), el);
    state.current.elements = elements;
    pin();
  }, [visible, isSwitched, pin, plotRef]);

  return pin;
}
