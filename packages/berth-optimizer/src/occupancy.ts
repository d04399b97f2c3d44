// A space-time index of the rectangles already on the quay (calls and block zones), bucketed by time, that
// answers "until when is this stretch of quay taken during [start, end)".

const BUCKET_HOURS = 12;
/** Cells of the space-time grid are keyed by time bucket x this + space bucket. */
const SPACE_SLOTS = 1 << 16;

export class Occupancy {
  private readonly from: number[] = [];
  private readonly to: number[] = [];
  private readonly start: number[] = [];
  private readonly end: number[] = [];
  /** Clearance applies between vessels, not between a vessel and a block zone. */
  private readonly isVessel: boolean[] = [];
  private readonly alive: boolean[] = [];
  private readonly free: number[] = [];
  /** Rectangles by time bucket (for the candidate edges) ... */
  private readonly buckets = new Map<number, number[]>();
  /** ... and by cell of time bucket x stretch of quay, widened by the clearance (for the clash queries). */
  private readonly cells = new Map<number, number[]>();
  /** Bucket range an unbounded rectangle is filed under; searches beyond it still see it through `unbounded`. */
  private readonly unbounded: number[] = [];

  /**
   * @param clearance metres kept between vessels
   * @param spaceBucket width of a grid cell along the quay (metres, or 1 for berth indices)
   */
  constructor(
    private readonly clearance: number,
    private readonly spaceBucket: number,
  ) {}

  private cellKeys(id: number): number[] {
    const c = this.isVessel[id] ? this.clearance : 0;
    const s0 = Math.max(0, Math.floor((this.from[id]! - c) / this.spaceBucket));
    const s1 = Math.min(SPACE_SLOTS - 1, Math.floor((this.to[id]! + c) / this.spaceBucket));
    const keys: number[] = [];
    for (let b = Math.floor(this.start[id]! / BUCKET_HOURS); b <= Math.floor(this.end[id]! / BUCKET_HOURS); b++) {
      for (let sb = s0; sb <= s1; sb++) keys.push(b * SPACE_SLOTS + sb);
    }
    return keys;
  }

  add(from: number, to: number, start: number, end: number, isVessel: boolean): number {
    const id = this.free.pop() ?? this.from.length;
    this.from[id] = from;
    this.to[id] = to;
    this.start[id] = start;
    this.end[id] = end;
    this.isVessel[id] = isVessel;
    this.alive[id] = true;
    if (!Number.isFinite(start) || !Number.isFinite(end)) this.unbounded.push(id);
    else {
      for (let b = Math.floor(start / BUCKET_HOURS); b <= Math.floor(end / BUCKET_HOURS); b++) this.bucket(this.buckets, b).push(id);
      for (const key of this.cellKeys(id)) this.bucket(this.cells, key).push(id);
    }
    return id;
  }

  remove(id: number): void {
    if (!this.alive[id]) return;
    this.alive[id] = false;
    if (!Number.isFinite(this.start[id]!) || !Number.isFinite(this.end[id]!)) {
      this.unbounded.splice(this.unbounded.indexOf(id), 1);
    } else {
      for (let b = Math.floor(this.start[id]! / BUCKET_HOURS); b <= Math.floor(this.end[id]! / BUCKET_HOURS); b++) dropFrom(this.buckets.get(b)!, id);
      for (const key of this.cellKeys(id)) dropFrom(this.cells.get(key)!, id);
    }
    this.free.push(id);
  }

  /**
   * The latest end among the rectangles in the way of a vessel on [from, to] during [start, end), or
   * -Infinity when the stretch is free. The test is the product's clash rule (touching in time is fine, a gap
   * of exactly the clearance is fine), so a placement this accepts is one the plan checker accepts.
   */
  blockedUntil(from: number, to: number, start: number, end: number): number {
    // Written without closures: this is the innermost loop of every solver.
    let until = -Infinity;
    const c = this.clearance;
    for (const id of this.unbounded) {
      if (this.start[id]! < end && start < this.end[id]!) {
        const cc = this.isVessel[id] ? c : 0;
        if (from < this.to[id]! + cc && this.from[id]! < to + cc && this.end[id]! > until) until = this.end[id]!;
      }
    }
    const last = Math.floor(end / BUCKET_HOURS);
    const s0 = Math.max(0, Math.floor(from / this.spaceBucket));
    const s1 = Math.min(SPACE_SLOTS - 1, Math.floor(to / this.spaceBucket));
    for (let b = Math.floor(start / BUCKET_HOURS); b <= last; b++) {
      for (let sb = s0; sb <= s1; sb++) {
        const list = this.cells.get(b * SPACE_SLOTS + sb);
        if (!list) continue;
        for (let n = 0; n < list.length; n++) {
          const id = list[n]!;
          if (this.start[id]! < end && start < this.end[id]!) {
            const cc = this.isVessel[id] ? c : 0;
            if (from < this.to[id]! + cc && this.from[id]! < to + cc && this.end[id]! > until) until = this.end[id]!;
          }
        }
      }
    }
    return until;
  }

  /**
   * Pushes onto `out` the lower-end positions that put a vessel of `length` just clear of each rectangle that
   * overlaps [start, end) in time: past its upper side, or before its lower side (with a hair of extra room so
   * that rounding never makes the two touch; only with `withLowSides`). Positions outside [0, maxPosition] are left out.
   */
  pushEdges(start: number, end: number, length: number, maxPosition: number, out: number[], withLowSides = true): void {
    for (const id of this.unbounded) this.pushEdgesOf(id, start, end, length, maxPosition, out, withLowSides);
    // Candidates only: a look-ahead of more than a year is cut short rather than looped over.
    const last = Math.floor(Math.min(end, start + 10_000) / BUCKET_HOURS);
    for (let b = Math.floor(start / BUCKET_HOURS); b <= last; b++) {
      const list = this.buckets.get(b);
      if (list) for (let n = 0; n < list.length; n++) this.pushEdgesOf(list[n]!, start, end, length, maxPosition, out, withLowSides);
    }
  }

  private pushEdgesOf(id: number, start: number, end: number, length: number, maxPosition: number, out: number[], withLowSides: boolean): void {
    if (!(this.start[id]! < end && start < this.end[id]!)) return;
    const cc = this.isVessel[id] ? this.clearance : 0;
    const above = this.to[id]! + cc;
    const below = this.from[id]! - cc - length - 1e-7;
    if (above >= 0 && above <= maxPosition) out.push(above);
    if (withLowSides && below >= 0 && below <= maxPosition) out.push(below);
  }

  private bucket(map: Map<number, number[]>, key: number): number[] {
    let list = map.get(key);
    if (!list) {
      list = [];
      map.set(key, list);
    }
    return list;
  }
}

function dropFrom(list: number[], id: number): void {
  const at = list.indexOf(id);
  list[at] = list[list.length - 1]!;
  list.pop();
}
