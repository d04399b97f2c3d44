// Shift plans and quay-crane bookings of the demo calls, so the planner's volume and crane overlays show real work.
// Both are built in memory, checked by the API's input schemas and kept to its booking rules (portcall.service.ts:
// terminal's own equipment, inside the berth window, never booked twice at once), then written in a few batched
// inserts: the API's per-booking look-ups for every call would cost the demo seed too much time.
import { type TEquipmentDetailInput, type TShiftDetailInput, type TShiftOccurrence, ZEquipmentDetailInput, ZShiftDetailInput, splitProportionally } from '@quayline/domain';
import type { Insertable } from 'kysely';
import { shiftDetailRow as storedShiftDetailRow } from '../modules/portcalls/portcall.repository';
import type { PortcallShiftDetailsTable } from '../db/schema';

export type TSeedContact = { contact_person_name: string; contact_person_phone: string; contact_person_mail: string };

export type TSeedShiftPlanCall = {
  cargoStart: number;
  cargoEnd: number;
  discharge: number;
  load: number;
  restow: number;
  cargoType: NonNullable<TShiftDetailInput['cargo_type']>;
  /** Gangs at work in a shift with moves: one per booked crane, else the cargo details' crane intensity. */
  gangs: number;
  craneBookings: readonly (TSeedCraneBooking & { number: string })[];
};

/**
 * One shift detail per shift occurrence overlapping the cargo window, clipped to it like the API's shift prefill,
 * with the moves split by the hours of cargo work in each shift.
 */
export function shiftPlan(call: TSeedShiftPlanCall, occurrences: readonly TShiftOccurrence[], contactFor: (shiftNumber: number) => TSeedContact): TShiftDetailInput[] {
  const worked = occurrences
    .filter((o) => o.start < call.cargoEnd && o.end > call.cargoStart)
    .map((o) => ({ ...o, start: Math.max(o.start, call.cargoStart), end: Math.min(o.end, call.cargoEnd) }));
  const hours = worked.map((o) => o.end - o.start);
  const [discharge, load, restow] = [splitProportionally(call.discharge, hours), splitProportionally(call.load, hours), splitProportionally(call.restow, hours)];
  return worked.map((o, i) => {
    const moves = discharge[i]! + load[i]! + restow[i]!;
    const cranes = call.craneBookings.filter((b) => b.start < o.end && b.end > o.start).map((b) => ({ equipment_number: b.number }));
    return ZShiftDetailInput.parse({
      terminal_shift_id: o.terminal_shift_id,
      shift_number: o.shift_number,
      start_time: new Date(o.start).toISOString(),
      end_time: new Date(o.end).toISOString(),
      cargo_type: call.cargoType,
      discharge: discharge[i],
      load: load[i],
      restow: restow[i],
      gangs: moves > 0 ? (cranes.length || call.gangs) : 0,
      contact_person: contactFor(o.shift_number),
      shift_equipment_details: cranes,
    });
  });
}

export type TSeedCrane = { equipmentId: number; number: string; railStart: number; railEnd: number };
export type TSeedCraneBooking = { equipmentId: number; start: number; end: number };

/** Quay cranes a container call asks for: more for a longer ship and a bigger exchange, at most 4. */
export function cranesWanted(loa: number, moves: number): number {
  if (loa >= 330 || moves >= 2400) return 4;
  if (loa >= 250 || moves >= 1500) return 3;
  if (loa >= 170 || moves >= 700) return 2;
  return 1;
}

/**
 * Books up to `wanted` cranes whose rail covers the whole berth for the work window, skipping any crane already
 * booked then. Cranes on the shortest covering rail go first so the long-rail cranes stay free for the berths
 * only they reach. The window is clipped to the berth window, which the API demands of every booking.
 */
export function bookCranes(
  call: { berthStart: number; berthEnd: number; berthFrom: number; berthTo: number; workFrom: number; workTo: number },
  wanted: number,
  cranes: readonly TSeedCrane[],
  booked: readonly TSeedCraneBooking[],
): (TSeedCraneBooking & { number: string })[] {
  const from = Math.max(call.workFrom, call.berthFrom);
  const to = Math.min(call.workTo, call.berthTo);
  if (!(to > from)) return [];
  const free = cranes
    .filter((c) => c.railStart <= call.berthStart && call.berthEnd <= c.railEnd)
    .filter((c) => !booked.some((b) => b.equipmentId === c.equipmentId && b.start < to && b.end > from))
    .sort((a, b) => a.railEnd - a.railStart - (b.railEnd - b.railStart) || a.number.localeCompare(b.number));
  return free.slice(0, wanted).map((c) => ({ equipmentId: c.equipmentId, number: c.number, start: from, end: to }));
}

/** A booking as the API takes it, checked by the same input schema. */
export function equipmentDetailOf(b: TSeedCraneBooking): TEquipmentDetailInput {
  return ZEquipmentDetailInput.parse({ cargo_handling_equipment_id: b.equipmentId, start_time: new Date(b.start).toISOString(), end_time: new Date(b.end).toISOString() });
}

/** The row the API writes for a shift detail, refused when the shift does not end after it starts. */
export function shiftDetailRow(portcallId: number, d: TShiftDetailInput): Insertable<PortcallShiftDetailsTable> {
  if (Date.parse(d.end_time) <= Date.parse(d.start_time)) throw new Error('A shift ends after it starts');
  return storedShiftDetailRow(portcallId, d);
}
