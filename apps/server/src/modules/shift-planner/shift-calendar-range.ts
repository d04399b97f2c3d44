// Local days of the terminal as instants: the board's period, and the shift columns around a call's stay.
import { type TBoardShift, type TBoardShiftDefinition, type TLocalDay, addLocalDays, boardShifts, localDateOf, localTimeToInstant } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { findEquipment, findNonWorkingTimes, findShiftDefinitions } from './shift-board.repository';

type Db = Kysely<DB> | Transaction<DB>;
const DAY = 86_400_000;
export const localMidnight = (d: TLocalDay, timeZone: string) => localTimeToInstant(d, '00:00', timeZone);

/** The terminal's shift definitions (with gangs), as the board and its checks use them; PostgreSQL `time` is HH:mm:ss. */
export async function shiftDefinitionsOf(db: Db, terminalId: number): Promise<TBoardShiftDefinition[]> {
  return (await findShiftDefinitions(db, terminalId)).map((s) => ({ id: s.id, shift_number: s.shift_number, name: s.name, names: s.names, start_time: s.start_time.slice(0, 5), end_time: s.end_time.slice(0, 5), gangs_available: s.gangs_available }));
}

export type TShiftColumns = {
  definitions: TBoardShiftDefinition[];
  columns: TBoardShift[];
  nonWorking: Awaited<ReturnType<typeof findNonWorkingTimes>>;
  equipment: Awaited<ReturnType<typeof findEquipment>>;
};

/** Every shift that starts on a local day in [from, to), with the non-working times and equipment of the terminal. */
export async function shiftColumns(db: Db, terminal: { id: number; time_zone: string }, from: number, to: number): Promise<TShiftColumns> {
  const [definitions, nonWorking, equipment] = await Promise.all([
    shiftDefinitionsOf(db, terminal.id),
    // A night shift of the last day runs into the next one; its non-working times count too.
    findNonWorkingTimes(db, terminal.id, { from: new Date(from - DAY), to: new Date(to + DAY) }),
    findEquipment(db, terminal.id),
  ]);
  const columns = boardShifts({
    shifts: definitions,
    timeZone: terminal.time_zone,
    from,
    to,
    nonWorking: nonWorking.map((n) => ({ id: n.id, starts_at: new Date(n.starts_at).toISOString(), ends_at: new Date(n.ends_at).toISOString() })),
    equipmentCount: equipment.length,
  });
  return { definitions, columns, nonWorking, equipment };
}

/** The local days around an interval: from the day before it starts (a night shift begun then) to the day after it ends. */
export function daysAround(startMs: number, endMs: number, timeZone: string): { from: number; to: number } {
  const first = addLocalDays(localDateOf(startMs, timeZone), -1);
  const last = addLocalDays(localDateOf(endMs, timeZone), 1);
  return { from: localMidnight(first, timeZone), to: localMidnight(last, timeZone) };
}
