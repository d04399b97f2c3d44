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
  });
});
