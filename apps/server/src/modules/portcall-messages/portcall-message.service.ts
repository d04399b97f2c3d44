// The message thread of a port call (vessel communication): both sides write, each reader has a read mark.
import { type TMessageIconState, type TPortcallMessage, realtimeChannels } from '@quayline/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import { getPortcall } from '../portcalls/portcall.service';
import { selectPortcalls, visibleTo } from '../portcalls/portcall.repository';
import { publishEvent } from '../realtime/publish-event';

export async function listPortcallMessages(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TPortcallMessage[]> {
  await getPortcall(ctx, session, portcallId);
  const rows = await ctx.db
    .selectFrom('portcall_messages as m')
    .innerJoin('portal_users as u', 'u.id', 'm.author_user_id')
    .leftJoin('organisations as o', 'o.id', 'u.organisation_id')
    .select(['m.id', 'm.portcall_id', 'm.body', 'm.created_at', 'u.id as author_id', 'u.first_name', 'u.last_name', 'u.user_type', 'o.name as organisation_name'])
    .where('m.portcall_id', '=', portcallId)
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    portcall_id: r.portcall_id,
    body: r.body,
    author: { id: r.author_id, name: `${r.first_name} ${r.last_name}`.trim(), user_type: r.user_type, organisation_name: r.organisation_name },
    is_own: r.author_id === session.user.id,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

export async function postPortcallMessage(ctx: AppContext, session: AuthSession, portcallId: number, body: string): Promise<TPortcallMessage[]> {
  const call = await getPortcall(ctx, session, portcallId);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('portcall_messages').values({ portcall_id: portcallId, author_user_id: session.user.id, body, created_at: now }).returning('id').executeTakeFirstOrThrow();
    // Writing a message means having read the thread up to it.
    await trx
      .insertInto('portcall_message_reads')
      .values({ portcall_id: portcallId, portal_user_id: session.user.id, last_read_message_id: row.id })
      .onConflict((oc) => oc.columns(['portcall_id', 'portal_user_id']).doUpdateSet({ last_read_message_id: row.id }))
      .execute();
    const payload = { portcall_id: portcallId, terminal_id: call.terminal_id, message_id: row.id, author_id: session.user.id };
    const channels = [realtimeChannels.terminal(call.terminal_id), realtimeChannels.vesselOperator(call.vessel_operator_id), ...(call.agent_id ? [realtimeChannels.agent(call.agent_id)] : [])];
    for (const channel of channels) await publishEvent(trx, { channel, event: 'portcall.message', payload });
  });
  return listPortcallMessages(ctx, session, portcallId);
}

export async function markPortcallMessagesRead(ctx: AppContext, session: AuthSession, portcallId: number): Promise<{ state: TMessageIconState }> {
  await getPortcall(ctx, session, portcallId);
  const last = await ctx.db.selectFrom('portcall_messages').select((eb) => eb.fn.max('id').as('max')).where('portcall_id', '=', portcallId).executeTakeFirst();
  const lastId = last?.max === null || last?.max === undefined ? null : Number(last.max);
  if (lastId !== null) {
    await ctx.db
      .insertInto('portcall_message_reads')
      .values({ portcall_id: portcallId, portal_user_id: session.user.id, last_read_message_id: lastId })
      .onConflict((oc) => oc.columns(['portcall_id', 'portal_user_id']).doUpdateSet({ last_read_message_id: sql`greatest(portcall_message_reads.last_read_message_id, excluded.last_read_message_id)` }))
      .execute();
  }
  return { state: lastId === null ? 'none' : 'all_read' };
}

/** The icon state per port call: none (no messages), new (a message by someone else after the user's read mark), all_read. */
export async function messageStates(ctx: AppContext, session: AuthSession, portcallIds: number[]): Promise<Record<string, TMessageIconState>> {
  if (portcallIds.length === 0) return {};
  const visible = (await selectPortcalls(ctx.db).where(visibleTo(session.user)).where('portcalls.id', 'in', portcallIds).clearSelect().select('portcalls.id').execute()).map((r) => r.id);
  if (visible.length === 0) return {};
  const rows = await ctx.db
    .selectFrom('portcall_messages as m')
    .leftJoin('portcall_message_reads as r', (j) => j.onRef('r.portcall_id', '=', 'm.portcall_id').on('r.portal_user_id', '=', session.user.id))
    .select((eb) => ['m.portcall_id', eb.fn.count<number>('m.id').as('total'), eb.fn.count<number>('m.id').filterWhere((w) => w.and([w('m.author_user_id', '!=', session.user.id), w.or([w('r.last_read_message_id', 'is', null), w('m.id', '>', w.ref('r.last_read_message_id'))])])).as('unread')])
    .where('m.portcall_id', 'in', visible)
    .groupBy('m.portcall_id')
    .execute();
  const states: Record<string, TMessageIconState> = Object.fromEntries(visible.map((id) => [String(id), 'none' as TMessageIconState]));
  for (const r of rows) states[String(r.portcall_id)] = Number(r.unread) > 0 ? 'new' : 'all_read';
  return states;
}
