// Placing an unassigned call: drag its list item onto the quay; the drop point gives arrival and first metre.
import { useCallback, useEffect, useRef } from 'react';
import type { TPlannerPortcall } from '@quayline/domain';
import type { TPlace } from '../api/update-portcall-place';
import type { TPlannerDay } from '../utils/day-grid';
import { screenToPlan, type TPlannerScale } from '../utils/planner-scale';
import { snapSpan, snapTime } from '../utils/snapping';

/** A vessel without a known length gets this much quay until the planner adjusts it. */
const DEFAULT_LENGTH_M = 150;

export function dropPlace(args: { call: TPlannerPortcall; ms: number; metre: number; days: readonly TPlannerDay[]; stepMinutes: number; bollardPositions: readonly number[]; quayLength: number }): TPlace {
  const duration = Math.max(args.stepMinutes * 60_000, Date.parse(args.call.berth_departure) - Date.parse(args.call.berth_arrival));
  const from = snapTime(args.ms, args.days, args.stepMinutes);
  const length = Math.min(args.quayLength, Math.ceil(args.call.vessel_length_overall || DEFAULT_LENGTH_M));
  const span = snapSpan(args.metre, length, args.bollardPositions, args.quayLength);
  return { berth_arrival: new Date(from).toISOString(), berth_departure: new Date(from + duration).toISOString(), berth_start_position: span.start, berth_end_position: span.end };
}

export function useUnassignedDrop(deps: {
  viewport: React.RefObject<HTMLElement | null>;
  scale: TPlannerScale;
  days: readonly TPlannerDay[];
  stepMinutes: number;
  bollardPositions: readonly number[];
  onPlace: (call: TPlannerPortcall, place: TPlace) => void;
}) {
  const depsRef = useRef(deps);
  useEffect(() => {
    depsRef.current = deps;
  });
  const cleanupRef = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanupRef.current?.(), []);

  return useCallback((event: React.PointerEvent<HTMLElement>, call: TPlannerPortcall) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const source = event.currentTarget;
    const ghost = source.cloneNode(true) as HTMLElement;
    Object.assign(ghost.style, { position: 'fixed', pointerEvents: 'none', zIndex: '1000', opacity: '0.85', width: `${source.offsetWidth}px`, left: `${event.clientX + 6}px`, top: `${event.clientY + 6}px` });
    ghost.removeAttribute('data-testid');
    document.body.appendChild(ghost);
    const onMove = (e: PointerEvent) => {
      ghost.style.left = `${e.clientX + 6}px`;
      ghost.style.top = `${e.clientY + 6}px`;
    };
    const onUp = (e: PointerEvent) => {
      cleanupRef.current?.();
      const d = depsRef.current;
      const viewport = d.viewport.current;
      if (!viewport) return;
      const box = viewport.getBoundingClientRect();
      if (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom) return;
      const point = screenToPlan(d.scale, e.clientX - box.left + viewport.scrollLeft, e.clientY - box.top + viewport.scrollTop);
      d.onPlace(call, dropPlace({ call, ms: point.ms, metre: point.metre, days: d.days, stepMinutes: d.stepMinutes, bollardPositions: d.bollardPositions, quayLength: d.scale.quayLength }));
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    cleanupRef.current = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      ghost.remove();
      cleanupRef.current = null;
    };
  }, []);
}
