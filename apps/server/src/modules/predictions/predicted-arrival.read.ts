// The port call's predicted_berth_arrival from the stored predictions, compared at read time with the call's current
// reference arrival and the terminal's threshold, so a re-planned arrival or a changed setting shows at once.
import { DEFAULT_ALERT_SETTINGS, type TPredictedBerthArrival } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { type TArrivalStep, compareWithReference, referenceBerthArrival } from './arrival-model';
import { findArrivalSteps, findStoredPredictions } from './prediction.repository';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The terminal's preferred source, else the other; difference and status against the reference (accepted, else
 * planned, else requested; the call's berth arrival when its chain has none) and the terminal's
 * arrival_deviation_minutes. Two queries for any number of calls; calls without a stored prediction are absent.
 */
export async function findPredictedBerthArrivals(db: Db, portcallIds: readonly number[]): Promise<Map<number, TPredictedBerthArrival>> {
  if (portcallIds.length === 0) return new Map();
  const rows = await findStoredPredictions(db, portcallIds);
  if (rows.length === 0) return new Map();
  return predictedBerthArrivalsOf(rows, await findArrivalSteps(db, [...new Set(rows.map((r) => r.portcall_id))]));
}

/** The same from rows already read (the port-call read fetches the berth-arrival chain for its own use anyway). */
export function predictedBerthArrivalsOf(rows: readonly TStoredRow[], steps: readonly (TArrivalStep & { portcall_id: number })[]): Map<number, TPredictedBerthArrival> {
  const result = new Map<number, TPredictedBerthArrival>();
  const stepsOf = new Map<number, TArrivalStep[]>();
  for (const s of steps) {
    const list = stepsOf.get(s.portcall_id) ?? [];
    list.push(s);
    stepsOf.set(s.portcall_id, list);
  }
  const chosen = new Map<number, TStoredRow>();
  for (const row of rows) {
    const current = chosen.get(row.portcall_id);
    if (!current || (current.source !== row.preferred_prediction_source && row.source === row.preferred_prediction_source)) chosen.set(row.portcall_id, row);
  }
  for (const [portcallId, row] of chosen) {
    const reference = referenceBerthArrival(stepsOf.get(portcallId) ?? []) ?? new Date(row.berth_arrival);
    const { difference, status } = compareWithReference(new Date(row.predicted_time), reference, row.arrival_deviation_minutes ?? DEFAULT_ALERT_SETTINGS.arrival_deviation_minutes);
    result.set(portcallId, { predicted_time: new Date(row.predicted_time).toISOString(), difference, status, source: row.source, last_fetched_at: new Date(row.last_fetched_at).toISOString() });
  }
  return result;
}
type TStoredRow = Awaited<ReturnType<typeof findStoredPredictions>>[number];
