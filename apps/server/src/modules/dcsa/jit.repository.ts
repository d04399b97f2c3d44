// SQL for the DCSA JIT 2.0 objects: who may see them (the organisation that sent them, and whoever sees the port call
// they are linked to), and their rows.
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { DB, PortalUser } from '../../db/schema';
import { visibleTo } from '../portcalls/portcall.repository';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A JIT port call is visible to the organisation that created it, to a terminal operator whose terminal one of its
 * terminal calls is at, and to whoever may see a Quayline port call one of its terminal calls is linked to (the same
 * rule as the call itself, docs/permissions.md). Everything below a port call is visible with it.
 */
export function jitPortCallVisibleTo(user: PortalUser) {
  return (eb: ExpressionBuilder<DB, 'jit_port_calls'>) => {
    const linkedCalls = eb.selectFrom('portcalls').select('portcalls.id').where(visibleTo(user));
    const viaTerminalCall = eb
      .selectFrom('jit_terminal_calls as v')
      .select('v.terminal_call_id')
      .whereRef('v.port_call_id', '=', 'jit_port_calls.port_call_id')
      .where((w) =>
        w.or([
          w('v.portcall_id', 'in', linkedCalls),
          ...(user.user_type === 'terminal_operator' ? [w('v.terminal_id', 'in', w.selectFrom('portal_user_terminals').select('terminal_id').where('portal_user_id', '=', user.id))] : []),
        ]),
      );
    return eb.or([eb('jit_port_calls.owner_organisation_id', '=', user.organisation_id ?? -1), eb.exists(viaTerminalCall)]);
  };
}

export function findJitPortCall(db: Db, id: string) {
  return db.selectFrom('jit_port_calls').selectAll().where('port_call_id', '=', id).executeTakeFirst();
}

export function findJitTerminalCall(db: Db, id: string) {
  return db
    .selectFrom('jit_terminal_calls as tc')
    .innerJoin('jit_port_calls as pc', 'pc.port_call_id', 'tc.port_call_id')
    .selectAll('tc')
    .select(['pc.omitted as port_call_omitted', 'pc.jit_object as port_call_body'])
    .where('tc.terminal_call_id', '=', id)
    .executeTakeFirst();
}

export function findJitService(db: Db, id: string) {
  return db
    .selectFrom('jit_port_call_services as s')
    .innerJoin('jit_terminal_calls as tc', 'tc.terminal_call_id', 's.terminal_call_id')
    .innerJoin('jit_port_calls as pc', 'pc.port_call_id', 'tc.port_call_id')
    .selectAll('s')
    .select(['tc.port_call_id', 'tc.portcall_id', 'tc.terminal_id', 'tc.omitted as terminal_call_omitted', 'pc.omitted as port_call_omitted'])
    .where('s.port_call_service_id', '=', id)
    .executeTakeFirst();
}

/** Whether the user may see the JIT port call (jitPortCallVisibleTo). */
export async function isJitPortCallVisible(db: Db, user: PortalUser, portCallId: string): Promise<boolean> {
  const row = await db.selectFrom('jit_port_calls').select('port_call_id').where('port_call_id', '=', portCallId).where(jitPortCallVisibleTo(user)).executeTakeFirst();
  return !!row;
}

/** The latest non-actual time sent for each service of a terminal call, by type and event (to create its port call). */
export function latestPlannedTimes(db: Db, terminalCallId: string) {
  return db
    .selectFrom('jit_timestamps as t')
    .innerJoin('jit_port_call_services as s', 's.port_call_service_id', 't.port_call_service_id')
    .select(['s.type_code', 's.event_type_code', 't.date_time', 't.classifier_code', 't.created_at'])
    .where('s.terminal_call_id', '=', terminalCallId)
    .where('s.cancelled', '=', false)
    .where('s.declined', '=', false)
    .where('t.classifier_code', '!=', 'ACT')
    .orderBy('t.created_at')
    .execute();
}
