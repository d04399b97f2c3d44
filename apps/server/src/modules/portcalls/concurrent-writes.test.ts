// Twenty clients write the same record with the same version at the same moment: exactly one wins, every other one
// gets 409 with the current record, and only the winner's change is stored and audited: no write is silently lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const CLIENTS = 20;

describe.each(DB_TARGETS)('concurrent writes with one version on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort((a, b) => a - b);

  it('a port-call edit: one 200, nineteen 409 with the current record, one audit event', async () => {
    const call = (await w.planner('POST', '/portcalls', w.request('2027-03-01T06:00:00Z', '2027-03-02T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload;
    const answers = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, comment: `writer ${i}` })));
    expect(statuses(answers)).toEqual([200, ...Array(CLIENTS - 1).fill(409)]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().payload;
    expect(winner.version).toBe(call.version + 1);
    for (const lost of answers.filter((a) => a.statusCode === 409)) expect(lost.json().payload.current).toMatchObject({ id: call.id, version: winner.version, comment: winner.comment });

    const stored = (await w.planner('GET', `/portcalls/${call.id}`)).json().payload;
    expect(stored).toMatchObject({ version: call.version + 1, comment: winner.comment });
    const audited = await t.database.db.selectFrom('portcall_audit_events').select('new_value').where('portcall_id', '=', call.id).where('field', '=', 'comment').execute();
    expect(audited).toHaveLength(1);
  });

  it('a negotiation step: one step is stored, the others are refused as stale', async () => {
    const call = (await w.vesselSide('POST', '/portcalls', w.request('2027-03-05T06:00:00Z', '2027-03-06T06:00:00Z'))).json().payload;
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: new Date(Date.parse('2027-03-05T07:00:00Z') + i * 60_000).toISOString(), version: call.version }),
      ),
    );
    expect(statuses(answers)).toEqual([200, ...Array(CLIENTS - 1).fill(409)]);
    const steps = (await w.planner('GET', `/portcalls/${call.id}/timestamps`)).json().payload as { time: string; action: string }[];
    expect(steps.filter((s) => s.time === 'berth_arrival' && s.action === 'propose')).toHaveLength(1);
  });

  it('a sandbox publish: the draft is published once, never twice', async () => {
    const tid = w.terminal.id;
    const call = (await w.planner('POST', '/portcalls', w.request('2027-03-10T06:00:00Z', '2027-03-11T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload;
    let d = (await w.planner('GET', `/draft_portcalls?terminal_id=${tid}`)).json().payload;
    d = (await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: tid, version: d.version, changes: [{ portcall_id: call.id, berth_start_position: 400, berth_end_position: 610 }] })).json().payload;
    const answers = await Promise.all(Array.from({ length: CLIENTS }, () => w.planner('POST', '/draft_portcalls/publish', { terminal_id: tid, version: d.version })));
    expect(statuses(answers)).toEqual([200, ...Array(CLIENTS - 1).fill(409)]);
    const live = (await w.planner('GET', `/portcalls/${call.id}`)).json().payload;
    expect(live).toMatchObject({ berth_start_position: 400, berth_end_position: 610, version: call.version + 1 });
  });
});
