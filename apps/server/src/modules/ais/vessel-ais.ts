// Which AIS row is a vessel's, in one place: the map, the vessel's AIS characteristics, the arrival predictions, and
// the three readers of an AIS batch (positions on the realtime channels, geofences, predictions) all ask here, so a
// vessel is the same vessel to each of them.
import { type Kysely, type RawBuilder, type Selectable, type Transaction, sql } from 'kysely';
import type { AisVesselsTable, DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;
export type TAisVesselRow = Selectable<AisVesselsTable>;

/**
 * The MMSI AIS reports the vessel (the table or alias `vessel`) under: the vessel record's own MMSI when it has one;
 * else the MMSI whose type 5 message reported the record's IMO number most recently. The record wins: an AIS row that
 * reports the vessel's IMO number under another MMSI than the record's is not this vessel's (a record's MMSI is kept
 * by the terminal, while anyone's transponder can send any IMO number). Null when neither exists.
 */
export function vesselAisMmsi(vessel = 'vessels'): RawBuilder<string | null> {
  const ref = (column: string) => sql.ref(`${vessel}.${column}`);
  return sql<string | null>`coalesce(${ref('mmsi')}::text, ${newestMmsiReportingImo(ref('imo_number'))})`;
}

function newestMmsiReportingImo(imoNumber: RawBuilder<unknown>) {
  return sql<string | null>`(select a.mmsi from ais_vessels a where a.imo_number = ${imoNumber} order by a.static_received_at desc nulls last, a.mmsi limit 1)`;
}

/**
 * True when the vessel's (the table or alias `vessel`) AIS MMSI by vesselAisMmsi is one of these: how the readers of an
 * AIS batch find the calls of the batch's vessels. Written so the record's MMSI is matched first (by its index) and the
 * newest report of an IMO number is only read for a record without an MMSI whose IMO number a batch MMSI reported.
 */
export function isVesselOfMmsis(mmsis: readonly string[], vessel = 'vessels'): RawBuilder<boolean> {
  if (mmsis.length === 0) return sql<boolean>`false`;
  const ref = (column: string) => sql.ref(`${vessel}.${column}`);
  const list = sql.join(mmsis.map((m) => sql`${m}`));
  return sql<boolean>`(${ref('mmsi')} in (${list}) or (${ref('mmsi')} is null
    and ${ref('imo_number')} in (select b.imo_number from ais_vessels b where b.mmsi in (${list}) and b.imo_number is not null)
    and ${newestMmsiReportingImo(ref('imo_number'))} in (${list})))`;
}

/** The AIS row of each of these vessels (by vesselAisMmsi), by vessel id; a vessel AIS has not heard is absent. */
export async function findAisRowsOfVessels(db: Db, vesselIds: readonly number[]): Promise<Map<number, TAisVesselRow>> {
  if (vesselIds.length === 0) return new Map<number, TAisVesselRow>();
  const rows = await db
    .selectFrom('vessels')
    // A lateral look-up with its limit (which keeps PostgreSQL from flattening it into a hash join over every row AIS
    // has), so each vessel costs one primary-key read however many vessels AIS has heard.
    .innerJoinLateral((eb) => eb.selectFrom('ais_vessels').selectAll('ais_vessels').where(sql<boolean>`ais_vessels.mmsi = ${vesselAisMmsi('vessels')}`).limit(1).as('av'), (join) => join.onTrue())
    .selectAll('av')
    .select('vessels.id as vessel_id')
    .where('vessels.id', 'in', [...new Set(vesselIds)])
    // A lateral's columns lose their table's select types; the rows are the table's rows with the vessel's id.
    .$castTo<TAisVesselRow & { vessel_id: number }>()
    .execute();
  return new Map(rows.map(({ vessel_id, ...row }) => [vessel_id, row]));
}

