import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTerminal, signIn } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('berth plan clashes on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  it('lists overlaps and shallow berths of the live plan, not cancelled calls, and only for linked terminals', async () => {
    const a = (await w.planner('POST', '/portcalls', w.request('2026-11-01T06:00:00Z', '2026-11-02T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload;
    const b = (await w.planner('POST', '/portcalls', w.request('2026-11-01T12:00:00Z', '2026-11-02T12:00:00Z', { berth_start_position: 215, berth_end_position: 420 }))).json().payload;
    // South berth is 13.25 m deep; a 14 m draft does not fit.
    const deep = (await w.planner('POST', '/portcalls', w.request('2026-11-03T06:00:00Z', '2026-11-04T06:00:00Z', { berth_start_position: 500, berth_end_position: 720, draft_inbound: 14 }))).json().payload;
    const window = 'from=2026-10-31T00:00:00Z&to=2026-11-10T00:00:00Z';
    const result = (await w.planner('GET', `/berth_plan/clashes?terminal_id=${w.terminal.id}&${window}`)).json().payload;
    expect(result.clashes).toEqual(expect.arrayContaining([{ kind: 'overlap', callIds: [a.id, b.id] }, expect.objectContaining({ kind: 'too_shallow', callIds: [deep.id] })]));
    expect(result.checked_calls).toBe(3);

    await w.planner('POST', `/portcalls/${b.id}/cancel`, { version: b.version });
    const after = (await w.planner('GET', `/berth_plan/clashes?terminal_id=${w.terminal.id}&${window}`)).json().payload;
    expect(after.clashes.some((c: { kind: string }) => c.kind === 'overlap')).toBe(false);

    const other = await createTerminal(t.database.db);
    const stranger = await signIn(t.app, t.database.db, { terminalIds: [other.id] });
    expect((await stranger.call('GET', `/berth_plan/clashes?terminal_id=${w.terminal.id}&${window}`)).statusCode).toBe(404);
    expect((await w.planner('GET', `/berth_plan/clashes?terminal_id=${w.terminal.id}&from=2026-11-10T00:00:00Z&to=2026-11-01T00:00:00Z`)).statusCode).toBe(400);
  });
});
