// Schedule proposals: a sync met a planned or agreed time and left it alone; a person applies the proposed time (the
// normal negotiation step of their side) or dismisses it. Sync runs are listed here too, for the overview.
import { type TNegotiatedTime, type TPaged, type TPortcall, type TScheduleProposal, type TSyncRun, pageMeta, partyOf } from '@quayline/domain';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../app-context';
import type { ScheduleProposalsTable } from '../../db/schema';
import { type TStoredJsonLog, storedJson } from '../../db/stored-json';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { loadVisible, negotiatePortcall } from '../portcalls/portcall.service';
import { requireScheduleManager } from './schedule-provider.service';
import { countSyncRuns, findProposal, findProposalsOfPortcall, findSyncRuns, resolveProposal } from './schedule.repository';
import { toSyncRuns } from './schedule-sync.service';

const SYNC_RUNS_PAGE_SIZE = 10;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toProposal(row: Selectable<ScheduleProposalsTable>): TScheduleProposal {
  return {
    id: row.id,
    portcall_id: row.portcall_id,
    time: row.time_type as TNegotiatedTime,
    proposed_time: iso(row.proposed_time)!,
    current_time: iso(row.current_time_value)!,
    difference_minutes: row.difference_minutes,
    source: row.source,
    status: row.status,
    created_at: iso(row.created_at)!,
    resolved_at: iso(row.resolved_at),
  };
}

export async function listSyncRuns(ctx: AppContext, session: AuthSession, query: { terminal_id: number; page: number }, log: TStoredJsonLog): Promise<TPaged<TSyncRun>> {
  await requireScheduleManager(ctx, session, query.terminal_id);
  const [rows, total] = await Promise.all([
    findSyncRuns(ctx.db, { terminalId: query.terminal_id, offset: (query.page - 1) * SYNC_RUNS_PAGE_SIZE, limit: SYNC_RUNS_PAGE_SIZE }),
    countSyncRuns(ctx.db, query.terminal_id),
  ]);
  return { items: toSyncRuns(rows, log), meta: pageMeta({ page: query.page, perPage: SYNC_RUNS_PAGE_SIZE, totalCount: total }) };
}

/** Proposals of a call the user can see; a call they cannot see answers 404 like one that does not exist. */
export async function listScheduleProposals(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TScheduleProposal[]> {
  await loadVisible(ctx, ctx.db, session.user, portcallId);
  return (await findProposalsOfPortcall(ctx.db, portcallId)).map(toProposal);
}

async function loadOpenProposal(ctx: AppContext, session: AuthSession, id: number) {
  const proposal = await findProposal(ctx.db, id);
  if (!proposal) throw new AppError('NOT_FOUND', { message: 'No such schedule proposal.' });
  const portcall = await loadVisible(ctx, ctx.db, session.user, proposal.portcall_id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', { message: 'No such schedule proposal.' });
    throw err;
  });
  if (proposal.status !== 'open') throw new AppError('CONFLICT', { message: `The proposal is already ${proposal.status}.`, current: toProposal(proposal) });
  return { proposal, portcall };
}

/**
 * Applies the proposed time as the user's own step: the terminal revises, the vessel side requests. The call may have
 * moved since the proposal was raised; applying it is still the user's choice, but a stale version is a 409.
 */
export async function applyScheduleProposal(ctx: AppContext, session: AuthSession, id: number, body: { version: number }): Promise<{ proposal: TScheduleProposal; portcall: TPortcall }> {
  const { proposal } = await loadOpenProposal(ctx, session, id);
  const action = partyOf(session.user.user_type) === 'terminal' ? 'revise' : 'request';
  const portcall = await negotiatePortcall(ctx, session, proposal.portcall_id, {
    time: proposal.time_type as TNegotiatedTime,
    action,
    date_time: iso(proposal.proposed_time)!,
    version: body.version,
    remark: `Schedule proposal (${proposal.source}) applied`,
  });
  // Resolved after the step: if someone resolved it meanwhile the step still stands, and the proposal keeps their outcome.
  const resolved = await resolveProposal(ctx.db, { id, status: 'applied', at: ctx.clock.now(), by: session.user.id });
  return { proposal: toProposal(resolved ?? (await findProposal(ctx.db, id))!), portcall };
}

/** Dismisses a proposal (audited on the call); the call's version must be current so nobody dismisses what they did not see. */
export async function dismissScheduleProposal(ctx: AppContext, session: AuthSession, id: number, body: { version: number }): Promise<TScheduleProposal> {
  const { proposal, portcall } = await loadOpenProposal(ctx, session, id);
  if (portcall.version !== body.version) throw new AppError('CONFLICT', { current: portcall });
  const now = ctx.clock.now();
  const resolved = await ctx.db.transaction().execute(async (trx) => {
    const row = await resolveProposal(trx, { id, status: 'dismissed', at: now, by: session.user.id });
    if (!row) return undefined;
    await trx
      .insertInto('portcall_audit_events')
      .values({
        portcall_id: proposal.portcall_id,
        event_type: 'revised',
        field: 'schedule_proposal',
        old_value: storedJson('audit_value', { id, time: proposal.time_type, proposed_time: iso(proposal.proposed_time), status: 'open' }),
        new_value: storedJson('audit_value', { id, time: proposal.time_type, proposed_time: iso(proposal.proposed_time), status: 'dismissed' }),
        actor_user_id: session.actor?.id ?? session.user.id,
        acting_for_user_id: session.actor ? session.user.id : null,
        created_at: now,
      })
      .execute();
    return row;
  });
  if (!resolved) throw new AppError('CONFLICT', { message: 'The proposal was resolved meanwhile.', current: toProposal((await findProposal(ctx.db, id))!) });
  return toProposal(resolved);
}
