// Kysely queries of the schedule providers, their sync runs and the schedule proposals.
import type { TScheduleProviderKind, TSyncChange } from '@quayline/domain';
import { type Insertable, type Kysely, type Selectable, type Transaction, type Updateable, sql } from 'kysely';
import type { DB, ScheduleProvidersTable, ScheduleSyncRunsTable } from '../../db/schema';
import { storedJson } from '../../db/stored-json';

type Db = Kysely<DB> | Transaction<DB>;
export type ProviderRow = Selectable<ScheduleProvidersTable>;
export type SyncRunRow = Selectable<ScheduleSyncRunsTable>;

export function findProviders(db: Db, terminalId: number) {
  return db.selectFrom('schedule_providers').selectAll().where('terminal_id', '=', terminalId).orderBy('provider').execute();
}

export function findProvider(db: Db, terminalId: number, kind: TScheduleProviderKind) {
  return db.selectFrom('schedule_providers').selectAll().where('terminal_id', '=', terminalId).where('provider', '=', kind).executeTakeFirst();
}

export function findProviderById(db: Db, id: number) {
  return db.selectFrom('schedule_providers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertProvider(db: Db, row: Insertable<ScheduleProvidersTable>) {
  return db.insertInto('schedule_providers').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Writes only when the stored version is the expected one; undefined means it was stale. */
export function updateProviderAtVersion(db: Db, id: number, version: number, set: Updateable<ScheduleProvidersTable>) {
  return db
    .updateTable('schedule_providers')
    .set({ ...set, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/** Status columns a fetch writes; they do not bump the version, so a person's edit never conflicts with a poll. */
export function updateProviderStatus(db: Db, id: number, set: Pick<Updateable<ScheduleProvidersTable>, 'last_attempt_at' | 'last_success_at' | 'last_error' | 'consecutive_failures' | 'next_attempt_at'>) {
  return db.updateTable('schedule_providers').set(set).where('id', '=', id).execute();
}

/**
 * Claims a due slot: moves next_attempt_at on only if it still holds the slot the job was sent for. Two workers with
 * the same slot race on this row; exactly one gets it back.
 */
export function claimProviderSlot(db: Db, args: { id: number; slot: Date; leaseUntil: Date; now: Date }) {
  return db
    .updateTable('schedule_providers')
    .set({ next_attempt_at: args.leaseUntil, last_attempt_at: args.now })
    .where('id', '=', args.id)
    .where('is_enabled', '=', true)
    .where('next_attempt_at', '=', args.slot)
    .returningAll()
    .executeTakeFirst();
}

export function findDueProviders(db: Db, now: Date) {
  return db.selectFrom('schedule_providers').select(['id', 'next_attempt_at']).where('is_enabled', '=', true).where('next_attempt_at', '<=', now).orderBy('next_attempt_at').limit(500).execute();
}

export function insertSyncRun(db: Db, row: Insertable<ScheduleSyncRunsTable>) {
  return db.insertInto('schedule_sync_runs').values(row).returningAll().executeTakeFirstOrThrow();
}

export function finishSyncRun(db: Db, id: number, set: { finished_at: Date; outcome: 'success' | 'failed'; error: string | null; changes: TSyncChange[] }) {
  return db
    .updateTable('schedule_sync_runs')
    .set({ finished_at: set.finished_at, outcome: set.outcome, error: set.error, changes: storedJson('schedule_run_changes', set.changes) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findSyncRuns(db: Db, args: { terminalId: number; offset: number; limit: number }) {
  return db.selectFrom('schedule_sync_runs').selectAll().where('terminal_id', '=', args.terminalId).orderBy('id', 'desc').offset(args.offset).limit(args.limit).execute();
}

export async function countSyncRuns(db: Db, terminalId: number): Promise<number> {
  const row = await db.selectFrom('schedule_sync_runs').select((eb) => eb.fn.countAll<number>().as('n')).where('terminal_id', '=', terminalId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findProposalsOfPortcall(db: Db, portcallId: number) {
  return db.selectFrom('schedule_proposals').selectAll().where('portcall_id', '=', portcallId).orderBy('id', 'desc').execute();
}

export function findProposal(db: Db, id: number) {
  return db.selectFrom('schedule_proposals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Resolves an open proposal; undefined when it was resolved meanwhile. */
export function resolveProposal(db: Db, args: { id: number; status: 'applied' | 'dismissed'; at: Date; by: number }) {
  return db
    .updateTable('schedule_proposals')
    .set({ status: args.status, resolved_at: args.at, resolved_by: args.by })
    .where('id', '=', args.id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

// ---- lookups for mapping a schedule onto our records ----------------------------------------------------------

export function findPortsByUnlocode(db: Db, unlocodes: string[]) {
  if (unlocodes.length === 0) return Promise.resolve([]);
  return db.selectFrom('ports').select(['id', 'unlocode']).where('unlocode', 'in', unlocodes).execute();
}

export function findVesselsByImoOrMmsi(db: Db, imos: string[], mmsis: string[]) {
  if (imos.length === 0 && mmsis.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('vessels')
    .select(['id', 'imo_number', 'mmsi', 'vessel_operator_id'])
    .where((eb) => eb.or([...(imos.length ? [eb('imo_number', 'in', imos)] : []), ...(mmsis.length ? [eb('mmsi', 'in', mmsis)] : [])]))
    .execute();
}

export function findVesselOperatorsByCode(db: Db, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('organisations').select(['id', 'code']).where('kind', '=', 'vessel_operator').where(sql<string>`upper(code)`, 'in', codes).execute();
}

export function findTerminalWithPort(db: Db, terminalId: number) {
  return db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select(['terminals.id', 'terminals.code', 'terminals.port_id', 'ports.unlocode', 'terminals.time_zone']).where('terminals.id', '=', terminalId).executeTakeFirst();
}

/**
 * What the demo's local schedule provider publishes: each voyage at a terminal of this port whose terminal call
 * arrives in [from, to), every stop with its port, and for the terminal call the call's own current times and labels.
 */
export function findPublishableStops(db: Db, args: { unlocode: string; from: Date; to: Date }) {
  return db
    .selectFrom('voyages as v')
    .innerJoin('terminals as t', 't.id', 'v.terminal_id')
    .innerJoin('ports as tp', 'tp.id', 't.port_id')
    .innerJoin('vessels as ves', 'ves.id', 'v.vessel_id')
    .innerJoin('organisations as op', 'op.id', 'v.vessel_operator_id')
    .innerJoin('voyage_schedule_rows as r', 'r.voyage_id', 'v.id')
    .innerJoin('ports as p', 'p.id', 'r.port_id')
    .leftJoin('portcalls as pc', 'pc.id', 'r.portcall_id')
    .select([
      'v.id as voyage_id',
      'v.service_name',
      'v.service_code',
      'v.voyage_number_import',
      'v.voyage_number_export',
      't.code as terminal_code',
      'ves.imo_number',
      'ves.name as vessel_name',
      'op.code as operator_code',
      'r.sequence',
      'r.is_terminal_call',
      'r.arrival',
      'r.departure',
      'r.arrival_classifier',
      'r.departure_classifier',
      'p.unlocode',
      'pc.berth_arrival',
      'pc.berth_departure',
      'pc.berth_arrival_label',
      'pc.berth_departure_label',
      'pc.status as call_status',
    ])
    .where('tp.unlocode', '=', args.unlocode)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('voyage_schedule_rows as tr')
          .innerJoin('portcalls as tc', 'tc.id', 'tr.portcall_id')
          .select('tr.id')
          .whereRef('tr.voyage_id', '=', 'v.id')
          .where('tr.is_terminal_call', '=', true)
          .where('tc.berth_arrival', '>=', args.from)
          .where('tc.berth_arrival', '<', args.to),
      ),
    )
    .orderBy('v.service_name')
    .orderBy('v.id')
    .orderBy('r.sequence')
    .execute();
}
export type TPublishableStop = Awaited<ReturnType<typeof findPublishableStops>>[number];

export async function findTerminalsWithVoyages(db: Db): Promise<number[]> {
  return (await db.selectFrom('voyages').select('terminal_id').distinct().orderBy('terminal_id').execute()).map((r) => r.terminal_id);
}

export function updateProviderBaseUrl(db: Db, id: number, baseUrl: string) {
  return db.updateTable('schedule_providers').set({ base_url: baseUrl }).where('id', '=', id).execute();
}
