// A berth move takes the call's work along: cargo operations, crane bookings and shift plans shift with the
// arrival and are clipped to the new berth window (a shorter stay ends them earlier), because the server keeps
// them inside it.
import type { TPortcall } from './schemas/portcall';

export type TCargoWindow = { cargo_operations_start: string; cargo_operations_end: string };
export type TBerthPlace = { berth_arrival: string; berth_departure: string };

/** The interval shifted by the arrival's move and clipped to the new berth window; null when nothing of it is left. */
export function movedInterval(interval: { start_time: string; end_time: string }, previousArrival: string, place: TBerthPlace): { start_time: string; end_time: string } | null {
  const shift = Date.parse(place.berth_arrival) - Date.parse(previousArrival);
  const from = Date.parse(place.berth_arrival);
  const to = Date.parse(place.berth_departure);
  const start = Math.max(from, Date.parse(interval.start_time) + shift);
  const end = Math.min(to, Date.parse(interval.end_time) + shift);
  return end > start ? { start_time: new Date(start).toISOString(), end_time: new Date(end).toISOString() } : null;
}

export function movedCargoWindow(call: Pick<TPortcall, 'berth_arrival' | 'cargo_operations_start' | 'cargo_operations_end'>, place: TBerthPlace): TCargoWindow | null {
  if (!call.cargo_operations_start || !call.cargo_operations_end) return null;
  const shift = Date.parse(place.berth_arrival) - Date.parse(call.berth_arrival);
  const from = Date.parse(place.berth_arrival);
  const to = Date.parse(place.berth_departure);
  const clip = (ms: number) => Math.min(to, Math.max(from, ms));
  const start = clip(Date.parse(call.cargo_operations_start) + shift);
  const end = Math.max(start, clip(Date.parse(call.cargo_operations_end) + shift));
  return { cargo_operations_start: new Date(start).toISOString(), cargo_operations_end: new Date(end).toISOString() };
}
