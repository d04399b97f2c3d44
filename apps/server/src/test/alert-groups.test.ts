// The alerts widget's groups against the flat list they fold (computeAlerts, the straightforward answer), on the demo
// with stacked calls around today: nothing lost, nothing invented, and a page a person can read.
import { type TAlertGroup, type TDashboardAlert, type TDashboardAlerts, compareAlerts } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBenchHistory } from '../demo/bench-seed';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo-data';
import type { ApiCall } from './fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';
import type { AuthSession } from '../modules/auth/auth.service';
import { computeAlerts } from '../modules/dashboard/alerts.service';

describe.each(DB_TARGETS)('alert groups on the demo with stacked calls, on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true });
    await seedBenchHistory(t.database.db, { from: 0, to: 1, perBlock: 120, now: t.clock.now() });
  });
  afterAll(async () => t?.close());

  async function signInAs(role: 'terminal_operator' | 'agent' | 'vessel_operator'): Promise<{ call: ApiCall; session: AuthSession }> {
    const demo = DEMO_USERS.find((u) => u.user_type === role && !u.expired)!;
    const login = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { email: demo.email, password: DEMO_PASSWORD } });
    const headers = { 'x-portal-token': login.json().payload.token as string };
    const user = await t.database.db.selectFrom('portal_users').selectAll().where('email', '=', demo.email).executeTakeFirstOrThrow();
    const call: ApiCall = (method, url, payload) => t.app.inject({ method, url: `/api/portal/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { call, session: { user } as AuthSession };
  }
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

  it.each(['terminal_operator', 'agent', 'vessel_operator'] as const)('folds exactly the %s\u2019s flat alerts, per vessel and rule, most pressing first', async (role) => {
    const { call, session } = await signInAs(role);
    const flat = await computeAlerts(t.app.ctx, session, undefined);
    if (role === 'terminal_operator') expect(flat.length).toBeGreaterThan(60);
    const groups: TAlertGroup[] = [];
    for (let page = 1; ; page++) {
      const answer = (await call('GET', `/dashboard/alerts?per_page=100&page=${page}`)).json().payload as TDashboardAlerts;
      groups.push(...answer.groups);
      expect(answer).toMatchObject({ alert_count: flat.length, unacknowledged_count: flat.filter((a) => !a.acknowledged).length, items: [] });
      if (page >= answer.meta.total_pages) break;
    }
    expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
    // Every flat alert lies in exactly one group, and the groups hold nothing else.
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(flat.length);
    for (const group of groups) {
      const members = flat.filter((a) => a.rule === group.rule && a.vessel_id === group.vessel_id).sort(compareAlerts);
      expect(group).toMatchObject({ key: `${group.rule}:${group.vessel_id}`, count: members.length, unacknowledged_count: members.filter((a) => !a.acknowledged).length, severity: members[0]!.severity, vessel_name: members[0]!.vessel_name });
      expect(group.first).toEqual(members[0]);
      expect(group.portcalls.map((p) => p.id).sort((a, b) => a - b)).toEqual([...new Set(members.map((a) => a.portcall_id))].sort((a, b) => a - b));
      const starts = members.map((a) => a.created_at).filter((c): c is string => c !== null);
      expect(group.newest_at).toBe(starts.length ? starts.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : null);
    }
    // Opened, a group lists exactly its alerts, most pressing first (the largest groups and the first few).
    const opened = [...groups].sort((a, b) => b.count - a.count).slice(0, 3).concat(groups.slice(0, 2));
    for (const group of opened) {
      const items = ((await call('GET', `/dashboard/alerts?group=${group.key}`)).json().payload as TDashboardAlerts).items;
      expect(items).toEqual(flat.filter((a) => a.rule === group.rule && a.vessel_id === group.vessel_id).sort(compareAlerts));
    }
    // Groups follow their most pressing alert, as the flat list did.
    expect(groups.map((g) => g.first)).toEqual([...groups.map((g) => g.first)].sort(compareAlerts));
  });

  it('answers a page a person reads: ten groups in a few kilobytes, where the flat list was hundreds', async () => {
    const { call, session } = await signInAs('terminal_operator');
    const flatBytes = JSON.stringify(await computeAlerts(t.app.ctx, session, undefined)).length;
    const page = await call('GET', '/dashboard/alerts');
    expect(page.statusCode).toBe(200);
    expect((page.json().payload as TDashboardAlerts).groups).toHaveLength(10);
    expect(page.body.length).toBeLessThan(64 * 1024);
    expect(page.body.length).toBeLessThan(flatBytes / 4);
  });

  it('opens one call\u2019s alerts, and acknowledges a whole group for the user only', async () => {
    const { call } = await signInAs('terminal_operator');
    const { call: agentCall } = await signInAs('agent');
    const first = ((await call('GET', '/dashboard/alerts')).json().payload as TDashboardAlerts).groups.find((g) => g.unacknowledged_count > 1)!;
    const ofCall = (await call('GET', `/dashboard/alerts?portcall_id=${first.first.portcall_id}`)).json().payload as TDashboardAlerts;
    expect(ofCall.items.length).toBeGreaterThan(0);
    expect(ofCall.items.every((a: TDashboardAlert) => a.portcall_id === first.first.portcall_id)).toBe(true);
    expect(ofCall.groups.every((g) => g.portcalls.some((p) => p.id === first.first.portcall_id))).toBe(true);

    const res = await call('POST', '/dashboard/alerts/acknowledge_group', { group: first.key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.keys).toHaveLength(first.unacknowledged_count);
    const opened = (await call('GET', `/dashboard/alerts?group=${first.key}`)).json().payload as TDashboardAlerts;
    expect(opened.groups).toEqual([expect.objectContaining({ key: first.key, unacknowledged_count: 0, count: first.count })]);
    expect(opened.items.every((a) => a.acknowledged)).toBe(true);
    expect(((await call('GET', '/dashboard/alerts?include_acknowledged=false&per_page=100')).json().payload as TDashboardAlerts).groups.some((g) => g.key === first.key)).toBe(false);
    // Another user's view of the same group keeps its open alerts.
    const agentGroup = ((await agentCall('GET', `/dashboard/alerts?group=${first.key}`)).json().payload as TDashboardAlerts).items;
    expect(agentGroup.every((a) => !a.acknowledged)).toBe(true);
    expect((await call('POST', '/dashboard/alerts/acknowledge_group', { group: 'berth_clash:999999' })).statusCode).toBe(404);
    expect((await call('POST', '/dashboard/alerts/acknowledge_group', { group: 'nonsense' })).statusCode).toBe(400);
  });
});
