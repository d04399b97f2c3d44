// Voyages: list and read by visibility, create by hand (with the call at our terminal), edit with a version, and stop or
// resume schedule sync of one port call. Schedule times reach a call only through the shared sync writer.
import {
  DEFAULT_PROPOSAL_THRESHOLD_MINUTES,
  type TPaged,
  type TPortcall,
  type TScheduleSyncRequest,
  type TVoyage,
  type TVoyageListQuery,
  type ZVoyageCreateRequest,
  type ZVoyageUpdateRequest,
  pageMeta,
} from '@quayline/domain';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { DB, PortalUser } from '../../db/schema';
import { storedJson } from '../../db/stored-json';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { announcePortcallChange } from '../notifications/portcall-announcer';
import { loadVisible } from '../portcalls/portcall.service';
import { applyScheduleToPortcall } from '../schedules/apply-schedule';
import { findVesselBookingProblem } from '../vessels/vessel-booking.service';
import { voyageNameOf, insertVoyages } from './voyage-writer';
import { toVoyage } from './voyage-mapper';
import {
  applyVoyageFilters,
  findLinkedTerminal,
  findPorts,
  findScheduleRows,
  findVesselOperator,
  findVessels,
  findVoyagePortcalls,
  firstScheduledTime,
  selectVoyages,
  voyageVisibleTo,
} from './voyage.repository';

type Trx = Transaction<DB>;
type Db = AppContext['db'] | Trx;
type TVoyageCreate = z.output<typeof ZVoyageCreateRequest>;
type TVoyageUpdate = z.output<typeof ZVoyageUpdateRequest>;
type TProblem = { path: string; message: string };

async function withDetails(db: Db, user: PortalUser, rows: Awaited<ReturnType<ReturnType<typeof selectVoyages>['execute']>>): Promise<TVoyage[]> {
  const ids = rows.map((r) => r.id);
  const [scheduleRows, calls] = await Promise.all([findScheduleRows(db, ids), findVoyagePortcalls(db, user, ids)]);
  return rows.map((r) =>
    toVoyage(
      r,
      scheduleRows.filter((s) => s.voyage_id === r.id),
      calls.filter((c) => c.voyage_id === r.id),
    ),
  );
}

export async function listVoyages(ctx: AppContext, session: AuthSession, query: TVoyageListQuery): Promise<TPaged<TVoyage>> {
  const now = ctx.clock.now();
  const base = applyVoyageFilters(query, now)(selectVoyages(ctx.db, now).where(voyageVisibleTo(session.user)));
  const total = await ctx.db
    .selectFrom(base.as('filtered'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .orderBy(firstScheduledTime, query.state === 'current' ? 'asc' : 'desc')
    .orderBy('voyages.id')
    .offset((query.page - 1) * query.per_page)
    .limit(query.per_page)
    .execute();
  return { items: await withDetails(ctx.db, session.user, rows), meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount: Number(total.n) }) };
}

export async function loadVoyage(ctx: AppContext, db: Db, user: PortalUser, id: number): Promise<TVoyage> {
  const row = await selectVoyages(db, ctx.clock.now()).where('voyages.id', '=', id).where(voyageVisibleTo(user)).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such voyage.' });
  return (await withDetails(db, user, [row]))[0]!;
}

export function getVoyage(ctx: AppContext, session: AuthSession, id: number): Promise<TVoyage> {
  return loadVoyage(ctx, ctx.db, session.user, id);
}

type TScheduleInput = TVoyageCreate['schedule'];

/** References, order of times and the one terminal call of a schedule; nothing is written before it passes. */
async function scheduleProblems(db: Db, schedule: TScheduleInput, terminalPortId: number): Promise<TProblem[]> {
  const problems: TProblem[] = [];
  const known = new Set((await findPorts(db, [...new Set(schedule.map((r) => r.port_id))])).map((p) => p.id));
  const terminalRows = schedule.flatMap((r, i) => (r.is_terminal_call ? [i] : []));
  for (const i of terminalRows.slice(1)) problems.push({ path: `schedule.${i}.is_terminal_call`, message: 'Only one row can be the call at this terminal' });
  let previousDeparture: number | null = null;
  schedule.forEach((row, i) => {
    if (!known.has(row.port_id)) problems.push({ path: `schedule.${i}.port_id`, message: 'Unknown port' });
    if (row.is_terminal_call && row.port_id !== terminalPortId) problems.push({ path: `schedule.${i}.port_id`, message: "The call at this terminal must be at this terminal's port" });
    if (row.is_terminal_call && (!row.arrival || !row.departure)) problems.push({ path: `schedule.${i}.${row.arrival ? 'departure' : 'arrival'}`, message: 'The call at this terminal needs its arrival and departure' });
    const arrival = row.arrival ? Date.parse(row.arrival) : null;
    const departure = row.departure ? Date.parse(row.departure) : null;
    if (arrival !== null && departure !== null && departure <= arrival) problems.push({ path: `schedule.${i}.departure`, message: 'Departs before it arrives' });
    if (arrival !== null && previousDeparture !== null && arrival < previousDeparture) problems.push({ path: `schedule.${i}.arrival`, message: "Arrives before the previous port's departure" });
    previousDeparture = departure ?? arrival ?? previousDeparture;
  });
  return problems;
}

/** A voyage's vessel follows the booking rule of its call (vessel-booking.service.ts); a refusal heads the answer. */
async function refuseUnbookableVessel(trx: Trx, user: PortalUser, args: { vesselId: number; vesselOperatorId: number }, problems: TProblem[]): Promise<void> {
  const problem = await findVesselBookingProblem(trx, user, args);
  if (problem) throw new AppError('VALIDATION_FAILED', { message: problem, errors: [{ path: 'vessel_id', message: problem }, ...problems] });
}

function ownCompanyProblem(user: PortalUser, vesselOperatorId: number): TProblem[] {
  return user.user_type === 'vessel_operator' && vesselOperatorId !== user.organisation_id ? [{ path: 'vessel_operator_id', message: 'You can only enter voyages of your own company' }] : [];
}

/** An agent sees a voyage through its call at the terminal (which names the agency): without one it would vanish once saved. */
function agentCallProblem(user: PortalUser, schedule: TScheduleInput): TProblem[] {
  return user.user_type === 'agent' && !schedule.some((r) => r.is_terminal_call) ? [{ path: 'schedule', message: 'Your voyage needs its call at this terminal: you follow it as the agent of that call' }] : [];
}

const scheduleWrite = (schedule: TScheduleInput, source: TVoyage['source']) =>
  schedule.map((r) => ({ port_id: r.port_id, is_terminal_call: r.is_terminal_call, arrival: r.arrival ? new Date(r.arrival).toISOString() : null, departure: r.departure ? new Date(r.departure).toISOString() : null, source }));

/** A voyage typed in by hand; its terminal row creates the call at our terminal as requested by the vessel side. */
export async function createVoyage(ctx: AppContext, session: AuthSession, body: TVoyageCreate): Promise<TVoyage> {
  const user = session.user;
  const id = await ctx.db.transaction().execute(async (trx) => {
    const terminal = await findLinkedTerminal(trx, user, body.terminal_id);
    if (!terminal) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'terminal_id', message: 'Unknown terminal' }] });
    const problems: TProblem[] = [];
    if (!(await findVessels(trx, [body.vessel_id])).length) problems.push({ path: 'vessel_id', message: 'Unknown vessel' });
    if (!(await findVesselOperator(trx, body.vessel_operator_id))) problems.push({ path: 'vessel_operator_id', message: 'Unknown vessel operator' });
    problems.push(...ownCompanyProblem(user, body.vessel_operator_id), ...agentCallProblem(user, body.schedule), ...(await scheduleProblems(trx, body.schedule, terminal.port_id)));
    await refuseUnbookableVessel(trx, user, { vesselId: body.vessel_id, vesselOperatorId: body.vessel_operator_id }, problems);
    if (problems.length) throw new AppError('VALIDATION_FAILED', { errors: problems });
    const result = await insertVoyages(
      ctx,
      trx,
      [
        {
          terminal_id: body.terminal_id,
          service_name: body.service_name,
          service_code: body.service_code ?? null,
          vessel_id: body.vessel_id,
          vessel_operator_id: body.vessel_operator_id,
          voyage_number_import: body.voyage_number_import,
          voyage_number_export: body.voyage_number_export ?? null,
          direction: body.direction ?? null,
          source: body.source,
          schedule_syncable: body.schedule_syncable,
          schedule: scheduleWrite(body.schedule, body.source),
          // An agent's voyage is theirs to follow: the call names their agency.
          portcall: { agent_id: user.user_type === 'agent' ? user.organisation_id : null },
        },
      ],
      { kind: 'user', session, source: body.source },
    );
    const created = result.created[0];
    if (!created) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'voyage_number_import', message: 'This vessel already has a voyage with this number at the terminal' }] });
    return created.voyage_id;
  });
  return loadVoyage(ctx, ctx.db, user, id);
}

async function conflict(ctx: AppContext, user: PortalUser, id: number): Promise<never> {
  throw new AppError('CONFLICT', { current: await loadVoyage(ctx, ctx.db, user, id) });
}

/** Sets schedule_syncable of one call inside the caller's transaction, bumps its version and audits it. */
async function writeCallSync(ctx: AppContext, trx: Trx, session: AuthSession, call: TPortcall, active: boolean, now: Date): Promise<void> {
  if (call.schedule_syncable === active) return;
  await trx.updateTable('portcalls').set({ schedule_syncable: active, version: sql`version + 1`, updated_at: now }).where('id', '=', call.id).execute();
  await trx
    .insertInto('portcall_audit_events')
    .values({
      portcall_id: call.id,
      event_type: 'revised',
      field: 'schedule_syncable',
      old_value: storedJson('audit_value', call.schedule_syncable),
      new_value: storedJson('audit_value', active),
      actor_user_id: session.actor?.id ?? session.user.id,
      acting_for_user_id: session.actor ? session.user.id : null,
      created_at: now,
    })
    .execute();
  await announcePortcallChange(trx, session, await loadVisible(ctx, trx, session.user, call.id), { auditType: 'revised', field: 'schedule_syncable', value: String(active) }, now);
}

/** Edits a voyage. A changed terminal row moves the call through the sync rules (agreed times become proposals). */
export async function updateVoyage(ctx: AppContext, session: AuthSession, id: number, body: TVoyageUpdate): Promise<TVoyage> {
  const user = session.user;
  const now = ctx.clock.now();
  const ok = await ctx.db.transaction().execute(async (trx) => {
    const current = await loadVoyage(ctx, trx, user, id);
    const locked = await trx.selectFrom('voyages').select(['version']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    if (locked.version !== body.version) return false;
    const terminal = await trx.selectFrom('terminals').select(['port_id']).where('id', '=', current.terminal_id).executeTakeFirstOrThrow();
    const problems: TProblem[] = [];
    if (body.vessel_id !== undefined && !(await findVessels(trx, [body.vessel_id])).length) problems.push({ path: 'vessel_id', message: 'Unknown vessel' });
    if (body.vessel_operator_id !== undefined && !(await findVesselOperator(trx, body.vessel_operator_id))) problems.push({ path: 'vessel_operator_id', message: 'Unknown vessel operator' });
    problems.push(...ownCompanyProblem(user, body.vessel_operator_id ?? current.vessel_operator_id));
    if (body.schedule) problems.push(...(await scheduleProblems(trx, body.schedule, terminal.port_id)));
    const vessel = { vesselId: body.vessel_id ?? current.vessel_id, vesselOperatorId: body.vessel_operator_id ?? current.vessel_operator_id };
    if (vessel.vesselId !== current.vessel_id || vessel.vesselOperatorId !== current.vessel_operator_id) await refuseUnbookableVessel(trx, user, vessel, problems);
    if (problems.length) throw new AppError('VALIDATION_FAILED', { errors: problems });

    const merged = {
      service_name: body.service_name ?? current.service_name,
      service_code: body.service_code !== undefined ? body.service_code : current.service_code,
      vessel_id: body.vessel_id ?? current.vessel_id,
      vessel_operator_id: body.vessel_operator_id ?? current.vessel_operator_id,
      voyage_number_import: body.voyage_number_import ?? current.voyage_number_import,
      voyage_number_export: body.voyage_number_export !== undefined ? body.voyage_number_export : current.voyage_number_export,
      direction: body.direction !== undefined ? body.direction : current.direction,
      source: body.source ?? current.source,
      schedule_syncable: body.schedule_syncable ?? current.schedule_syncable,
    };
    const clash = await trx
      .selectFrom('voyages')
      .select('id')
      .where('terminal_id', '=', current.terminal_id)
      .where('vessel_id', '=', merged.vessel_id)
      .where('voyage_number_import', '=', merged.voyage_number_import)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (clash) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'voyage_number_import', message: 'This vessel already has a voyage with this number at the terminal' }] });
    await trx.updateTable('voyages').set({ ...merged, version: sql`version + 1`, updated_at: now }).where('id', '=', id).execute();

    const linked = current.schedule.find((r) => r.is_terminal_call)?.portcall_id ?? current.portcalls[0]?.id ?? null;
    if (body.schedule) {
      await trx.deleteFrom('voyage_schedule_rows').where('voyage_id', '=', id).execute();
      await trx
        .insertInto('voyage_schedule_rows')
        .values(scheduleWrite(body.schedule, merged.source).map((r, sequence) => ({ ...r, voyage_id: id, sequence, portcall_id: r.is_terminal_call ? linked : null, arrival_classifier: r.arrival ? 'PLN' : null, departure_classifier: r.departure ? 'PLN' : null })))
        .execute();
    }
    if (linked !== null) {
      // The call's own copy of the voyage's names follows the voyage.
      await trx
        .updateTable('portcalls')
        .set({ service_name: merged.service_name, voyage_number_import: merged.voyage_number_import, voyage_number_export: merged.voyage_number_export, voyage_name: voyageNameOf(merged) })
        .where('voyage_id', '=', id)
        .execute();
      const call = await loadVisible(ctx, trx, user, linked).catch(() => null);
      if (call && body.schedule_syncable !== undefined) await writeCallSync(ctx, trx, session, call, body.schedule_syncable, now);
      const before = current.schedule.find((r) => r.is_terminal_call);
      const after = body.schedule?.find((r) => r.is_terminal_call);
      const moved = after && (Date.parse(after.arrival ?? '') !== Date.parse(before?.arrival ?? '') || Date.parse(after.departure ?? '') !== Date.parse(before?.departure ?? ''));
      if (call && moved && after.arrival && after.departure) {
        await applyScheduleToPortcall(ctx, trx, {
          portcallId: linked,
          times: { berth_arrival: new Date(after.arrival).toISOString(), berth_departure: new Date(after.departure).toISOString() },
          actor: { kind: 'user', session, source: 'manual' },
          thresholdMinutes: DEFAULT_PROPOSAL_THRESHOLD_MINUTES,
          syncRunId: null,
          voyageId: id,
        });
      }
    }
    return true;
  });
  if (!ok) return conflict(ctx, user, id);
  return loadVoyage(ctx, ctx.db, user, id);
}

/** Stop or resume schedule sync of one call (audited). Only a call of a voyage can follow a schedule again. */
export async function setScheduleSync(ctx: AppContext, session: AuthSession, portcallId: number, body: TScheduleSyncRequest): Promise<TPortcall> {
  const user = session.user;
  const now = ctx.clock.now();
  const ok = await ctx.db.transaction().execute(async (trx) => {
    const call = await loadVisible(ctx, trx, user, portcallId, true);
    if (call.version !== body.version) return false;
    if (body.active && call.voyage_id === null) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'active', message: 'Only a call that belongs to a voyage follows a schedule' }] });
    await writeCallSync(ctx, trx, session, call, body.active, now);
    return true;
  });
  if (!ok) throw new AppError('CONFLICT', { current: await loadVisible(ctx, ctx.db, user, portcallId) });
  return loadVisible(ctx, ctx.db, user, portcallId);
}
