// The predicted water level and the times it stays at or above a required level (tidal windows).
import type { TTide } from './model';

/** The water level above chart datum, metres, at an instant in hours; 0 without a tide. */
export function tideLevelFunction(tide: TTide | null): (hours: number) => number {
  if (!tide) return () => 0;
  switch (tide.kind) {
    case 'function':
      return tide.levelAt;
    case 'harmonic': {
      const { mean, constituents } = tide;
      return (t) => {
        let level = mean;
        for (const c of constituents) level += c.amplitude * Math.cos((2 * Math.PI * (t - c.phase)) / c.period);
        return level;
      };
    }
    case 'table': {
      const times = tide.points.map((p) => p[0]);
      const levels = tide.points.map((p) => p[1]);
      const last = times.length - 1;
      return (t) => {
        if (last < 0) return 0;
        if (t <= times[0]!) return levels[0]!;
        if (t >= times[last]!) return levels[last]!;
        let lo = 0;
        let hi = last;
        while (hi - lo > 1) {
          const mid = (lo + hi) >> 1;
          if (times[mid]! <= t) lo = mid;
          else hi = mid;
        }
        const t0 = times[lo]!;
        const t1 = times[hi]!;
        return levels[lo]! + ((levels[hi]! - levels[lo]!) * (t - t0)) / (t1 - t0);
      };
    }
  }
}

/** Lowest and highest level the tide can reach; null where unknown (a function). */
export function tideRange(tide: TTide | null): { min: number; max: number } | null {
  if (!tide) return { min: 0, max: 0 };
  switch (tide.kind) {
    case 'function':
      return null;
    case 'harmonic': {
      const swing = tide.constituents.reduce((s, c) => s + Math.abs(c.amplitude), 0);
      return { min: tide.mean - swing, max: tide.mean + swing };
    }
    case 'table': {
      const levels = tide.points.map((p) => p[1]);
      return levels.length ? { min: Math.min(...levels), max: Math.max(...levels) } : { min: 0, max: 0 };
    }
  }
}

const CHUNK_HOURS = 48;

/** Index of the first window (by sorted ends) that ends at or after t. */
function firstEndingAfter(hi: readonly number[], t: number): number {
  let a = 0;
  let b = hi.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (hi[mid]! < t) a = mid + 1;
    else b = mid;
  }
  return a;
}
/** Inside margin of a window edge, hours, so that rounding never puts a start on the wrong side of a crossing. */
const EDGE = 1e-6;
/** How far a search for a window goes before it gives up: a little over a spring-neap cycle. */
const SEARCH_HOURS = 24 * 16;

/**
 * Answers "when is the water at least `required` metres above datum" for one tide. Windows are found by
 * sampling and bisection, chunk by chunk as the searches need them, and every answer is checked against the
 * level itself, so a start it returns is one the plan checker accepts.
 */
export class TideOracle {
  readonly levelAt: (hours: number) => number;
  private readonly range: { min: number; max: number } | null;
  private readonly step: number;
  private readonly breakpoints: readonly number[] | null;
  private readonly chunks = new Map<number, Map<number, readonly (readonly [number, number])[]>>();

  constructor(tide: TTide | null) {
    this.levelAt = tideLevelFunction(tide);
    this.range = tideRange(tide);
    this.breakpoints = tide?.kind === 'table' ? tide.points.map((p) => p[0]) : null;
    const shortestPeriod = tide?.kind === 'harmonic' ? Math.min(...tide.constituents.map((c) => c.period), Infinity) : 12;
    this.step = Math.min(0.25, shortestPeriod / 48);
  }

  /** True when the level at `hours` is at least `required`. */
  isDeepEnough(required: number, hours: number): boolean {
    return this.levelAt(hours) >= required;
  }

  /** True when the requirement holds at every instant, so no window search is needed. */
  alwaysDeepEnough(required: number): boolean {
    return this.range !== null && required <= this.range.min;
  }

  /** True when the requirement never holds. */
  neverDeepEnough(required: number): boolean {
    return this.range !== null && required > this.range.max;
  }

  /** The earliest instant at or after `from` with the level at least `required`; Infinity when none is near. */
  nextDeepEnough(required: number, from: number): number {
    if (this.alwaysDeepEnough(required)) return from;
    if (this.neverDeepEnough(required)) return Infinity;
    if (this.isDeepEnough(required, from)) return from;
    if (this.breakpoints && from >= this.breakpoints.at(-1)!) return Infinity;
    const first = Math.floor(from / CHUNK_HOURS);
    const last = Math.floor((from + SEARCH_HOURS) / CHUNK_HOURS);
    for (let c = first; c <= last; c++) {
      for (const [lo, hi] of this.windowsOfChunk(required, c)) {
        if (hi < from) continue;
        const t = Math.max(lo, from);
        if (this.isDeepEnough(required, t)) return t;
      }
    }
    return Infinity;
  }

  /**
   * The earliest start s >= from with the level at least `required` both at s and at s + duration (a vessel
   * must have the water when it berths and when it leaves); Infinity when there is none within the search range.
   */
  earliestStart(required: number, from: number, duration: number): number {
    if (this.alwaysDeepEnough(required)) return from;
    const fast = this.earliestStartFromWindows(required, from, duration);
    // The windows come from sampling; the answer is confirmed on the level itself, else searched the slow way.
    if (!Number.isFinite(fast) || (this.isDeepEnough(required, fast) && this.isDeepEnough(required, fast + duration))) return fast;
    return this.earliestStartByLevel(required, from, duration);
  }

  private earliestStartByLevel(required: number, from: number, duration: number): number {
    let s = from;
    for (let guard = 0; guard < 1000; guard++) {
      const start = this.nextDeepEnough(required, s);
      if (!Number.isFinite(start)) return Infinity;
      const end = start + duration;
      if (this.isDeepEnough(required, end)) return start;
      const deepAgain = this.nextDeepEnough(required, end);
      if (!Number.isFinite(deepAgain)) return Infinity;
      s = Math.max(deepAgain - duration, start + EDGE);
      if (s - from > SEARCH_HOURS) return Infinity;
    }
    return Infinity;
  }

  /** Windows of one level merged across chunks, as two sorted arrays, extended on demand. */
  private readonly merged = new Map<number, { lo: number[]; hi: number[]; from: number; to: number }>();

  private mergedWindows(required: number, from: number, to: number) {
    const firstChunk = Math.floor(from / CHUNK_HOURS);
    const lastChunk = Math.floor(to / CHUNK_HOURS);
    let m = this.merged.get(required);
    if (!m) {
      m = { lo: [], hi: [], from: firstChunk * CHUNK_HOURS, to: firstChunk * CHUNK_HOURS };
      this.merged.set(required, m);
    }
    if (firstChunk * CHUNK_HOURS < m.from) {
      // Earlier chunks: build them on their own and put them in front.
      const lo: number[] = [];
      const hi: number[] = [];
      for (let c = firstChunk; c * CHUNK_HOURS < m.from; c++) this.appendChunk(required, c, lo, hi);
      for (let n = 0; n < m.lo.length; n++) this.appendWindow(m.lo[n]!, m.hi[n]!, lo, hi);
      m.lo = lo;
      m.hi = hi;
      m.from = firstChunk * CHUNK_HOURS;
    }
    for (let c = Math.floor(m.to / CHUNK_HOURS); c <= lastChunk; c++) {
      this.appendChunk(required, c, m.lo, m.hi);
      m.to = (c + 1) * CHUNK_HOURS;
    }
    return m;
  }

  private appendChunk(required: number, chunk: number, lo: number[], hi: number[]): void {
    for (const [a, b] of this.windowsOfChunk(required, chunk)) this.appendWindow(a, b, lo, hi);
  }

  /** Appends a window, joining it to the last one when a chunk edge had cut them apart. */
  private appendWindow(a: number, b: number, lo: number[], hi: number[]): void {
    const n = hi.length;
    if (n > 0 && a <= hi[n - 1]! + 1e-9) hi[n - 1] = Math.max(hi[n - 1]!, b);
    else {
      lo.push(a);
      hi.push(b);
    }
  }

  private earliestStartFromWindows(required: number, from: number, duration: number): number {
    if (this.neverDeepEnough(required)) return Infinity;
    const limit = from + SEARCH_HOURS;
    const m = this.mergedWindows(required, from, limit + duration);
    const { lo, hi } = m;
    let s = from;
    for (let guard = 0; guard < 10_000 && s <= limit; guard++) {
      const a = firstEndingAfter(hi, s);
      if (a >= lo.length) return Infinity;
      s = Math.max(s, lo[a]!);
      const e = s + duration;
      const b = firstEndingAfter(hi, e);
      if (b >= lo.length) return Infinity;
      if (lo[b]! <= e) return s;
      s = lo[b]! - duration;
    }
    return Infinity;
  }

  private windowsOfChunk(required: number, chunk: number): readonly (readonly [number, number])[] {
    let byLevel = this.chunks.get(required);
    if (!byLevel) {
      byLevel = new Map();
      this.chunks.set(required, byLevel);
    }
    const cached = byLevel.get(chunk);
    if (cached) return cached;
    const windows = this.computeWindows(required, chunk * CHUNK_HOURS, (chunk + 1) * CHUNK_HOURS);
    byLevel.set(chunk, windows);
    return windows;
  }

  private samplePoints(t0: number, t1: number): number[] {
    const points: number[] = [];
    for (let t = t0; t < t1; t += this.step) points.push(t);
    if (this.breakpoints) for (const b of this.breakpoints) if (b > t0 && b < t1) points.push(b);
    points.push(t1);
    return points.sort((a, b) => a - b);
  }

  private computeWindows(required: number, t0: number, t1: number): (readonly [number, number])[] {
    const deep = (t: number) => this.levelAt(t) >= required;
    // Bisection keeps `inside` on the deep side, so every window edge it reports is itself deep enough.
    const crossing = (outside: number, inside: number) => {
      for (let i = 0; i < 50 && Math.abs(inside - outside) > 1e-9; i++) {
        const mid = (outside + inside) / 2;
        if (deep(mid)) inside = mid;
        else outside = mid;
      }
      return inside;
    };
    const windows: (readonly [number, number])[] = [];
    const points = this.samplePoints(t0, t1);
    let start: number | null = deep(points[0]!) ? points[0]! : null;
    for (let i = 1; i < points.length; i++) {
      const prev = points[i - 1]!;
      const t = points[i]!;
      const isDeep = deep(t);
      if (start === null && isDeep) start = crossing(prev, t);
      else if (start !== null && !isDeep) {
        const end = crossing(t, prev);
        if (end - start > 2 * EDGE) windows.push([start + EDGE, end - EDGE]);
        start = null;
      }
    }
    if (start !== null) windows.push([start === points[0] ? start : start + EDGE, t1]);
    return windows;
  }
}
