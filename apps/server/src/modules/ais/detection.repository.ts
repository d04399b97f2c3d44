// Reads and decisions of AIS detections, and the terminal's AIS settings row.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export function findDetectionsOfCall(db: Db, portcallId: number) {
  return db.selectFrom('ais_detections').selectAll().where('portcall_id', '=', portcallId).orderBy('date_time').orderBy('id').execute();
}

export function findDetectionWithTerminal(db: Db, id: number) {
  return db.selectFrom('ais_detections as d').innerJoin('portcalls as p', 'p.id', 'd.portcall_id').selectAll('d').select('p.terminal_id').where('d.id', '=', id).executeTakeFirst();
}

/** Decides a detection that is still proposed; false if someone decided it first. */
export async function decideDetection(db: Db, id: number, decision: { status: 'applied' | 'dismissed'; decidedBy: number; at: Date }): Promise<boolean> {
  const result = await db.updateTable('ais_detections').set({ status: decision.status, decided_by: decision.decidedBy, decided_at: decision.at }).where('id', '=', id).where('status', '=', 'proposed').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findTerminalAisSettings(db: Db, terminalId: number) {
  return db
    .selectFrom('terminals as t')
    .leftJoin('terminal_alert_settings as s', 's.terminal_id', 't.id')
    .select(['t.id', 't.ais_settings_version', 't.ais_actuals_mode', 't.preferred_prediction_source', 't.quay_origin_latitude', 't.quay_origin_longitude', 't.quay_bearing_deg', 't.quay_water_side', 's.arrival_deviation_minutes'])
    .where('t.id', '=', terminalId)
    .executeTakeFirst();
}
