// Publishing a sandbox does to each call exactly what saving the same move live does: the same times, labels and
// negotiation steps, places on the quay, cargo window, crane bookings and shift cards moved along, audit rows,
// notifications and realtime events. Two terminals get the same calls; one has its moves saved live, one by publish.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3_600_000;
const at = (base: number, hours: number) => new Date(base + hours * H).toISOString();

type TMove = { berth_arrival?: string; berth_departure?: string; berth_start_position?: number | null; berth_end_position?: number | null };
type TScenario = { name: string; byAgent?: boolean; create: (base: number, w: PortcallWorld) => Record<string, unknown>; move: (base: number) => TMove };

/** The calls of one terminal, created in the same order and shape on both terminals. */
const SCENARIOS: TScenario[] = [
  {
    name: 'a planned call moved in time and along the quay, with cargo operations, a crane booking and shift cards',
    create: (base, w) => ({
      berth_start_position: 20,
      berth_end_position: 260,
      cargo_operations_start: at(base, 1),
      cargo_operations_end: at(base, 19),
      equipment_details: [{ cargo_handling_equipment_id: w.geometry.equipment[0]!.id, start_time: at(base, 2), end_time: at(base, 10) }],
      portcall_shift_details: [{ shift_number: 1, start_time: at(base, 2), end_time: at(base, 8), cargo_type: 'Container (boxes)', discharge: 10, load: 5, restow: 0, gangs: 1 }],
    }),
    move: (base) => ({ berth_arrival: at(base, 3), berth_departure: at(base, 23), berth_start_position: 480, berth_end_position: 720 }),
  },
  { name: 'a requested call the planner moves: a proposal', byAgent: true, create: () => ({}), move: (base) => ({ berth_arrival: at(base, 4), berth_departure: at(base, 24) }) },
  { name: 'a call moved along the quay only', create: () => ({ berth_start_position: 500, berth_end_position: 740 }), move: () => ({ berth_start_position: 40, berth_end_position: 280 }) },
  {
    name: 'a call whose crane booking would then double-book the crane: the booking is released',
    create: (base, w) => ({ equipment_details: [{ cargo_handling_equipment_id: w.geometry.equipment[1]!.id, start_time: at(base, 1), end_time: at(base, 5) }] }),
    move: (base) => ({ berth_arrival: at(base, 30), berth_departure: at(base, 50) }),
  },
  { name: 'a call taken off the quay', create: () => ({ berth_start_position: 600, berth_end_position: 840 }), move: () => ({ berth_start_position: null, berth_end_position: null }) },
  { name: 'a call whose departure alone moves', create: () => ({}), move: (base) => ({ berth_departure: at(base, 28) }) },
];

describe.each(DB_TARGETS)('publishing the sandbox does what saving each move live does, on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  /** The calls of the scenarios on a new terminal, plus a call holding the crane the fourth scenario moves onto. */
  async function terminalWithCalls(base: number) {
    const w = await createPortcallWorld(t);
    const ids: number[] = [];
    for (const [i, s] of SCENARIOS.entries()) {
      const start = base + i * 2 * 24 * H;
      const body = w.request(at(start, 0), at(start, 20), s.create(start, w));
      const res = await (s.byAgent ? w.agent : w.planner)('POST', '/portcalls', body);
      expect(res.statusCode, `${s.name}: ${res.body}`).toBe(201);
      ids.push(res.json().payload.id);
    }
    const blockerStart = base + 3 * 2 * 24 * H;
    const blocker = await w.planner('POST', '/portcalls', w.request(at(blockerStart, 28), at(blockerStart, 52), { equipment_details: [{ cargo_handling_equipment_id: w.geometry.equipment[1]!.id, start_time: at(blockerStart, 29), end_time: at(blockerStart, 40) }] }));
    expect(blocker.statusCode, blocker.body).toBe(201);
    return { w, ids, marks: await marks(t.database.db) };
  }

  async function marks(db: Kysely<DB>) {
    const max = async (table: 'portcall_timestamps' | 'portcall_audit_events' | 'notification_messages' | 'realtime_events') => Number((await db.selectFrom(table).select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
    return { timestamps: await max('portcall_timestamps'), audit: await max('portcall_audit_events'), notifications: await max('notification_messages'), events: await max('realtime_events') };
  }

  /** What the moves did to each call, in terms that do not depend on ids, users or the terminal. */
  async function effects(w: PortcallWorld, ids: number[], since: Awaited<ReturnType<typeof marks>>) {
    const db = t.database.db;
    const role = new Map<number, string>([
      [w.users.planner.user.id, 'planner'],
      [w.users.agent.user.id, 'agent'],
      [w.users.vesselSide.user.id, 'vessel side'],
    ]);
    const who = (id: number | null) => (id === null ? null : (role.get(id) ?? `other ${id}`));
    const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
    const callOf = (id: number | null) => (id === null ? null : ids.indexOf(id));
    const calls = await db
      .selectFrom('portcalls as p')
      .leftJoin('bollards as b1', 'b1.id', 'p.berth_start_bollard_id')
      .leftJoin('bollards as b2', 'b2.id', 'p.berth_end_bollard_id')
      .leftJoin('terminal_sections as s', 's.id', 'p.terminal_section_id')
      .select([
        'p.id', 'p.berth_arrival', 'p.berth_departure', 'p.berth_arrival_label', 'p.berth_arrival_change_label', 'p.berth_departure_label', 'p.berth_departure_change_label',
        'p.berth_start_position', 'p.berth_end_position', 'b1.name as start_bollard', 'b2.name as end_bollard', 's.name as section',
        'p.cargo_operations_start', 'p.cargo_operations_end', 'p.status', 'p.version',
      ])
      .where('p.id', 'in', ids)
      .execute();
    const steps = await db.selectFrom('portcall_timestamps').selectAll().where('portcall_id', 'in', ids).where('id', '>', since.timestamps).orderBy('id').execute();
    const audit = await db.selectFrom('portcall_audit_events').selectAll().where('portcall_id', 'in', ids).where('id', '>', since.audit).orderBy('id').execute();
    const notes = await db.selectFrom('notification_messages').selectAll().where('portcall_id', 'in', ids).where('id', '>', since.notifications).orderBy('id').execute();
    const events = await db.selectFrom('realtime_events').selectAll().where('id', '>', since.events).orderBy('id').execute();
    const bookings = await db.selectFrom('portcall_equipment_details as d').innerJoin('cargo_handling_equipments as e', 'e.id', 'd.cargo_handling_equipment_id').select(['d.portcall_id', 'e.name', 'd.start_time', 'd.end_time']).where('d.portcall_id', 'in', ids).orderBy('d.start_time').execute();
    const cards = await db.selectFrom('portcall_shift_details').select(['portcall_id', 'shift_number', 'start_time', 'end_time', 'discharge', 'load']).where('portcall_id', 'in', ids).orderBy('start_time').execute();
    const channel = (name: string) => name.replace(/\.\d+$/, (m) => (name.startsWith('User.') ? `.${who(Number(m.slice(1)))}` : ''));
    // Each terminal has a vessel of its own.
    const withoutVesselName = (details: unknown) => {
      const { vessel_name: _name, ...rest } = details as Record<string, unknown>;
      return rest;
    };
    const eventPayload = (payload: unknown) => {
      const { portcall_id, terminal_id: _terminal, id: _id, details, ...rest } = payload as Record<string, unknown>;
      return { call: callOf(typeof portcall_id === 'number' ? portcall_id : null), ...rest, ...(details ? { details: withoutVesselName(details) } : {}) };
    };
    return ids.map((id, index) => {
      const row = calls.find((c) => c.id === id)!;
      const { id: _id, ...call } = row;
      return {
        call: { ...call, berth_arrival: iso(call.berth_arrival), berth_departure: iso(call.berth_departure), cargo_operations_start: iso(call.cargo_operations_start), cargo_operations_end: iso(call.cargo_operations_end), berth_start_position: call.berth_start_position === null ? null : Number(call.berth_start_position), berth_end_position: call.berth_end_position === null ? null : Number(call.berth_end_position) },
        steps: steps
          .filter((s) => s.portcall_id === id)
          .map((s) => ({ time: s.time_type, action: s.action, classifier: s.classifier, party: s.party, date_time: iso(s.date_time), label_after: s.label_after, previous_label: s.previous_label, change_label_after: s.change_label_after, replies: s.reply_to_id !== null, by: who(s.created_by), acting_for: who(s.acting_for) })),
        // The rows of the plain fields come in the order the request named them, which says nothing: sorted by field.
        audit: audit
          .filter((a) => a.portcall_id === id)
          .map((a) => ({ type: a.event_type, field: a.field, old: a.old_value, new: a.new_value, by: who(a.actor_user_id), acting_for: who(a.acting_for_user_id), source: a.source }))
          .sort((a, b) => a.field.localeCompare(b.field)),
        notifications: notes.filter((n) => n.portcall_id === id).map((n) => ({ to: who(n.portal_user_id), type: n.notification_type, details: withoutVesselName(n.details) })),
        events: events.filter((e) => (e.payload as { portcall_id?: unknown } | null)?.portcall_id === id).map((e) => ({ channel: channel(e.channel), event: e.event, payload: eventPayload(e.payload) })),
        bookings: bookings.filter((b) => b.portcall_id === id).map((b) => ({ equipment: b.name, start: iso(b.start_time), end: iso(b.end_time) })),
        cards: cards.filter((c) => c.portcall_id === id).map((c) => ({ shift: c.shift_number, start: iso(c.start_time), end: iso(c.end_time), discharge: Number(c.discharge), load: Number(c.load) })),
        index,
      };
    });
  }

  it('writes the same rows, in the same order per call, as the same moves saved one by one', async () => {
    const base = Date.parse('2027-06-07T06:00:00Z');
    const live = await terminalWithCalls(base);
    const sandbox = await terminalWithCalls(base);

    // Live: each move saved with PUT, as the planner's live mode and the old publish did, cargo window included.
    for (const [i, id] of live.ids.entries()) {
      const call = (await live.w.planner('GET', `/portcalls/${id}`)).json().payload;
      const move = SCENARIOS[i]!.move(base + i * 2 * 24 * H);
      const arrival = move.berth_arrival ?? call.berth_arrival;
      const shift = Date.parse(arrival) - Date.parse(call.berth_arrival);
      const departure = move.berth_departure ?? call.berth_departure;
      const clip = (ms: number) => Math.min(Date.parse(departure), Math.max(Date.parse(arrival), ms));
      const cargo = call.cargo_operations_start
        ? { cargo_operations_start: new Date(clip(Date.parse(call.cargo_operations_start) + shift)).toISOString(), cargo_operations_end: new Date(Math.max(clip(Date.parse(call.cargo_operations_start) + shift), clip(Date.parse(call.cargo_operations_end) + shift))).toISOString() }
        : {};
      const res = await live.w.planner('PUT', `/portcalls/${id}`, { version: call.version, ...move, ...cargo });
      expect(res.statusCode, `${SCENARIOS[i]!.name}: ${res.body}`).toBe(200);
    }

    // Sandbox: the same moves drafted and published at once.
    let draft = (await sandbox.w.planner('GET', `/draft_portcalls?terminal_id=${sandbox.w.terminal.id}`)).json().payload;
    const changes = sandbox.ids.map((id, i) => ({ portcall_id: id, ...SCENARIOS[i]!.move(base + i * 2 * 24 * H) }));
    draft = (await sandbox.w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: sandbox.w.terminal.id, version: draft.version, changes })).json().payload;
    expect(draft.changes).toHaveLength(SCENARIOS.length);
    const published = await sandbox.w.planner('POST', '/draft_portcalls/publish', { terminal_id: sandbox.w.terminal.id, version: draft.version });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().payload.published).toBe(SCENARIOS.length);

    const expected = await effects(live.w, live.ids, live.marks);
    const actual = await effects(sandbox.w, sandbox.ids, sandbox.marks);
    for (const [i, s] of SCENARIOS.entries()) expect(actual[i], s.name).toEqual(expected[i]);
    // The scenarios do what their names say.
    expect(expected[1]!.steps[0]).toMatchObject({ action: 'propose', label_after: 'planned' });
    expect(expected[2]!.steps).toEqual([]);
    expect(expected[3]!.bookings).toEqual([]);
    expect(expected[4]!.call).toMatchObject({ berth_start_position: null, start_bollard: null, section: null });
  });
});
