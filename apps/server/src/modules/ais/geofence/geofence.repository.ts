// The calls AIS positions may concern, and their tracking rows.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../../db/schema';
import { isVesselOfMmsis, vesselAisMmsi } from '../vessel-ais';
import { hasEarlierOpenCallOfVessel } from '../vessel-current-call';
import { type TTrackingState, initialTrackingState } from './detect-phase';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Calls that may be under way now: not cancelled, berth arrival from two days ago to two weeks ahead, and the vessel's
 * current call (its later calls do not hear its positions: a vessel moored for one call is not berthed for the next).
 */
export function findActiveCallsOfVessels(db: Db, mmsis: readonly string[], now: Date) {
  const from = new Date(now.getTime() - 2 * 86_400_000);
  const to = new Date(now.getTime() + 14 * 86_400_000);
  return db
    .selectFrom('portcalls as p')
    .innerJoin('vessels as v', 'v.id', 'p.vessel_id')
    .innerJoin('terminals as t', 't.id', 'p.terminal_id')
    .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'p.pilot_boarding_place_id')
    .select([
      'p.id',
      'p.terminal_id',
      'p.berth_start_position',
      'p.berth_end_position',
      vesselAisMmsi('v').$castTo<string>().as('ais_mmsi'),
      't.quay_origin_latitude',
      't.quay_origin_longitude',
      't.quay_bearing_deg',
      't.quay_water_side',
      't.ais_actuals_mode',
      'pbp.latitude as pbp_latitude',
      'pbp.longitude as pbp_longitude',
      'pbp.geofence_radius_m as pbp_radius_m',
    ])
    .where('p.status', '!=', 'Cancelled')
    .where('p.berth_arrival', '>=', from)
    .where('p.berth_arrival', '<=', to)
    .where(isVesselOfMmsis(mmsis, 'v'))
    .where(sql<boolean>`not ${hasEarlierOpenCallOfVessel(now, 'p')}`)
    .orderBy('p.id')
    .execute();
}
export type TActiveCall = Awaited<ReturnType<typeof findActiveCallsOfVessels>>[number];

/** The call's tracking row, created when missing, locked until the transaction ends (two servers, one event). */
export async function lockTracking(trx: Transaction<DB>, portcallId: number): Promise<TTrackingState> {
  await trx.insertInto('ais_call_tracking').values({ portcall_id: portcallId }).onConflict((oc) => oc.column('portcall_id').doNothing()).execute();
  const row = await trx.selectFrom('ais_call_tracking').selectAll().where('portcall_id', '=', portcallId).forUpdate().executeTakeFirstOrThrow();
  const date = (d: Date | string | null) => (d === null ? null : new Date(d));
  return {
    ...initialTrackingState(),
    phase: row.phase,
    pilot_boarding_place_entered_at: date(row.pilot_boarding_place_entered_at),
    berth_entered_at: date(row.berth_entered_at),
    slow_since: date(row.slow_since),
    moored_at: date(row.moored_at),
    departed_at: date(row.departed_at),
    last_position_at: date(row.last_position_at),
    last_latitude: row.last_latitude,
    last_longitude: row.last_longitude,
    last_inside_at: date(row.last_inside_at),
    outside_count: row.outside_count,
  };
}

/** The tracking rows of several calls as they are (no lock): enough to see which calls a batch cannot move. */
export function findTrackingRows(db: Db, portcallIds: readonly number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('ais_call_tracking').select(['portcall_id', 'phase', 'last_position_at', 'last_latitude', 'last_longitude']).where('portcall_id', 'in', [...portcallIds]).execute();
}

/** The last positions of quiet calls in one statement; a row another server moved on meanwhile keeps its newer one. */
export async function updateLastPositions(db: Db, rows: readonly { portcallId: number; at: Date; latitude: number; longitude: number }[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((r) => sql`(${r.portcallId}::integer, ${r.at}::timestamptz, ${r.latitude}::double precision, ${r.longitude}::double precision)`));
  await sql`
    update ais_call_tracking t
    set last_position_at = v.at, last_latitude = v.lat, last_longitude = v.lon, updated_at = ${now}
    from (values ${values}) as v(portcall_id, at, lat, lon)
    where t.portcall_id = v.portcall_id and t.phase = 'approaching' and (t.last_position_at is null or t.last_position_at < v.at)
  `.execute(db);
}

export async function saveTracking(trx: Transaction<DB>, portcallId: number, state: TTrackingState): Promise<void> {
  await trx.updateTable('ais_call_tracking').set(state).where('portcall_id', '=', portcallId).execute();
}

/** The detection, unless this call already has one for that time (the unique constraint decides, also across servers). */
export async function insertDetectionOnce(
  trx: Transaction<DB>,
  row: { portcall_id: number; time_type: 'pilot_boarding_place_arrival' | 'berth_arrival' | 'berth_departure'; date_time: Date; source: string; status: 'applied' | 'proposed' | 'kept_manual'; detected_at: Date },
) {
  return trx
    .insertInto('ais_detections')
    .values(row)
    .onConflict((oc) => oc.columns(['portcall_id', 'time_type']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Who made the last step of a time: a person's actual is never overwritten by AIS. */
export function lastStepOf(db: Db, portcallId: number, timeType: string) {
  return db
    .selectFrom('portcall_timestamps')
    .select(['id', 'creator_type', 'label_after'])
    .where('portcall_id', '=', portcallId)
    .where('time_type', '=', timeType)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

