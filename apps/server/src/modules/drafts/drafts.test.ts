import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('berth plan sandbox on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  const tid = () => w.terminal.id;
  const draft = async () => (await w.planner('GET', `/draft_portcalls?terminal_id=${tid()}`)).json().payload;

  it('keeps moves in the draft with undo, redo and revert, without touching the live plan', async () => {
    const call = (await w.planner('POST', '/portcalls', w.request('2027-01-10T06:00:00Z', '2027-01-11T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload;
    let d = await draft();
    expect(d).toMatchObject({ version: 0, changes: [], can_undo: false, can_redo: false });

    d = (await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: tid(), version: d.version, changes: [{ portcall_id: call.id, berth_start_position: 300, berth_end_position: 510 }] })).json().payload;
    d = (await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: tid(), version: d.version, changes: [{ portcall_id: call.id, berth_arrival: '2027-01-10T08:00:00Z' }] })).json().payload;
    expect(d.changes).toEqual([{ portcall_id: call.id, base_version: call.version, berth_start_position: 300, berth_end_position: 510, berth_arrival: '2027-01-10T08:00:00Z' }]);
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.berth_start_position).toBe(0);

    d = (await w.planner('POST', '/draft_portcalls/undo', { terminal_id: tid(), version: d.version })).json().payload;
    expect(d.changes[0].berth_arrival).toBeUndefined();
    expect(d.can_redo).toBe(true);
    d = (await w.planner('POST', '/draft_portcalls/redo', { terminal_id: tid(), version: d.version })).json().payload;
    expect(d.changes[0].berth_arrival).toBe('2027-01-10T08:00:00Z');
    expect((await w.planner('POST', '/draft_portcalls/redo', { terminal_id: tid(), version: d.version })).statusCode).toBe(422);
    const stale = await w.planner('POST', '/draft_portcalls/undo', { terminal_id: tid(), version: d.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().payload.current.version).toBe(d.version);

    const csv = (await w.planner('GET', `/draft-portcalls/download?terminal_id=${tid()}&format=csv&bom=false&timezone=UTC`)).rawPayload.toString('utf8').trim().split('\r\n');
    expect(csv[0]).toMatch(/^"Vessel","IMO","Berth arrival","Sandbox arrival"/);
    expect(csv[1]).toContain('"2027-01-10 06:00","2027-01-10 08:00"');
    expect(csv[1]).toContain('"0-210","300-510"');

    d = (await w.planner('POST', '/draft_portcalls/revert', { terminal_id: tid(), version: d.version })).json().payload;
    expect(d.changes).toEqual([]);
    expect(d.can_undo).toBe(true);
  });

  it('publishes every move in one go and then the live plan has them', async () => {
    const a = (await w.planner('POST', '/portcalls', w.request('2027-02-01T06:00:00Z', '2027-02-02T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload;
    const b = (await w.planner('POST', '/portcalls', w.request('2027-02-01T06:00:00Z', '2027-02-02T06:00:00Z', { berth_start_position: 300, berth_end_position: 510 }))).json().payload;
    let d = await draft();
    d = (await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: tid(), version: d.version, changes: [{ portcall_id: a.id, berth_start_position: 600, berth_end_position: 810 }, { portcall_id: b.id, berth_departure: '2027-02-02T10:00:00Z' }] })).json().payload;
    const res = await w.planner('POST', '/draft_portcalls/publish', { terminal_id: tid(), version: d.version });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.published).toBe(2);
    expect(res.json().payload.draft.changes).toEqual([]);
    expect((await w.planner('GET', `/portcalls/${a.id}`)).json().payload).toMatchObject({ berth_start_position: 600, berth_end_position: 810 });
    expect((await w.planner('GET', `/portcalls/${b.id}`)).json().payload).toMatchObject({ berth_departure: '2027-02-02T10:00:00.000Z', berth_departure_state: { label: 'planned', change_label: 'revised' } });
  });

  it('takes cargo operations along when a drafted move is published, and drops a move back to the live place', async () => {
    const call = (
      await w.planner('POST', '/portcalls', w.request('2027-02-10T06:00:00Z', '2027-02-11T06:00:00Z', { berth_start_position: 0, berth_end_position: 210, cargo_operations_start: '2027-02-10T08:00:00Z', cargo_operations_end: '2027-02-11T04:00:00Z' }))
    ).json().payload;
    let d = await draft();
    const moveTo = async (change: Record<string, unknown>) =>
      (d = (await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: tid(), version: d.version, changes: [{ portcall_id: call.id, ...change }] })).json().payload);

    await moveTo({ berth_start_position: 400, berth_end_position: 610 });
    expect(d.changes).toHaveLength(1);
    // Back where it is live (the instant written another way): the draft holds no move for it any more.
    await moveTo({ berth_start_position: 0, berth_end_position: 210, berth_arrival: '2027-02-10T07:00:00+01:00' });
    expect(d.changes).toEqual([]);
    expect(d.can_undo).toBe(true);

    await moveTo({ berth_arrival: '2027-02-12T06:00:00Z', berth_departure: '2027-02-13T06:00:00Z' });
    const res = await w.planner('POST', '/draft_portcalls/publish', { terminal_id: tid(), version: d.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload).toMatchObject({
      berth_arrival: '2027-02-12T06:00:00.000Z',
      cargo_operations_start: '2027-02-12T08:00:00.000Z',
      cargo_operations_end: '2027-02-13T04:00:00.000Z',
    });
  });

  it('refuses the whole publish with reasons when a drafted call changed meanwhile', async () => {
    const a = (await w.planner('POST', '/portcalls', w.request('2027-03-01T06:00:00Z', '2027-03-02T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload;
    const b = (await w.agent('POST', '/portcalls', w.request('2027-03-01T06:00:00Z', '2027-03-02T06:00:00Z'))).json().payload;
    let d = await draft();
    d = (await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: tid(), version: d.version, changes: [{ portcall_id: a.id, berth_start_position: 300, berth_end_position: 510 }, { portcall_id: b.id, berth_start_position: 600, berth_end_position: 810 }] })).json().payload;
    // The agent changes b meanwhile.
    await w.agent('PUT', `/portcalls/${b.id}`, { version: b.version, comment: 'ETA may slip' });
    const res = await w.planner('POST', '/draft_portcalls/publish', { terminal_id: tid(), version: d.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().payload.current.conflicts).toEqual([expect.objectContaining({ portcall_id: b.id, reason: 'changed_since_draft' })]);
    // Nothing was applied, not even the move of a.
    expect((await w.planner('GET', `/portcalls/${a.id}`)).json().payload.berth_start_position).toBe(0);
    expect((await draft()).changes).toHaveLength(2);
  });

  it('freezes calls so the sandbox cannot move them, and is for planners of the terminal only', async () => {
    const call = (await w.planner('POST', '/portcalls', w.request('2027-04-01T06:00:00Z', '2027-04-02T06:00:00Z'))).json().payload;
    let d = await draft();
    d = (await w.planner('PUT', '/draft_portcalls/frozen', { terminal_id: tid(), version: d.version, portcall_id: call.id, frozen: true })).json().payload;
    expect(d.frozen_portcall_ids).toContain(call.id);
    const move = await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: tid(), version: d.version, changes: [{ portcall_id: call.id, berth_start_position: 10, berth_end_position: 220 }] });
    expect(move.statusCode).toBe(422);
    d = (await w.planner('PUT', '/draft_portcalls/frozen', { terminal_id: tid(), version: d.version, portcall_id: call.id, frozen: false })).json().payload;
    expect(d.frozen_portcall_ids).not.toContain(call.id);
    expect((await w.agent('GET', `/draft_portcalls?terminal_id=${tid()}`)).statusCode).toBe(403);
  });
});
