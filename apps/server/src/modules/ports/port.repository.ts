// SQL for ports and their pilot boarding places.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { containsPattern, prefixPattern } from '../../lib/search-pattern';
import { withReadableNames } from '../terminals/terminal.repository';

/** UN/LOCODE matches from its first letters, the name anywhere; both in any case. */
function portsMatching(db: Kysely<DB>, text: string | null) {
  const query = db.selectFrom('ports');
  if (!text) return query;
  return query.where((eb) => eb.or([eb('unlocode', 'like', prefixPattern(text.toUpperCase())), eb('name', 'ilike', containsPattern(text))]));
}

export async function countPorts(db: Kysely<DB>, text: string | null): Promise<number> {
  const row = await portsMatching(db, text)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPorts(db: Kysely<DB>, text: string | null, page: { limit: number; offset: number }) {
  return portsMatching(db, text)
    .select(['id', 'unlocode', 'name', 'country_code', 'time_zone', 'latitude', 'longitude'])
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function findPort(db: Kysely<DB>, portId: number) {
  return db.selectFrom('ports').select('id').where('id', '=', portId).executeTakeFirst();
}

/** Pilot boarding places of a port, the farthest out first (the order a vessel passes them). */
export async function listPilotBoardingPlaces(db: Kysely<DB>, portId: number) {
  const rows = await db
    .selectFrom('pilot_boarding_places')
    .select(['id', 'port_id', 'name', 'names', 'sailing_time_to_berth_minutes', 'latitude', 'longitude'])
    .where('port_id', '=', portId)
    .orderBy('sailing_time_to_berth_minutes', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(withReadableNames);
}
