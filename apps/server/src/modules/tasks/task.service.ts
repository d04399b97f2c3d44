// Port-call tasks: calls waiting for the user's side (open), and calls the user's side has handled (closed).
import {
  TASKS_PAGE_SIZE,
  TASK_REASONS,
  type TParty,
  type TPortcall,
  type TTaskFilter,
  type TTaskReason,
  isDeparted,
  pageMeta,
  partyOf,
  taskReasons,
} from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import { toPortcall } from '../portcalls/portcall-mapper';
import { findCargoDetails, perPortcall, selectPortcalls, visibleTo } from '../portcalls/portcall.repository';
import { portcallsByIds } from '../portcalls/portcall.service';
import { findUserById, mergeUserSettings } from '../users/user.repository';

export type TTask = { portcall: TPortcall; reasons: TTaskReason[] };
const SETTINGS_KEY = 'portcall_task_settings';
/** Tasks look back this far; older calls are history, not work. */
const LOOKBACK_MS = 30 * 86_400_000;

export async function getTaskSettings(ctx: AppContext, session: Pick<AuthSession, 'user'>): Promise<{ enabled_reasons: TTaskReason[] }> {
  const user = await findUserById(ctx.db, session.user.id);
  const stored = (user?.settings ?? {})[SETTINGS_KEY] as { enabled_reasons?: unknown } | undefined;
  const enabled = Array.isArray(stored?.enabled_reasons) ? stored.enabled_reasons.filter((r): r is TTaskReason => (TASK_REASONS as readonly string[]).includes(String(r))) : [...TASK_REASONS];
  return { enabled_reasons: enabled };
}

export async function updateTaskSettings(ctx: AppContext, session: AuthSession, enabled: TTaskReason[]) {
  await mergeUserSettings(ctx.db, session.user.id, { [SETTINGS_KEY]: { enabled_reasons: [...new Set(enabled)] } }, ctx.clock.now());
  return getTaskSettings(ctx, session);
}

/**
 * The user's open and closed tasks (the tasks screen's query; the daily digest reads the open ones without a session).
 * Reasons need only the call's own row and cargo lines, so every visible call is read plainly; its `portcall` is that
 * summary. `listTasks` reads the page's calls in full.
 */
export async function classify(ctx: AppContext, session: Pick<AuthSession, 'user'>): Promise<{ open: TTask[]; closed: TTask[] }> {
  const user = session.user;
  const party: TParty = partyOf(user.user_type);
  const now = ctx.clock.now();
  const rows = await selectPortcalls(ctx.db)
    .where(visibleTo(user))
    .where('portcalls.berth_departure', '>=', new Date(now.getTime() - LOOKBACK_MS))
    .orderBy('portcalls.berth_arrival')
    .orderBy('portcalls.id')
    .execute();
  const cargo = perPortcall(await findCargoDetails(ctx.db, rows.map((r) => r.id)));
  const handled = new Set(
    rows.length
      ? (await ctx.db.selectFrom('portcall_timestamps').select('portcall_id').distinct().where('party', '=', party).where('portcall_id', 'in', rows.map((r) => r.id)).execute()).map((r) => r.portcall_id)
      : [],
  );
  const { enabled_reasons } = await getTaskSettings(ctx, session);
  const open: TTask[] = [];
  const closed: TTask[] = [];
  for (const row of rows) {
    const portcall = toPortcall(row, cargo(row.id), user, undefined, now);
    const reasons = taskReasons(portcall, party, enabled_reasons);
    if (reasons.length) open.push({ portcall, reasons });
    else if (handled.has(row.id)) closed.push({ portcall, reasons: [] });
  }
  return { open, closed };
}

export function split(tasks: TTask[], filter: TTaskFilter, now: Date): TTask[] {
  if (filter === 'all') return tasks;
  return tasks.filter((t) => isDeparted(t.portcall, now) === (filter === 'departed'));
}

export async function listTasks(ctx: AppContext, session: AuthSession, query: { type: 'open' | 'closed'; filter: TTaskFilter; page: number; per_page: number }) {
  const now = ctx.clock.now();
  const all = split((await classify(ctx, session))[query.type], query.filter, now);
  const page = all.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  // The page's calls as the list and one call show them: shift lines, equipment, predictions, sandbox flags.
  const full = new Map((await portcallsByIds(ctx, session.user, page.map((t) => t.portcall.id))).map((p) => [p.id, p]));
  const items = page.map((t) => ({ portcall: full.get(t.portcall.id) ?? t.portcall, reasons: t.reasons }));
  return { items, meta: { ...pageMeta({ page: query.page, perPage: query.per_page, totalCount: all.length }), type: 'portcall_tasks' as const } };
}

export async function tasksMeta(ctx: AppContext, session: AuthSession) {
  const now = ctx.clock.now();
  const { open, closed } = await classify(ctx, session);
  const count = (tasks: TTask[]) => ({ total: tasks.length, upcoming: split(tasks, 'upcoming', now).length, departed: split(tasks, 'departed', now).length });
  return { open: count(open), closed: count(closed), per_page: TASKS_PAGE_SIZE };
}
