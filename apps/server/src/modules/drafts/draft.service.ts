// The planner's sandbox: berth moves kept in a per-user draft with undo/redo, frozen calls, and an all-or-nothing publish.
import { DRAFT_STACK_LIMIT, type TDraftChange, type TDraftState, type TPortcall, type TStoredDraftChange, STORED_JSON, realtimeChannels } from '@quayline/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { storedJson } from '../../db/stored-json';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { applyBerthMoves } from '../portcalls/berth-moves';
import { loadVisible, terminalIdsOf } from '../portcalls/portcall.service';
import { publishEvent } from '../realtime/publish-event';

type Trx = Transaction<DB>;
// The schemas the draft is stored through (STORED_JSON), so what one save writes the next read takes.
const ZChanges = STORED_JSON.draft_changes.schema;
const ZStack = STORED_JSON.draft_stack.schema;
type TDraftRow = { changes: TStoredDraftChange[]; undo: TStoredDraftChange[][]; redo: TStoredDraftChange[][]; frozen: number[]; version: number; updated_at: Date | null };

async function assertPlanner(ctx: AppContext, session: AuthSession, terminalId: number): Promise<void> {
  if (!(await terminalIdsOf(ctx, session.user)).includes(terminalId)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
}

/** Locks the user's draft for this terminal, creating an empty one on first use. */
async function lockDraft(trx: Trx, userId: number, terminalId: number): Promise<TDraftRow> {
  await trx.insertInto('berth_drafts').values({ portal_user_id: userId, terminal_id: terminalId }).onConflict((oc) => oc.columns(['portal_user_id', 'terminal_id']).doNothing()).execute();
  const row = await trx.selectFrom('berth_drafts').selectAll().where('portal_user_id', '=', userId).where('terminal_id', '=', terminalId).forUpdate().executeTakeFirstOrThrow();
  return { changes: ZChanges.parse(row.changes), undo: ZStack.parse(row.undo_stack), redo: ZStack.parse(row.redo_stack), frozen: row.frozen_portcall_ids, version: row.version, updated_at: row.updated_at ? new Date(row.updated_at) : null };
}

function toState(terminalId: number, d: TDraftRow): TDraftState {
  return { terminal_id: terminalId, version: d.version, changes: d.changes, frozen_portcall_ids: d.frozen, can_undo: d.undo.length > 0, can_redo: d.redo.length > 0, updated_at: d.updated_at?.toISOString() ?? null };
}

async function saveDraft(trx: Trx, session: AuthSession, terminalId: number, d: TDraftRow, now: Date): Promise<TDraftState> {
  const next = { ...d, version: d.version + 1, updated_at: now };
  await trx
    .updateTable('berth_drafts')
    .set({ changes: storedJson('draft_changes', next.changes), undo_stack: storedJson('draft_stack', next.undo.slice(-DRAFT_STACK_LIMIT)), redo_stack: storedJson('draft_stack', next.redo.slice(-DRAFT_STACK_LIMIT)), frozen_portcall_ids: next.frozen, version: next.version, updated_at: now })
    .where('portal_user_id', '=', session.user.id)
    .where('terminal_id', '=', terminalId)
    .execute();
  await publishEvent(trx, { channel: realtimeChannels.draftTerminalOperator(session.user.id), event: 'draft.updated', payload: { terminal_id: terminalId, version: next.version } });
  return toState(terminalId, next);
}

/** Runs a change of the draft under its lock; a stale draft version answers 409 with the draft as it is. */
async function changeDraft(ctx: AppContext, session: AuthSession, args: { terminal_id: number; version: number }, change: (d: TDraftRow, trx: Trx) => Promise<TDraftRow>): Promise<TDraftState> {
  await assertPlanner(ctx, session, args.terminal_id);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const draft = await lockDraft(trx, session.user.id, args.terminal_id);
    if (draft.version !== args.version) throw new AppError('CONFLICT', { message: 'The sandbox changed in another window. Reload it.', current: toState(args.terminal_id, draft) });
    return saveDraft(trx, session, args.terminal_id, await change(draft, trx), now);
  });
}

function isLivePlace(change: TStoredDraftChange, call: TPortcall): boolean {
  const sameInstant = (a: string | undefined, b: string) => a === undefined || Date.parse(a) === Date.parse(b);
  const samePosition = (a: number | null | undefined, b: number | null) => a === undefined || a === b;
  return (
    sameInstant(change.berth_arrival, call.berth_arrival) &&
    sameInstant(change.berth_departure, call.berth_departure) &&
    samePosition(change.berth_start_position, call.berth_start_position) &&
    samePosition(change.berth_end_position, call.berth_end_position)
  );
}

export async function getDraft(ctx: AppContext, session: AuthSession, terminalId: number): Promise<TDraftState> {
  await assertPlanner(ctx, session, terminalId);
  return ctx.db.transaction().execute(async (trx) => toState(terminalId, await lockDraft(trx, session.user.id, terminalId)));
}

export function updateDraft(ctx: AppContext, session: AuthSession, args: { terminal_id: number; version: number; changes: TDraftChange[] }): Promise<TDraftState> {
  return changeDraft(ctx, session, args, async (d, trx) => {
    const merged = new Map(d.changes.map((c) => [c.portcall_id, c]));
    for (const change of args.changes) {
      if (d.frozen.includes(change.portcall_id)) throw new AppError('VALIDATION_FAILED', { httpStatus: 422, message: 'This port call is frozen in the sandbox; unfreeze it first.', errors: [{ path: `portcall_id`, message: `Port call ${change.portcall_id} is frozen` }] });
      const call = await loadVisible(ctx, trx, session.user, change.portcall_id);
      if (call.terminal_id !== args.terminal_id) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'portcall_id', message: `Port call ${change.portcall_id} is at another terminal` }] });
      if (call.status === 'Cancelled') throw new AppError('VALIDATION_FAILED', { httpStatus: 422, message: `Port call ${change.portcall_id} is cancelled.` });
      const before = merged.get(change.portcall_id);
      const next = { ...(before ?? { base_version: call.version }), ...change, portcall_id: change.portcall_id };
      // Moving a call back to where it is live is no change: it leaves the draft instead of being published as one.
      if (isLivePlace(next, call)) merged.delete(change.portcall_id);
      else merged.set(change.portcall_id, next);
    }
    return { ...d, undo: [...d.undo, d.changes], redo: [], changes: [...merged.values()] };
  });
}

export function undoDraft(ctx: AppContext, session: AuthSession, args: { terminal_id: number; version: number }) {
  return changeDraft(ctx, session, args, async (d) => {
    const previous = d.undo.at(-1);
    if (!previous) throw new AppError('VALIDATION_FAILED', { httpStatus: 422, message: 'Nothing to undo.' });
    return { ...d, changes: previous, undo: d.undo.slice(0, -1), redo: [...d.redo, d.changes] };
  });
}

export function redoDraft(ctx: AppContext, session: AuthSession, args: { terminal_id: number; version: number }) {
  return changeDraft(ctx, session, args, async (d) => {
    const next = d.redo.at(-1);
    if (!next) throw new AppError('VALIDATION_FAILED', { httpStatus: 422, message: 'Nothing to redo.' });
    return { ...d, changes: next, redo: d.redo.slice(0, -1), undo: [...d.undo, d.changes] };
  });
}

/** Back to the live plan; the dropped moves can still be undone. */
export function revertDraft(ctx: AppContext, session: AuthSession, args: { terminal_id: number; version: number }) {
  return changeDraft(ctx, session, args, async (d) => ({ ...d, changes: [], undo: d.changes.length ? [...d.undo, d.changes] : d.undo, redo: [] }));
}

export function freezePortcall(ctx: AppContext, session: AuthSession, args: { terminal_id: number; version: number; portcall_id: number; frozen: boolean }) {
  return changeDraft(ctx, session, args, async (d, trx) => {
    const call = await loadVisible(ctx, trx, session.user, args.portcall_id);
    if (call.terminal_id !== args.terminal_id) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'portcall_id', message: 'The port call is at another terminal' }] });
    const frozen = args.frozen ? [...new Set([...d.frozen, args.portcall_id])] : d.frozen.filter((id) => id !== args.portcall_id);
    await publishEvent(trx, { channel: realtimeChannels.frozenPortcalls(args.terminal_id), event: 'frozen.updated', payload: { portcall_id: args.portcall_id, frozen: args.frozen, by: session.user.id } });
    return { ...d, frozen };
  });
}

/**
 * Applies every move of the draft in one transaction, set-based (portcalls/berth-moves.ts); if any call changed since
 * it was drafted, or a move is not valid, nothing is applied and each reason is returned.
 */
export async function publishDraft(ctx: AppContext, session: AuthSession, args: { terminal_id: number; version: number }): Promise<{ published: number; draft: TDraftState }> {
  await assertPlanner(ctx, session, args.terminal_id);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const draft = await lockDraft(trx, session.user.id, args.terminal_id);
    if (draft.version !== args.version) throw new AppError('CONFLICT', { message: 'The sandbox changed in another window. Reload it.', current: toState(args.terminal_id, draft) });
    const { refusals } = await applyBerthMoves(ctx, trx, session, { terminalId: args.terminal_id, moves: draft.changes });
    if (refusals.some((r) => r.reason !== 'invalid')) throw new AppError('CONFLICT', { message: 'Nothing was published: some port calls changed since you drafted them.', current: { conflicts: refusals } });
    if (refusals.length) throw new AppError('CONFLICT', { message: 'Nothing was published: a drafted move is not valid.', current: { conflicts: refusals } });
    const published = draft.changes.length;
    const state = await saveDraft(trx, session, args.terminal_id, { ...draft, changes: [], undo: [], redo: [] }, now);
    return { published, draft: state };
  });
}
