// Form and shift-planner helpers: shift plans spread over the cargo window, equipment free in a window, booking hours.
import { type TEquipmentDetailInput, prefillShiftPlan, shiftIndexOf } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { findEquipmentOnOtherCards } from '../shift-planner/shift-board.repository';
import { daysAround, shiftColumns } from '../shift-planner/shift-calendar-range';
import { loadVisible, terminalIdsOf } from './portcall.service';

async function linkedTerminal(ctx: AppContext, session: AuthSession, terminalId: number) {
  if (!(await terminalIdsOf(ctx, session.user)).includes(terminalId)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  return ctx.db.selectFrom('terminals').select(['id', 'time_zone']).where('id', '=', terminalId).executeTakeFirstOrThrow();
}

export type TPrefillShiftArgs = {
  terminal_id: number;
  portcall_id?: number | undefined;
  cargo_operations_start?: string | undefined;
  cargo_operations_end?: string | undefined;
  discharge?: number | undefined;
  load?: number | undefined;
  restow?: number | undefined;
  units_per_hour?: number | undefined;
  crane_intensity?: number | undefined;
};

/**
 * A shift plan for a cargo window (docs/shift-planner.md, "Prefill"): with a rate (units per hour times crane
 * intensity) each open shift takes what its working hours allow, else the moves are split by working hours.
 * With portcall_id the call's own cargo window (else its stay), volumes and rate fill what the request leaves out.
 */
export async function prefillShiftDetails(ctx: AppContext, session: AuthSession, args: TPrefillShiftArgs) {
  const terminal = await linkedTerminal(ctx, session, args.terminal_id);
  const call = args.portcall_id ? await loadVisible(ctx, ctx.db, session.user, args.portcall_id) : null;
  if (call && call.terminal_id !== terminal.id) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'portcall_id', message: 'Not a port call of this terminal' }] });
  const rated = call?.cargo_details.find((c) => (c.units_per_hour ?? 0) > 0);
  const sum = (k: 'discharge' | 'load' | 'restow') => args[k] ?? call?.cargo_details.reduce((a, c) => a + c[k], 0) ?? 0;
  const start = args.cargo_operations_start ?? call?.cargo_operations_start ?? call?.berth_arrival;
  const end = args.cargo_operations_end ?? call?.cargo_operations_end ?? call?.berth_departure;
  if (!start || !end) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'cargo_operations_start', message: 'Give the cargo window, or the port call' }] });
  const from = Date.parse(start);
  const to = Date.parse(end);
  if (!(to > from)) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'cargo_operations_end', message: 'Cargo operations must end after they start' }] });
  if (to - from > 60 * 86_400_000) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'cargo_operations_end', message: 'At most 60 days of cargo operations' }] });
  const range = daysAround(from, to, terminal.time_zone);
  const { columns, nonWorking } = await shiftColumns(ctx.db, terminal, range.from, range.to);
  const { details } = prefillShiftPlan({
    shifts: columns,
    nonWorking: nonWorking.map((n) => ({ starts_at: new Date(n.starts_at).toISOString(), ends_at: new Date(n.ends_at).toISOString() })),
    window: { from, to },
    volumes: { discharge: sum('discharge'), load: sum('load'), restow: sum('restow') },
    unitsPerHour: args.units_per_hour ?? rated?.units_per_hour ?? null,
    craneIntensity: args.crane_intensity ?? rated?.crane_intensity ?? 1,
    card: { cargo_type: call?.cargo_details[0]?.cargo_type ?? null },
  });
  return details.map((d) => ({ ...d, shift_name: columns[shiftIndexOf(columns, d)]?.name ?? '' }));
}

/**
 * Equipment of the terminal free in a window: not booked by another live call, and not on another call's shift
 * card in it. With portcall_id the window defaults to the call's cargo window (else its stay) and its own
 * bookings and cards do not count against it.
 */
export async function prefillEquipmentDetails(ctx: AppContext, session: AuthSession, args: { terminal_id: number; portcall_id?: number | undefined; start_time?: string | undefined; end_time?: string | undefined }) {
  const terminal = await linkedTerminal(ctx, session, args.terminal_id);
  const call = args.portcall_id ? await loadVisible(ctx, ctx.db, session.user, args.portcall_id) : null;
  const startTime = args.start_time ?? call?.cargo_operations_start ?? call?.berth_arrival;
  const endTime = args.end_time ?? call?.cargo_operations_end ?? call?.berth_departure;
  if (!startTime || !endTime) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'start_time', message: 'Give the window, or the port call' }] });
  if (!(Date.parse(endTime) > Date.parse(startTime))) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'end_time', message: 'The window must end after it starts' }] });
  const ownId = call?.id ?? 0;
  const busy = ctx.db
    .selectFrom('portcall_equipment_details as b')
    .innerJoin('portcalls as p', 'p.id', 'b.portcall_id')
    .select('b.cargo_handling_equipment_id')
    .where('p.status', '!=', 'Cancelled')
    .where('b.portcall_id', '!=', ownId)
    .where('b.start_time', '<', new Date(endTime))
    .where('b.end_time', '>', new Date(startTime));
  const onCards = new Set((await findEquipmentOnOtherCards(ctx.db, { terminalId: terminal.id, portcallId: ownId, from: new Date(startTime), to: new Date(endTime) })).map((b) => b.equipment_number));
  const free = await ctx.db
    .selectFrom('cargo_handling_equipments')
    .select(['id', 'name', 'equipment_type', 'equipment_number'])
    .where('terminal_id', '=', terminal.id)
    .where('id', 'not in', busy)
    .orderBy('equipment_type')
    .orderBy('equipment_number')
    .execute();
  return free
    .filter((e) => !onCards.has(e.equipment_number))
    .map((e) => ({ cargo_handling_equipment_id: e.id, equipment_name: e.name, equipment_type: e.equipment_type, equipment_number: e.equipment_number, start_time: startTime, end_time: endTime }));
}

export function calculateEquipmentDetails(details: TEquipmentDetailInput[]) {
  const items = details.map((d) => ({ ...d, hours: Math.max(0, Math.round(((Date.parse(d.end_time) - Date.parse(d.start_time)) / 3_600_000) * 100) / 100) }));
  return { items, total_hours: Math.round(items.reduce((sum, i) => sum + i.hours, 0) * 100) / 100 };
}
