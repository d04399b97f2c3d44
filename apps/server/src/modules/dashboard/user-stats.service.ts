// The user_stats widget: counts that each open a list, computed from one read of the user's recent and coming calls.
import { PORTCALL_STATUSES, type TPortcall, type TUserStats, partyOf, taskReasons } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import { findTaskCalls } from '../tasks/task.repository';
import { getTaskSettings, toTaskCall } from '../tasks/task.service';
import { scopeTerminals } from './dashboard-scope';
import { countUnreadMessages, findLastStepTimes } from './dashboard.repository';
import { waitingTimes } from './waiting-times';

const HOUR_MS = 3_600_000;
/** The tasks list looks back this far (modules/tasks); the open-task count must match it. */
const TASK_LOOKBACK_MS = 30 * 24 * HOUR_MS;
const IN_PORT: TPortcall['status'][] = ['Berthed', 'Cargo Ops'];

export async function getUserStats(ctx: AppContext, session: AuthSession, query: { terminal_id?: number | undefined }): Promise<TUserStats> {
  const user = session.user;
  await scopeTerminals(ctx, user, query.terminal_id);
  const now = ctx.clock.now();
  const nowMs = now.getTime();
  const party = partyOf(user.user_type);
  // Every count reads only a call's own columns: the task list's read of recent calls, not the full call.
  const calls = (await findTaskCalls(ctx.db, user, { terminalId: query.terminal_id, departureFrom: new Date(nowMs - TASK_LOOKBACK_MS), party })).map(toTaskCall);
  const terminalQuery: Record<string, string> = query.terminal_id !== undefined ? { terminal_id: String(query.terminal_id) } : {};
  const until = (hours: number) => new Date(nowMs + hours * HOUR_MS).toISOString();

  // "In the next 72 h" means the berth window touches [now, now + 72 h]: exactly what /portcalls?from&to lists.
  const next72 = calls.filter((c) => Date.parse(c.berth_departure) >= nowMs && Date.parse(c.berth_arrival) <= nowMs + 72 * HOUR_MS);
  const next_72h_by_status = PORTCALL_STATUSES.map((status) => ({
    status,
    count: next72.filter((c) => c.status === status).length,
    link: { view: 'portcall_planner' as const, query: { ...terminalQuery, status, from: now.toISOString(), to: until(72) } },
  }));
  const inPort = calls.filter((c) => IN_PORT.includes(c.status));

  const waiting = calls.filter((c) => c.status !== 'Cancelled').map((c) => ({ call: c, times: waitingTimes(c, { includeFirstPlans: true }).filter((w) => w.waitingFor === party) })).filter((w) => w.times.length > 0);
  const steps = await findLastStepTimes(ctx.db, waiting.map((w) => w.call.id));
  const stepAt = new Map(steps.map((s) => [`${s.portcall_id}:${s.time_type}`, new Date(s.at as Date | string).getTime()]));
  let oldestMs: number | null = null;
  for (const w of waiting) {
    for (const t of w.times) {
      const at = stepAt.get(`${w.call.id}:${t.time}`) ?? Date.parse(w.call.updated_at);
      if (oldestMs === null || at < oldestMs) oldestMs = at;
    }
  }
  const countWith = (kind: 'request' | 'proposal' | 'cancellation') => waiting.filter((w) => w.times.some((t) => t.kind === kind)).length;

  const { enabled_reasons } = await getTaskSettings(ctx, session);
  const openTasks = calls.filter((c) => taskReasons(c, party, enabled_reasons).length > 0).length;
  const unread = await countUnreadMessages(ctx.db, user, query.terminal_id);
  const unagreed = calls.filter(
    (c) => c.status !== 'Cancelled' && Date.parse(c.berth_arrival) >= nowMs && Date.parse(c.berth_arrival) <= nowMs + 48 * HOUR_MS && !['accepted', 'actual'].includes(c.berth_arrival_state.label ?? ''),
  );
  return {
    generated_at: now.toISOString(),
    terminal_id: query.terminal_id ?? null,
    next_72h_by_status,
    in_port: { count: inPort.length, link: { view: 'portcall_planner', query: { ...terminalQuery, status: [...IN_PORT] } } },
    waiting_for_me: {
      count: waiting.length,
      requests: countWith('request'),
      proposals: countWith('proposal'),
      cancellations: countWith('cancellation'),
      oldest_age_minutes: oldestMs === null ? null : Math.max(0, Math.floor((nowMs - oldestMs) / 60_000)),
      link: { view: 'tasks', query: { type: 'open' } },
    },
    open_tasks: { count: openTasks, link: { view: 'tasks', query: { type: 'open' } } },
    unread_messages: { count: unread.messages, portcalls: unread.portcalls, link: { view: 'vessel_communication', query: terminalQuery } },
    without_accepted_time_48h: { count: unagreed.length, portcall_ids: unagreed.map((c) => c.id), link: { view: 'portcall_planner', query: { ...terminalQuery, from: now.toISOString(), to: until(48) } } },
  };
}

