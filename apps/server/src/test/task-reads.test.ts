// The task list reads only the columns its rules need; this compares it with the straightforward read (every recent
// call read and mapped in full, as the list and one call show it) on the demo with history and stacked calls.
import { TASK_FILTERS, type TParty, type TPortAuthorityStatus, type TPortcall, type TTaskReason, partyOf, priseStep, taskReasons } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context';
import { seedBenchHistory } from '../demo/bench-seed';
import type { PortalUser } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo-data';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';
import { toPortcall } from '../modules/portcalls/portcall-mapper';
import { findCargoDetails, findPriseFacts, perPortcall, selectPortcalls, visibleTo } from '../modules/portcalls/portcall.repository';
import { getTaskSettings } from '../modules/tasks/task.service';

const LOOKBACK_MS = 30 * 86_400_000;

/** The reference: every recent visible call read and mapped in full, then the task rules on the full call. */
async function straightforwardClassify(ctx: AppContext, user: PortalUser): Promise<{ open: { portcall: TPortcall; reasons: TTaskReason[] }[]; closed: { portcall: TPortcall; reasons: TTaskReason[] }[] }> {
  const party: TParty = partyOf(user.user_type);
  const now = ctx.clock.now();
  const rows = await selectPortcalls(ctx.db).where(visibleTo(user)).where('portcalls.berth_departure', '>=', new Date(now.getTime() - LOOKBACK_MS)).orderBy('portcalls.berth_arrival').orderBy('portcalls.id').execute();
  const cargo = perPortcall(await findCargoDetails(ctx.db, rows.map((r) => r.id)));
  const handled = new Set(rows.length ? (await ctx.db.selectFrom('portcall_timestamps').select('portcall_id').distinct().where('party', '=', party).where('portcall_id', 'in', rows.map((r) => r.id)).execute()).map((r) => r.portcall_id) : []);
  const { enabled_reasons } = await getTaskSettings(ctx, { user });
  // The PRISE step as the list shows it: the terminal and the call's agent file the notice at a PRISE port.
  const pa = ctx.config.portAuthority;
  const prisePorts = new Set(user.user_type !== 'vessel_operator' && pa?.url ? pa.ports.map((u) => u.toUpperCase()) : []);
  const priseFacts = new Map((rows.length ? await findPriseFacts(ctx.db, rows.map((r) => r.id)) : []).map((f) => [f.id, f]));
  const open: { portcall: TPortcall; reasons: TTaskReason[] }[] = [];
  const closed: { portcall: TPortcall; reasons: TTaskReason[] }[] = [];
  for (const row of rows) {
    const mapped = toPortcall(row, cargo(row.id), user, undefined, now);
    const facts = priseFacts.get(row.id);
    const portcall = {
      ...mapped,
      prise_step: priseStep({ isApplicable: !!facts && prisePorts.has(facts.unlocode.toUpperCase()), portcallStatus: mapped.status, noticeStatus: (facts?.notice_status ?? null) as TPortAuthorityStatus | null, priseStatus: mapped.prise_status, pilotBoardingPlaceArrival: mapped.pilot_boarding_place_arrival, berthArrival: mapped.berth_arrival, now: now.getTime() }),
    };
    const reasons = taskReasons(portcall, party, enabled_reasons);
    if (reasons.length) open.push({ portcall, reasons });
    else if (handled.has(row.id)) closed.push({ portcall, reasons: [] });
  }
  return { open, closed };
}

describe.each(DB_TARGETS)('the task list on the demo with history, on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true });
    // Stacked calls around today and two blocks of history, some inside the 30-day look-back and some before it.
    await seedBenchHistory(t.database.db, { from: 0, to: 3, perBlock: 150, now: t.clock.now() });
  });
  afterAll(async () => t?.close());

  it.each(['terminal_operator', 'agent', 'vessel_operator'] as const)('answers the %s the same tasks, pages and counts as the straightforward read', async (role) => {
    const demo = DEMO_USERS.find((u) => u.user_type === role && !u.expired)!;
    const login = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { email: demo.email, password: DEMO_PASSWORD } });
    const headers = { 'x-portal-token': login.json().payload.token as string };
    const user = await t.database.db.selectFrom('portal_users').selectAll().where('email', '=', demo.email).executeTakeFirstOrThrow();
    const reference = await straightforwardClassify(t.app.ctx, user);
    const now = t.clock.now().getTime();
    const isDeparted = (p: TPortcall) => p.status === 'Departed' || Date.parse(p.berth_departure) < now;
    expect(reference.open.length + reference.closed.length).toBeGreaterThan(5);
    for (const type of ['open', 'closed'] as const) {
      for (const filter of TASK_FILTERS) {
        const expected = reference[type].filter((task) => filter === 'all' || isDeparted(task.portcall) === (filter === 'departed'));
        const first = (await t.app.inject({ method: 'GET', url: `/api/portal/v1/tasks?type=${type}&filter=${filter}&per_page=100`, headers })).json().payload;
        expect(first.meta.total_count).toBe(expected.length);
        expect(first.items.map((i: { portcall: TPortcall; reasons: string[] }) => [i.portcall.id, i.reasons])).toEqual(expected.slice(0, 100).map((task) => [task.portcall.id, task.reasons]));
      }
    }
    const meta = (await t.app.inject({ method: 'GET', url: '/api/portal/v1/tasks_meta', headers })).json().payload;
    const count = (tasks: { portcall: TPortcall }[]) => ({ total: tasks.length, upcoming: tasks.filter((x) => !isDeparted(x.portcall)).length, departed: tasks.filter((x) => isDeparted(x.portcall)).length });
    expect(meta).toEqual({ open: count(reference.open), closed: count(reference.closed), per_page: 10 });
  });
});
