// A vessel is in one place, so its AIS positions belong to one call: the earliest of its calls that is still open.
// Predictions and geofences use the same rule (and the map shows each vessel once, see currentCallPerVessel).
import { type RawBuilder, sql } from 'kysely';

/** Open calls this far behind their berth arrival still count (a late vessel is still on its way to them). */
export const OPEN_CALL_LOOKBACK_MS = 3 * 24 * 3_600_000;

/**
 * True when the call (the table or alias `call`) has an earlier open call of the same vessel: the positions tell about
 * that one. "Earlier" is by berth arrival, then id; open is neither cancelled nor departed.
 */
export function hasEarlierOpenCallOfVessel(now: Date, call = 'portcalls'): RawBuilder<boolean> {
  const since = new Date(now.getTime() - OPEN_CALL_LOOKBACK_MS);
  const ref = (column: string) => sql.ref(`${call}.${column}`);
  return sql<boolean>`exists (
    select 1 from portcalls earlier
    where earlier.vessel_id = ${ref('vessel_id')} and earlier.id <> ${ref('id')}
      and earlier.status not in ('Cancelled', 'Departed') and earlier.berth_arrival >= ${since}
      and (earlier.berth_arrival < ${ref('berth_arrival')} or (earlier.berth_arrival = ${ref('berth_arrival')} and earlier.id < ${ref('id')})))`;
}
