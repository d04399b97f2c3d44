// The server keeps cargo operations inside the berth window, so a move takes them along: shifted with the arrival,
// then clipped to the new window (a shorter stay ends them earlier).
import type { TPortcall } from './schemas/portcall';

export type TCargoWindow = { cargo_operations_start: string; cargo_operations_end: string };

export function movedCargoWindow(call: Pick<TPortcall, 'berth_arrival' | 'cargo_operations_start' | 'cargo_operations_end'>, place: { berth_arrival: string; berth_departure: string }): TCargoWindow | null {
  if (!call.cargo_operations_start || !call.cargo_operations_end) return null;
  const shift = Date.parse(place.berth_arrival) - Date.parse(call.berth_arrival);
  const from = Date.parse(place.berth_arrival);
  const to = Date.parse(place.berth_departure);
  const clip = (ms: number) => Math.min(to, Math.max(from, ms));
  const start = clip(Date.parse(call.cargo_operations_start) + shift);
  const end = Math.max(start, clip(Date.parse(call.cargo_operations_end) + shift));
  return { cargo_operations_start: new Date(start).toISOString(), cargo_operations_end: new Date(end).toISOString() };
}
