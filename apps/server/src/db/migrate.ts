// Runs the migrations in db/migrations on either database; the list is explicit so bundling cannot drop one.
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-master-data';
import * as m0003 from './migrations/0003-realtime';
import * as m0004 from './migrations/0004-portcalls';
import * as m0005 from './migrations/0005-notifications';
import * as m0006 from './migrations/0006-portcall-details';
import * as m0007 from './migrations/0007-berth-drafts';
import * as m0008 from './migrations/0008-portcall-status-fields';
import * as m0009 from './migrations/0009-realtime-retention';
import * as m0010 from './migrations/0010-ship-to-shore-cranes';
import * as m0011 from './migrations/0011-voyage-center';
import * as m0012 from './migrations/0012-dashboard';
import * as m0013 from './migrations/0013-shift-planner';
import * as m0014 from './migrations/0014-ais';
import * as m0015 from './migrations/0015-daily-digest';
import * as m0016 from './migrations/0016-prise';
import * as m0017 from './migrations/0017-proxy';
import * as m0018 from './migrations/0018-rate-limits';
import * as m0019 from './migrations/0019-portcall-spec-fields';
import * as m0020 from './migrations/0020-read-model-version';
import * as m0021 from './migrations/0021-notification-creator-type';
import * as m0025 from './migrations/0025-proxy-parent-session';
import * as m0026 from './migrations/0026-names-without-direction-controls';
import * as m0030 from './migrations/0030-dcsa-jit';
import * as m0031 from './migrations/0031-portcall-kpi-facts';
import * as m0032 from './migrations/0032-localized-master-data-names';
import * as m0033 from './migrations/0033-read-model-prise-notices';
import * as m0035 from './migrations/0035-portcalls-departure-index';
import * as m0040 from './migrations/0040-jit-outbox';
import * as m0041 from './migrations/0041-vessel-type-detailed';
import * as m0042 from './migrations/0042-terminal-delay-reasons';
import * as m0043 from './migrations/0043-portcalls-history-indexes';

const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-master-data': m0002,
  '0003-realtime': m0003,
  '0004-portcalls': m0004,
  '0005-notifications': m0005,
  '0006-portcall-details': m0006,
  '0007-berth-drafts': m0007,
  '0008-portcall-status-fields': m0008,
  '0009-realtime-retention': m0009,
  '0010-ship-to-shore-cranes': m0010,
  '0011-voyage-center': m0011,
  '0012-dashboard': m0012,
  '0013-shift-planner': m0013,
  '0014-ais': m0014,
  '0015-daily-digest': m0015,
  '0016-prise': m0016,
  '0017-proxy': m0017,
  '0018-rate-limits': m0018,
  '0019-portcall-spec-fields': m0019,
  '0020-read-model-version': m0020,
  '0021-notification-creator-type': m0021,
  '0025-proxy-parent-session': m0025,
  '0026-names-without-direction-controls': m0026,
  '0030-dcsa-jit': m0030,
  '0031-portcall-kpi-facts': m0031,
  '0032-localized-master-data-names': m0032,
  '0033-read-model-prise-notices': m0033,
  '0035-portcalls-departure-index': m0035,
  '0040-jit-outbox': m0040,
  '0041-vessel-type-detailed': m0041,
  '0042-terminal-delay-reasons': m0042,
  '0043-portcalls-history-indexes': m0043,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Migration numbers are handed out per piece of work, and pieces land in any order: a database that already has a
  // later number runs an earlier one it lacks, in name order, instead of refusing to start.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
