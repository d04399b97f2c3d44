// SQL of the AIS module: batched writes of positions and static data, the vessel-record link and fill, the calls
// a position concerns, retention, and the reads behind ais/portcalls_list and ais/vessel_characteristics.
import { DEFAULT_ALERT_SETTINGS, type TPredictedBerthArrival } from '@quayline/domain';
import { type ExpressionBuilder, type Kysely, type Transaction, sql } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { portcallsWithParties, visibleTo } from '../portcalls/portcall.repository';
import type { TAisPositionMessage, TAisStaticMessage } from './codec/decode';
import { isVesselOfMmsis, vesselAisMmsi } from './vessel-ais';

type Db = Kysely<DB> | Transaction<DB>;

const HOUR_MS = 3_600_000;
/** A call is on the map from 14 days before its berth arrival until 12 h after its berth departure. */
export const ACTIVE_CALL_AHEAD_MS = 14 * 24 * HOUR_MS;
export const ACTIVE_CALL_AFTER_DEPARTURE_MS = 12 * HOUR_MS;

/** Calls within the map's time window: berth arrival within 14 days, not departed more than 12 h ago. */
export function callsInWindowAt(now: Date) {
  return (eb: ExpressionBuilder<DB, 'portcalls'>) =>
    eb.and([
      eb('portcalls.berth_arrival', '<=', new Date(now.getTime() + ACTIVE_CALL_AHEAD_MS)),
      eb('portcalls.berth_departure', '>=', new Date(now.getTime() - ACTIVE_CALL_AFTER_DEPARTURE_MS)),
    ]);
}

/** Calls a vessel's position matters for: in the window and not cancelled. */
export function activeCallsAt(now: Date) {
  return (eb: ExpressionBuilder<DB, 'portcalls'>) => eb.and([eb('portcalls.status', '<>', 'Cancelled'), callsInWindowAt(now)(eb)]);
}

const NO_AIS_DATA = {
  imo_number: null,
  name: null,
  call_sign: null,
  ship_type: null,
  length_m: null,
  beam_m: null,
  draught_m: null,
  destination: null,
  reported_eta: null,
  static_received_at: null,
  latitude: null,
  longitude: null,
  speed_knots: null,
  course_deg: null,
  heading_deg: null,
  nav_status: null,
  position_received_at: null,
} as const;

// ---- writes (one batch, one transaction) -------------------------------------------------------------

export async function insertPositions(trx: Db, positions: readonly TAisPositionMessage[]): Promise<void> {
  // Parameters per row: 8; PostgreSQL allows 65535 per statement, so chunk well below that.
  for (let i = 0; i < positions.length; i += 2000) {
    const chunk = positions.slice(i, i + 2000);
    await trx
      .insertInto('ais_positions')
      .values(chunk.map((p) => ({ mmsi: p.mmsi, received_at: p.received_at, latitude: p.latitude, longitude: p.longitude, speed_knots: p.speed_knots, course_deg: p.course_deg, heading_deg: p.heading_deg, nav_status: p.nav_status })))
      .execute();
  }
}

/** Keeps the newest position per vessel; an older report (a late replay, a slow feed) never moves a vessel back. */
export async function upsertLatestPositions(trx: Db, latest: readonly TAisPositionMessage[]): Promise<void> {
  if (latest.length === 0) return;
  await trx
    .insertInto('ais_vessels')
    .values(
      latest.map((p) => ({ ...NO_AIS_DATA, mmsi: p.mmsi, latitude: p.latitude, longitude: p.longitude, speed_knots: p.speed_knots, course_deg: p.course_deg, heading_deg: p.heading_deg, nav_status: p.nav_status, position_received_at: p.received_at })),
    )
    .onConflict((oc) =>
      oc
        .column('mmsi')
        .doUpdateSet((eb) => ({
          latitude: eb.ref('excluded.latitude'),
          longitude: eb.ref('excluded.longitude'),
          speed_knots: eb.ref('excluded.speed_knots'),
          course_deg: eb.ref('excluded.course_deg'),
          heading_deg: eb.ref('excluded.heading_deg'),
          nav_status: eb.ref('excluded.nav_status'),
          position_received_at: eb.ref('excluded.position_received_at'),
          updated_at: sql`now()`,
        }))
        .where((eb) => eb.or([eb('ais_vessels.position_received_at', 'is', null), eb('ais_vessels.position_received_at', '<', eb.ref('excluded.position_received_at'))])),
    )
    .execute();
}

/** Static data merged per vessel; a field a message did not carry (or said "not available") keeps what was known. */
export async function upsertStatics(trx: Db, statics: readonly TAisStaticMessage[]): Promise<void> {
  if (statics.length === 0) return;
  const value = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  await trx
    .insertInto('ais_vessels')
    .values(
      statics.map((s) => ({
        ...NO_AIS_DATA,
        mmsi: s.mmsi,
        imo_number: value(s.imo_number),
        name: value(s.name),
        call_sign: value(s.call_sign),
        ship_type: value(s.ship_type),
        length_m: value(s.length_m),
        beam_m: value(s.beam_m),
        draught_m: value(s.draught_m),
        destination: value(s.destination),
        reported_eta: value(s.reported_eta),
        static_received_at: s.received_at,
      })),
    )
    .onConflict((oc) =>
      oc.column('mmsi').doUpdateSet({
        imo_number: sql`coalesce(excluded.imo_number, ais_vessels.imo_number)`,
        name: sql`coalesce(excluded.name, ais_vessels.name)`,
        call_sign: sql`coalesce(excluded.call_sign, ais_vessels.call_sign)`,
        ship_type: sql`coalesce(excluded.ship_type, ais_vessels.ship_type)`,
        length_m: sql`coalesce(excluded.length_m, ais_vessels.length_m)`,
        beam_m: sql`coalesce(excluded.beam_m, ais_vessels.beam_m)`,
        draught_m: sql`coalesce(excluded.draught_m, ais_vessels.draught_m)`,
        destination: sql`coalesce(excluded.destination, ais_vessels.destination)`,
        reported_eta: sql`coalesce(excluded.reported_eta, ais_vessels.reported_eta)`,
        static_received_at: sql`greatest(excluded.static_received_at, ais_vessels.static_received_at)`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/**
 * Type 5 names the IMO number: a vessel record with that IMO and no MMSI gets this MMSI (unless another record has
 * it). Then the record's missing length, beam and call sign are filled from AIS, and ais_vessels remembers which.
 */
export async function linkAndFillVessel(trx: Db, s: TAisStaticMessage): Promise<string[]> {
  if (s.imo_number) {
    await trx
      .updateTable('vessels')
      .set({ mmsi: s.mmsi })
      .where('imo_number', '=', s.imo_number)
      .where('mmsi', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('vessels as other').select('other.id').where('other.mmsi', '=', s.mmsi))))
      .execute();
  }
  const hasSomethingToFill = (s.length_m ?? null) !== null || (s.beam_m ?? null) !== null || (s.call_sign ?? null) !== null;
  if (!hasSomethingToFill) return [];
  const vessel = await trx.selectFrom('vessels').select(['id', 'length_overall_m', 'beam_m', 'call_sign']).where('mmsi', '=', s.mmsi).executeTakeFirst();
  if (!vessel) return [];
  const lacks = (v: string | null) => v === null || Number(v) === 0;
  const update: { length_overall_m?: number; beam_m?: number; call_sign?: string } = {};
  if (s.length_m && lacks(vessel.length_overall_m)) update.length_overall_m = s.length_m;
  if (s.beam_m && lacks(vessel.beam_m)) update.beam_m = s.beam_m;
  if (s.call_sign && !vessel.call_sign) update.call_sign = s.call_sign;
  const filled = Object.keys(update);
  if (filled.length === 0) return [];
  await trx.updateTable('vessels').set(update).where('id', '=', vessel.id).execute();
  await trx
    .updateTable('ais_vessels')
    .set({ filled_fields: sql<string[]>`array(select distinct f from unnest(ais_vessels.filled_fields || ${sql.val(filled)}::text[]) f order by f)` })
    .where('mmsi', '=', s.mmsi)
    .execute();
  return filled;
}

export type TActiveCallOfVessel = { portcall_id: number; terminal_id: number; vessel_operator_id: number; agent_id: number | null; mmsi: string };

/** The active calls of the vessels these MMSIs report (which vessel an MMSI is: isVesselOfMmsis). */
export async function findActiveCallsOfMmsis(db: Db, mmsis: readonly string[], now: Date): Promise<TActiveCallOfVessel[]> {
  if (mmsis.length === 0) return [];
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .select(['portcalls.id as portcall_id', 'portcalls.terminal_id', 'portcalls.vessel_operator_id', 'portcalls.agent_id', vesselAisMmsi('vessels').$castTo<string>().as('mmsi')])
    .where(isVesselOfMmsis(mmsis, 'vessels'))
    .where(activeCallsAt(now))
    .execute();
}

/** Deletes positions received before `before`, a few thousand rows per statement so no lock is held for long. Returns how many. */
export async function pruneAisPositions(db: Kysely<DB>, before: Date, chunkSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom('ais_positions')
      .where('id', 'in', (eb) => eb.selectFrom('ais_positions').select('id').where('received_at', '<', before).limit(chunkSize))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < chunkSize) return total;
  }
}

/** When the newest stored position was received (null: none yet). */
export async function newestPositionTime(db: Db): Promise<Date | null> {
  const row = await db.selectFrom('ais_positions').select((eb) => eb.fn.max('received_at').as('newest')).executeTakeFirst();
  return row?.newest ? new Date(row.newest) : null;
}

// ---- reads -------------------------------------------------------------------------------------------

/** The calls of one terminal for the map, scoped to what the user may see. */
export function findMapPortcalls(db: Db, args: { user: PortalUser; terminalId: number; statuses: readonly string[]; watchedOnly: boolean; now: Date }) {
  const { user } = args;
  return portcallsWithParties(db)
    .leftJoin('ports as prev', 'prev.id', 'portcalls.previous_port_id')
    .select((eb) => [
      'portcalls.id as portcall_id',
      'portcalls.terminal_id',
      'portcalls.status',
      'portcalls.vessel_id',
      'vessels.name as vessel_name',
      'vessels.imo_number',
      'vessels.mmsi',
      'vessels.vessel_type',
      'vessels.length_overall_m',
      'vessels.beam_m',
      'vo.code as vessel_operator_code',
      'ag.code as agent_code',
      'portcalls.berth_arrival',
      'portcalls.berth_arrival_label',
      'portcalls.berth_departure',
      'portcalls.berth_departure_label',
      'pbp.name as pilot_boarding_place_name',
      'portcalls.pilot_boarding_place_arrival',
      'prev.name as previous_port_name',
      eb
        .exists(eb.selectFrom('watchlist_entries as w').select('w.portcall_id').whereRef('w.portcall_id', '=', 'portcalls.id').where('w.portal_user_id', '=', user.id))
        .as('is_watched'),
    ])
    .where('portcalls.terminal_id', '=', args.terminalId)
    .where(visibleTo(user))
    .where(callsInWindowAt(args.now))
    .where('portcalls.status', 'in', [...args.statuses])
    .$if(args.watchedOnly, (qb) =>
      qb.where((eb) => eb.exists(eb.selectFrom('watchlist_entries as w2').select('w2.portcall_id').whereRef('w2.portcall_id', '=', 'portcalls.id').where('w2.portal_user_id', '=', user.id))),
    )
    .orderBy('portcalls.berth_arrival')
    .orderBy('portcalls.id')
    .execute();
}

/** Each vessel's positions since `since`, thinned in SQL to about `maxPoints` (always keeping the newest). */
export async function findTracks(db: Db, args: { mmsis: string[]; since: Date; maxPoints: number }) {
  if (args.mmsis.length === 0) return [];
  const result = await sql<{ mmsi: string; latitude: number; longitude: number; received_at: Date }>`
    select mmsi, latitude, longitude, received_at from (
      select mmsi, latitude, longitude, received_at,
        row_number() over (partition by mmsi order by received_at desc) as rn,
        count(*) over (partition by mmsi) as n
      from ais_positions
      where mmsi in (${sql.join(args.mmsis)}) and received_at >= ${args.since}
    ) t
    where (rn - 1) % greatest(1, ceil(n::numeric / ${args.maxPoints})::int) = 0
    order by mmsi, received_at`.execute(db);
  return result.rows;
}

/** A vessel the user may see: a vessel operator its own vessels; everyone the vessels of calls they can see. */
export function findVisibleVessel(db: Db, args: { user: PortalUser; vesselId: number }) {
  const { user } = args;
  return db
    .selectFrom('vessels')
    .select(['vessels.id', 'vessels.imo_number', 'vessels.mmsi'])
    .where('vessels.id', '=', args.vesselId)
    .where((eb) =>
      eb.or([
        ...(user.user_type === 'vessel_operator' && user.organisation_id !== null ? [eb('vessels.vessel_operator_id', '=', user.organisation_id)] : []),
        eb.exists(eb.selectFrom('portcalls').select('portcalls.id').whereRef('portcalls.vessel_id', '=', 'vessels.id').where(visibleTo(user))),
      ]),
    )
    .executeTakeFirst();
}
