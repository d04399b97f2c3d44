import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { storedJson } from '../../db/stored-json';

const H = 3600_000;

describe.each(DB_TARGETS)('port-call tasks on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  const at = (hours: number) => new Date(t.clock.now().getTime() + hours * H).toISOString();
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  it('moves a call from the terminal\u2019s open tasks to the agent\u2019s and back to closed, with counts', async () => {
    const created = (await w.agent('POST', '/portcalls', w.request(at(48), at(70), { voyage_number_import: '123W', cargo_details: [{ cargo_type: 'General', discharge: 10, load: 5 }] }))).json().payload;
    const plannerOpen = (await w.planner('GET', '/tasks?type=open')).json().payload;
    expect(plannerOpen.meta).toMatchObject({ per_page: 10, type: 'portcall_tasks', total_count: 1 });
    expect(plannerOpen.items[0].portcall.id).toBe(created.id);
    expect(plannerOpen.items[0].reasons).toEqual(['request_to_plan', 'missing_berth_position']);
    // A task's call is the call as the viewer sees it anywhere else, sandbox flags included.
    await t.database.db
      .insertInto('berth_drafts')
      .values({ portal_user_id: w.users.planner.user.id, terminal_id: w.terminal.id, changes: storedJson('draft_changes', [{ portcall_id: created.id, base_version: created.version, berth_arrival: at(49) }]) })
      .execute();
    const task = (await w.planner('GET', '/tasks?type=open')).json().payload.items[0].portcall;
    expect(task).toEqual((await w.planner('GET', `/portcalls/${created.id}`)).json().payload);
    expect(task).toMatchObject({ newly_added: true, berth_planner_berth_arrival: at(49) });
    await t.database.db.deleteFrom('berth_drafts').where('portal_user_id', '=', w.users.planner.user.id).execute();
    expect((await w.agent('GET', '/tasks?type=open')).json().payload.meta.total_count).toBe(0);

    const proposed = (await w.planner('POST', `/portcalls/${created.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: at(50), version: created.version })).json().payload;
    const agentOpen = (await w.agent('GET', '/tasks?type=open')).json().payload;
    expect(agentOpen.items.map((i: { reasons: string[] }) => i.reasons)).toEqual([['proposal_to_answer']]);

    await w.agent('POST', `/portcalls/${created.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: proposed.version });
    expect((await w.agent('GET', '/tasks?type=open')).json().payload.meta.total_count).toBe(0);
    const closed = (await w.agent('GET', '/tasks?type=closed&filter=upcoming')).json().payload;
    expect(closed.items.map((i: { portcall: { id: number } }) => i.portcall.id)).toEqual([created.id]);
    expect((await w.agent('GET', '/tasks?type=closed&filter=departed')).json().payload.meta.total_count).toBe(0);
    expect((await w.agent('GET', '/tasks_meta')).json().payload).toEqual({ open: { total: 0, upcoming: 0, departed: 0 }, closed: { total: 1, upcoming: 1, departed: 0 }, per_page: 10 });
  });

  it('honours the user\u2019s task settings and pages by 10', async () => {
    for (let i = 0; i < 11; i++) await w.planner('POST', '/portcalls', w.request(at(200 + i * 30), at(210 + i * 30)));
    const all = (await w.planner('GET', '/tasks?type=open')).json().payload;
    expect(all.items).toHaveLength(10);
    expect(all.meta.total_pages).toBeGreaterThanOrEqual(2);
    const saved = await w.planner('PUT', '/portal_user_portcall_task_settings', { enabled_reasons: ['request_to_plan'] });
    expect(saved.json().payload).toEqual({ enabled_reasons: ['request_to_plan'] });
    const onlyRequests = (await w.planner('GET', '/tasks?type=open')).json().payload;
    for (const item of onlyRequests.items) expect(item.reasons).toEqual(['request_to_plan']);
    expect((await w.planner('PUT', '/portal_user_portcall_task_settings', { enabled_reasons: ['nonsense'] })).statusCode).toBe(400);
    expect((await w.planner('GET', '/tasks?type=sideways')).statusCode).toBe(400);
  });
});
