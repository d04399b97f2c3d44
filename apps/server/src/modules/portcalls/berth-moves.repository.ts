// SQL for writing many berth moves at once: locks, the negotiation history they continue, crane bookings they may
// clash with, and the set-based writes of places, bookings and shift cards.
import type { TPortcallStatus, TTimeLabel } from '@quayline/domain';
import { type Insertable, type Transaction, sql } from 'kysely';
import { insertRowsAsJson } from '../../db/json-rows';
import type { DB, PortcallShiftDetailsTable } from '../../db/schema';

type Trx = Transaction<DB>;

/**
 * Locks the calls in id order (so two publishes sharing calls wait for each other instead of deadlocking) and answers
 * what the refusals are decided on: version, status, terminal and the vessel's name. A preview reads without locking.
 */
export function lockPortcalls(trx: Trx, ids: readonly number[], isLocking = true) {
  const query = trx
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .select(['portcalls.id', 'portcalls.version', 'portcalls.status', 'portcalls.terminal_id', 'vessels.name as vessel_name'])
    .where('portcalls.id', 'in', ids.length ? [...ids] : [0])
    .orderBy('portcalls.id');
  return (isLocking ? query.forUpdate('portcalls') : query).execute();
}

type TLastStep = { id: number; previous_label: string | null; party: string };

/**
 * For each call and time: its last negotiation step (a schedule proposal is news beside the chain, not a turn in it)
 * and how many requests it had, which decide the next step's label (lastTimestamp and countRequests, for many calls).
 */
export async function findLastStepsAndRequests(trx: Trx, portcallIds: readonly number[]) {
  const last = new Map<string, TLastStep>();
  const requests = new Map<string, number>();
  if (portcallIds.length) {
    const [steps, counts] = await Promise.all([
      trx
        .selectFrom('portcall_timestamps')
        .distinctOn(['portcall_id', 'time_type'])
        .select(['portcall_id', 'time_type', 'id', 'previous_label', 'party'])
        .where('portcall_id', 'in', [...portcallIds])
        .where('action', '!=', 'schedule_proposal')
        .orderBy('portcall_id')
        .orderBy('time_type')
        .orderBy('id', 'desc')
        .execute(),
      trx
        .selectFrom('portcall_timestamps')
        .select(['portcall_id', 'time_type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('portcall_id', 'in', [...portcallIds])
        .where('action', '=', 'request')
        .groupBy(['portcall_id', 'time_type'])
        .execute(),
    ]);
    for (const s of steps) last.set(`${s.portcall_id}:${s.time_type}`, { id: s.id, previous_label: s.previous_label, party: s.party });
    for (const c of counts) requests.set(`${c.portcall_id}:${c.time_type}`, Number(c.n));
  }
  return {
    lastStep: (portcallId: number, time: string): TLastStep | undefined => last.get(`${portcallId}:${time}`),
    requestCount: (portcallId: number, time: string): number => requests.get(`${portcallId}:${time}`) ?? 0,
  };
}

/** Bookings of the equipment by live calls other than the given ones, overlapping [from, to). */
export function findEquipmentBookingsOverlapping(trx: Trx, args: { equipmentIds: number[]; excludePortcallIds: number[]; from: Date; to: Date }) {
  return trx
    .selectFrom('portcall_equipment_details as b')
    .innerJoin('portcalls as p', 'p.id', 'b.portcall_id')
    .select(['b.cargo_handling_equipment_id', 'b.start_time', 'b.end_time'])
    .where('b.cargo_handling_equipment_id', 'in', args.equipmentIds)
    .where('b.portcall_id', 'not in', args.excludePortcallIds)
    .where('p.status', '!=', 'Cancelled')
    .where('b.start_time', '<', args.to)
    .where('b.end_time', '>', args.from)
    .execute();
}

/** The crane bookings and shift cards of the given calls replaced by the ones given: two deletes, two inserts at most. */
export async function replaceBookingsAndCards(
  trx: Trx,
  args: { bookingsOf: number[]; bookings: { portcall_id: number; cargo_handling_equipment_id: number; start_time: string; end_time: string }[]; cardsOf: number[]; cards: Insertable<PortcallShiftDetailsTable>[] },
): Promise<void> {
  if (args.bookingsOf.length) await trx.deleteFrom('portcall_equipment_details').where('portcall_id', 'in', args.bookingsOf).execute();
  await insertRowsAsJson(trx, 'portcall_equipment_details', args.bookings);
  if (args.cardsOf.length) await trx.deleteFrom('portcall_shift_details').where('portcall_id', 'in', args.cardsOf).execute();
  await insertRowsAsJson(trx, 'portcall_shift_details', args.cards);
}

type TTimeWrite = { value: string; label: TTimeLabel | null; change: string | null };
export type TBerthPlaceWrite = {
  id: number;
  /** The version the move was made on: a call changed since is left alone, and the caller refuses the whole publish. */
  version: number;
  berth_arrival: TTimeWrite;
  berth_departure: TTimeWrite;
  berth_start_position: number | null;
  berth_end_position: number | null;
  berth_start_bollard_id: number | null;
  berth_end_bollard_id: number | null;
  terminal_section_id: number | null;
  cargo_operations_start: string | null;
  cargo_operations_end: string | null;
  status: TPortcallStatus;
};

/**
 * Every call's new times, labels, place and status in one statement (`update … from` the rows as one JSON parameter),
 * each row only if the call still has the version the move was made on; returns how many rows it changed.
 */
export async function updateBerthPlaces(trx: Trx, rows: readonly TBerthPlaceWrite[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const flat = rows.map((r) => ({
    id: r.id,
    version: r.version,
    berth_arrival: r.berth_arrival.value,
    berth_arrival_label: r.berth_arrival.label,
    berth_arrival_change_label: r.berth_arrival.change,
    berth_departure: r.berth_departure.value,
    berth_departure_label: r.berth_departure.label,
    berth_departure_change_label: r.berth_departure.change,
    berth_start_position: r.berth_start_position,
    berth_end_position: r.berth_end_position,
    berth_start_bollard_id: r.berth_start_bollard_id,
    berth_end_bollard_id: r.berth_end_bollard_id,
    terminal_section_id: r.terminal_section_id,
    cargo_operations_start: r.cargo_operations_start,
    cargo_operations_end: r.cargo_operations_end,
    status: r.status,
  }));
  const result = await sql<{ id: number }>`
    update portcalls as p set
      berth_arrival = v.berth_arrival, berth_arrival_label = v.berth_arrival_label, berth_arrival_change_label = v.berth_arrival_change_label,
      berth_departure = v.berth_departure, berth_departure_label = v.berth_departure_label, berth_departure_change_label = v.berth_departure_change_label,
      berth_start_position = v.berth_start_position, berth_end_position = v.berth_end_position,
      berth_start_bollard_id = v.berth_start_bollard_id, berth_end_bollard_id = v.berth_end_bollard_id, terminal_section_id = v.terminal_section_id,
      cargo_operations_start = v.cargo_operations_start, cargo_operations_end = v.cargo_operations_end,
      status = v.status, version = p.version + 1, updated_at = ${now}
    from json_to_recordset(${JSON.stringify(flat)}::json) as v(id int, version int,
      berth_arrival timestamptz, berth_arrival_label text, berth_arrival_change_label text,
      berth_departure timestamptz, berth_departure_label text, berth_departure_change_label text,
      berth_start_position numeric, berth_end_position numeric, berth_start_bollard_id int, berth_end_bollard_id int, terminal_section_id int,
      cargo_operations_start timestamptz, cargo_operations_end timestamptz, status text)
    where p.id = v.id and p.version = v.version
    returning p.id
  `.execute(trx);
  return result.rows.length;
}
