// Block zone rules: anyone linked to the terminal reads them; only its terminal operators create or delete them,
// and a zone must lie on the quay.
import { type TBlockedZone, type TBlockedZonesQuery, type TCreateBlockedZoneRequest, type TFieldError, isInsideQuay, quayMetres } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { requireLinkedTerminal } from '../terminals/terminal.service';
import { type BlockedZoneRow, deleteBlockedZone, findBlockedZone, insertBlockedZone, listBlockedZonesInWindow } from './blocked-zone.repository';

function toBlockedZone(row: BlockedZoneRow): TBlockedZone {
  return {
    id: row.id,
    terminal_id: row.terminal_id,
    reason: row.reason,
    start_position_m: row.start_position_m,
    end_position_m: row.end_position_m,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
  };
}

export async function listBlockedZones(ctx: AppContext, session: AuthSession, query: TBlockedZonesQuery): Promise<TBlockedZone[]> {
  await requireLinkedTerminal(ctx, session, query.terminal_id);
  const rows = await listBlockedZonesInWindow(ctx.db, { terminalId: query.terminal_id, from: new Date(query.from), to: new Date(query.to) });
  return rows.map(toBlockedZone);
}

export async function createBlockedZone(ctx: AppContext, session: AuthSession, request: TCreateBlockedZoneRequest): Promise<TBlockedZone> {
  const terminal = await requireLinkedTerminal(ctx, session, request.terminal_id);
  const quayLength = quayMetres(terminal.quay_length_m);
  const errors: TFieldError[] = [];
  const offQuay = `Positions must lie on the quay, from 0 to ${terminal.quay_length_m} m`;
  if (!isInsideQuay(quayLength, quayMetres(request.start_position_m))) errors.push({ path: 'start_position_m', message: offQuay });
  if (!isInsideQuay(quayLength, quayMetres(request.end_position_m))) errors.push({ path: 'end_position_m', message: offQuay });
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { errors });

  const row = await insertBlockedZone(ctx.db, {
    terminal_id: terminal.id,
    reason: request.reason,
    start_position_m: request.start_position_m,
    end_position_m: request.end_position_m,
    starts_at: new Date(request.starts_at),
    ends_at: new Date(request.ends_at),
  });
  return toBlockedZone(row);
}

export async function removeBlockedZone(ctx: AppContext, session: AuthSession, zoneId: number): Promise<TBlockedZone> {
  const zone = await findBlockedZone(ctx.db, zoneId);
  if (!zone) throw new AppError('NOT_FOUND', { message: 'No such block zone.' });
  await requireLinkedTerminal(ctx, session, zone.terminal_id);
  const deleted = await deleteBlockedZone(ctx.db, zoneId);
  if (!deleted) throw new AppError('NOT_FOUND', { message: 'No such block zone.' });
  return toBlockedZone(deleted);
}
