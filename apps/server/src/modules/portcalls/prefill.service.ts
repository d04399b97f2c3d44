// Form helpers: shift plans spread over the cargo window, equipment free in a window, booking hours.
import { type TEquipmentDetailInput, shiftsInWindow } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { terminalIdsOf } from './portcall.service';

async function linkedTerminal(ctx: AppContext, session: AuthSession, terminalId: number) {
  if (!(await terminalIdsOf(ctx, session.user)).includes(terminalId)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  return ctx.db.selectFrom('terminals').select(['id', 'time_zone']).where('id', '=', terminalId).executeTakeFirstOrThrow();
}

/** Splits the moves over the terminal's shifts in proportion to the hours each shift covers; rounding leftovers go to the last shift. */
export async function prefillShiftDetails(ctx: AppContext, session: AuthSession, args: { terminal_id: number; cargo_operations_start: string; cargo_operations_end: string; discharge: number; load: number; restow: number }) {
  const terminal = await linkedTerminal(ctx, session, args.terminal_id);
  const from = Date.parse(args.cargo_operations_start);
  const to = Date.parse(args.cargo_operations_end);
  if (!(to > from)) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'cargo_operations_end', message: 'Cargo operations must end after they start' }] });
  if (to - from > 60 * 86_400_000) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'cargo_operations_end', message: 'At most 60 days of cargo operations' }] });
  const shifts = await ctx.db.selectFrom('terminal_shifts').select(['id', 'shift_number', 'name', 'start_time', 'end_time']).where('terminal_id', '=', terminal.id).orderBy('shift_number').execute();
  const occurrences = shiftsInWindow({ shifts, timeZone: terminal.time_zone, from, to }).map((o) => ({ ...o, start: Math.max(o.start, from), end: Math.min(o.end, to) }));
  const total = to - from;
  const split = (amount: number) => {
    const parts = occurrences.map((o) => Math.floor((amount * (o.end - o.start)) / total));
    if (parts.length) parts[parts.length - 1]! += amount - parts.reduce((a, b) => a + b, 0);
    return parts;
  };
  const [d, l, r] = [split(args.discharge), split(args.load), split(args.restow)];
  return occurrences.map((o, i) => ({
    terminal_shift_id: o.terminal_shift_id,
    shift_number: o.shift_number,
    shift_name: o.name,
    start_time: new Date(o.start).toISOString(),
    end_time: new Date(o.end).toISOString(),
    discharge: d[i] ?? 0,
    load: l[i] ?? 0,
    restow: r[i] ?? 0,
  }));
}

export async function prefillEquipmentDetails(ctx: AppContext, session: AuthSession, args: { terminal_id: number; start_time: string; end_time: string }) {
  const terminal = await linkedTerminal(ctx, session, args.terminal_id);
  const busy = ctx.db
    .selectFrom('portcall_equipment_details as b')
    .innerJoin('portcalls as p', 'p.id', 'b.portcall_id')
    .select('b.cargo_handling_equipment_id')
    .where('p.status', '!=', 'Cancelled')
    .where('b.start_time', '<', new Date(args.end_time))
    .where('b.end_time', '>', new Date(args.start_time));
  const free = await ctx.db
    .selectFrom('cargo_handling_equipments')
    .select(['id', 'name', 'equipment_type', 'equipment_number'])
    .where('terminal_id', '=', terminal.id)
    .where('id', 'not in', busy)
    .orderBy('equipment_type')
    .orderBy('equipment_number')
    .execute();
  return free.map((e) => ({ cargo_handling_equipment_id: e.id, equipment_name: e.name, equipment_type: e.equipment_type, equipment_number: e.equipment_number, start_time: args.start_time, end_time: args.end_time }));
}

export function calculateEquipmentDetails(details: TEquipmentDetailInput[]) {
  const items = details.map((d) => ({ ...d, hours: Math.max(0, Math.round(((Date.parse(d.end_time) - Date.parse(d.start_time)) / 3_600_000) * 100) / 100) }));
  return { items, total_hours: Math.round(items.reduce((sum, i) => sum + i.hours, 0) * 100) / 100 };
}
