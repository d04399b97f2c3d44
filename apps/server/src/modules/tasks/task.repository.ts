// SQL of the task list: the columns the task rules read of every recent visible call, nothing more.
import type { Kysely, Transaction } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { visibleTo } from '../portcalls/portcall.repository';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The user's visible calls departing from `departureFrom` on, oldest arrival first, with how many cargo lines each has
 * and whether the user's side ever wrote one of its time stamps (a handled call is a closed task). The window's lower
 * bound on the departure is what `portcalls_terminal_departure` serves, so history is never read.
 */
export function findTaskCalls(db: Db, user: PortalUser, args: { departureFrom: Date; party: string; terminalId?: number | undefined }) {
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .innerJoin('terminals', 'terminals.id', 'portcalls.terminal_id')
    .innerJoin('ports', 'ports.id', 'terminals.port_id')
    .leftJoin('prise_notices', 'prise_notices.portcall_id', 'portcalls.id')
    .select((eb) => [
      'ports.unlocode as port_unlocode',
      'prise_notices.status as prise_notice_status',
      'portcalls.prise_status',
      'portcalls.id',
      'portcalls.terminal_id',
      'portcalls.status',
      'portcalls.berth_arrival',
      'portcalls.berth_departure',
      'portcalls.berth_start_position',
      'portcalls.voyage_number_import',
      'portcalls.voyage_number_export',
      'portcalls.berth_arrival_label',
      'portcalls.berth_arrival_change_label',
      'portcalls.berth_departure_label',
      'portcalls.berth_departure_change_label',
      'portcalls.pilot_boarding_place_arrival',
      'portcalls.pilot_boarding_place_arrival_label',
      'portcalls.pilot_boarding_place_arrival_change_label',
      'portcalls.pilot_boarding_place_departure_label',
      'portcalls.pilot_boarding_place_departure_change_label',
      'portcalls.updated_at',
      'vessels.name as vessel_name',
      'terminals.name as terminal_name',
      eb.selectFrom('portcall_cargo_details').select((c) => c.fn.countAll<number>().as('n')).whereRef('portcall_cargo_details.portcall_id', '=', 'portcalls.id').as('cargo_line_count'),
      eb.exists(eb.selectFrom('portcall_timestamps').select('portcall_timestamps.id').whereRef('portcall_timestamps.portcall_id', '=', 'portcalls.id').where('portcall_timestamps.party', '=', args.party)).as('is_handled'),
    ])
    .where(visibleTo(user))
    .where('portcalls.berth_departure', '>=', args.departureFrom)
    .$if(args.terminalId !== undefined, (q) => q.where('portcalls.terminal_id', '=', args.terminalId!))
    .orderBy('portcalls.berth_arrival')
    .orderBy('portcalls.id')
    .execute();
}

export type TTaskCallRow = Awaited<ReturnType<typeof findTaskCalls>>[number];
