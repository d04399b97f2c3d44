// The user_stats widget reads only the columns its counts need; this compares it with the straightforward read (every
// recent visible call read and mapped in full) on the demo with history and stacked calls.
import { PORTCALL_STATUSES, type TPortcall, type TUserStats, partyOf, taskReasons } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context';
import { seedBenchHistory } from '../demo/bench-seed';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo-data';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';
import type { AuthSession } from '../modules/auth/auth.service';
import { getTaskSettings } from '../modules/tasks/task.service';
import { mapCalls, scopeTerminals } from '../modules/dashboard/dashboard-scope';
import { countUnreadMessages, findLastStepTimes, findVisibleCalls } from '../modules/dashboard/dashboard.repository';
import { waitingTimes } from '../modules/dashboard/waiting-times';

const HOUR_MS = 3_600_000;
const TASK_LOOKBACK_MS = 30 * 24 * HOUR_MS;
const IN_PORT: TPortcall['status'][] = ['Berthed', 'Cargo Ops'];

/** The reference: the widget as it was first written, on fully mapped calls. */
async function straightforwardUserStats(ctx: AppContext, session: AuthSession, query: { terminal_id?: number | undefined }): Promise<TUserStats> {
  const user = session.user;
  await scopeTerminals(ctx, user, query.terminal_id);
  const now = ctx.clock.now();
  const nowMs = now.getTime();
  const party = partyOf(user.user_type);
  const rows = await findVisibleCalls(ctx.db, user, { terminalId: query.terminal_id, departureFrom: new Date(nowMs - TASK_LOOKBACK_MS) });
  const calls = await mapCalls(ctx, user, rows, { withExtras: false });
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


describe.each(DB_TARGETS)('user_stats on the demo with history, on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true });
    await seedBenchHistory(t.database.db, { from: 0, to: 3, perBlock: 150, now: t.clock.now() });
  });
  afterAll(async () => t?.close());

  it.each(['terminal_operator', 'agent', 'vessel_operator'] as const)('answers the %s the same counts as the straightforward read', async (role) => {
    const demo = DEMO_USERS.find((u) => u.user_type === role && !u.expired)!;
    const login = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { email: demo.email, password: DEMO_PASSWORD } });
    const headers = { 'x-portal-token': login.json().payload.token as string };
    const user = await t.database.db.selectFrom('portal_users').selectAll().where('email', '=', demo.email).executeTakeFirstOrThrow();
    const session = { user } as AuthSession;
    const terminals = await scopeTerminals(t.app.ctx, user, undefined);
    for (const terminalId of [undefined, terminals[0]]) {
      const query = terminalId === undefined ? '' : `?terminal_id=${terminalId}`;
      const answer = (await t.app.inject({ method: 'GET', url: `/api/portal/v1/dashboard/user_stats${query}`, headers })).json().payload;
      const reference = await straightforwardUserStats(t.app.ctx, session, { terminal_id: terminalId });
      expect(answer).toEqual(reference);
    }
    expect((await straightforwardUserStats(t.app.ctx, session, {})).open_tasks.count + (await straightforwardUserStats(t.app.ctx, session, {})).waiting_for_me.count).toBeGreaterThan(0);
  });
});
