// Schedule sync: turns normalized schedules (OVS service schedules, from a provider or an uploaded file) into voyages,
// schedule rows and port-call moves at one terminal. One transaction per run, so a failed run changes nothing; the
// run row itself is written outside it, so failures are recorded too.
import { DEFAULT_PROPOSAL_THRESHOLD_MINUTES, type TNegotiatedTime, type TOvsServiceSchedule, type TSyncChange, type TSyncRun, type TVoyageSource } from '@quayline/domain';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { type TStoredJsonLog, readRows } from '../../db/stored-json';
import { type TVoyageWriteItem, insertVoyages, voyageNameOf } from '../voyages/voyage-writer';
import { type TScheduleActor, applyScheduleToPortcall, requestCancelFromSchedule } from './apply-schedule';
import { type TMappedVoyage, mapOvsSchedules, referencedKeys } from './ovs-mapping';
import { type SyncRunRow, findPortsByUnlocode, findTerminalWithPort, findVesselOperatorsByCode, findVesselsByImoOrMmsi, finishSyncRun, insertSyncRun } from './schedule.repository';

type Trx = Transaction<DB>;
type TSyncTrigger = 'schedule' | 'manual' | 'upload';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Sync runs as listed: each run's changes read through their schema, a run whose changes do not read marked so. */
export function toSyncRuns(rows: readonly SyncRunRow[], log: TStoredJsonLog): TSyncRun[] {
  return readRows(rows, { kind: 'schedule_run_changes', valueOf: (r) => r.changes, idOf: (r) => r.id, log }, (r, changes) => ({ ...runOf(r), changes }), (r) => ({ ...runOf(r), changes: [], is_unreadable: true }));
}

/** A run just written by this process (its changes went in through their schema). */
export function toSyncRun(row: SyncRunRow, changes: TSyncChange[]): TSyncRun {
  return { ...runOf(row), changes };
}

function runOf(row: SyncRunRow): Omit<TSyncRun, 'changes'> {
  return {
    id: row.id,
    terminal_id: row.terminal_id,
    source: row.source,
    trigger: row.trigger,
    started_at: iso(row.started_at)!,
    finished_at: iso(row.finished_at),
    outcome: row.outcome,
    error: row.error,
  };
}

function change(kind: TSyncChange['kind'], fields: Partial<Omit<TSyncChange, 'kind'>>): TSyncChange {
  return { kind, voyage_id: null, portcall_id: null, time: null, before: null, after: null, note: null, ...fields };
}

async function loadLookups(trx: Trx, terminal: { unlocode: string; code: string }, schedules: readonly TOvsServiceSchedule[]) {
  const keys = referencedKeys(schedules);
  const [ports, vessels, operators] = await Promise.all([findPortsByUnlocode(trx, keys.unlocodes), findVesselsByImoOrMmsi(trx, keys.imos, keys.mmsis), findVesselOperatorsByCode(trx, keys.operatorCodes)]);
  return {
    terminal,
    portsByUnlocode: new Map(ports.map((p) => [p.unlocode, p.id])),
    vesselsByImo: new Map(vessels.map((v) => [v.imo_number, v])),
    vesselsByMmsi: new Map(vessels.filter((v) => v.mmsi).map((v) => [v.mmsi!, v])),
    operatorsByCode: new Map(operators.map((o) => [o.code.toUpperCase(), o.id])),
  };
}

function scheduleRowsOf(voyage: TMappedVoyage, source: TVoyageSource, fetchedAt: string): TVoyageWriteItem['schedule'] {
  return voyage.calls.map((c) => ({
    port_id: c.portId,
    is_terminal_call: c.isTerminalCall,
    arrival: c.times.berth_arrival?.at ?? null,
    departure: c.times.berth_departure?.at ?? null,
    arrival_classifier: c.times.berth_arrival?.classifier ?? null,
    departure_classifier: c.times.berth_departure?.classifier ?? null,
    source,
    fetched_at: fetchedAt,
    status_code: c.statusCode,
    transport_call_reference: c.transportCallReference,
  }));
}

/** A call of the same vessel at the terminal under one of the voyage's numbers that belongs to no voyage yet. */
async function findLinkableCall(trx: Trx, terminalId: number, voyage: TMappedVoyage): Promise<number | null> {
  const numbers = [voyage.voyageNumberImport, ...(voyage.voyageNumberExport ? [voyage.voyageNumberExport] : [])];
  const row = await trx
    .selectFrom('portcalls')
    .select('id')
    .where('terminal_id', '=', terminalId)
    .where('vessel_id', '=', voyage.vesselId)
    .where('voyage_id', 'is', null)
    .where('status', '!=', 'Cancelled')
    .where((eb) => eb.or([eb('voyage_number_import', 'in', numbers), eb('voyage_number_export', 'in', numbers)]))
    .orderBy('berth_arrival')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A call that belonged to no voyage had nobody stop its sync (that state needs a voyage), so it follows from now on. */
async function linkCall(trx: Trx, args: { portcallId: number; voyageId: number; voyage: TMappedVoyage; now: Date }) {
  await trx
    .updateTable('portcalls')
    .set({ voyage_id: args.voyageId, voyage_name: voyageNameOf({ service_name: args.voyage.serviceName, voyage_number_import: args.voyage.voyageNumberImport, voyage_number_export: args.voyage.voyageNumberExport }), service_name: args.voyage.serviceName, schedule_syncable: true, version: sql`version + 1`, updated_at: args.now })
    .where('id', '=', args.portcallId)
    .execute();
  await trx.updateTable('voyage_schedule_rows').set({ portcall_id: args.portcallId }).where('voyage_id', '=', args.voyageId).where('is_terminal_call', '=', true).execute();
}

async function moveCall(ctx: AppContext, trx: Trx, args: { portcallId: number; voyageId: number; voyage: TMappedVoyage; actor: TScheduleActor; thresholdMinutes: number; runId: number }): Promise<TSyncChange[]> {
  const common = { portcallId: args.portcallId, actor: args.actor, syncRunId: args.runId, voyageId: args.voyageId };
  if (args.voyage.isTerminalCallCancelled) return requestCancelFromSchedule(ctx, trx, { ...common, note: `The carrier's schedule omits this call (${args.voyage.calls.find((c) => c.isTerminalCall)?.statusCode ?? 'OMIT'})` });
  const terminalCall = args.voyage.calls.find((c) => c.isTerminalCall)!;
  const times = Object.fromEntries(Object.entries(terminalCall.times).map(([time, t]) => [time, t.at])) as Partial<Record<TNegotiatedTime, string>>;
  return applyScheduleToPortcall(ctx, trx, { ...common, times, thresholdMinutes: args.thresholdMinutes });
}

/** Writes one run's schedules inside `trx` and returns what it did. */
export async function syncSchedules(
  ctx: AppContext,
  trx: Trx,
  args: { terminalId: number; source: TVoyageSource; schedules: readonly TOvsServiceSchedule[]; thresholdMinutes: number; runId: number },
): Promise<TSyncChange[]> {
  const now = ctx.clock.now();
  const fetchedAt = now.toISOString();
  const terminal = await findTerminalWithPort(trx, args.terminalId);
  if (!terminal) throw new Error(`terminal ${args.terminalId} does not exist`);
  const mapped = mapOvsSchedules(args.schedules, await loadLookups(trx, { unlocode: terminal.unlocode, code: terminal.code }, args.schedules));
  const changes: TSyncChange[] = [...mapped.skipped];
  const actor: TScheduleActor = { kind: 'automated', source: args.source };

  for (const voyage of mapped.voyages) {
    const existing = await trx
      .selectFrom('voyages')
      .select(['id', 'schedule_syncable'])
      .where('terminal_id', '=', args.terminalId)
      .where('vessel_id', '=', voyage.vesselId)
      .where('voyage_number_import', '=', voyage.voyageNumberImport)
      .forUpdate()
      .executeTakeFirst();
    const rows = scheduleRowsOf(voyage, args.source, fetchedAt);
    const terminalRow = rows.find((r) => r.is_terminal_call)!;

    if (!existing) {
      const linkable = await findLinkableCall(trx, args.terminalId, voyage);
      // An omitted call gets no new port call; only an existing one is asked to cancel.
      const wantsCall = !linkable && !voyage.isTerminalCallCancelled && !!terminalRow.arrival && !!terminalRow.departure;
      const item: TVoyageWriteItem = {
        terminal_id: args.terminalId,
        service_name: voyage.serviceName,
        service_code: voyage.serviceCode,
        vessel_id: voyage.vesselId,
        vessel_operator_id: voyage.vesselOperatorId,
        voyage_number_import: voyage.voyageNumberImport,
        voyage_number_export: voyage.voyageNumberExport,
        direction: voyage.direction,
        source: args.source,
        last_fetched_at: fetchedAt,
        schedule: rows,
        portcall: wantsCall ? {} : null,
      };
      const result = await insertVoyages(ctx, trx, [item], actor);
      const created = result.created[0];
      if (!created) continue;
      changes.push(change('voyage_created', { voyage_id: created.voyage_id, note: `${voyage.serviceName} ${voyage.voyageNumberImport}` }));
      if (created.portcall_id) changes.push(change('portcall_created', { voyage_id: created.voyage_id, portcall_id: created.portcall_id, time: 'berth_arrival', after: terminalRow.arrival }));
      if (linkable) {
        await linkCall(trx, { portcallId: linkable, voyageId: created.voyage_id, voyage, now });
        changes.push(...(await moveCall(ctx, trx, { portcallId: linkable, voyageId: created.voyage_id, voyage, actor, thresholdMinutes: args.thresholdMinutes, runId: args.runId })));
      }
      continue;
    }

    if (!existing.schedule_syncable) {
      changes.push(change('sync_inactive', { voyage_id: existing.id, note: 'Schedule sync is stopped for this voyage' }));
      continue;
    }
    const before = await trx.selectFrom('voyage_schedule_rows').select(['portcall_id']).where('voyage_id', '=', existing.id).where('is_terminal_call', '=', true).executeTakeFirst();
    const linkedCall =
      before?.portcall_id ??
      (await trx.selectFrom('portcalls').select('id').where('voyage_id', '=', existing.id).where('terminal_id', '=', args.terminalId).orderBy('id').limit(1).executeTakeFirst())?.id ??
      null;
    // The provider's rotation replaces the stored one; the link to our port call stays on the terminal row.
    await trx.deleteFrom('voyage_schedule_rows').where('voyage_id', '=', existing.id).execute();
    await trx
      .insertInto('voyage_schedule_rows')
      .values(rows.map((r, sequence) => ({ ...r, voyage_id: existing.id, sequence, portcall_id: r.is_terminal_call ? linkedCall : null, source: args.source, fetched_at: fetchedAt })))
      .execute();
    await trx
      .updateTable('voyages')
      .set({ service_name: voyage.serviceName, service_code: voyage.serviceCode, voyage_number_export: voyage.voyageNumberExport, last_fetched_at: now, version: sql`version + 1`, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    changes.push(change('voyage_updated', { voyage_id: existing.id, note: `${voyage.serviceName} ${voyage.voyageNumberImport}` }));

    let callId = linkedCall;
    if (!callId) {
      callId = await findLinkableCall(trx, args.terminalId, voyage);
      if (callId) await linkCall(trx, { portcallId: callId, voyageId: existing.id, voyage, now });
    }
    if (callId) changes.push(...(await moveCall(ctx, trx, { portcallId: callId, voyageId: existing.id, voyage, actor, thresholdMinutes: args.thresholdMinutes, runId: args.runId })));
    else changes.push(change('skipped', { voyage_id: existing.id, note: 'The voyage has no port call at the terminal' }));
  }
  return changes;
}

export type TRunArgs = {
  terminalId: number;
  source: TVoyageSource;
  trigger: TSyncTrigger;
  startedBy: number | null;
  thresholdMinutes?: number;
  /** Produces the schedules (a provider fetch, a parsed file); its failure fails the run. */
  load: () => Promise<TOvsServiceSchedule[]>;
};

/** Records a run, loads and syncs in one transaction, and finishes the run with its outcome; never throws for a failed load or sync. */
export async function runScheduleSync(ctx: AppContext, args: TRunArgs): Promise<{ run: TSyncRun; error: unknown }> {
  const started = await insertSyncRun(ctx.db, { terminal_id: args.terminalId, source: args.source, trigger: args.trigger, started_at: ctx.clock.now(), started_by: args.startedBy });
  try {
    const schedules = await args.load();
    const changes = await ctx.db.transaction().execute((trx) =>
      syncSchedules(ctx, trx, { terminalId: args.terminalId, source: args.source, schedules, thresholdMinutes: args.thresholdMinutes ?? DEFAULT_PROPOSAL_THRESHOLD_MINUTES, runId: started.id }),
    );
    const row = await finishSyncRun(ctx.db, started.id, { finished_at: ctx.clock.now(), outcome: 'success', error: null, changes });
    return { run: toSyncRun(row, changes), error: null };
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const row = await finishSyncRun(ctx.db, started.id, { finished_at: ctx.clock.now(), outcome: 'failed', error: message, changes: [] });
    return { run: toSyncRun(row, []), error: err };
  }
}
