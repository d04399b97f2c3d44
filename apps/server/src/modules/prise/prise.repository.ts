// SQL for PRISE notices: what a notice is built from, the notice row, its history, and the call's prise columns.
import type { TPriseChangedPart, TPriseNoticeContent } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { storedJson, storedJsonOrNull } from '../../db/stored-json';

type Db = Kysely<DB> | Transaction<DB>;

/** Everything the notice's content comes from: the call, its vessel, terminal and port, berth, ports and parties. */
export function findNoticeSource(db: Db, portcallId: number) {
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels as v', 'v.id', 'portcalls.vessel_id')
    .innerJoin('terminals as t', 't.id', 'portcalls.terminal_id')
    .innerJoin('ports as tp', 'tp.id', 't.port_id')
    .innerJoin('organisations as vo', 'vo.id', 'portcalls.vessel_operator_id')
    .leftJoin('organisations as ag', 'ag.id', 'portcalls.agent_id')
    .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'portcalls.pilot_boarding_place_id')
    .leftJoin('terminal_sections as ts', 'ts.id', 'portcalls.terminal_section_id')
    .leftJoin('ports as prev', 'prev.id', 'portcalls.previous_port_id')
    .leftJoin('ports as next', 'next.id', 'portcalls.next_port_id')
    .select([
      'portcalls.id',
      'portcalls.terminal_id',
      'portcalls.vessel_operator_id',
      'portcalls.agent_id',
      'portcalls.status',
      'portcalls.version as portcall_version',
      'portcalls.berth_arrival',
      'portcalls.berth_departure',
      'portcalls.pilot_boarding_place_arrival',
      'portcalls.berth_start_position',
      'portcalls.berth_end_position',
      'portcalls.draft_inbound',
      'portcalls.draft_outbound',
      'portcalls.voyage_number_import',
      'portcalls.prise_status',
      'portcalls.prise_message',
      'portcalls.prise_code',
      'v.name as vessel_name',
      'v.imo_number',
      'v.call_sign',
      'v.mmsi',
      'v.flag',
      'v.length_overall_m',
      'v.beam_m',
      'v.max_draft_m',
      't.code as terminal_code',
      't.name as terminal_name',
      'tp.unlocode as port_unlocode',
      'pbp.name as pbp_name',
      'ts.id as section_id',
      'ts.name as section_name',
      'prev.id as prev_id',
      'prev.unlocode as prev_unlocode',
      'prev.name as prev_name',
      'next.id as next_id',
      'next.unlocode as next_unlocode',
      'next.name as next_name',
      'ag.id as agent_org_id',
      'ag.code as agent_code',
      'ag.name as agent_name',
      'vo.code as vo_code',
      'vo.name as vo_name',
    ])
    .where('portcalls.id', '=', portcallId)
    .executeTakeFirst();
}
export type TNoticeSourceRow = NonNullable<Awaited<ReturnType<typeof findNoticeSource>>>;

/** The cargo types of the call, in the order of its cargo lines. */
export async function findCargoTypes(db: Db, portcallId: number): Promise<string[]> {
  const rows = await db.selectFrom('portcall_cargo_details').select('cargo_type').where('portcall_id', '=', portcallId).orderBy('position').execute();
  return [...new Set(rows.map((r) => r.cargo_type))];
}

/**
 * Locks the call's row. Every PRISE write takes it before the notice's row, in the order the port-call writers do
 * (call, then notice in the reopen check), so the two never wait on each other the other way round (deadlock).
 */
export async function lockCallRow(db: Transaction<DB>, portcallId: number): Promise<void> {
  await db.selectFrom('portcalls').select('id').where('id', '=', portcallId).forUpdate().execute();
}

export function findNotice(db: Db, portcallId: number, forUpdate = false) {
  return db
    .selectFrom('prise_notices')
    .selectAll()
    .where('portcall_id', '=', portcallId)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}
export type TNoticeRow = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

/** Which of the calls have a PRISE notice, in the order given. */
export async function findPortcallsWithNotice(db: Db, portcallIds: readonly number[]): Promise<number[]> {
  if (portcallIds.length === 0) return [];
  const rows = await db.selectFrom('prise_notices').select('portcall_id').where('portcall_id', 'in', [...portcallIds]).execute();
  const withNotice = new Set(rows.map((r) => r.portcall_id));
  return portcallIds.filter((id) => withNotice.has(id));
}

/** The stored notice of a call; created as version 1 at its first write. */
export async function ensureNotice(db: Db, portcallId: number, now: Date): Promise<TNoticeRow> {
  await db.insertInto('prise_notices').values({ portcall_id: portcallId, created_at: now, updated_at: now }).onConflict((oc) => oc.column('portcall_id').doNothing()).execute();
  return (await findNotice(db, portcallId, true))!;
}

/** The notice's own fields; the first write makes version 1, every later one bumps it. */
export function updateOwnFields(db: Db, portcallId: number, args: { dangerous_goods: boolean | null; persons_on_board: number | null; isFirstWrite: boolean; now: Date }) {
  return db
    .updateTable('prise_notices')
    .set((eb) => ({ dangerous_goods: args.dangerous_goods, persons_on_board: args.persons_on_board, version: args.isFirstWrite ? eb.val(1) : eb('version', '+', 1), updated_at: args.now }))
    .where('portcall_id', '=', portcallId)
    .execute();
}

/** A submission out: status, reference, the content as sent, who sent it, the first poll's time; the last answer cleared. */
export function markSubmitted(db: Db, portcallId: number, args: { submissionNo: number; reference: string; content: TPriseNoticeContent; byUserId: number; actingForUserId: number | null; firstPollAt: Date; now: Date }) {
  return db
    .updateTable('prise_notices')
    .set((eb) => ({
      status: 'submitted',
      version: eb('version', '+', 1),
      submission_no: args.submissionNo,
      reference: args.reference,
      submitted_content: storedJson('prise_submitted_content', args.content),
      submitted_at: args.now,
      submitted_by: args.byUserId,
      acting_for: args.actingForUserId,
      answered_at: null,
      is_partial: false,
      accepted_window_from: null,
      accepted_window_to: null,
      message: null,
      code: null,
      is_reopened_after_approval: false,
      next_poll_at: args.firstPollAt,
      poll_attempts: 0,
      updated_at: args.now,
    }))
    .where('portcall_id', '=', portcallId)
    .execute();
}

/** The port authority's final answer; polling stops. */
export function recordAnswer(db: Db, portcallId: number, args: { status: 'approved' | 'rejected'; isPartial: boolean; window: { from: string; to: string } | null; message: string | null; code: string | null; now: Date }) {
  return db
    .updateTable('prise_notices')
    .set((eb) => ({
      status: args.status,
      is_partial: args.isPartial,
      accepted_window_from: args.window ? new Date(args.window.from) : null,
      accepted_window_to: args.window ? new Date(args.window.to) : null,
      message: args.message,
      code: args.code,
      answered_at: args.now,
      next_poll_at: null,
      version: eb('version', '+', 1),
      updated_at: args.now,
    }))
    .where('portcall_id', '=', portcallId)
    .execute();
}

/** Back to draft after a change of eta, draft or berth; an approval lost this way is remembered for the dashboard. */
export function reopenNotice(db: Db, portcallId: number, args: { wasApproved: boolean; now: Date }) {
  return db
    .updateTable('prise_notices')
    .set((eb) => ({ status: 'draft', version: eb('version', '+', 1), reopened_at: args.now, is_reopened_after_approval: args.wasApproved, next_poll_at: null, updated_at: args.now }))
    .where('portcall_id', '=', portcallId)
    .execute();
}

/** For the dashboard: the notices of the given calls and the port of each terminal. */
export function findAlertNotices(db: Db, portcallIds: number[]) {
  return db.selectFrom('prise_notices').select(['portcall_id', 'status', 'is_reopened_after_approval', 'code', 'answered_at', 'reopened_at']).where('portcall_id', 'in', portcallIds).execute();
}
export function findTerminalPorts(db: Db, terminalIds: number[]) {
  return db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select(['terminals.id', 'ports.unlocode']).where('terminals.id', 'in', terminalIds).execute();
}

export function findEvents(db: Db, portcallId: number) {
  return db
    .selectFrom('prise_notice_events as e')
    .leftJoin('portal_users as by', 'by.id', 'e.by_user_id')
    .leftJoin('portal_users as af', 'af.id', 'e.acting_for_user_id')
    .select(['e.id', 'e.at', 'e.event', 'e.creator_type', 'e.system_kind', 'e.prise_status', 'e.message', 'e.code', 'e.changed', 'by.first_name as by_first', 'by.last_name as by_last', 'af.first_name as af_first', 'af.last_name as af_last'])
    .where('e.portcall_id', '=', portcallId)
    .orderBy('e.id')
    .execute();
}

export function insertEvent(
  db: Db,
  row: { portcall_id: number; at: Date; event: 'submitted' | 'approved' | 'partially_approved' | 'rejected' | 'reopened' | 'edited'; creator_type: 'user' | 'automated'; system_kind: 'pcs' | 'tos' | null; by_user_id: number | null; acting_for_user_id: number | null; prise_status: string | null; message?: string | null; code?: string | null; changed?: TPriseChangedPart[] | null },
) {
  return db
    .insertInto('prise_notice_events')
    .values({ ...row, message: row.message ?? null, code: row.code ?? null, changed: storedJsonOrNull('prise_changed_parts', row.changed) })
    .execute();
}

/** The call's copy of the notice's status, read by lists and planner cards; the call's version stays (no one's edit goes stale). */
export function updateCallPriseColumns(db: Db, portcallId: number, values: { prise_status: string | null; prise_message: string | null; prise_code: string | null }) {
  return db.updateTable('portcalls').set(values).where('id', '=', portcallId).execute();
}

/** Submitted notices whose next poll is due (the per-minute sweep; survives restarts). */
export function findNoticesAwaitingAnswer(db: Db, now: Date, limit = 200) {
  return db
    .selectFrom('prise_notices')
    .select(['portcall_id', 'submission_no', 'poll_attempts'])
    .where('status', '=', 'submitted')
    .where('next_poll_at', '<=', now)
    .orderBy('next_poll_at')
    .limit(limit)
    .execute();
}

/**
 * Claims one poll of a submission: only the worker that sees the expected attempt count wins (two servers, a retried
 * job and the sweep never poll the same attempt twice). Returns the reference to ask about, or null.
 */
export async function claimPoll(db: Db, args: { portcallId: number; submissionNo: number; attempt: number; nextPollAt: Date }): Promise<string | null> {
  const row = await db
    .updateTable('prise_notices')
    .set((eb) => ({ poll_attempts: eb('poll_attempts', '+', 1), next_poll_at: args.nextPollAt }))
    .where('portcall_id', '=', args.portcallId)
    .where('submission_no', '=', args.submissionNo)
    .where('poll_attempts', '=', args.attempt)
    .where('status', '=', 'submitted')
    .returning('reference')
    .executeTakeFirst();
  return row?.reference ?? null;
}

/** Terminal operators of the call's terminal and the vessel side of the call (its operator's and agent's people). */
export function findPartiesOfCall(db: Db, args: { terminalId: number; vesselOperatorId: number; agentId: number | null; excludeUserId: number }) {
  return db
    .selectFrom('portal_users as u')
    .innerJoin('portal_user_terminals as put', 'put.portal_user_id', 'u.id')
    .select(['u.id'])
    .distinct()
    .where('put.terminal_id', '=', args.terminalId)
    .where('u.id', '!=', args.excludeUserId)
    .where((eb) =>
      eb.or([
        eb('u.user_type', '=', 'terminal_operator'),
        eb.and([eb('u.user_type', '=', 'vessel_operator'), eb('u.organisation_id', '=', args.vesselOperatorId)]),
        ...(args.agentId ? [eb.and([eb('u.user_type', '=', 'agent'), eb('u.organisation_id', '=', args.agentId)])] : []),
      ]),
    )
    .execute();
}
