// PUT /portcalls/:id/shift_details: a call's whole shift plan in one versioned write (edit, drag, split, copy and
// prefill all end here). Only the terminal plans; a stale version gets 409 with the call as it is now.
import { type TBoardPortcall, type TShiftDetailInput, type ZShiftDetailsUpdateRequest, cardVolume, plannedVolumes, scaleCargoVolumes, volumesDiffer } from '@quayline/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { refuseUnlessAllowed } from '../auth/route-permissions';
import { announcePortcallChange } from '../notifications/portcall-announcer';
import { audit, loadVisible, replaceShiftDetails } from '../portcalls/portcall.service';
import { findCargoRows } from './shift-board.repository';
import { loadBoardPortcall } from './shift-board.service';

const moves = (details: readonly TShiftDetailInput[]) => details.reduce((a, d) => a + cardVolume(d), 0);

export async function updateShiftDetails(ctx: AppContext, session: AuthSession, id: number, body: z.output<typeof ZShiftDetailsUpdateRequest>): Promise<TBoardPortcall> {
  const user = session.user;
  const now = ctx.clock.now();
  const ok = await ctx.db.transaction().execute(async (trx) => {
    const current = await loadVisible(ctx, trx, user, id, true);
    refuseUnlessAllowed(user, 'plan_shifts');
    if (current.version !== body.version) return false;
    if (current.status === 'Cancelled') throw new AppError('VALIDATION_FAILED', { httpStatus: 422, message: 'A cancelled port call cannot be planned.' });
    const details = body.portcall_shift_details;
    // Checked against the planner's rules and stored first, so a refused card is reported before anything else.
    await replaceShiftDetails(trx, id, details, { terminalId: current.terminal_id, stay: { from: Date.parse(current.berth_arrival), to: Date.parse(current.berth_departure) } });

    // With sync on, the cargo details follow the shift volumes (docs/shift-planner.md, "Volume sync").
    if (current.sync_shift_cargo_volumes && details.length > 0) {
      const planned = plannedVolumes(details);
      const rows = await findCargoRows(trx, [id]);
      const cargo = rows.map((r) => ({ id: r.id, discharge: Number(r.discharge), load: Number(r.load), restow: Number(r.restow), fixed: r.quantities !== null }));
      if (volumesDiffer(plannedVolumes(cargo), planned)) {
        const scaled = scaleCargoVolumes(cargo, planned);
        if (!scaled) {
          const message = cargo.length === 0 ? 'The call has no cargo details to keep in step; add them, or turn off the volume sync' : 'The cargo details cannot follow these volumes: their tier tables fix them; change the tiers, or turn off the volume sync';
          throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'portcall_shift_details', message }] });
        }
        for (const row of scaled) await trx.updateTable('portcall_cargo_details').set({ discharge: row.discharge, load: row.load, restow: row.restow }).where('id', '=', row.id).execute();
        await audit(trx, session, id, 'revised', 'cargo_details', plannedVolumes(cargo), planned, now);
      }
    }

    const updated = await trx.updateTable('portcalls').set({ version: sql`version + 1`, updated_at: now }).where('id', '=', id).where('version', '=', body.version).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const before = current.portcall_shift_details;
    await audit(trx, session, id, 'revised', 'portcall_shift_details', { cards: before.length, moves: moves(before), gangs: before.reduce((a, d) => a + d.gangs, 0) }, { cards: details.length, moves: moves(details), gangs: details.reduce((a, d) => a + d.gangs, 0) }, now);
    await announcePortcallChange(trx, session, await loadVisible(ctx, trx, user, id), { auditType: 'revised', field: 'portcall_shift_details' }, now);
    return true;
  });
  if (!ok) throw new AppError('CONFLICT', { current: await loadBoardPortcall(ctx.db, user, id, ctx.clock.now().getTime()) });
  return loadBoardPortcall(ctx.db, user, id, ctx.clock.now().getTime());
}
