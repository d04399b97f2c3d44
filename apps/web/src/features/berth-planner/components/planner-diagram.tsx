// The diagram: time and quay axes around a scroll viewport; static layers on canvases behind it, the visible cards
// (virtualised) and the overlays inside it. Scrolling moves the axes and redraws the canvases without a React render.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TBlockedZone, TLocale, TPlanQuay, TPlannedCall, TPlannerPortcall, TPortcallCardField, TShiftOccurrence, TTerminalDetail } from '@quayline/domain';
import type { TTidalData } from '../api/get-tidal-data';
import type { TPlace } from '../api/update-portcall-place';
import { placeOf, useCardDrag } from '../hooks/use-card-drag';
import { usePinnedCardTexts } from '../hooks/use-pinned-card-texts';
import { createCardTexts } from '../utils/card-fields';
import { intersects, quantiseViewport, type TViewportBox } from '../utils/card-visibility';
import type { TPlannerDay } from '../utils/day-grid';
import { drawGrid, type TGridLayers } from '../utils/draw-grid';
import { computeFreeSpace, type TFreeSpaceGrid } from '../utils/free-space';
import { keyboardPlace } from '../utils/keyboard-moves';
import type { TNegotiationWindow } from '../utils/negotiation-windows';
import { toPlannedCall, type TPlacedCall } from '../utils/plan-model';
import { BOLLARD_COLUMN_PX, PHONE_MAX_PX, RENDER_MARGIN_PX, SHADE_CELL_METRES, SHIFT_ROW_PX, TIDE_ROW_PX, TERMINAL_COLUMN_PX, TIME_AXIS_PX } from '../utils/planner-constants';
import { planToScreen, pxToTime, timeToPx, type TPlannerScale, type TScreenRect } from '../utils/planner-scale';
import type { TTimeIndex } from '../utils/time-index';
import classes from './berth-planner.module.css';
import { BlockZonesOverlay, NegotiationWindows } from './plan-overlays';
import { PlannerCard } from './planner-card';
import { QuayAxis } from './quay-axis';
import { TimeAxis } from './time-axis';
import { ViewportCanvas, type TViewportCanvasHandle } from './viewport-canvas';
import { localizedName } from '@quayline/domain';

declare global {
  interface Window {
    /** Read by the planner benchmark and browser tests. */
    __quaylinePlanner?: { cardCount: number; renderedCards: number };
  }
}

export type TPlannerDiagramProps = {
  terminal: TTerminalDetail;
  scale: TPlannerScale;
  days: readonly TPlannerDay[];
  hourLines: readonly number[];
  shifts: readonly TShiftOccurrence[];
  volumes: readonly number[] | null;
  layers: Omit<TGridLayers, 'days' | 'hourLines' | 'shifts' | 'sections' | 'now'>;
  showShifts: boolean;
  showTide: boolean;
  showDepths: boolean;
  showBlockZones: boolean;
  calls: readonly TPlacedCall[];
  callsById: ReadonlyMap<number, TPlannerPortcall>;
  clashIds: ReadonlySet<number>;
  frozenIds: ReadonlySet<number>;
  selectedId: number | null;
  windows: readonly TNegotiationWindow[];
  blockZones: readonly TBlockedZone[];
  tide: TTidalData | undefined;
  quay: TPlanQuay;
  index: TTimeIndex;
  stepMinutes: number;
  stepMetres: number;
  bollardPositions: readonly number[];
  fields: readonly TPortcallCardField[];
  timeZone: string;
  /** The terminal's moves per crane-hour, the norm of the cards' plausibility warnings. */
  craneRate: number | null;
  locale: TLocale;
  initialScrollMs: number | null;
  viewportRef: React.RefObject<HTMLDivElement | null>;
  canMove: (id: number) => boolean;
  onSelect: (id: number | null) => void;
  onOpen: (id: number) => void;
  onCommit: (call: TPlannerPortcall, place: TPlace) => void;
};

const QUAY_AXIS = { terminal: TERMINAL_COLUMN_PX, bollard: BOLLARD_COLUMN_PX };
/** On a phone the quay axis gives the diagram room: narrower columns, same content. */
const COMPACT_QUAY_AXIS = { terminal: 44, bollard: 52 };

/**
 * Before the viewport is measured (and in jsdom, which measures nothing) part of the window stands in for it: the
 * navigation, axes and panels take the rest. Too small costs one more render before paint, too large mounts cards
 * nobody sees.
 */
const fallbackView = () => ({ width: Math.round((window.innerWidth || 1600) * 0.6), height: Math.round((window.innerHeight || 1000) * 0.7) });

function viewBox(el: HTMLElement | null): TViewportBox {
  const width = el?.clientWidth || fallbackView().width;
  const height = el?.clientHeight || fallbackView().height;
  const left = el?.scrollLeft ?? 0;
  const top = el?.scrollTop ?? 0;
  return { left, top, right: left + width, bottom: top + height };
}

const sameBox = (a: TViewportBox, b: TViewportBox) => a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom;

export function PlannerDiagram(p: TPlannerDiagramProps) {
  const { t } = useTranslation();
  const { scale, viewportRef } = p;
  const timeAxisRef = useRef<HTMLDivElement | null>(null);
  const quayAxisRef = useRef<HTMLDivElement | null>(null);
  const gridCanvas = useRef<TViewportCanvasHandle | null>(null);
  const shadeCanvas = useRef<TViewportCanvasHandle | null>(null);
  const shadeGrid = useRef<TFreeSpaceGrid | null>(null);
  const plotRef = useRef<HTMLDivElement | null>(null);
  const frame = useRef(0);
  // The first render mounts only what is on screen; the margin for smooth scrolling follows right after it.
  const margin = useRef(0);
  const [box, setBox] = useState<TViewportBox>(() => {
    // Mount the cards where the viewport is about to scroll to, not at the window start.
    const b = viewBox(null);
    const offset = p.initialScrollMs !== null ? Math.max(0, timeToPx(scale, p.initialScrollMs) - 40) : 0;
    return quantiseViewport(scale.isSwitched ? { ...b, top: b.top + offset, bottom: b.bottom + offset } : { ...b, left: b.left + offset, right: b.right + offset }, 0);
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const isCompact = useMediaQuery(`(max-width: ${PHONE_MAX_PX}px)`) ?? false;
  const axis = isCompact ? COMPACT_QUAY_AXIS : QUAY_AXIS;
  const quayAxisPx = axis.terminal + axis.bollard;
  const timeAxisThickness = TIME_AXIS_PX + (p.showTide ? TIDE_ROW_PX : 0) + (p.showShifts ? SHIFT_ROW_PX : 0) + (p.volumes ? SHIFT_ROW_PX : 0);

  const layers = useMemo<TGridLayers>(() => ({ ...p.layers, days: p.days, hourLines: p.hourLines, shifts: p.shifts, sections: p.terminal.sections, now }), [p.layers, p.days, p.hourLines, p.shifts, p.terminal.sections, now]);
  const drawStatic = useCallback((ctx: CanvasRenderingContext2D, view: { x: number; y: number; width: number; height: number }) => drawGrid(ctx, scale, layers, view), [scale, layers]);
  const drawShade = useCallback(
    (ctx: CanvasRenderingContext2D, view: { x: number; y: number; width: number; height: number }) => {
      ctx.clearRect(0, 0, view.width, view.height);
      const g = shadeGrid.current;
      if (!g) return;
      ctx.save();
      ctx.translate(-view.x, -view.y);
      for (let c = 0; c < g.columns; c++) {
        let runStart = 0;
        for (let r = 1; r <= g.rows; r++) {
          if (r < g.rows && g.isFree[c * g.rows + r] === g.isFree[c * g.rows + runStart]) continue;
          const rect = planToScreen(scale, { from: g.from + c * g.cellMs, to: g.from + (c + 1) * g.cellMs, start: runStart * g.cellMetres, end: Math.min(scale.quayLength, r * g.cellMetres) });
          ctx.fillStyle = g.isFree[c * g.rows + runStart] ? 'rgba(40,170,90,0.16)' : 'rgba(220,60,60,0.13)';
          ctx.fillRect(rect.left, rect.top, rect.width, rect.height);
          runStart = r;
        }
      }
      ctx.restore();
    },
    [scale],
  );

  const rects = useMemo(() => p.calls.map((call) => ({ call, rect: planToScreen(scale, toPlannedCall(call)) })), [p.calls, scale]);
  const visible = useMemo(() => rects.filter((r) => intersects(r.rect, box)), [rects, box]);
  const pinCardTexts = usePinnedCardTexts({ viewportRef, plotRef, visible, isSwitched: scale.isSwitched });

  const sync = useCallback(() => {
    frame.current = 0;
    const el = viewportRef.current;
    if (!el) return;
    const x = el.scrollLeft;
    const y = el.scrollTop;
    if (timeAxisRef.current) timeAxisRef.current.style.transform = scale.isSwitched ? `translateY(${-y}px)` : `translateX(${-x}px)`;
    if (quayAxisRef.current) quayAxisRef.current.style.transform = scale.isSwitched ? `translateX(${-x}px)` : `translateY(${-y}px)`;
    gridCanvas.current?.redraw(x, y);
    shadeCanvas.current?.redraw(x, y);
    pinCardTexts();
    const next = quantiseViewport(viewBox(el), margin.current);
    setBox((prev) => (sameBox(prev, next) ? prev : next));
  }, [scale.isSwitched, viewportRef, pinCardTexts]);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      margin.current = RENDER_MARGIN_PX;
      sync();
    }, 250);
    return () => window.clearTimeout(timer);
  }, [sync]);
  const onScroll = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(sync);
  }, [sync]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Open at the requested instant (now, or the first day shown), then keep the axes in step.
  useLayoutEffect(() => {
    const el = viewportRef.current;
    if (el && p.initialScrollMs !== null) {
      const position = Math.max(0, timeToPx(scale, p.initialScrollMs) - 40);
      if (scale.isSwitched) el.scrollTop = position;
      else el.scrollLeft = position;
    }
    sync();
    // Only a new window, zoom or orientation moves the scroll position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.initialScrollMs, scale]);
  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(() => sync());
    observer.observe(el);
    return () => observer.disconnect();
  }, [sync, viewportRef]);

  useEffect(() => {
    window.__quaylinePlanner = { cardCount: p.calls.length, renderedCards: visible.length };
  });

  const bollardNames = useMemo(() => new Map(p.terminal.bollards.map((b) => [b.id, b.name])), [p.terminal.bollards]);
  const texts = useMemo(() => createCardTexts(t), [t]);
  const placeNames = useMemo(() => new Map(p.terminal.pilot_boarding_places.map((place) => [place.id, localizedName(place, p.locale)])), [p.terminal.pilot_boarding_places, p.locale]);
  const context = useMemo(() => ({ texts, timeZone: p.timeZone, locale: p.locale, bollardNames, placeNames, craneRate: p.craneRate }), [texts, p.timeZone, p.locale, bollardNames, placeNames, p.craneRate]);

  const { onPointerDown } = useCardDrag({
    scale,
    days: p.days,
    stepMinutes: p.stepMinutes,
    bollardPositions: p.bollardPositions,
    quay: p.quay,
    index: p.index,
    callsById: p.callsById,
    canMove: p.canMove,
    onCommit: p.onCommit,
    onSelect: p.onSelect,
    onDragStart: (dragged: TPlannedCall) => {
      const el = viewportRef.current;
      const v = viewBox(el);
      const a = pxToTime(scale, scale.isSwitched ? v.top : v.left);
      const b = pxToTime(scale, scale.isSwitched ? v.bottom : v.right);
      // Hour cells over the visible window plus one screen either side: a few thousand cells, computed once per drag.
      const span = b - a;
      shadeGrid.current = computeFreeSpace({ dragged, index: p.index, quay: p.quay, from: Math.floor((a - span) / 3_600_000) * 3_600_000, to: b + span, cellMs: 3_600_000, cellMetres: SHADE_CELL_METRES });
      shadeCanvas.current?.redraw(el?.scrollLeft ?? 0, el?.scrollTop ?? 0);
    },
    onDragEnd: () => {
      shadeGrid.current = null;
      const el = viewportRef.current;
      shadeCanvas.current?.redraw(el?.scrollLeft ?? 0, el?.scrollTop ?? 0);
    },
  });

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const el = (event.target as HTMLElement).closest<HTMLElement>('[data-testid="planner-card"]');
    const id = el ? Number(el.dataset.portcallId) : null;
    if (event.key === 'Escape') return p.onSelect(null);
    if (id === null) return undefined;
    if (event.key === 'Enter') return p.onOpen(id);
    const call = p.callsById.get(id);
    if (!call || call.berth_start_position === null || call.berth_end_position === null) return undefined;
    const origin = toPlannedCall(call as TPlacedCall);
    const next = keyboardPlace(origin, { key: event.key, isShift: event.shiftKey, isAlt: event.altKey }, { isSwitched: scale.isSwitched, stepMinutes: p.stepMinutes, stepMetres: p.stepMetres, bollardPositions: p.bollardPositions, quayLength: scale.quayLength });
    if (!next) return undefined;
    event.preventDefault();
    if (p.canMove(id)) p.onCommit(call, placeOf(next));
    return undefined;
  };

  const selected = p.selectedId !== null ? p.callsById.get(p.selectedId) : undefined;
  const isSwitched = scale.isSwitched;
  const gridStyle: React.CSSProperties = isSwitched
    ? { gridTemplateColumns: `${timeAxisThickness}px 1fr`, gridTemplateRows: `${quayAxisPx}px 1fr` }
    : { gridTemplateColumns: `${quayAxisPx}px 1fr`, gridTemplateRows: `${timeAxisThickness}px 1fr` };
  const timeCell: React.CSSProperties = isSwitched ? { gridRow: 2, gridColumn: 1, borderRight: '1px solid var(--mantine-color-gray-3)' } : { gridRow: 1, gridColumn: 2, borderBottom: '1px solid var(--mantine-color-gray-3)' };
  const quayCell: React.CSSProperties = isSwitched ? { gridRow: 1, gridColumn: 2, borderBottom: '1px solid var(--mantine-color-gray-3)' } : { gridRow: 2, gridColumn: 1, borderRight: '1px solid var(--mantine-color-gray-3)' };
  const timeInner: React.CSSProperties = isSwitched ? { width: timeAxisThickness, height: scale.height } : { width: scale.width, height: timeAxisThickness };
  const quayInner: React.CSSProperties = isSwitched ? { width: scale.width, height: quayAxisPx } : { width: quayAxisPx, height: scale.height };

  return (
    <div className={classes.diagram} style={gridStyle} data-axes={isSwitched ? 'switched' : 'default'}>
      <div className={classes.corner}>{p.terminal.code}</div>
      <div className={classes.axisClip} style={timeCell} data-testid="planner-time-axis">
        <div ref={timeAxisRef} className={classes.axisInner} style={timeInner}>
          <TimeAxis scale={scale} days={p.days} hourLines={p.hourLines} shifts={p.shifts} showShifts={p.showShifts} volumes={p.volumes} tide={p.showTide ? p.tide : null} stepHours={p.stepMinutes / 60} timeZone={p.timeZone} locale={p.locale} />
        </div>
      </div>
      <div className={classes.axisClip} style={quayCell} data-testid="planner-quay-axis" aria-label={`${t('berthPlanner.axis.terminal')} · ${t('berthPlanner.axis.bollards')}`}>
        <div ref={quayAxisRef} className={classes.axisInner} style={quayInner}>
          <QuayAxis scale={scale} terminal={p.terminal} showDepths={p.showDepths} terminalColumnPx={axis.terminal} bollardColumnPx={axis.bollard} />
        </div>
      </div>
      <div style={{ gridRow: 2, gridColumn: 2, position: 'relative', minWidth: 0, minHeight: 0 }}>
        <ViewportCanvas ref={gridCanvas} draw={drawStatic} testId="planner-grid-canvas" />
        <ViewportCanvas ref={shadeCanvas} draw={drawShade} testId="planner-shade-canvas" />
        <div ref={viewportRef} className={classes.viewport} style={{ position: 'absolute', inset: 0 }} data-testid="planner-viewport" onScroll={onScroll}>
          <div
            ref={plotRef}
            className={classes.plot}
            style={{ width: scale.width, height: scale.height }}
            onPointerDown={(e) => {
              if (!(e.target as HTMLElement).closest('[data-testid="planner-card"]')) p.onSelect(null);
              onPointerDown(e);
            }}
            onDoubleClick={(e) => {
              const el = (e.target as HTMLElement).closest<HTMLElement>('[data-testid="planner-card"]');
              if (el) p.onOpen(Number(el.dataset.portcallId));
            }}
            onKeyDown={onKeyDown}
          >
            {p.showBlockZones && <BlockZonesOverlay scale={scale} zones={p.blockZones} timeZone={p.timeZone} locale={p.locale} />}
            {selected && selected.berth_start_position !== null && selected.berth_end_position !== null && (
              <NegotiationWindows scale={scale} windows={p.windows} start={Math.min(selected.berth_start_position, selected.berth_end_position)} end={Math.max(selected.berth_start_position, selected.berth_end_position)} />
            )}
            {visible.map(({ call, rect }: { call: TPlacedCall; rect: TScreenRect }) => (
              <PlannerCard
                key={call.id}
                call={call}
                rect={rect}
                isClash={p.clashIds.has(call.id)}
                isFrozen={p.frozenIds.has(call.id)}
                isSelected={call.id === p.selectedId}
                isSwitched={isSwitched}
                fields={p.fields}
                context={context}
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
