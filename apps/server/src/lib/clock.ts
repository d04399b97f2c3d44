// The server's idea of "now", injectable so tests can move time (login locks, reset-code expiry).
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export function createManualClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}
