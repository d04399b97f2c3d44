// Cached task pages and counts (docs/performance.md "Cached list pages"): kept like the list's pages, per viewer and
// task settings, and computed again as soon as anything they show has changed.
import { TASK_REASONS } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3_600_000;
type TListedTask = { portcall: { id: number; comment: string | null }; reasons: string[] };

describe.each(DB_TARGETS)('cached tasks on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let portcallId: number;
  let version: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    const now = t.clock.now().getTime();
    // The vessel side's request waits for the terminal: an open task for the planner.
    const created = await w.vesselSide('POST', '/portcalls', w.request(new Date(now + 24 * H).toISOString(), new Date(now + 40 * H).toISOString()));
    expect(created.statusCode, created.body).toBe(201);
    portcallId = created.json().payload.id;
    version = created.json().payload.version;
  });
  afterAll(async () => t?.close());

  const get = async (token: string, url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/portal/v1${url}`, headers: { 'x-portal-token': token, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const tasks = async (token: string, headers: Record<string, string> = {}) => {
    const res = await get(token, '/tasks?type=open', headers);
    const items = res.json().payload.items as TListedTask[];
    return { cache: res.headers['x-quayline-cache'], body: res.body, task: items.find((i) => i.portcall.id === portcallId) };
  };
  const openCount = async (token: string) => {
    const res = await get(token, '/tasks_meta');
    return { cache: res.headers['x-quayline-cache'], total: res.json().payload.open.total as number };
  };
  const planner = () => w.users.planner.token;

  it('answers a repeated task page and the counts from the cache, byte for byte', async () => {
    const first = await tasks(planner());
    const second = await tasks(planner());
    expect(second.cache).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.task?.reasons.length).toBeGreaterThan(0);
    await openCount(planner());
    expect((await openCount(planner())).cache).toBe('hit');
  });

  it("keeps one entry per viewer: the vessel side never gets the planner's tasks", async () => {
    expect((await tasks(planner())).task?.reasons).toContain('request_to_plan');
    const vessel = await tasks(w.users.vesselSide.token);
    expect(vessel.cache).toBe('miss');
    // The request waits for the terminal, not for the side that made it.
    expect(vessel.task?.reasons ?? []).not.toContain('request_to_plan');
  });

  it("shows a change on the very next request: a call's edit and the other side's answer", async () => {
    await tasks(planner());
    const before = await openCount(planner());
    const updated = await w.planner('PUT', `/portcalls/${portcallId}`, { version, comment: 'Pilot ordered' });
    expect(updated.statusCode, updated.body).toBe(200);
    version = updated.json().payload.version;
    const after = await tasks(planner());
    expect(after.cache).toBe('miss');
    expect(after.task?.portcall.comment).toBe('Pilot ordered');
    // The terminal accepts both requested times: the call no longer waits for it.
    for (const time of ['berth_arrival', 'berth_departure'] as const) {
      const answered = await w.planner('POST', `/portcalls/${portcallId}/negotiate`, { time, action: 'accept', version });
      expect(answered.statusCode, answered.body).toBe(200);
      version = answered.json().payload.version;
    }
    const answered = await tasks(planner());
    expect(answered.cache).toBe('miss');
    expect(answered.task?.reasons ?? []).not.toContain('request_to_plan');
    expect((await openCount(planner())).total).toBeLessThanOrEqual(before.total);
  });

  it("follows the user's own task settings, which the read-model version does not see", async () => {
    const shown = await tasks(planner());
    // The call still lacks what the terminal fills in (a berth position, cargo lines): still a task.
    expect(shown.task?.reasons.length).toBeGreaterThan(0);
    expect((await tasks(planner())).cache).toBe('hit');
    await openCount(planner());
    const none = await w.planner('PUT', '/portal_user_portcall_task_settings', { enabled_reasons: [] });
    expect(none.statusCode, none.body).toBe(200);
    const hidden = await tasks(planner());
    expect(hidden.cache).toBe('miss');
    expect(hidden.task).toBeUndefined();
    expect((await openCount(planner())).total).toBe(0);
    const all = await w.planner('PUT', '/portal_user_portcall_task_settings', { enabled_reasons: [...TASK_REASONS] });
    expect(all.statusCode, all.body).toBe(200);
    expect((await tasks(planner())).task?.reasons).toEqual(shown.task!.reasons);
    expect((await openCount(planner())).total).toBeGreaterThan(0);
  });

  it('computes afresh for Cache-Control: no-cache and after the time limit', async () => {
    await tasks(planner());
    expect((await tasks(planner(), { 'cache-control': 'no-cache' })).cache).toBe('bypass');
    expect((await tasks(planner())).cache).toBe('hit');
    t.clock.advance(10_000);
    expect((await tasks(planner())).cache).toBe('miss');
  });
});
