// SQL for block zones: stretches of quay closed for a time (repairs, dredging, events).
import type { Kysely, Selectable } from 'kysely';
import type { BlockedZonesTable, DB } from '../../db/schema';

export type BlockedZoneRow = Selectable<BlockedZonesTable>;

const COLUMNS = ['id', 'terminal_id', 'reason', 'start_position_m', 'end_position_m', 'starts_at', 'ends_at'] as const;

/** Zones of a terminal overlapping the half-open window [from, to). */
export function listBlockedZonesInWindow(db: Kysely<DB>, args: { terminalId: number; from: Date; to: Date }): Promise<BlockedZoneRow[]> {
  return db
    .selectFrom('blocked_zones')
    .select(COLUMNS)
    .where('terminal_id', '=', args.terminalId)
    .where('starts_at', '<', args.to)
    .where('ends_at', '>', args.from)
    .orderBy('starts_at')
    .orderBy('start_position_m')
    .orderBy('id')
    .execute();
}

export function findBlockedZone(db: Kysely<DB>, zoneId: number): Promise<BlockedZoneRow | undefined> {
  return db.selectFrom('blocked_zones').select(COLUMNS).where('id', '=', zoneId).executeTakeFirst();
}

export function insertBlockedZone(
  db: Kysely<DB>,
  row: { terminal_id: number; reason: string; start_position_m: number; end_position_m: number; starts_at: Date; ends_at: Date },
): Promise<BlockedZoneRow> {
  return db.insertInto('blocked_zones').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function deleteBlockedZone(db: Kysely<DB>, zoneId: number): Promise<BlockedZoneRow | undefined> {
  return db.deleteFrom('blocked_zones').where('id', '=', zoneId).returning(COLUMNS).executeTakeFirst();
}
