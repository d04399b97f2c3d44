// Cargo figures: one calculation of a cargo line for saving and for the form's preview (calculated_cargo_details),
// row totals, sums, and how long the cargo operations take.
import { type TCargoDetailInput, type TPortcall, cargoOperationsHours, cargoTotal, computeCargoQuantities } from '@quayline/domain';

type TQuantityTotals = TPortcall['cargo_details'][number]['quantity_totals'];

/** A line's discharge / load / restow: from its tier table when it has one (typed figures are then ignored), else as typed. */
export function cargoLineFigures(d: TCargoDetailInput): { discharge: number; load: number; restow: number; total: number; quantity_totals: TQuantityTotals } {
  if (d.quantities) {
    const q = computeCargoQuantities(d.quantities);
    return { discharge: q.discharge, load: q.load, restow: q.restow, total: q.total, quantity_totals: { full: q.full, empty: q.empty, columns: q.columns } };
  }
  const numbers = { discharge: d.discharge ?? 0, load: d.load ?? 0, restow: d.restow ?? 0 };
  return { ...numbers, total: cargoTotal(numbers), quantity_totals: null };
}

export function calculateCargo(details: TCargoDetailInput[]) {
  const rows = details.map((d) => ({ ...d, ...cargoLineFigures(d) }));
  const sum = (key: 'discharge' | 'load' | 'restow' | 'total' | 'move_count') => rows.reduce((acc, r) => acc + (r[key] ?? 0), 0);
  return { cargo_details: rows, totals: { discharge: sum('discharge'), load: sum('load'), restow: sum('restow'), total: sum('total'), move_count: sum('move_count') } };
}

export function prefillDuration(args: { move_count: number; units_per_hour: number; crane_intensity: number; cargo_operations_start?: string | undefined }) {
  const hours = cargoOperationsHours({ moveCount: args.move_count, unitsPerHour: args.units_per_hour, craneIntensity: args.crane_intensity });
  const minutes = hours === null ? null : Math.ceil(hours * 60);
  const end = args.cargo_operations_start && minutes !== null ? new Date(Date.parse(args.cargo_operations_start) + minutes * 60_000).toISOString() : null;
  return { hours: hours === null ? null : Math.round(hours * 100) / 100, minutes, cargo_operations_end: end };
}
