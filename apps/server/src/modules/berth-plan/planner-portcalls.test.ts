import { plannerPortcallOf, ZPlannerPortcall } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTerminal, signIn } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('the berth planner window on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  it('returns every call overlapping the window in one page, without cancelled calls, only for linked terminals', async () => {
    const created = [];
    for (let i = 0; i < 120; i++) {
      const day = String(1 + (i % 20)).padStart(2, '0');
      created.push((await w.planner('POST', '/portcalls', w.request(`2027-02-${day}T06:00:00Z`, `2027-02-${day}T18:00:00Z`))).json().payload);
    }
    const outside = (await w.planner('POST', '/portcalls', w.request('2027-04-01T06:00:00Z', '2027-04-02T06:00:00Z'))).json().payload;
    await w.planner('POST', `/portcalls/${created[0].id}/cancel`, { version: created[0].version });
    const window = `terminal_id=${w.terminal.id}&from=2027-02-01T00:00:00Z&to=2027-03-01T00:00:00Z`;
    const res = await w.planner('GET', `/berth_plan/portcalls?${window}`);
    expect(res.statusCode).toBe(200);
    const payload = res.json().payload;
    const ids = payload.items.map((c: { id: number }) => c.id);
    expect(ids).toHaveLength(119);
    expect(ids).not.toContain(created[0].id);
    expect(ids).not.toContain(outside.id);
    expect(payload.meta).toMatchObject({ page: 1, total_count: 119, total_pages: 1 });

    expect((await w.planner('GET', `/berth_plan/portcalls?terminal_id=${w.terminal.id}&from=2027-01-01T00:00:00Z&to=2027-06-01T00:00:00Z`)).statusCode).toBe(400);
    const other = await createTerminal(t.database.db);
    const stranger = await signIn(t.app, t.database.db, { terminalIds: [other.id] });
    expect((await stranger.call('GET', `/berth_plan/portcalls?${window}`)).json().payload.items).toEqual([]);
    // 121 calls written through the API: half a minute on a busy machine, so the limit catches a hang, not slowness.
  }, 120_000);

  it('answers each call in the planner projection, the same as the projection of the whole call', async () => {
    const [crane] = w.geometry.equipment;
    const created = (
      await w.planner(
        'POST',
        '/portcalls',
        w.request('2027-05-03T06:00:00Z', '2027-05-04T06:00:00Z', {
          berth_start_position: 100,
          berth_end_position: 300,
          berth_comment: 'Fenders on the north end',
          cargo_details: [
            { cargo_type: 'Container (boxes)', discharge: 300, load: 200 },
            { cargo_type: 'General', discharge: 15, restow: 2 },
          ],
          equipment_details: [{ cargo_handling_equipment_id: crane!.id, start_time: '2027-05-03T08:00:00Z', end_time: '2027-05-03T20:00:00Z' }],
          portcall_shift_details: [
            { shift_number: 2, start_time: '2027-05-03T16:00:00Z', end_time: '2027-05-04T04:00:00Z', load: 120, gangs: 1 },
            { shift_number: 1, start_time: '2027-05-03T06:00:00Z', end_time: '2027-05-03T16:00:00Z', discharge: 300, gangs: 2, resource_per_shift: 6 },
          ],
        }),
      )
    ).json().payload;
    const bare = (await w.planner('POST', '/portcalls', w.request('2027-05-05T06:00:00Z', '2027-05-06T06:00:00Z'))).json().payload;
    const res = await w.planner('GET', `/berth_plan/portcalls?terminal_id=${w.terminal.id}&from=2027-05-01T00:00:00Z&to=2027-05-10T00:00:00Z`);
    expect(res.statusCode).toBe(200);
    const items = res.json().payload.items;
    expect(items.map((c: { id: number }) => c.id)).toEqual([created.id, bare.id]);
    for (const [i, id] of [created.id, bare.id].entries()) {
      const whole = (await w.planner('GET', `/portcalls/${id}`)).json().payload;
      expect(ZPlannerPortcall.strict().parse(items[i])).toEqual(plannerPortcallOf(whole));
    }
    expect(items[0].cargo_details).toEqual([
      { cargo_type: 'Container (boxes)', total: 500 },
      { cargo_type: 'General', total: 17 },
    ]);
    expect(items[0].portcall_shift_details.map((s: { gangs: number }) => s.gangs)).toEqual([2, 1]);
    expect(items[0].equipment_details[0]).toMatchObject({ equipment_number: 'MHC-1', start_time: '2027-05-03T08:00:00.000Z', end_time: '2027-05-03T20:00:00.000Z' });
    expect(items[1]).toMatchObject({ cargo_details: [], equipment_details: [], portcall_shift_details: [] });
  });

  it('counts the whole window on every page, also on a page past its end', async () => {
    const window = `terminal_id=${w.terminal.id}&from=2027-05-01T00:00:00Z&to=2027-05-10T00:00:00Z`;
    const past = await w.planner('GET', `/berth_plan/portcalls?${window}&page=3`);
    expect(past.json().payload).toMatchObject({ items: [], meta: { page: 3, total_count: 2, total_pages: 1 } });
  });
});
