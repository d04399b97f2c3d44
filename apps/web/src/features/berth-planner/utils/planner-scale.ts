// Mapping between the plan (instants, quay metres) and the plot's pixels, in both axis orientations.
// Default: time runs left to right, the quay top to bottom; switch_canvas_axes swaps them.
import { LEFT_BUFFER_PX, METRE_TO_HEIGHT, MINUTE_TO_WIDTH, TOP_BUFFER_PX } from './planner-constants';

declare const pixelBrand: unique symbol;
/** A distance in plot pixels, so it is not mixed up with metres or minutes. */
export type TPixels = number & { readonly [pixelBrand]: 'Pixels' };
const px = (value: number) => value as TPixels;

export type TPlanRect = { from: number; to: number; start: number; end: number };
export type TScreenRect = { left: TPixels; top: TPixels; width: TPixels; height: TPixels };

export type TPlannerScale = {
  windowStart: number;
  windowEnd: number;
  quayLength: number;
  isSwitched: boolean;
  pxPerMs: number;
  pxPerMetre: number;
  /** Size of the plot along screen x and y. */
  width: TPixels;
  height: TPixels;
};

export function createScale(args: { windowStart: number; windowEnd: number; quayLength: number; zoomPercent: number; isSwitched: boolean }): TPlannerScale {
  const zoom = args.zoomPercent / 100;
  const pxPerMs = (MINUTE_TO_WIDTH * zoom) / 60_000;
  const pxPerMetre = METRE_TO_HEIGHT * zoom;
  const timeBuffer = args.isSwitched ? TOP_BUFFER_PX : LEFT_BUFFER_PX;
  const quayBuffer = args.isSwitched ? LEFT_BUFFER_PX : TOP_BUFFER_PX;
  const timeExtent = (args.windowEnd - args.windowStart) * pxPerMs + timeBuffer * 2;
  const quayExtent = args.quayLength * pxPerMetre + quayBuffer * 2;
  return {
    windowStart: args.windowStart,
    windowEnd: args.windowEnd,
    quayLength: args.quayLength,
    isSwitched: args.isSwitched,
    pxPerMs,
    pxPerMetre,
    width: px(args.isSwitched ? quayExtent : timeExtent),
    height: px(args.isSwitched ? timeExtent : quayExtent),
  };
}

const timeBuffer = (s: TPlannerScale) => (s.isSwitched ? TOP_BUFFER_PX : LEFT_BUFFER_PX);
const quayBuffer = (s: TPlannerScale) => (s.isSwitched ? LEFT_BUFFER_PX : TOP_BUFFER_PX);

/** Position of an instant along the time axis. */
export const timeToPx = (s: TPlannerScale, ms: number): TPixels => px(timeBuffer(s) + (ms - s.windowStart) * s.pxPerMs);
export const pxToTime = (s: TPlannerScale, position: number): number => s.windowStart + (position - timeBuffer(s)) / s.pxPerMs;
/** Position of a quay metre along the quay axis. */
export const metreToPx = (s: TPlannerScale, metre: number): TPixels => px(quayBuffer(s) + metre * s.pxPerMetre);
export const pxToMetre = (s: TPlannerScale, position: number): number => (position - quayBuffer(s)) / s.pxPerMetre;
export const durationToPx = (s: TPlannerScale, ms: number): TPixels => px(ms * s.pxPerMs);
export const pxToDuration = (s: TPlannerScale, distance: number): number => distance / s.pxPerMs;
export const pxToLength = (s: TPlannerScale, distance: number): number => distance / s.pxPerMetre;

export function planToScreen(s: TPlannerScale, r: TPlanRect): TScreenRect {
  const t = timeToPx(s, r.from);
  const tl = durationToPx(s, r.to - r.from);
  const q = metreToPx(s, Math.min(r.start, r.end));
  const ql = px(Math.abs(r.end - r.start) * s.pxPerMetre);
  return s.isSwitched ? { left: q, top: t, width: ql, height: tl } : { left: t, top: q, width: tl, height: ql };
}

/** The plan point under a plot pixel. */
export function screenToPlan(s: TPlannerScale, x: number, y: number): { ms: number; metre: number } {
  return s.isSwitched ? { ms: pxToTime(s, y), metre: pxToMetre(s, x) } : { ms: pxToTime(s, x), metre: pxToMetre(s, y) };
}

/** A screen movement split into time and quay movement. */
export function screenDeltaToPlan(s: TPlannerScale, dx: number, dy: number): { ms: number; metres: number } {
  return s.isSwitched ? { ms: pxToDuration(s, dy), metres: pxToLength(s, dx) } : { ms: pxToDuration(s, dx), metres: pxToLength(s, dy) };
}

/** The plan window a screen rectangle covers (for virtualisation). */
export function screenRectToPlan(s: TPlannerScale, r: { left: number; top: number; right: number; bottom: number }): { from: number; to: number; start: number; end: number } {
  const a = screenToPlan(s, r.left, r.top);
  const b = screenToPlan(s, r.right, r.bottom);
  return { from: Math.min(a.ms, b.ms), to: Math.max(a.ms, b.ms), start: Math.min(a.metre, b.metre), end: Math.max(a.metre, b.metre) };
}
