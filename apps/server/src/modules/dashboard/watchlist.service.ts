// The watch list: calls a user pinned, each with its next time and what changed since the user last looked.
import { NEGOTIATED_TIMES, type TPortcall, type TWatchlistItem } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { getPortcall } from '../portcalls/portcall.service';
import { mapCalls } from './dashboard-scope';
import { deleteWatchlistEntry, findAuditEventsSince, findVisibleCalls, findWatchlistEntries, insertWatchlistEntry, markWatchlistSeen } from './dashboard.repository';

const CHANGES_SHOWN = 5;

/** An audit value in a line of text: a time step shows its time and label, anything else its JSON (short). */
export function describeAuditValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const parsed: unknown = typeof value === 'string' ? safeJson(value) : value;
  if (parsed === null || parsed === undefined) return null;
  if (typeof parsed === 'object' && !Array.isArray(parsed) && 'value' in parsed) {
    const step = parsed as { value?: unknown; label?: unknown };
    return [step.value ?? '-', step.label ? `(${String(step.label)})` : ''].join(' ').trim();
  }
  const text = typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The nearest of the call's berth and pilot times still ahead of now. */
export function nextTimeOf(call: TPortcall, now: Date): TWatchlistItem['next_time'] {
  let next: TWatchlistItem['next_time'] = null;
  for (const time of NEGOTIATED_TIMES) {
    const value = call[time];
    if (!value || Date.parse(value) <= now.getTime()) continue;
    if (!next || Date.parse(value) < Date.parse(next.time)) next = { time_type: time, time: value, label: call[`${time}_state`].label };
  }
  return next;
}

export async function getWatchlist(ctx: AppContext, session: AuthSession): Promise<{ items: TWatchlistItem[] }> {
  const user = session.user;
  const entries = await findWatchlistEntries(ctx.db, user.id);
  if (entries.length === 0) return { items: [] };
  // A pin on a call the user can no longer see (unlinked terminal, changed agent) stays stored but is not shown.
  const rows = await findVisibleCalls(ctx.db, user, { ids: entries.map((e) => e.portcall_id) });
  const calls = await mapCalls(ctx, user, rows, { withExtras: false });
  const since = new Date(Math.min(...entries.map((e) => new Date(e.last_seen_at).getTime())));
  const events = await findAuditEventsSince(ctx.db, calls.map((c) => c.id), since);
  const entryOf = new Map(entries.map((e) => [e.portcall_id, e]));
  const now = ctx.clock.now();
  const items = calls.map((call): TWatchlistItem => {
    const entry = entryOf.get(call.id)!;
    const seenMs = new Date(entry.last_seen_at).getTime();
    const changes = events.filter((e) => e.portcall_id === call.id && new Date(e.created_at).getTime() > seenMs);
    const next = nextTimeOf(call, now);
    return {
      portcall_id: call.id,
      terminal_id: call.terminal_id,
      vessel_name: call.vessel_name,
      status: call.status,
      berth_arrival: call.berth_arrival,
      berth_departure: call.berth_departure,
      next_time: next,
      pinned_at: new Date(entry.created_at).toISOString(),
      last_seen_at: new Date(entry.last_seen_at).toISOString(),
      changes_count: changes.length,
      changes: changes.slice(0, CHANGES_SHOWN).map((e) => ({ field: e.field, old_value: describeAuditValue(e.old_value), new_value: describeAuditValue(e.new_value), at: new Date(e.created_at).toISOString() })),
    };
  });
  // Soonest next time first; calls with nothing ahead go last.
  items.sort((a, b) => (a.next_time ? Date.parse(a.next_time.time) : Infinity) - (b.next_time ? Date.parse(b.next_time.time) : Infinity) || a.portcall_id - b.portcall_id);
  return { items };
}

export async function pinPortcall(ctx: AppContext, session: AuthSession, portcallId: number) {
  await getPortcall(ctx, session, portcallId);
  await insertWatchlistEntry(ctx.db, { userId: session.user.id, portcallId, now: ctx.clock.now() });
  return getWatchlist(ctx, session);
}

export async function unpinPortcall(ctx: AppContext, session: AuthSession, portcallId: number) {
  await deleteWatchlistEntry(ctx.db, { userId: session.user.id, portcallId });
  return getWatchlist(ctx, session);
}

export async function markPortcallSeen(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TWatchlistItem> {
  await getPortcall(ctx, session, portcallId);
  const updated = await markWatchlistSeen(ctx.db, { userId: session.user.id, portcallId, now: ctx.clock.now() });
  if (updated === 0) throw new AppError('NOT_FOUND', { message: 'This port call is not on your watch list.' });
  const item = (await getWatchlist(ctx, session)).items.find((i) => i.portcall_id === portcallId);
  if (!item) throw new AppError('NOT_FOUND', { message: 'This port call is not on your watch list.' });
  return item;
}
