// Delay-reason rules: everyone linked to the terminal reads its list (they all negotiate times there); its terminal
// operators keep it. A code is unique per terminal and never changes, because negotiated steps name it.
import { MAX_DELAY_REASONS_PER_TERMINAL, type TCreateDelayReasonRequest, type TDelayReason, type TUpdateDelayReasonRequest } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { storedJson } from '../../db/stored-json';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { withReadableNames } from '../terminals/terminal.repository';
import { requireLinkedTerminal } from '../terminals/terminal.service';
import { type DelayReasonRow, countDelayReasons, deleteDelayReason, findDelayReasonRow, insertDelayReason, listDelayReasonRows, updateDelayReason } from './delay-reason.repository';

const toDelayReason = (row: DelayReasonRow): TDelayReason => withReadableNames(row);

export async function listDelayReasons(ctx: AppContext, session: AuthSession, terminalId: number): Promise<TDelayReason[]> {
  await requireLinkedTerminal(ctx, session, terminalId);
  return (await listDelayReasonRows(ctx.db, terminalId)).map(toDelayReason);
}

export async function createDelayReason(ctx: AppContext, session: AuthSession, request: TCreateDelayReasonRequest): Promise<TDelayReason> {
  const terminal = await requireLinkedTerminal(ctx, session, request.terminal_id);
  if ((await countDelayReasons(ctx.db, terminal.id)) >= MAX_DELAY_REASONS_PER_TERMINAL) {
    throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'code', message: `A terminal keeps at most ${MAX_DELAY_REASONS_PER_TERMINAL} delay reasons` }] });
  }
  const row = await insertDelayReason(ctx.db, {
    terminal_id: terminal.id,
    code: request.code,
    name: request.name,
    names: storedJson('localized_names', request.names ?? {}),
    is_active: request.is_active ?? true,
  });
  if (!row) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'code', message: `The terminal already has the delay code ${request.code}` }] });
  return toDelayReason(row);
}

/** The reason if the user is linked to its terminal; an unknown id and another terminal's id answer alike. */
async function requireReason(ctx: AppContext, session: AuthSession, id: number): Promise<DelayReasonRow> {
  const row = await findDelayReasonRow(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such delay reason.' });
  await requireLinkedTerminal(ctx, session, row.terminal_id).catch(() => {
    throw new AppError('NOT_FOUND', { message: 'No such delay reason.' });
  });
  return row;
}

export async function changeDelayReason(ctx: AppContext, session: AuthSession, id: number, request: TUpdateDelayReasonRequest): Promise<TDelayReason> {
  await requireReason(ctx, session, id);
  const row = await updateDelayReason(ctx.db, { id, version: request.version, name: request.name, names: storedJson('localized_names', request.names), is_active: request.is_active });
  if (row) return toDelayReason(row);
  const current = await findDelayReasonRow(ctx.db, id);
  if (!current) throw new AppError('NOT_FOUND', { message: 'No such delay reason.' });
  throw new AppError('CONFLICT', { current: toDelayReason(current) });
}

export async function removeDelayReason(ctx: AppContext, session: AuthSession, id: number): Promise<TDelayReason> {
  await requireReason(ctx, session, id);
  const row = await deleteDelayReason(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such delay reason.' });
  return toDelayReason(row);
}
