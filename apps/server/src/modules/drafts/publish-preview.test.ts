// The publish preview writes nothing and lists exactly what the publish then does: the same calls at the same
// places with the same labels, the same people notified, the clashes the live plan then has, the bookings released.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { findLivePlan, findLivePlanClashes } from '../berth-plan/live-plan';
import { createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3_600_000;
const at = (base: number, hours: number) => new Date(base + hours * H).toISOString();
const TABLES = ['portcalls', 'portcall_timestamps', 'portcall_audit_events', 'notification_messages', 'realtime_events', 'portcall_equipment_details', 'portcall_shift_details', 'berth_drafts'] as const;

/** Every row of the tables a publish writes, as one comparable value. */
async function snapshot(db: Kysely<DB>) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await db.selectFrom(table).selectAll().execute();
  return out;
}

describe.each(DB_TARGETS)('publish preview on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('writes nothing and lists exactly the changes, clashes, released bookings and recipients the publish then brings', async () => {
    const w = await createPortcallWorld(t);
    const base = Date.parse('2027-08-02T06:00:00Z');
    const crane = w.geometry.equipment[0]!.id;
    const create = async (who: 'planner' | 'agent', body: Record<string, unknown>) => {
      const res = await w[who]('POST', '/portcalls', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().payload as { id: number; version: number };
    };
    const a = await create('planner', w.request(at(base, 0), at(base, 20), { berth_start_position: 0, berth_end_position: 210 }));
    const b = await create('planner', w.request(at(base, 0), at(base, 20), { berth_start_position: 300, berth_end_position: 510 }));
    // c books the crane; a blocker holds it where c is moved to, so the publish releases c's booking.
    const c = await create('planner', w.request(at(base, 48), at(base, 68), { berth_start_position: 0, berth_end_position: 210, equipment_details: [{ cargo_handling_equipment_id: crane, start_time: at(base, 49), end_time: at(base, 55) }] }));
    await create('planner', w.request(at(base, 96), at(base, 116), { berth_start_position: 600, berth_end_position: 810, equipment_details: [{ cargo_handling_equipment_id: crane, start_time: at(base, 97), end_time: at(base, 110) }] }));
    // d is requested by the agent: the planner's move is a proposal, and the vessel side is told.
    const d = await create('agent', w.request(at(base, 150), at(base, 170)));

    let draft = (await w.planner('GET', `/draft_portcalls?terminal_id=${w.terminal.id}`)).json().payload;
    const changes = [
      { portcall_id: a.id, berth_start_position: 150, berth_end_position: 360 },
      { portcall_id: c.id, berth_arrival: at(base, 96), berth_departure: at(base, 116) },
      { portcall_id: d.id, berth_arrival: at(base, 152), berth_departure: at(base, 172) },
    ];
    draft = (await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: w.terminal.id, version: draft.version, changes })).json().payload;

    const before = await snapshot(t.database.db);
    const res = await w.planner('GET', `/draft_portcalls/publish_preview?terminal_id=${w.terminal.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().payload;
    expect(await snapshot(t.database.db)).toEqual(before);

    expect(preview.draft_version).toBe(draft.version);
    expect(preview.refusals).toEqual([]);
    expect(preview.changes.map((x: { portcall_id: number }) => x.portcall_id)).toEqual([a.id, c.id, d.id]);
    expect(preview.changes[0]).toMatchObject({ before: { berth_start_position: 0, berth_end_position: 210 }, after: { berth_start_position: 150, berth_end_position: 360 } });
    expect(preview.clashes).toEqual([{ kind: 'overlap', portcall_ids: [a.id, b.id].sort((x, y) => x - y), vessel_names: [w.vessel.name, w.vessel.name], water_depth: null, draft: null, is_new: true }]);
    expect(preview.warnings).toEqual([{ kind: 'bookings_released', portcall_id: c.id, vessel_name: w.vessel.name, count: 1 }]);
    const vesselSide = [w.users.agent.user.id, w.users.vesselSide.user.id].sort((x, y) => x - y);
    expect(preview.recipients.map((r: { user_id: number }) => r.user_id)).toEqual(vesselSide);
    expect(preview.notification_count).toBe(6);

    const marks = { notifications: Number((await t.database.db.selectFrom('notification_messages').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0) };
    const published = await w.planner('POST', '/draft_portcalls/publish', { terminal_id: w.terminal.id, version: preview.draft_version });
    expect(published.statusCode, published.body).toBe(200);

    // The calls are where the preview said, with the labels and status it said.
    for (const change of preview.changes) {
      const call = (await w.planner('GET', `/portcalls/${change.portcall_id}`)).json().payload;
      expect({ ...change.after, berth_arrival_label: change.berth_arrival_label, berth_departure_label: change.berth_departure_label, status: change.status }).toEqual({
        berth_arrival: call.berth_arrival,
        berth_departure: call.berth_departure,
        berth_start_position: call.berth_start_position,
        berth_end_position: call.berth_end_position,
        berth_arrival_label: call.berth_arrival_state.label,
        berth_departure_label: call.berth_departure_state.label,
        status: call.status,
      });
    }
    // The people notified are the preview's, about the calls it named.
    const notes = await t.database.db.selectFrom('notification_messages').select(['portal_user_id', 'portcall_id']).where('id', '>', marks.notifications).execute();
    expect(notes).toHaveLength(preview.notification_count);
    const told = new Map<number, number[]>();
    for (const n of notes) told.set(n.portal_user_id, [...(told.get(n.portal_user_id) ?? []), n.portcall_id!]);
    expect(preview.recipients.map((r: { user_id: number; portcall_ids: number[] }) => [r.user_id, [...r.portcall_ids].sort()])).toEqual([...told.entries()].sort(([x], [y]) => x - y).map(([u, ids]) => [u, ids.sort()]));
    // The booking was released, and the live plan now has exactly the clashes on moved calls the preview listed.
    expect((await w.planner('GET', `/portcalls/${c.id}`)).json().payload.equipment_details).toEqual([]);
    const plan = await findLivePlan(t.database.db, { terminalId: w.terminal.id, from: new Date(base), to: new Date(base + 200 * H), isDepartedLeftOut: false });
    const moved = new Set([a.id, c.id, d.id]);
    const live = (await findLivePlanClashes(t.app.ctx, plan)).clashes.filter((x) => x.callIds.some((id) => moved.has(id)));
    expect(live.map((x) => ({ kind: x.kind, portcall_ids: x.callIds }))).toEqual(preview.clashes.map((x: { kind: string; portcall_ids: number[] }) => ({ kind: x.kind, portcall_ids: x.portcall_ids })));
  });

  it('answers the refusals a publish would give for a call changed since it was drafted, and an empty preview without a draft', async () => {
    const w = await createPortcallWorld(t);
    const empty = (await w.planner('GET', `/draft_portcalls/publish_preview?terminal_id=${w.terminal.id}`)).json().payload;
    expect(empty).toMatchObject({ draft_version: 0, changes: [], refusals: [], recipients: [], notification_count: 0 });
    expect(await t.database.db.selectFrom('berth_drafts').select('version').where('terminal_id', '=', w.terminal.id).execute()).toEqual([]);

    const call = (await w.planner('POST', '/portcalls', w.request('2027-09-01T06:00:00Z', '2027-09-02T06:00:00Z', { berth_start_position: 0, berth_end_position: 210 }))).json().payload;
    let draft = (await w.planner('GET', `/draft_portcalls?terminal_id=${w.terminal.id}`)).json().payload;
    draft = (await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: w.terminal.id, version: draft.version, changes: [{ portcall_id: call.id, berth_start_position: 500, berth_end_position: 710 }] })).json().payload;
    expect((await w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, berth_departure: '2027-09-02T08:00:00Z' })).statusCode).toBe(200);
    const preview = (await w.planner('GET', `/draft_portcalls/publish_preview?terminal_id=${w.terminal.id}`)).json().payload;
    expect(preview.refusals).toEqual([expect.objectContaining({ portcall_id: call.id, reason: 'changed_since_draft' })]);
    const publish = await w.planner('POST', '/draft_portcalls/publish', { terminal_id: w.terminal.id, version: draft.version });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().payload.current.conflicts).toEqual(preview.refusals);
  });

  it('is for the terminal planner only', async () => {
    const w = await createPortcallWorld(t);
    expect((await w.vesselSide('GET', `/draft_portcalls/publish_preview?terminal_id=${w.terminal.id}`)).statusCode).toBe(403);
  });
});
