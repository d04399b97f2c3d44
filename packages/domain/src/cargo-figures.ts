// A call's cargo figures: totals computed from their parts, and how long the cargo operations take.
export type TCargoNumbers = { discharge: number; load: number; restow: number };

/** Totals are computed, never typed: discharge + load + restow. */
export function cargoTotal(c: TCargoNumbers): number {
  return c.discharge + c.load + c.restow;
}

/** Hours of cargo operations from the moves, the crane intensity (cranes working at once) and units per crane-hour. */
export function cargoOperationsHours(args: { moveCount: number; unitsPerHour: number | null | undefined; craneIntensity: number }): number | null {
  if (!args.unitsPerHour || args.unitsPerHour <= 0 || args.craneIntensity <= 0) return null;
  return args.moveCount / (args.unitsPerHour * args.craneIntensity);
}
