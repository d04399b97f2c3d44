// Dragging cards by pointer: the card moves by a CSS transform written straight to the DOM (no React render per frame),
// snaps to the time step and to bollards, and shows its live clash state; the drop commits one move.
import { useCallback, useEffect, useRef } from 'react';
import type { TPlanQuay, TPlannedCall, TPlannerPortcall } from '@quayline/domain';
import type { TPlace } from '../api/update-portcall-place';
import type { TPlannerDay } from '../utils/day-grid';
import { isPlaced, toPlannedCall } from '../utils/plan-model';
import { planToScreen, screenDeltaToPlan, type TPlannerScale } from '../utils/planner-scale';
import { snapSpan, snapTime } from '../utils/snapping';
import { clashesOfCandidate, type TTimeIndex } from '../utils/time-index';

export type TDragDeps = {
  scale: TPlannerScale;
  days: readonly TPlannerDay[];
  stepMinutes: number;
  bollardPositions: readonly number[];
  quay: TPlanQuay;
  index: TTimeIndex;
  callsById: ReadonlyMap<number, TPlannerPortcall>;
  canMove: (id: number) => boolean;
  onCommit: (call: TPlannerPortcall, place: TPlace) => void;
  onSelect: (id: number) => void;
  onDragStart: (dragged: TPlannedCall) => void;
  onDragEnd: () => void;
};

/** Pixels a pointer may wander before a press counts as a drag rather than a click. */
const DRAG_THRESHOLD_PX = 4;
/** The strip at a card's departure end that resizes it (the card's ::after in CSS draws its cursor). */
export const RESIZE_HANDLE_PX = 8;

/** A press in the last few pixels of the card along the time axis takes its departure rather than the card. */
export function isOnResizeHandle(card: { right: number; bottom: number; width: number; height: number }, point: { x: number; y: number }, isSwitched: boolean): boolean {
  const handle = isSwitched ? Math.min(RESIZE_HANDLE_PX, card.height / 3) : Math.min(RESIZE_HANDLE_PX, card.width / 3);
  return isSwitched ? point.y >= card.bottom - handle : point.x >= card.right - handle;
}

export function placeOf(c: Pick<TPlannedCall, 'from' | 'to' | 'start' | 'end'>): TPlace {
  return { berth_arrival: new Date(c.from).toISOString(), berth_departure: new Date(c.to).toISOString(), berth_start_position: c.start, berth_end_position: c.end };
}

/** Where a drag by (dx, dy) screen pixels puts the call, snapped. */
export function draggedPlace(d: Pick<TDragDeps, 'scale' | 'days' | 'stepMinutes' | 'bollardPositions'>, origin: TPlannedCall, kind: 'move' | 'resize', dx: number, dy: number): TPlannedCall {
  const delta = screenDeltaToPlan(d.scale, dx, dy);
  if (kind === 'resize') {
    const to = Math.max(origin.from + d.stepMinutes * 60_000, snapTime(origin.to + delta.ms, d.days, d.stepMinutes));
    return { ...origin, to };
  }
  const from = snapTime(origin.from + delta.ms, d.days, d.stepMinutes);
  const span = snapSpan(origin.start + delta.metres, origin.end - origin.start, d.bollardPositions, d.scale.quayLength);
  return { ...origin, from, to: from + (origin.to - origin.from), start: span.start, end: span.end };
}

export function writeCardState(el: HTMLElement, c: TPlannedCall, isClash: boolean): void {
  el.dataset.start = new Date(c.from).toISOString();
  el.dataset.end = new Date(c.to).toISOString();
  el.dataset.from = String(c.start);
  el.dataset.to = String(c.end);
  el.dataset.clash = String(isClash);
}

export function useCardDrag(deps: TDragDeps) {
  const depsRef = useRef(deps);
  useEffect(() => {
    depsRef.current = deps;
  });
  const cleanupRef = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanupRef.current?.(), []);

  const onPointerDown = useCallback((event: React.PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    const el = target.closest<HTMLElement>('[data-testid="planner-card"]');
    if (!el) return;
    const id = Number(el.dataset.portcallId);
    const call = depsRef.current.callsById.get(id);
    if (!call || !isPlaced(call)) return;
    const kind = isOnResizeHandle(el.getBoundingClientRect(), { x: event.clientX, y: event.clientY }, depsRef.current.scale.isSwitched) ? 'resize' : 'move';
    const origin = toPlannedCall(call);
    const initial = { transform: el.style.transform, width: el.style.width, height: el.style.height, clash: el.dataset.clash ?? 'false' };
    const startX = event.clientX;
    const startY = event.clientY;
    const canMove = depsRef.current.canMove(id);
    let isDragging = false;
    let frame = 0;
    let last = { x: startX, y: startY };
    let candidate: TPlannedCall = origin;
    event.preventDefault();
    el.focus({ preventScroll: true });

    const render = () => {
      frame = 0;
      const d = depsRef.current;
      candidate = draggedPlace(d, origin, kind, last.x - startX, last.y - startY);
      const base = planToScreen(d.scale, origin);
      const next = planToScreen(d.scale, candidate);
      el.style.transform = `translate(${next.left - base.left}px, ${next.top - base.top}px)`;
      el.style.width = `${next.width}px`;
      el.style.height = `${next.height}px`;
      writeCardState(el, candidate, clashesOfCandidate(candidate, d.index, d.quay).length > 0);
    };
    const onMove = (e: PointerEvent) => {
      last = { x: e.clientX, y: e.clientY };
      if (!isDragging) {
        if (!canMove || Math.abs(last.x - startX) + Math.abs(last.y - startY) < DRAG_THRESHOLD_PX) return;
        isDragging = true;
        el.dataset.dragging = 'true';
        depsRef.current.onDragStart(origin);
      }
      if (!frame) frame = requestAnimationFrame(render);
    };
    const finish = (isCommitted: boolean) => {
      cleanupRef.current?.();
      if (frame) {
        cancelAnimationFrame(frame);
        if (isCommitted) render();
      }
      const d = depsRef.current;
      if (!isDragging) {
        d.onSelect(id);
        return;
      }
      delete el.dataset.dragging;
      el.style.transform = initial.transform;
      el.style.width = initial.width;
      el.style.height = initial.height;
      writeCardState(el, origin, initial.clash === 'true');
      d.onDragEnd();
      const isChanged = candidate.from !== origin.from || candidate.to !== origin.to || candidate.start !== origin.start || candidate.end !== origin.end;
      if (isCommitted && isChanged) d.onCommit(call, placeOf(candidate));
      d.onSelect(id);
    };
    const onUp = () => finish(true);
    const onCancel = () => finish(false);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    cleanupRef.current = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      cleanupRef.current = null;
    };
  }, []);

  return { onPointerDown };
}
