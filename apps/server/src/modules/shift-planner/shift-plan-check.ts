// The rules a call's shift plan must keep before it is stored, wherever it is written (the shift planner, the
// port-call form): inside the stay, one card per open shift, gangs the shift has, equipment known and free.
import { type TFieldError, type TShiftDetailInput, shiftCardPlaceKey, shiftPlanInputProblems } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { findEquipmentOnOtherCards } from './shift-board.repository';
import { daysAround, shiftColumns } from './shift-calendar-range';

type Db = Kysely<DB> | Transaction<DB>;

export async function shiftPlanProblems(
  db: Db,
  args: { terminalId: number; portcallId: number; stay: { from: number; to: number }; details: readonly TShiftDetailInput[] },
): Promise<TFieldError[]> {
  if (args.details.length === 0) return [];
  const terminal = await db.selectFrom('terminals').select(['id', 'time_zone']).where('id', '=', args.terminalId).executeTakeFirstOrThrow();
  const starts = args.details.map((d) => Date.parse(d.start_time)).filter(Number.isFinite);
  const ends = args.details.map((d) => Date.parse(d.end_time)).filter(Number.isFinite);
  const range = daysAround(Math.min(args.stay.from, ...starts), Math.max(args.stay.to, ...ends), terminal.time_zone);
  const [{ columns, equipment }, bookedElsewhere, stored] = await Promise.all([
    shiftColumns(db, terminal, range.from, range.to),
    findEquipmentOnOtherCards(db, { terminalId: terminal.id, portcallId: args.portcallId, from: new Date(range.from), to: new Date(range.to) }),
    db.selectFrom('portcall_shift_details').select(['start_time', 'end_time', 'shift_number', 'equipment_numbers']).where('portcall_id', '=', args.portcallId).execute(),
  ]);
  const storedCards = new Map(
    stored.map((c) => [shiftCardPlaceKey({ start_time: new Date(c.start_time).toISOString(), end_time: new Date(c.end_time).toISOString(), shift_number: c.shift_number }), new Set(c.equipment_numbers)] as const),
  );
  return shiftPlanInputProblems({ details: args.details, stay: args.stay, shifts: columns, equipmentNumbers: new Set(equipment.map((e) => e.equipment_number)), bookedElsewhere, stored: storedCards });
}
