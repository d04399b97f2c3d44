import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

type TMove = { portcall_id: number; from: { berth_arrival: string }; to: { berth_arrival: string; berth_departure: string; berth_start_position: number; berth_end_position: number } };

describe.each(DB_TARGETS)('berth plan optimizer on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  const tid = () => w.terminal.id;
  const draft = async () => (await w.planner('GET', `/draft_portcalls?terminal_id=${tid()}`)).json().payload;
  const optimize = async (window: [string, string], extra: Record<string, unknown> = {}) => w.planner('POST', '/berth_plan/optimize', { terminal_id: tid(), window_start: window[0], window_end: window[1], seconds: 1, version: (await draft()).version, ...extra });

  it('writes a clash-free proposal for a congested window into the draft as one undoable step', async () => {
    const window: [string, string] = ['2027-05-01T00:00:00Z', '2027-05-08T00:00:00Z'];
    // Four 210 m vessels asked for the same stretch at the same time; the quay takes three at once.
    const calls = [];
    for (let i = 0; i < 4; i++) calls.push((await w.planner('POST', '/portcalls', w.request('2027-05-03T06:00:00Z', '2027-05-04T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload);
    const before = await draft();

    const res = await optimize(window);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().payload;
    expect(result.figures.before.clashes).toBe(6);
    expect(result.figures.after.clashes).toBe(0);
    expect(result.figures.after.total_waiting_hours).toBeLessThanOrEqual(result.figures.fcfs.total_waiting_hours + 1e-6);
    // Three lie alongside together, the fourth waits for the first berth that frees up.
    expect(result.figures.after.total_waiting_hours).toBeCloseTo(24, 1);
    expect(result.figures.after.quay_utilisation).toBeGreaterThan(0);
    expect(result.unplaced).toEqual([]);
    expect(result.iterations).toBeGreaterThan(0);
    expect(result.moves.length).toBeGreaterThanOrEqual(3);
    expect(result.draft.version).toBe(before.version + 1);

    // The draft holds the moves; the live plan has not changed.
    const d = await draft();
    const byId = new Map(d.changes.map((c: { portcall_id: number }) => [c.portcall_id, c]));
    for (const move of result.moves as TMove[]) {
      expect(byId.get(move.portcall_id)).toMatchObject({ berth_arrival: move.to.berth_arrival, berth_start_position: move.to.berth_start_position, berth_end_position: move.to.berth_end_position });
    }
    expect((await w.planner('GET', `/portcalls/${calls[0].id}`)).json().payload.berth_start_position).toBe(0);

    // With the draft's moves applied, no two calls are alongside together closer than the 10 m clearance.
    const placed = calls.map((c) => ({ ...c, ...(byId.get(c.id) ?? {}) }));
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const [a, b] = [placed[i], placed[j]];
        const inTime = Date.parse(a.berth_arrival) < Date.parse(b.berth_departure) && Date.parse(b.berth_arrival) < Date.parse(a.berth_departure);
        const inSpace = a.berth_start_position < b.berth_end_position + 10 && b.berth_start_position < a.berth_end_position + 10;
        expect(inTime && inSpace).toBe(false);
      }
    }

    // One undo removes the whole optimization.
    const undone = (await w.planner('POST', '/draft_portcalls/undo', { terminal_id: tid(), version: d.version })).json().payload;
    expect(undone.changes).toEqual(before.changes);
  });

  it('leaves frozen calls where they are', async () => {
    const window: [string, string] = ['2027-06-01T00:00:00Z', '2027-06-08T00:00:00Z'];
    const frozen = (await w.planner('POST', '/portcalls', w.request('2027-06-03T06:00:00Z', '2027-06-04T06:00:00Z', { berth_start_position: 100, berth_end_position: 310 }))).json().payload;
    const other = (await w.planner('POST', '/portcalls', w.request('2027-06-03T06:00:00Z', '2027-06-04T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload;
    const d = await draft();
    await w.planner('PUT', '/draft_portcalls/frozen', { terminal_id: tid(), version: d.version, portcall_id: frozen.id, frozen: true });

    const result = (await optimize(window)).json().payload;
    const moved = result.moves.map((m: TMove) => m.portcall_id);
    expect(moved).not.toContain(frozen.id);
    expect(moved).toContain(other.id);
    expect(result.figures.after.clashes).toBe(0);
    expect(result.draft.changes.find((c: { portcall_id: number }) => c.portcall_id === frozen.id)).toBeUndefined();
    // The moved call no longer comes near the frozen one (100-310 m, 10 m clearance) while both are alongside.
    const to = result.moves.find((m: TMove) => m.portcall_id === other.id).to;
    const apart = Date.parse(to.berth_arrival) >= Date.parse('2027-06-04T06:00:00Z') || to.berth_start_position >= 320 || to.berth_end_position <= 90;
    expect(apart).toBe(true);
  });

  it('is for planners of the terminal, with a current draft version and a sensible window', async () => {
    const window: [string, string] = ['2027-07-01T00:00:00Z', '2027-07-08T00:00:00Z'];
    const current = await draft();
    const agent = await w.agent('POST', '/berth_plan/optimize', { terminal_id: tid(), window_start: window[0], window_end: window[1], version: current.version });
    expect(agent.statusCode).toBe(403);

    const stale = await w.planner('POST', '/berth_plan/optimize', { terminal_id: tid(), window_start: window[0], window_end: window[1], seconds: 1, version: current.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().payload.current.version).toBe(current.version);

    const backwards = await w.planner('POST', '/berth_plan/optimize', { terminal_id: tid(), window_start: window[1], window_end: window[0], version: current.version });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ status: { status: 'VALIDATION_FAILED' }, payload: { error_code: 'VALIDATION_FAILED' } });
    const tooLong = await w.planner('POST', '/berth_plan/optimize', { terminal_id: tid(), window_start: window[0], window_end: '2027-09-01T00:00:00Z', version: current.version });
    expect(tooLong.statusCode).toBe(400);
    const budget = await w.planner('POST', '/berth_plan/optimize', { terminal_id: tid(), window_start: window[0], window_end: window[1], seconds: 31, version: current.version });
    expect(budget.statusCode).toBe(400);

    // A quiet window has nothing to move; the draft is not touched.
    const quiet = (await optimize(window)).json().payload;
    expect(quiet.moves).toEqual([]);
    expect(quiet.draft.version).toBe(current.version);
  });

  it('keeps calls alongside fixed and brings a call back to the time its vessel side asked for', async () => {
    const window: [string, string] = ['2027-08-03T00:00:00Z', '2027-08-10T00:00:00Z'];
    let alongside = (await w.planner('POST', '/portcalls', w.request('2027-08-03T06:00:00Z', '2027-08-04T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload;
    const recorded = await w.planner('POST', `/portcalls/${alongside.id}/negotiate`, { time: 'berth_arrival', action: 'actual', date_time: '2027-08-03T06:00:00Z', version: alongside.version });
    expect(recorded.statusCode).toBe(200);
    alongside = recorded.json().payload;
    // Due later, and clashing with the vessel alongside.
    const clashing = (await w.planner('POST', '/portcalls', w.request('2027-08-03T18:00:00Z', '2027-08-04T18:00:00Z', { berth_start_position: 100, berth_end_position: 310 }))).json().payload;
    // The agent asks for 5 August; the planner's draft has it a day later, far from anything else.
    const requested = (await w.agent('POST', '/portcalls', w.request('2027-08-05T06:00:00Z', '2027-08-06T06:00:00Z'))).json().payload;
    let d = await draft();
    d = (await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: tid(), version: d.version, changes: [{ portcall_id: requested.id, berth_arrival: '2027-08-06T06:00:00Z', berth_departure: '2027-08-07T06:00:00Z', berth_start_position: 600, berth_end_position: 810 }] })).json().payload;

    const res = await optimize(window);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().payload;
    const moved = new Map<number, TMove>(result.moves.map((m: TMove) => [m.portcall_id, m]));
    expect(moved.has(alongside.id)).toBe(false);
    expect(moved.has(clashing.id)).toBe(true);
    expect(moved.get(requested.id)?.to).toMatchObject({ berth_arrival: '2027-08-05T06:00:00.000Z', berth_departure: '2027-08-06T06:00:00.000Z' });
    expect(result.figures.after.clashes).toBe(0);
    expect(result.figures.after.on_requested_time).toBeGreaterThan(result.figures.before.on_requested_time);
    // Nothing is planned to berth before the window.
    for (const m of result.moves as TMove[]) expect(Date.parse(m.to.berth_arrival)).toBeGreaterThanOrEqual(Date.parse(window[0]));
  });
});
