// Cargo figures computed for the form: row totals, sums, and how long the cargo operations take.
import { type TCargoDetailInput, cargoOperationsHours, cargoTotal } from '@quayline/domain';

export function calculateCargo(details: TCargoDetailInput[]) {
  const rows = details.map((d) => ({ ...d, total: cargoTotal(d) }));
  const sum = (key: 'discharge' | 'load' | 'restow' | 'total' | 'move_count') => rows.reduce((acc, r) => acc + (r[key] ?? 0), 0);
  return { cargo_details: rows, totals: { discharge: sum('discharge'), load: sum('load'), restow: sum('restow'), total: sum('total'), move_count: sum('move_count') } };
}

export function prefillDuration(args: { move_count: number; units_per_hour: number; crane_intensity: number; cargo_operations_start?: string | undefined }) {
  const hours = cargoOperationsHours({ moveCount: args.move_count, unitsPerHour: args.units_per_hour, craneIntensity: args.crane_intensity });
  const minutes = hours === null ? null : Math.ceil(hours * 60);
  const end = args.cargo_operations_start && minutes !== null ? new Date(Date.parse(args.cargo_operations_start) + minutes * 60_000).toISOString() : null;
  return { hours: hours === null ? null : Math.round(hours * 100) / 100, minutes, cargo_operations_end: end };
}
