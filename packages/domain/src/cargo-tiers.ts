// Cargo quantity tables by tier (spec section 3). Users type the cells; every total and subtotal is computed here.
import { z } from 'zod';

export const CARGO_OPERATIONS = ['discharge', 'load', 'restow'] as const;
export type TCargoOperation = (typeof CARGO_OPERATIONS)[number];
export const CONTAINER_SIZES = ['20', '40', '45'] as const;
export const VEHICLE_KINDS = ['cars', 'trucks', 'trailers', 'others'] as const;
export const CONTAINER_FULL_KINDS = ['DRY', 'RF', 'DG', 'OOG', 'BB'] as const;
export const VEHICLE_FULL_KINDS = ['GENERAL', 'DG', 'OOG', 'BB'] as const;

const ZCount = z.number().int().min(0).max(1_000_000);
const cells = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, ZCount.default(0)])) as Record<K, z.ZodDefault<typeof ZCount>>);
const ZOps = z.object({ discharge: ZCount.default(0), load: ZCount.default(0), restow: ZCount.default(0) });
const ZSizes = cells(CONTAINER_SIZES);
const ZVehicles = cells(VEHICLE_KINDS);
const perOperation = <T extends z.ZodType>(table: T) => z.object({ discharge: table, load: table, restow: table });

// A plain union: tiers 3 and 4 each come in a container and a vehicle shape.
export const ZCargoQuantities = z.union([
  z.object({ tier: z.literal(1), values: ZOps }),
  z.object({ tier: z.literal(2), full: ZOps, empty: ZOps }),
  z.object({ tier: z.literal(3), unit: z.literal('containers'), values: perOperation(z.object({ full: ZSizes, empty: ZSizes })) }),
  z.object({ tier: z.literal(3), unit: z.literal('vehicles'), values: perOperation(z.object({ full: ZVehicles, empty: ZVehicles })) }),
  z.object({ tier: z.literal(4), unit: z.literal('containers'), values: perOperation(z.object({ full: z.object(Object.fromEntries(CONTAINER_FULL_KINDS.map((k) => [k, ZSizes])) as Record<(typeof CONTAINER_FULL_KINDS)[number], typeof ZSizes>), empty: ZSizes })) }),
  z.object({ tier: z.literal(4), unit: z.literal('vehicles'), values: perOperation(z.object({ full: z.object(Object.fromEntries(VEHICLE_FULL_KINDS.map((k) => [k, ZVehicles])) as Record<(typeof VEHICLE_FULL_KINDS)[number], typeof ZVehicles>), empty: ZVehicles })) }),
]);
export type TCargoQuantities = z.infer<typeof ZCargoQuantities>;
export type TCargoQuantitiesInput = z.input<typeof ZCargoQuantities>;

export type TQuantityTotals = {
  /** Units per operation, feeding the detail's discharge / load / restow. */
  discharge: number;
  load: number;
  restow: number;
  total: number;
  /** Row subtotals of the full and empty rows (tiers 2 to 4), per operation. */
  full: Record<TCargoOperation, number> | null;
  empty: Record<TCargoOperation, number> | null;
  /** Column totals of tiers 3 and 4 (per size or vehicle kind), per operation. */
  columns: Record<TCargoOperation, Record<string, number>> | null;
};

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
function addInto(target: Record<string, number>, values: Record<string, number>) {
  for (const [k, v] of Object.entries(values)) target[k] = (target[k] ?? 0) + v;
}

export function computeCargoQuantities(q: TCargoQuantities): TQuantityTotals {
  const ops = {} as Record<TCargoOperation, number>;
  if (q.tier === 1) {
    for (const op of CARGO_OPERATIONS) ops[op] = q.values[op];
    return { ...ops, total: sum(ops), full: null, empty: null, columns: null };
  }
  if (q.tier === 2) {
    for (const op of CARGO_OPERATIONS) ops[op] = q.full[op] + q.empty[op];
    return { ...ops, total: sum(ops), full: { ...q.full }, empty: { ...q.empty }, columns: null };
  }
  const full = {} as Record<TCargoOperation, number>;
  const empty = {} as Record<TCargoOperation, number>;
  const columns = {} as Record<TCargoOperation, Record<string, number>>;
  for (const op of CARGO_OPERATIONS) {
    const table = q.values[op] as { full: Record<string, number> | Record<string, Record<string, number>>; empty: Record<string, number> };
    // Tier 3 has one full row; tier 4 splits it by kind (DRY, RF, ... or GENERAL, DG, ...).
    const fullRows = q.tier === 3 ? [table.full as Record<string, number>] : Object.values(table.full as Record<string, Record<string, number>>);
    const col: Record<string, number> = {};
    let fullTotal = 0;
    for (const row of fullRows) {
      fullTotal += sum(row);
      addInto(col, row);
    }
    addInto(col, table.empty);
    full[op] = fullTotal;
    empty[op] = sum(table.empty);
    columns[op] = col;
    ops[op] = full[op] + empty[op];
  }
  return { ...ops, total: sum(ops), full, empty, columns };
}
