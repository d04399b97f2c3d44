// The terminal's shift calendar as the shift planner edits it: non-working times (holidays, breaks, closed
// shifts) and the gangs each shift can man. Everyone linked to the terminal reads it; only the terminal changes it.
import { type TBoardShiftDefinition, type TNonWorkingTime, type TNonWorkingTimeCreate, realtimeChannels } from '@quayline/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { iso } from '../portcalls/portcall-mapper';
import { publishEvent } from '../realtime/publish-event';
import { requireLinkedTerminal } from '../terminals/terminal.service';
import { findNonWorkingTimes } from './shift-board.repository';
import { shiftDefinitionsOf } from './shift-calendar-range';

export const SHIFT_CALENDAR_UPDATED_EVENT = 'shift_calendar.updated';

/** Every board of the terminal shows the change: the board refetches on this event. */
function announce(trx: Transaction<DB>, terminalId: number, what: string) {
  return publishEvent(trx, { channel: realtimeChannels.terminal(terminalId), event: SHIFT_CALENDAR_UPDATED_EVENT, payload: { terminal_id: terminalId, what } });
}

const toNonWorkingTime = (n: Awaited<ReturnType<typeof findNonWorkingTimes>>[number]): TNonWorkingTime => ({ id: n.id, terminal_id: n.terminal_id, kind: n.kind, reason: n.reason, starts_at: iso(n.starts_at)!, ends_at: iso(n.ends_at)! });

export async function listNonWorkingTimes(ctx: AppContext, session: AuthSession, query: { terminal_id: number; from?: string | undefined; to?: string | undefined }): Promise<TNonWorkingTime[]> {
  await requireLinkedTerminal(ctx, session, query.terminal_id);
  const range = query.from || query.to ? { from: new Date(query.from ?? '1970-01-01T00:00:00Z'), to: new Date(query.to ?? '9999-12-31T00:00:00Z') } : null;
  return (await findNonWorkingTimes(ctx.db, query.terminal_id, range)).map(toNonWorkingTime);
}

export async function createNonWorkingTime(ctx: AppContext, session: AuthSession, body: TNonWorkingTimeCreate): Promise<TNonWorkingTime> {
  await requireLinkedTerminal(ctx, session, body.terminal_id);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('terminal_non_working_times')
      .values({ terminal_id: body.terminal_id, kind: body.kind, reason: body.reason, starts_at: body.starts_at, ends_at: body.ends_at, created_by: session.user.id })
      .returning(['id', 'terminal_id', 'kind', 'reason', 'starts_at', 'ends_at'])
      .executeTakeFirstOrThrow();
    await announce(trx, body.terminal_id, 'non_working_time_created');
    return created;
  });
  return toNonWorkingTime(row);
}

export async function deleteNonWorkingTime(ctx: AppContext, session: AuthSession, id: number): Promise<{ id: number }> {
  const row = await ctx.db.selectFrom('terminal_non_working_times').select(['id', 'terminal_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such non-working time.' });
  await requireLinkedTerminal(ctx, session, row.terminal_id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('terminal_non_working_times').where('id', '=', id).execute();
    await announce(trx, row.terminal_id, 'non_working_time_deleted');
  });
  return { id };
}

export async function updateShiftGangs(ctx: AppContext, session: AuthSession, shiftId: number, gangs: number): Promise<TBoardShiftDefinition> {
  const shift = await ctx.db.selectFrom('terminal_shifts').select(['id', 'terminal_id']).where('id', '=', shiftId).executeTakeFirst();
  if (!shift) throw new AppError('NOT_FOUND', { message: 'No such shift.' });
  await requireLinkedTerminal(ctx, session, shift.terminal_id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('terminal_shifts').set({ gangs_available: gangs }).where('id', '=', shiftId).execute();
    await announce(trx, shift.terminal_id, 'shift_gangs_updated');
  });
  return (await shiftDefinitionsOf(ctx.db, shift.terminal_id)).find((s) => s.id === shiftId)!;
}
