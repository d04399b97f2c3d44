// The live data the optimizer plans with: quay, block zones and the calls of a terminal around a window.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function findQuay(db: Kysely<DB>, terminalId: number) {
  return Promise.all([
    db.selectFrom('terminals').select(['quay_length_m', 'min_clearance_m']).where('id', '=', terminalId).executeTakeFirstOrThrow(),
    db.selectFrom('terminal_sections').select(['id', 'start_position_m', 'end_position_m', 'water_depth_m', 'berth_type']).where('terminal_id', '=', terminalId).orderBy('start_position_m').execute(),
  ]);
}

export function findBlockZones(db: Kysely<DB>, terminalId: number, from: Date, to: Date) {
  return db.selectFrom('blocked_zones').select(['id', 'start_position_m', 'end_position_m', 'starts_at', 'ends_at']).where('terminal_id', '=', terminalId).where('starts_at', '<', to).where('ends_at', '>', from).execute();
}

/** Non-cancelled calls alongside some time in [from, to), and the drafted calls wherever the live plan has them. */
export function findPlanCalls(db: Kysely<DB>, terminalId: number, from: Date, to: Date, draftedIds: readonly number[]) {
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .select([
      'portcalls.id',
      'portcalls.version',
      'portcalls.berth_arrival',
      'portcalls.berth_departure',
      'portcalls.berth_start_position',
      'portcalls.berth_end_position',
      'portcalls.berth_arrival_label',
      'portcalls.berth_departure_label',
      'portcalls.draft_inbound',
      'portcalls.draft_outbound',
      'vessels.name as vessel_name',
      'vessels.length_overall_m',
      'vessels.max_draft_m',
    ])
    .where('portcalls.terminal_id', '=', terminalId)
    .where('portcalls.status', '!=', 'Cancelled')
    .where((eb) => {
      const overlaps = eb.and([eb('portcalls.berth_arrival', '<', to), eb('portcalls.berth_departure', '>', from)]);
      return draftedIds.length ? eb.or([overlaps, eb('portcalls.id', 'in', [...draftedIds])]) : overlaps;
    })
    .orderBy('portcalls.id')
    .execute();
}
export type TPlanCallRow = Awaited<ReturnType<typeof findPlanCalls>>[number];

/** The latest berth arrival each call's vessel side asked for. */
export async function findRequestedArrivals(db: Kysely<DB>, portcallIds: readonly number[]): Promise<Map<number, Date>> {
  if (portcallIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('portcall_timestamps')
    .select(['portcall_id', 'date_time'])
    .where('portcall_id', 'in', [...portcallIds])
    .where('time_type', '=', 'berth_arrival')
    .where('action', '=', 'request')
    .where('party', '=', 'vessel_side')
    .where('date_time', 'is not', null)
    .orderBy('id')
    .execute();
  // Ordered by id, so the last one written per call wins.
  return new Map(rows.map((r) => [r.portcall_id, new Date(r.date_time!)]));
}
