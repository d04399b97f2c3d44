// PRISE notice rules (docs/prise.md): who reads and writes a call's notice, submitting it to the port authority,
// applying the authority's answers once, and the notice as the API shows it.
import { type TPriseHistoryEntry, type TPriseNotice, type TPriseNoticeUpdateRequest, type TPriseSubmitRequest, priseDueAt, ZPriseNoticeContent } from '@quayline/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB, PortalUser } from '../../db/schema';
import { readLogged } from '../../db/stored-json';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { refuseUnlessAllowed } from '../auth/route-permissions';
import { loadVisible } from '../portcalls/portcall.service';
import { PORT_AUTHORITY_ACTOR, actorOfSession, writeCallPriseStatus } from './prise-announce';
import { buildContent, isPriseApplicable } from './prise-content';
import { changedAspects, missingFieldErrors, missingFields, noticeFlags, priseStatusOf } from './prise-status';
import { type TNoticeRow, type TNoticeSourceRow, claimPoll, ensureNotice, findCargoTypes, findEvents, findNotice, findNoticeSource, insertEvent, lockCallRow, markSubmitted, recordAnswer, updateOwnFields } from './prise.repository';
import { PortAuthorityError, type TPortAuthorityClient, createPortAuthorityClient } from './port-authority-client';
import type { TPortAuthorityAnswer } from './port-authority-protocol';

type Db = AppContext['db'] | Transaction<DB>;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const nameOf = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** The first poll of a submission comes this soon, so the browser sees the answer arrive within seconds. */
export const FIRST_POLL_DELAY_MS = 2_000;
/** Then 4 s, 8 s, ... up to a minute between polls. */
export function pollDelayMs(attempt: number): number {
  return Math.min(60_000, FIRST_POLL_DELAY_MS * 2 ** Math.max(0, attempt));
}

/** The adapter from config; null without a configured port authority. */
export function portAuthorityClientOf(ctx: AppContext): TPortAuthorityClient | null {
  const pa = ctx.config.portAuthority;
  return pa?.url ? createPortAuthorityClient({ ...pa, url: pa.url }) : null;
}

/** Terminal operators of the call's terminal (who see it) and users of the call's agent write; the vessel operator reads. */
function canWrite(user: PortalUser, src: TNoticeSourceRow): boolean {
  if (user.user_type === 'terminal_operator') return true;
  return user.user_type === 'agent' && src.agent_id !== null && user.organisation_id === src.agent_id;
}

type TState = { src: TNoticeSourceRow; cargo: string[]; row: TNoticeRow | undefined };

async function readState(db: Db, portcallId: number, forUpdate = false): Promise<TState> {
  if (forUpdate && db.isTransaction) await lockCallRow(db as Transaction<DB>, portcallId);
  const src = await findNoticeSource(db, portcallId);
  if (!src) throw new AppError('NOT_FOUND', { message: 'No such port call.' });
  const cargo = await findCargoTypes(db, portcallId);
  const row = await findNotice(db, portcallId, forUpdate);
  return { src, cargo, row };
}

/** What changed before a notice went back to draft; a stored value that no longer reads is logged and left out. */
function changedPartsOf(ctx: AppContext, event: { id: number; changed: unknown }): TPriseHistoryEntry['changed'] {
  return event.changed === null ? null : readLogged('prise_changed_parts', event.changed, { id: event.id, log: ctx.log });
}

function toNotice(ctx: AppContext, user: PortalUser, state: TState, events: Awaited<ReturnType<typeof findEvents>>): TPriseNotice {
  const { src, cargo, row } = state;
  const content = buildContent(src, cargo, { dangerous_goods: row?.dangerous_goods ?? null, persons_on_board: row?.persons_on_board ?? null });
  const applicable = isPriseApplicable(ctx.config, src.port_unlocode);
  const status = row?.status ?? 'draft';
  const missing = applicable ? missingFields(content) : [];
  const statuses = priseStatusOf({ status, isPartial: row?.is_partial ?? false, missingCount: missing.length });
  const isEditable = applicable && canWrite(user, src) && (status === 'draft' || status === 'rejected') && src.status !== 'Cancelled';
  const submitter = events.filter((e) => e.event === 'submitted').at(-1);
  const history: TPriseHistoryEntry[] = events.map((e) => ({
    at: iso(e.at)!,
    event: e.event,
    creator_type: e.creator_type,
    system_kind: e.system_kind,
    by: e.creator_type === 'automated' && e.system_kind === 'pcs' ? 'Port authority' : nameOf(e.by_first, e.by_last),
    acting_for: nameOf(e.af_first, e.af_last),
    prise_status: e.prise_status as TPriseHistoryEntry['prise_status'],
    message: e.message,
    code: e.code,
    changed: changedPartsOf(ctx, e),
  }));
  const isAnswered = status === 'approved' || status === 'rejected';
  // After a rejection: whether eta, draft or berth moved since, so the panel can tell an unchanged resend from a fixed one.
  const sent = status === 'rejected' ? ZPriseNoticeContent.safeParse(row?.submitted_content) : null;
  const changedSinceSent = sent?.success ? changedAspects(sent.data, content) : null;
  return {
    portcall_id: src.id,
    applicable,
    version: row?.version ?? 0,
    port_authority_status: statuses.port_authority_status,
    prise_status: applicable ? statuses.prise_status : null,
    prise_message: isAnswered ? (row?.message ?? null) : null,
    prise_code: isAnswered ? (row?.code ?? null) : null,
    content,
    missing,
    due_at: priseDueAt(content.eta_pilot_boarding_place),
    flags: noticeFlags({ content, status, submittedAt: iso(row?.submitted_at ?? null), now: ctx.clock.now() }),
    submitted_at: iso(row?.submitted_at ?? null),
    submitted_by: submitter ? nameOf(submitter.by_first, submitter.by_last) : null,
    answered_at: iso(row?.answered_at ?? null),
    reference: row?.reference ?? null,
    accepted_window: status === 'approved' && row?.accepted_window_from && row.accepted_window_to ? { from: iso(row.accepted_window_from)!, to: iso(row.accepted_window_to)! } : null,
    can_edit: isEditable,
    can_submit: isEditable && missing.length === 0,
    changed_since_sent: changedSinceSent,
    history,
  };
}

async function noticeNow(ctx: AppContext, db: Db, user: PortalUser, portcallId: number): Promise<TPriseNotice> {
  const state = await readState(db, portcallId);
  return toNotice(ctx, user, state, await findEvents(db, portcallId));
}

export async function getPriseNotice(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TPriseNotice> {
  await loadVisible(ctx, ctx.db, session.user, portcallId);
  return noticeNow(ctx, ctx.db, session.user, portcallId);
}

/** Visible, applicable, writable by this user, at the version the user saw, and not with the port authority. */
async function assertWritable(ctx: AppContext, db: Db, session: AuthSession, state: TState, version: number): Promise<void> {
  const user = session.user;
  refuseUnlessAllowed(user, 'fill_prise_notice');
  if (!canWrite(user, state.src)) throw new AppError('FORBIDDEN', { message: 'Only the terminal and the call\u2019s agent file the PRISE notice.' });
  if (!isPriseApplicable(ctx.config, state.src.port_unlocode)) throw new AppError('VALIDATION_FAILED', { message: `PRISE does not apply to calls at ${state.src.port_unlocode}, or no port authority is configured.` });
  if (state.src.status === 'Cancelled') throw new AppError('VALIDATION_FAILED', { message: 'The port call is cancelled.' });
  if ((state.row?.version ?? 0) !== version) {
    throw new AppError('CONFLICT', { message: 'The notice was changed meanwhile.', current: toNotice(ctx, user, state, await findEvents(db, state.src.id)) });
  }
  const status = state.row?.status ?? 'draft';
  if (status === 'submitted' || status === 'approved') {
    throw new AppError('CONFLICT', {
      message: status === 'submitted' ? 'The notice is with the port authority; wait for its answer.' : 'The notice is approved; it returns to draft when the ETA, draft or berth change.',
      current: toNotice(ctx, user, state, await findEvents(db, state.src.id)),
    });
  }
}

export async function updatePriseNotice(ctx: AppContext, session: AuthSession, portcallId: number, body: TPriseNoticeUpdateRequest): Promise<TPriseNotice> {
  await loadVisible(ctx, ctx.db, session.user, portcallId);
  const now = ctx.clock.now();
  const actor = actorOfSession(session);
  await ctx.db.transaction().execute(async (trx) => {
    const state = await readState(trx, portcallId, true);
    await assertWritable(ctx, trx, session, state, body.version);
    const row = await ensureNotice(trx, portcallId, now);
    const next = {
      dangerous_goods: body.dangerous_goods !== undefined ? body.dangerous_goods : row.dangerous_goods,
      persons_on_board: body.persons_on_board !== undefined ? body.persons_on_board : row.persons_on_board,
    };
    await updateOwnFields(trx, portcallId, { ...next, isFirstWrite: !state.row, now });
    const missing = missingFields(buildContent(state.src, state.cargo, next));
    const { prise_status } = priseStatusOf({ status: row.status, isPartial: row.is_partial, missingCount: missing.length });
    await insertEvent(trx, { portcall_id: portcallId, at: now, event: 'edited', creator_type: 'user', system_kind: null, by_user_id: actor.userId, acting_for_user_id: actor.actingForUserId ?? null, prise_status });
    // A rejected notice keeps its rejection on the call until it is sent again.
    if (row.status === 'draft') await writeCallPriseStatus(trx, state.src, { prise_status, prise_message: null, prise_code: null }, actor, now);
  });
  return noticeNow(ctx, ctx.db, session.user, portcallId);
}

/**
 * Sends the notice: checked first, then posted to the port authority outside any transaction (its timeout must not hold
 * the database), then recorded if nothing changed meanwhile. Returns the submission number the poll job follows.
 */
export async function submitPriseNotice(ctx: AppContext, session: AuthSession, portcallId: number, body: TPriseSubmitRequest): Promise<{ notice: TPriseNotice; submissionNo: number }> {
  await loadVisible(ctx, ctx.db, session.user, portcallId);
  const before = await readState(ctx.db, portcallId);
  await assertWritable(ctx, ctx.db, session, before, body.version);
  const own = { dangerous_goods: before.row?.dangerous_goods ?? null, persons_on_board: before.row?.persons_on_board ?? null };
  const content = buildContent(before.src, before.cargo, own);
  const missing = missingFields(content);
  if (missing.length) throw new AppError('VALIDATION_FAILED', { message: 'The PRISE notice is incomplete.', errors: missingFieldErrors(missing) });
  const client = portAuthorityClientOf(ctx);
  if (!client) throw new AppError('SERVICE_UNAVAILABLE', { message: 'No port authority is configured.' });
  const submissionNo = (before.row?.submission_no ?? 0) + 1;
  let reference: string;
  try {
    reference = (await client.submit({ portcall_id: portcallId, submission_no: submissionNo, content })).reference;
  } catch (err) {
    if (!(err instanceof PortAuthorityError)) throw err;
    // Nothing was stored: the notice stays a draft and can be sent again.
    throw new AppError('SERVICE_UNAVAILABLE', { message: `The notice was not sent: ${err.message} It is kept as a draft; try again.`, httpStatus: err.status === null ? 503 : 502 });
  }
  const now = ctx.clock.now();
  const actor = actorOfSession(session);
  await ctx.db.transaction().execute(async (trx) => {
    const state = await readState(trx, portcallId, true);
    await assertWritable(ctx, trx, session, state, body.version);
    // What was sent must still be what the call says, or the answer would be about something else.
    if (JSON.stringify(buildContent(state.src, state.cargo, own)) !== JSON.stringify(content)) {
      throw new AppError('CONFLICT', { message: 'The port call changed while the notice was sent; check it and send it again.', current: toNotice(ctx, session.user, state, await findEvents(trx, portcallId)) });
    }
    await ensureNotice(trx, portcallId, now);
    await markSubmitted(trx, portcallId, { submissionNo, reference, content, byUserId: actor.userId!, actingForUserId: actor.actingForUserId ?? null, firstPollAt: new Date(now.getTime() + FIRST_POLL_DELAY_MS), now });
    await insertEvent(trx, { portcall_id: portcallId, at: now, event: 'submitted', creator_type: 'user', system_kind: null, by_user_id: actor.userId, acting_for_user_id: actor.actingForUserId ?? null, prise_status: 'prise_sent' });
    await writeCallPriseStatus(trx, state.src, { prise_status: 'prise_sent', prise_message: null, prise_code: null }, actor, now);
  });
  return { notice: await noticeNow(ctx, ctx.db, session.user, portcallId), submissionNo };
}

/**
 * Applies the port authority's answer to one submission, once: only while that submission is still the one out
 * (not after a reopen or a newer submission), under the notice's row lock, so two servers cannot both apply it.
 */
export async function applyPortAuthorityAnswer(ctx: AppContext, args: { portcallId: number; submissionNo: number; answer: TPortAuthorityAnswer }): Promise<boolean> {
  const { answer } = args;
  const event = answer.status;
  if (event === 'pending') return false;
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockCallRow(trx, args.portcallId);
    const row = await findNotice(trx, args.portcallId, true);
    if (!row || row.status !== 'submitted' || row.submission_no !== args.submissionNo) return false;
    const src = await findNoticeSource(trx, args.portcallId);
    if (!src) return false;
    const status = answer.status === 'rejected' ? 'rejected' : 'approved';
    const isPartial = answer.status === 'partially_approved';
    const window = isPartial ? answer.accepted_window : null;
    await recordAnswer(trx, args.portcallId, { status, isPartial, window, message: answer.message, code: answer.code, now });
    const { prise_status } = priseStatusOf({ status, isPartial, missingCount: 0 });
    await insertEvent(trx, { portcall_id: args.portcallId, at: now, event, creator_type: 'automated', system_kind: 'pcs', by_user_id: null, acting_for_user_id: null, prise_status, message: answer.message, code: answer.code });
    await writeCallPriseStatus(trx, src, { prise_status, prise_message: answer.message, prise_code: answer.code }, PORT_AUTHORITY_ACTOR, now);
    return true;
  });
}

export type TPollOutcome = 'answered' | 'pending' | 'unreachable' | 'skipped';

/** One poll of one submission: claims the attempt, asks the authority, applies a final answer. */
export async function pollPriseNotice(ctx: AppContext, client: TPortAuthorityClient, job: { portcallId: number; submissionNo: number; attempt: number }): Promise<TPollOutcome> {
  const nextPollAt = new Date(ctx.clock.now().getTime() + pollDelayMs(job.attempt + 1));
  const reference = await claimPoll(ctx.db, { ...job, nextPollAt });
  if (!reference) return 'skipped';
  let answer: TPortAuthorityAnswer;
  try {
    answer = await client.fetchAnswer(reference);
  } catch (err) {
    if (err instanceof PortAuthorityError) return 'unreachable';
    throw err;
  }
  if (answer.status === 'pending') return 'pending';
  return (await applyPortAuthorityAnswer(ctx, { ...job, answer })) ? 'answered' : 'skipped';
}

