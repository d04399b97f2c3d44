// Every field of spec section 3's port call is in the record, with the meaning docs/portcalls.md gives it.
import { ZPortcall } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const zeros = { '20': 0, '40': 0, '45': 0 };
const carZeros = { cars: 0, trucks: 0, trailers: 0, others: 0 };
/** One cargo line of each tier with a table (2, 3 containers, 3 vehicles, 4 containers). */
const TIERED_CARGO = [
  { cargo_type: 'Container (boxes)', discharge: 1, quantities: { tier: 2, full: { discharge: 40, load: 10, restow: 2 }, empty: { discharge: 5, load: 0, restow: 0 } } },
  { cargo_type: 'Container (boxes)', quantities: { tier: 3, unit: 'containers', values: { discharge: { full: { '20': 10, '40': 30, '45': 2 }, empty: { '20': 5, '40': 0, '45': 0 } }, load: { full: { '20': 3, '40': 0, '45': 0 }, empty: zeros }, restow: { full: zeros, empty: zeros } } } },
  { cargo_type: 'Roll-on/Roll-off', load: 500, quantities: { tier: 3, unit: 'vehicles', values: { discharge: { full: { cars: 100, trucks: 4, trailers: 0, others: 1 }, empty: carZeros }, load: { full: carZeros, empty: { cars: 0, trucks: 2, trailers: 3, others: 0 } }, restow: { full: carZeros, empty: carZeros } } } },
  {
    cargo_type: 'Container (boxes)',
    quantities: {
      tier: 4,
      unit: 'containers',
      values: {
        discharge: { full: { DRY: { '20': 20, '40': 10, '45': 0 }, RF: { '20': 0, '40': 4, '45': 0 }, DG: zeros, OOG: { '20': 0, '40': 1, '45': 0 }, BB: zeros }, empty: { '20': 2, '40': 0, '45': 0 } },
        load: { full: { DRY: { '20': 7, '40': 0, '45': 0 }, RF: zeros, DG: { '20': 1, '40': 0, '45': 0 }, OOG: zeros, BB: zeros }, empty: zeros },
        restow: { full: { DRY: zeros, RF: zeros, DG: zeros, OOG: zeros, BB: zeros }, empty: zeros },
      },
    },
  },
];

describe.each(DB_TARGETS)('the port-call record of spec section 3 on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target, {}, { now: new Date('2027-03-10T12:00:00Z') });
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  it('answers the terminal, its operator and port, the section, the cargo type and the pilot labels by the spec\u2019s names', async () => {
    const db = t.database.db;
    const terminal = await db
      .selectFrom('terminals')
      .innerJoin('organisations as o', 'o.id', 'terminals.terminal_operator_id')
      .innerJoin('ports as p', 'p.id', 'terminals.port_id')
      .select(['terminals.name', 'terminals.terminal_operator_id', 'o.name as operator', 'terminals.port_id', 'p.name as port_name', 'p.unlocode'])
      .where('terminals.id', '=', w.terminal.id)
      .executeTakeFirstOrThrow();
    const pbp = await db.insertInto('pilot_boarding_places').values({ port_id: terminal.port_id, name: 'Elbe 1', sailing_time_to_berth_minutes: 300, latitude: null, longitude: null }).returning('id').executeTakeFirstOrThrow();
    const created = await w.planner(
      'POST',
      '/portcalls',
      w.request('2027-04-01T06:00:00Z', '2027-04-02T06:00:00Z', {
        berth_start_position: 500,
        berth_end_position: 700,
        pilot_boarding_place_id: pbp.id,
        pilot_boarding_place_arrival: '2027-04-01T01:00:00Z',
        cargo_details: [{ cargo_type: 'Roll-on/Roll-off', discharge: 10 }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const call = ZPortcall.strict().parse((await w.planner('GET', `/portcalls/${created.json().payload.id}`)).json().payload);
    expect(call).toMatchObject({
      terminal_name: terminal.name,
      terminal_operator_id: terminal.terminal_operator_id,
      terminal_operator: terminal.operator,
      port_id: terminal.port_id,
      port_name: terminal.port_name,
      port_code: terminal.unlocode,
      // 500 m lies in the south berth, 450 to 1000 m.
      section_start_position: 450,
      section_end_position: 1000,
      // Not sent: the first cargo line's type.
      cargo_type: 'Roll-on/Roll-off',
      pilot_boarding_place_arrival_label: 'planned',
      pilot_boarding_place_departure_label: null,
      previous_berth_arrival: null,
      previous_pilot_boarding_place_arrival: null,
      berth_planner_berth_arrival: '2027-04-01T06:00:00.000Z',
      berth_planner_berth_departure: '2027-04-02T06:00:00.000Z',
      newly_added: false,
      edit_allowed: true,
    });
    expect(call.pilot_boarding_place_arrival_label).toBe(call.pilot_boarding_place_arrival_state.label);

    const changed = await w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, cargo_type: 'General' });
    expect(changed.json().payload.cargo_type).toBe('General');
    // The list answers the same record.
    const listed = (await w.planner('GET', `/portcalls?terminal_id=${w.terminal.id}&per_page=100`)).json().payload.items.find((c: { id: number }) => c.id === call.id);
    expect(listed).toMatchObject({ terminal_operator: terminal.operator, port_code: terminal.unlocode, section_start_position: 450, cargo_type: 'General' });
    // The vessel side may not move a call on the planner.
    expect((await w.vesselSide('GET', `/portcalls/${call.id}`)).json().payload).toMatchObject({ edit_allowed: false, newly_added: false, terminal_operator: terminal.operator });
  });

  it('keeps each time\u2019s value before its last change, whoever changed it', async () => {
    const call = (await w.planner('POST', '/portcalls', w.request('2027-05-01T08:00:00Z', '2027-05-02T08:00:00Z', { berth_start_position: 0, berth_end_position: 200 }))).json().payload;
    expect(call.previous_berth_arrival).toBeNull();
    // The vessel side asks for 10:00: previous is 08:00.
    const requested = (await w.vesselSide('PUT', `/portcalls/${call.id}`, { version: call.version, berth_arrival: '2027-05-01T10:00:00Z' })).json().payload;
    expect(requested).toMatchObject({ berth_arrival: '2027-05-01T10:00:00.000Z', previous_berth_arrival: '2027-05-01T08:00:00.000Z', previous_berth_departure: null });
    // A change of something else keeps it.
    const commented = (await w.planner('PUT', `/portcalls/${call.id}`, { version: requested.version, comment: 'Gangway on port side' })).json().payload;
    expect(commented.previous_berth_arrival).toBe('2027-05-01T08:00:00.000Z');
    // The terminal rejects: back to 08:00, and 10:00 is what it was.
    const rejected = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { version: commented.version, time: 'berth_arrival', action: 'reject' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().payload).toMatchObject({ berth_arrival: '2027-05-01T08:00:00.000Z', previous_berth_arrival: '2027-05-01T10:00:00.000Z' });
    // A direct write to the table (as schedule sync or AIS do) is kept by the trigger too.
    await t.database.db.updateTable('portcalls').set({ berth_departure: '2027-05-02T09:00:00Z' }).where('id', '=', call.id).execute();
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.previous_berth_departure).toBe('2027-05-02T08:00:00.000Z');
  });

  it('answers the berth times of the viewer\u2019s sandbox, marks drafted calls newly added and frozen ones not editable', async () => {
    const call = (await w.planner('POST', '/portcalls', w.request('2027-06-01T08:00:00Z', '2027-06-02T08:00:00Z', { berth_start_position: 0, berth_end_position: 200 }))).json().payload;
    const draft = (await w.planner('GET', `/draft_portcalls?terminal_id=${w.terminal.id}`)).json().payload;
    const moved = await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: w.terminal.id, version: draft.version, changes: [{ portcall_id: call.id, berth_arrival: '2027-06-01T12:00:00Z', berth_departure: '2027-06-02T12:00:00Z' }] });
    expect(moved.statusCode, moved.body).toBe(200);
    const seen = (await w.planner('GET', `/portcalls/${call.id}`)).json().payload;
    expect(seen).toMatchObject({ berth_arrival: '2027-06-01T08:00:00.000Z', berth_planner_berth_arrival: '2027-06-01T12:00:00.000Z', berth_planner_berth_departure: '2027-06-02T12:00:00.000Z', newly_added: true, edit_allowed: true });
    // Another user's view is the live plan.
    expect((await w.vesselSide('GET', `/portcalls/${call.id}`)).json().payload).toMatchObject({ berth_planner_berth_arrival: '2027-06-01T08:00:00.000Z', newly_added: false });
    const frozen = await w.planner('PUT', '/draft_portcalls/frozen', { terminal_id: w.terminal.id, version: moved.json().payload.version, portcall_id: call.id, frozen: true });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload).toMatchObject({ newly_added: true, edit_allowed: false });
    // The planner window answers the same berth-row extras.
    const window = (await w.planner('GET', `/berth_plan/portcalls?terminal_id=${w.terminal.id}&from=2027-06-01T00:00:00Z&to=2027-06-03T00:00:00Z`)).json().payload.items;
    expect(window.find((c: { id: number }) => c.id === call.id)).toMatchObject({ newly_added: true, edit_allowed: false, vessel_id: w.vessel.id, pilot_boarding_place_id: null, terminal_id: w.terminal.id, port_code: seen.port_code });
  });

  it('measures cargo progress by volumes: ended shifts done against the planned volume', async () => {
    // Now is 2027-03-10 12:00: the first shift (200 moves) has ended, the second is half over and counts nothing yet.
    const call = (
      await w.planner(
        'POST',
        '/portcalls',
        w.request('2027-03-10T00:00:00Z', '2027-03-11T00:00:00Z', {
          berth_start_position: 0,
          berth_end_position: 200,
          cargo_operations_start: '2027-03-10T02:00:00Z',
          cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 400, load: 200 }],
          portcall_shift_details: [
            // Terminal shifts in Berlin (UTC+1 in March): night until 05:00 UTC, day 05:00 to 17:00 UTC.
            { shift_number: 2, start_time: '2027-03-10T00:00:00Z', end_time: '2027-03-10T05:00:00Z', discharge: 200, gangs: 1 },
            { shift_number: 1, start_time: '2027-03-10T05:00:00Z', end_time: '2027-03-10T17:00:00Z', discharge: 200, load: 200, gangs: 1 },
          ],
        }),
      )
    ).json().payload;
    expect(call).toMatchObject({ total_volume: 600, actual_volume: 200, remaining_volume: 400, cargo_progress_percentage: 33.3 });
  });

  it('calculates tiered cargo the same way as saving it', async () => {
    const calculated = await w.planner('POST', '/portcalls/calculated_cargo_details', { cargo_details: TIERED_CARGO });
    expect(calculated.statusCode, calculated.body).toBe(200);
    const preview = calculated.json().payload;
    const saved = (await w.planner('POST', '/portcalls', w.request('2027-07-01T06:00:00Z', '2027-07-02T06:00:00Z', { cargo_details: TIERED_CARGO }))).json().payload;
    const figures = (d: { discharge: number; load: number; restow: number; total: number; quantity_totals: unknown }) => ({ discharge: d.discharge, load: d.load, restow: d.restow, total: d.total, quantity_totals: d.quantity_totals });
    expect(preview.cargo_details.map(figures)).toEqual(saved.cargo_details.map(figures));
    // Tier 2: 45 + 10 + 2; tier 3 containers: 47 + 3; vehicles: 105 + 5; tier 4: 37 + 8.
    expect(preview.cargo_details.map((d: { total: number }) => d.total)).toEqual([57, 50, 110, 45]);
    expect(preview.totals).toEqual({ discharge: 45 + 47 + 105 + 37, load: 10 + 3 + 5 + 8, restow: 2, total: 262, move_count: 0 });
    expect(preview.cargo_details[3].quantity_totals.columns.discharge).toEqual({ '20': 22, '40': 15, '45': 0 });
  });
});
