// SQL of the predictions: the approaching calls to predict, a terminal's history of completed calls (actual pilot
// boarding place and berth arrivals), AIS reports, and the stored predictions per call and source.
import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { isVesselOfMmsis, vesselAisMmsi } from '../ais/vessel-ais';
import { hasEarlierOpenCallOfVessel } from '../ais/vessel-current-call';

type Db = Kysely<DB> | Transaction<DB>;

const HOUR_MS = 3_600_000;
/** Calls are predicted from 14 days before their berth arrival; a late one stays predicted until it berths or 3 days pass. */
export const PREDICTION_AHEAD_MS = 14 * 24 * HOUR_MS;
export const PREDICTION_OVERDUE_MS = 3 * 24 * HOUR_MS;

/** The calls still on their way: not cancelled, not yet berthed (no actual berth arrival), berth arrival within 14 days. */
export function findApproachingCalls(db: Db, args: { now: Date; mmsis?: readonly string[]; portcallIds?: readonly number[] }) {
  const { now } = args;
  return selectPredictionCalls(db)
    .where('portcalls.status', '<>', 'Cancelled')
    .where((eb) => eb.or([eb('portcalls.berth_arrival_label', 'is', null), eb('portcalls.berth_arrival_label', '<>', 'actual')]))
    .where('portcalls.berth_arrival', '<=', new Date(now.getTime() + PREDICTION_AHEAD_MS))
    .where('portcalls.berth_arrival', '>=', new Date(now.getTime() - PREDICTION_OVERDUE_MS))
    .where(sql<boolean>`not ${hasEarlierOpenCallOfVessel(now)}`)
    .$if(args.mmsis !== undefined, (q) => q.where(isVesselOfMmsis(args.mmsis!, 'vessels')))
    .$if(args.portcallIds !== undefined, (q) => q.where('portcalls.id', 'in', args.portcallIds!.length ? [...args.portcallIds!] : [-1]))
    .orderBy('portcalls.id')
    .execute();
}
export type TApproachingCall = Awaited<ReturnType<typeof findApproachingCalls>>[number];

/** A call with everything its prediction and route need: vessel, berth span, quay, pilot boarding place, previous port, AIS. */
export function selectPredictionCalls(db: Db) {
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .innerJoin('terminals', 'terminals.id', 'portcalls.terminal_id')
    .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'portcalls.pilot_boarding_place_id')
    .leftJoin('ports as prev', 'prev.id', 'portcalls.previous_port_id')
    .leftJoin('ais_vessels as av', (join) => join.on(sql<boolean>`av.mmsi = ${vesselAisMmsi('vessels')}`))
    .leftJoin('ais_call_tracking as tr', 'tr.portcall_id', 'portcalls.id')
    .leftJoin('portcall_predictions as own', (join) => join.onRef('own.portcall_id', '=', 'portcalls.id').on('own.source', '=', 'ais'))
    .select([
      'portcalls.id',
      'portcalls.terminal_id',
      'portcalls.vessel_id',
      'portcalls.vessel_operator_id',
      'portcalls.agent_id',
      'portcalls.berth_arrival',
      'portcalls.berth_start_position',
      'portcalls.berth_end_position',
      'portcalls.pilot_boarding_place_id',
      'vessels.vessel_type',
      'vessels.length_overall_m',
      'vessels.imo_number',
      'terminals.latitude as terminal_latitude',
      'terminals.longitude as terminal_longitude',
      'terminals.quay_origin_latitude',
      'terminals.quay_origin_longitude',
      'terminals.quay_bearing_deg',
      'terminals.quay_water_side',
      'pbp.id as pbp_id',
      'pbp.name as pbp_name',
      'pbp.latitude as pbp_latitude',
      'pbp.longitude as pbp_longitude',
      'pbp.sailing_time_to_berth_minutes',
      'pbp.geofence_radius_m',
      'prev.latitude as previous_port_latitude',
      'prev.longitude as previous_port_longitude',
      'av.mmsi',
      'av.latitude',
      'av.longitude',
      'av.speed_knots',
      'av.nav_status',
      'av.position_received_at',
      'tr.phase',
      sql<Date | null>`coalesce(tr.pilot_boarding_place_entered_at, case when portcalls.pilot_boarding_place_arrival_label = 'actual' then portcalls.pilot_boarding_place_arrival end)`.as('pbp_entered_at'),
      'own.predicted_time as stored_time',
      'own.last_fetched_at as stored_at',
    ]);
}

/**
 * Completed calls of a terminal with an actual berth arrival, newest first, with their actual pilot boarding place
 * arrival: the call's own column when labelled actual, else the last actual step of the chain.
 */
export function findHistoryCalls(db: Db, args: { terminalId: number; before: Date; limit?: number }) {
  const actualStep = (timeType: string) =>
    sql<Date | null>`(select t.date_time from portcall_timestamps t where t.portcall_id = portcalls.id and t.time_type = ${timeType} and t.label_after = 'actual' and t.date_time is not null order by t.id desc limit 1)`;
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'portcalls.pilot_boarding_place_id')
    .select([
      'portcalls.id',
      'portcalls.vessel_id',
      'vessels.name as vessel_name',
      'vessels.vessel_type',
      'vessels.length_overall_m',
      'vessels.mmsi',
      'portcalls.pilot_boarding_place_id',
      'pbp.name as pbp_name',
      sql<Date | null>`case when portcalls.pilot_boarding_place_arrival_label = 'actual' then portcalls.pilot_boarding_place_arrival else ${actualStep('pilot_boarding_place_arrival')} end`.as('pbp_arrival'),
      sql<Date>`case when portcalls.berth_arrival_label = 'actual' then portcalls.berth_arrival else ${actualStep('berth_arrival')} end`.as('berth_arrival'),
      sql<Date | null>`case when portcalls.berth_departure_label = 'actual' then portcalls.berth_departure else null end`.as('berth_departure'),
    ])
    .where('portcalls.terminal_id', '=', args.terminalId)
    .where('portcalls.status', '<>', 'Cancelled')
    .where((eb) => eb.or([eb('portcalls.berth_arrival_label', '=', 'actual'), eb.exists(eb.selectFrom('portcall_timestamps as t').select('t.id').whereRef('t.portcall_id', '=', 'portcalls.id').where('t.time_type', '=', 'berth_arrival').where('t.label_after', '=', 'actual'))]))
    .where('portcalls.berth_arrival', '<', args.before)
    .orderBy('portcalls.berth_arrival', 'desc')
    .limit(args.limit ?? 2000)
    .execute();
}
export type THistoryCallRow = Awaited<ReturnType<typeof findHistoryCalls>>[number];

/** The berth-arrival chains of several calls, in order: the reference arrival comes from them. */
export function findArrivalSteps(db: Db, portcallIds: readonly number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portcall_timestamps')
    .select(['portcall_id', 'action', 'label_after', 'date_time'])
    .where('portcall_id', 'in', [...portcallIds])
    .where('time_type', '=', 'berth_arrival')
    .orderBy('id')
    .execute();
}

/** Mean speed over ground in the 24 h before each call's pilot boarding place arrival (calls AIS did not see are absent). */
export async function findApproachSpeeds(db: Db, calls: readonly { id: number; mmsi: string | null; pbpArrival: Date }[]): Promise<Map<number, number>> {
  const seen = calls.filter((c) => c.mmsi);
  const result = new Map<number, number>();
  if (seen.length === 0) return result;
  const values = sql.join(seen.map((c) => sql`(${c.id}::int, ${c.mmsi}::text, ${c.pbpArrival.toISOString()}::timestamptz)`));
  const { rows } = await sql<{ id: number; speed: number | null }>`
    select c.id, avg(p.speed_knots)::float8 as speed
    from (values ${values}) as c(id, mmsi, pbp)
    join ais_positions p on p.mmsi = c.mmsi and p.received_at > c.pbp - interval '24 hours' and p.received_at <= c.pbp and p.speed_knots > 1
    group by c.id`.execute(db);
  for (const r of rows) if (r.speed !== null) result.set(Number(r.id), Number(r.speed));
  return result;
}

/** A vessel's reports since a moment (the robust speed's window). */
export function findReportsSince(db: Db, args: { mmsi: string; since: Date }) {
  return db.selectFrom('ais_positions').select(['received_at', 'speed_knots', 'nav_status']).where('mmsi', '=', args.mmsi).where('received_at', '>', args.since).orderBy('received_at').execute();
}

export type TPredictionWrite = {
  portcallId: number;
  source: 'ais' | 'portcast';
  predictedTime: Date;
  distanceNm: number | null;
  speedKnots: number | null;
  pilotageMinutes: number | null;
  positionReceivedAt: Date | null;
  fetchedAt: Date;
};

export async function upsertPrediction(db: Db, p: TPredictionWrite): Promise<void> {
  const row = {
    portcall_id: p.portcallId,
    source: p.source,
    predicted_time: p.predictedTime,
    distance_nm: p.distanceNm === null ? null : p.distanceNm.toFixed(2),
    speed_knots: p.speedKnots === null ? null : p.speedKnots.toFixed(2),
    pilotage_minutes: p.pilotageMinutes === null ? null : Math.round(p.pilotageMinutes),
    position_received_at: p.positionReceivedAt,
    last_fetched_at: p.fetchedAt,
  };
  await db
    .insertInto('portcall_predictions')
    .values(row)
    .onConflict((oc) => oc.columns(['portcall_id', 'source']).doUpdateSet({ ...row }))
    .execute();
}

/** Predictions of calls behind another open call of their vessel: they were made from a position that is not theirs. */
export async function deleteSupersededPredictions(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('portcall_predictions')
    .where('source', '=', 'ais')
    .where('portcall_id', 'in', (eb) => eb.selectFrom('portcalls').select('portcalls.id').where(hasEarlierOpenCallOfVessel(now)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Predictions of calls that have berthed: the actual time is the truth now. */
export async function deleteBerthedPredictions(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('portcall_predictions')
    .where('portcall_id', 'in', (eb) => eb.selectFrom('portcalls').select('id').where((w) => w.or([w('berth_arrival_label', '=', 'actual'), w('status', '=', 'Cancelled')])))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Stored predictions of several calls with what read-time comparison needs: the terminal's preferred source. */
export function findStoredPredictions(db: Db, portcallIds: readonly number[]) {
  if (portcallIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portcall_predictions as pp')
    .innerJoin('portcalls', 'portcalls.id', 'pp.portcall_id')
    .innerJoin('terminals', 'terminals.id', 'portcalls.terminal_id')
    .leftJoin('terminal_alert_settings as tas', 'tas.terminal_id', 'portcalls.terminal_id')
    .select(['pp.portcall_id', 'pp.source', 'pp.predicted_time', 'pp.last_fetched_at', 'portcalls.berth_arrival', 'terminals.preferred_prediction_source', 'tas.arrival_deviation_minutes'])
    .where('pp.portcall_id', 'in', [...portcallIds])
    .where((eb) => eb.or([eb('portcalls.berth_arrival_label', 'is', null), eb('portcalls.berth_arrival_label', '<>', 'actual')]))
    .execute();
}
export type TStoredPredictionRow = Awaited<ReturnType<typeof findStoredPredictions>>[number];

/** Calls the Portcast adapter may ask about, with the last time it did (null: never). */
export function findPortcastCandidates(db: Db, args: { now: Date; horizonMs: number }) {
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .innerJoin('terminals', 'terminals.id', 'portcalls.terminal_id')
    .innerJoin('ports', 'ports.id', 'terminals.port_id')
    .leftJoin('portcall_predictions as pc', (join) => join.onRef('pc.portcall_id', '=', 'portcalls.id').on('pc.source', '=', 'portcast'))
    .select(['portcalls.id', 'portcalls.terminal_id', 'vessels.imo_number', 'ports.unlocode', 'pc.last_fetched_at', 'pc.predicted_time'])
    .where('portcalls.status', '<>', 'Cancelled')
    .where((eb) => eb.or([eb('portcalls.berth_arrival_label', 'is', null), eb('portcalls.berth_arrival_label', '<>', 'actual')]))
    .where('portcalls.berth_arrival', '<=', new Date(args.now.getTime() + args.horizonMs))
    .where('portcalls.berth_arrival', '>=', new Date(args.now.getTime() - PREDICTION_OVERDUE_MS))
    .orderBy('portcalls.id')
    .execute();
}
