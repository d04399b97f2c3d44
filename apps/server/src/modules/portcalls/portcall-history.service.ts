// Reading the negotiation chain and the audit trail, limited to what the user may see.
import { type TAuditEvent, type TChangeLabel, type TPaged, type TPortcallTimestamp, type TTimeLabel, pageMeta } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import { countAuditEvents, findAuditEvents, findTimestamps, selectPortcalls, visibleTo } from './portcall.repository';
import { getPortcall } from './portcall.service';

/** A person, or for an automated step (a schedule sync) the schedule source that made it. */
function creatorOf(userId: number | null, user: { first_name: string | null; last_name: string | null; user_type: string | null }, source: string | null) {
  if (userId === null) return { id: null, name: automatedName(source), user_type: 'automated' };
  return { id: userId, name: `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim(), user_type: user.user_type ?? 'automated' };
}

function automatedName(source: string | null): string {
  if (source?.startsWith('ais_')) return `AIS (${source})`;
  return source ? `Schedule sync (${source})` : 'Schedule sync';
}

export async function listTimestamps(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TPortcallTimestamp[]> {
  await getPortcall(ctx, session, portcallId);
  const rows = await findTimestamps(ctx.db, portcallId);
  return rows.map((r) => ({
    id: r.id,
    time: r.time_type,
    action: r.action,
    classifier: r.classifier,
    party: r.party,
    date_time: r.date_time ? new Date(r.date_time).toISOString() : null,
    label: r.label_after as TTimeLabel | null,
    change_label: r.change_label_after as TChangeLabel | null,
    reply_to_id: r.reply_to_id,
    delay_reason_code: r.delay_reason_code,
    remark: r.remark,
    created_by: creatorOf(r.created_by, r, r.source),
    acting_for: r.acting_for ? { id: r.acting_for, name: `${r.for_first_name ?? ''} ${r.for_last_name ?? ''}`.trim() } : null,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

export async function listAuditEvents(ctx: AppContext, session: AuthSession, query: { page: number; per_page: number; portcall_id?: number | undefined }): Promise<TPaged<TAuditEvent>> {
  let ids: number[];
  if (query.portcall_id !== undefined) {
    await getPortcall(ctx, session, query.portcall_id);
    ids = [query.portcall_id];
  } else {
    ids = (await selectPortcalls(ctx.db).where(visibleTo(session.user)).clearSelect().select('portcalls.id').execute()).map((r) => r.id);
  }
  const total = await countAuditEvents(ctx.db, ids);
  const page = await findAuditEvents(ctx.db, { portcallIds: ids, offset: (query.page - 1) * query.per_page, limit: query.per_page });
  return {
    items: page.map((r) => ({
      id: r.id,
      portcall_id: r.portcall_id,
      event_type: r.event_type,
      field: r.field,
      old_value: r.old_value ?? null,
      new_value: r.new_value ?? null,
      actor: creatorOf(r.actor_user_id, r, r.source),
      acting_for: r.acting_for_user_id ? { id: r.acting_for_user_id, name: `${r.for_first_name ?? ''} ${r.for_last_name ?? ''}`.trim() } : null,
      created_at: new Date(r.created_at).toISOString(),
    })),
    meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount: Number(total.n) }),
  };
}
