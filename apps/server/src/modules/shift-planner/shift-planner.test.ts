import ExcelJS from 'exceljs';
import { ZShiftBoard, ZShiftDetailsUpdateResponse, localizedName } from '@quayline/domain';
import { storedJson } from '../../db/stored-json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createTerminal, createVessel, signIn } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

// The test terminal works Day 06-18 and Night 18-06 in Europe/Berlin: in March 2027 (UTC+1) Day is 05-17Z.
const card = (shift_number: number, start_time: string, end_time: string, extra: Record<string, unknown> = {}) => ({ shift_number, start_time, end_time, ...extra });
const D10 = ['2027-03-10T05:00:00Z', '2027-03-10T17:00:00Z'] as const;
const N10 = ['2027-03-10T17:00:00Z', '2027-03-11T05:00:00Z'] as const;
const D11 = ['2027-03-11T05:00:00Z', '2027-03-11T12:00:00Z'] as const;

describe.each(DB_TARGETS)('the shift planner on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  const board = async (query: string, call = w.planner) => {
    const res = await call('GET', `/shift_planner?terminal_id=${w.terminal.id}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZShiftBoard.strict().parse(res.json().payload);
  };
  const createCall = async (arrival: string, departure: string, extra: Record<string, unknown> = {}) => {
    const res = await w.planner('POST', '/portcalls', w.request(arrival, departure, extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().payload as { id: number; version: number };
  };
  const putPlan = (id: number, version: number, details: unknown[], call = w.planner) => call('PUT', `/portcalls/${id}/shift_details`, { version, portcall_shift_details: details });

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  it('shows the shifts of the chosen local days as columns and the calls working in them as rows, with totals against capacity', async () => {
    const a = await createCall('2027-03-10T04:00:00Z', '2027-03-11T12:00:00Z', {
      berth_start_position: 100,
      berth_end_position: 300,
      cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 400, load: 200 }],
      portcall_shift_details: [card(1, ...D10, { discharge: 300, gangs: 4, shift_equipment_details: [{ equipment_number: 'RS-1' }] }), card(2, ...N10, { discharge: 100, load: 200, gangs: 3 })],
    });
    const b = await createCall('2027-03-10T08:00:00Z', '2027-03-10T20:00:00Z', { berth_start_position: 500, berth_end_position: 700, cargo_details: [{ cargo_type: 'General', discharge: 50 }] });
    await createCall('2027-03-14T08:00:00Z', '2027-03-14T20:00:00Z');
    const shown = await board('from=2027-03-10&days=2');
    expect(shown).toMatchObject({ from: '2027-03-10', days: 2, order_by: 'arrival_time', time_zone: 'Europe/Berlin', can_edit: true });
    expect(shown.shiftsList.map((s) => [s.key, s.start_time, s.end_time, s.working_minutes])).toEqual([
      ['2027-03-10#1', '2027-03-10T05:00:00.000Z', '2027-03-10T17:00:00.000Z', 720],
      ['2027-03-10#2', '2027-03-10T17:00:00.000Z', '2027-03-11T05:00:00.000Z', 720],
      ['2027-03-11#1', '2027-03-11T05:00:00.000Z', '2027-03-11T17:00:00.000Z', 720],
      ['2027-03-11#2', '2027-03-11T17:00:00.000Z', '2027-03-12T05:00:00.000Z', 720],
    ]);
    expect(shown.portcalls.map((c) => c.id)).toEqual([a.id, b.id]);
    const rowA = shown.portcalls[0]!;
    expect(rowA).toMatchObject({ cargo: { discharge: 400, load: 200, total: 600 }, planned: { discharge: 400, load: 200, total: 600 }, volume_mismatch: false, vessel_operator_name: expect.any(String) });
    expect(shown.shiftsVolume.shifts_volume[0]).toMatchObject({ key: '2027-03-10#1', volume: 300, gangs: 4, gangs_available: 6, equipment: ['RS-1'], equipment_available: 3, portcall_count: 1, over_capacity: false });
    expect(shown.shiftsVolume.days_volume).toEqual([{ date: '2027-03-10', volume: 600 }, { date: '2027-03-11', volume: 0 }]);
    expect(shown.equipments.map((e) => e.equipment_number).sort()).toEqual(['MHC-1', 'RS-1', 'RS-2']);
    expect(shown.shiftsData.shifts.map((s) => [s.name, s.gangs_available])).toEqual([['Day', 6], ['Night', 6]]);

    expect((await board('from=2027-03-10&days=2&order_by=berth_position')).portcalls.map((c) => c.id)).toEqual([a.id, b.id]);
    expect((await board('from=2027-03-10&days=2&order_by=remaining_volume')).portcalls.map((c) => c.id)).toEqual([a.id, b.id]);
    expect((await w.planner('GET', `/shift_planner?terminal_id=${w.terminal.id}&from=2027-3-10`)).statusCode).toBe(400);
    expect((await w.planner('GET', `/shift_planner?terminal_id=${w.terminal.id}&days=15`)).statusCode).toBe(400);

    // The user's days setting decides how many days a board without `days` shows.
    await w.planner('PUT', '/update_shift_planner_settings', { type: 'number_of_days_to_show_shifts', value: 1 });
    expect((await board('from=2027-03-10')).shiftsList).toHaveLength(2);
    await w.planner('PUT', '/update_shift_planner_settings', { type: 'number_of_days_to_show_shifts', value: 3 });

    // The vessel side sees its own calls read-only; a user of another terminal sees nothing.
    const other = await createOrganisation(t.database.db, 'vessel_operator');
    const stranger = await signIn(t.app, t.database.db, { userType: 'vessel_operator', organisationId: other.id, terminalIds: [w.terminal.id] });
    expect((await board('from=2027-03-10&days=2', stranger.call)).portcalls).toEqual([]);
    const own = await board('from=2027-03-10&days=2', w.vesselSide);
    expect(own.can_edit).toBe(false);
    expect(own.portcalls.map((c) => c.id)).toEqual([a.id, b.id]);
    const elsewhere = await signIn(t.app, t.database.db, { terminalIds: [(await createTerminal(t.database.db)).id] });
    expect((await elsewhere.call('GET', `/shift_planner?terminal_id=${w.terminal.id}`)).statusCode).toBe(404);
  });

  it('carries the same plausibility warnings as the details on each row, with the shift each belongs to', async () => {
    const day = ['2027-04-20T04:00:00Z', '2027-04-20T16:00:00Z'] as const;
    // 2,000 moves in a 12-hour shift with one gang is 167 moves per gang-hour against cranes doing 30, and the cargo
    // needs 67 crane-hours in a 14-hour stay.
    const odd = await createCall('2027-04-20T04:00:00Z', '2027-04-20T18:00:00Z', { cargo_details: [{ cargo_type: 'General', discharge: 2000 }], portcall_shift_details: [card(1, ...day, { discharge: 2000, gangs: 1 })] });
    const fine = await createCall('2027-04-20T04:00:00Z', '2027-04-21T18:00:00Z', { berth_start_position: 400, berth_end_position: 600, cargo_details: [{ cargo_type: 'General', discharge: 100 }], portcall_shift_details: [card(1, ...day, { discharge: 100, gangs: 1 })] });
    const shown = await board('from=2027-04-20&days=1');
    const rowOf = (id: number) => shown.portcalls.find((c) => c.id === id)!;
    expect(rowOf(odd.id).plausibility.map((w) => w.kind)).toEqual(['cargo_exceeds_window', 'rate_above_norm']);
    expect(rowOf(odd.id).plausibility[1]).toMatchObject({ shiftStart: '2027-04-20T04:00:00.000Z', movesPerGangHour: 166.7, norm: 30 });
    expect(rowOf(fine.id).plausibility).toEqual([]);
    // A saved plan answers with the row's warnings as they now are.
    const saved = await putPlan(odd.id, odd.version, [card(1, ...day, { discharge: 300, gangs: 1 })]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZShiftDetailsUpdateResponse.parse(saved.json().payload).portcall.plausibility.map((w) => w.kind)).toEqual(['cargo_exceeds_window']);
  });

  it("carries each shift's names per language to its definition and every column", async () => {
    const day = await t.database.db.selectFrom('terminal_shifts').select('id').where('terminal_id', '=', w.terminal.id).where('shift_number', '=', 1).executeTakeFirstOrThrow();
    await t.database.db.updateTable('terminal_shifts').set({ names: storedJson('localized_names', { de: 'Tagschicht' }) }).where('id', '=', day.id).execute();
    const shown = await board('from=2027-03-10&days=2');
    expect(shown.shiftsData.shifts.map((s) => localizedName(s, 'de'))).toEqual(['Tagschicht', 'Night']);
    expect(shown.shiftsList.map((s) => localizedName(s, 'de'))).toEqual(['Tagschicht', 'Night', 'Tagschicht', 'Night']);
  });

  it('counts the DST nights as the 11 and 13 hours they last', async () => {
    const spring = await board('from=2027-03-27&days=1');
    expect(spring.shiftsList.map((s) => s.working_minutes)).toEqual([720, 660]);
    const autumn = await board('from=2027-10-30&days=1');
    expect(autumn.shiftsList.map((s) => s.working_minutes)).toEqual([720, 780]);
  });

  it('saves a call\u2019s plan with its version, only for the terminal, and answers a stale write with 409 and the call as it is', async () => {
    const call = await createCall('2027-04-06T04:00:00Z', '2027-04-07T12:00:00Z', { cargo_details: [{ cargo_type: 'General', discharge: 500 }] });
    // April is UTC+2: Day 04-16Z, Night 16-04Z.
    const plan = [card(1, '2027-04-06T04:00:00Z', '2027-04-06T16:00:00Z', { discharge: 300, gangs: 2, contact_person: { contact_person_name: 'Jan Hoff' } }), card(2, '2027-04-06T16:00:00Z', '2027-04-07T04:00:00Z', { discharge: 200, gangs: 1 })];
    const saved = await putPlan(call.id, call.version, plan);
    expect(saved.statusCode, saved.body).toBe(200);
    const row = ZShiftDetailsUpdateResponse.parse(saved.json().payload).portcall;
    expect(row.version).toBe(call.version + 1);
    expect(row.portcall_shift_details.map((d) => [d.shift_number, d.discharge, d.gangs])).toEqual([[1, 300, 2], [2, 200, 1]]);
    expect(row.portcall_shift_details[0]!.contact_person?.contact_person_name).toBe('Jan Hoff');

    const stale = await putPlan(call.id, call.version, []);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().payload.current).toMatchObject({ id: call.id, version: row.version, planned: { discharge: 500 } });

    expect((await putPlan(call.id, row.version, [], w.agent)).statusCode).toBe(403);
    expect((await putPlan(call.id, row.version, [], w.vesselSide)).statusCode).toBe(403);
    const audit = await t.database.db.selectFrom('portcall_audit_events').select(['field', 'new_value']).where('portcall_id', '=', call.id).where('field', '=', 'portcall_shift_details').execute();
    expect(audit).toEqual([{ field: 'portcall_shift_details', new_value: { cards: 2, moves: 500, gangs: 3 } }]);
    const events = await t.database.db.selectFrom('realtime_events').select(['event', 'payload']).where('channel', '=', `Terminal.${w.terminal.id}`).orderBy('id', 'desc').limit(1).execute();
    expect(events[0]).toMatchObject({ event: 'portcall.updated', payload: { portcall_id: call.id, version: row.version, field: 'portcall_shift_details' } });
  });

  it('lets the planner change one card of a call whose move carried its cards off the shift grid, and still judges a card put somewhere new', async () => {
    // April is UTC+2: Day 04-16Z, Night 16-04Z.
    const call = await createCall('2027-04-13T04:00:00Z', '2027-04-14T12:00:00Z', { cargo_details: [{ cargo_type: 'General', discharge: 500 }] });
    const planned = await putPlan(call.id, call.version, [card(1, '2027-04-13T04:00:00Z', '2027-04-13T16:00:00Z', { discharge: 300, gangs: 2 }), card(2, '2027-04-13T16:00:00Z', '2027-04-14T04:00:00Z', { discharge: 200, gangs: 1 })]);
    expect(planned.statusCode, planned.body).toBe(200);
    // Moved 90 minutes later on the berth planner: the cards go along, half-way between shifts.
    const moved = await w.planner('PUT', `/portcalls/${call.id}`, { version: planned.json().payload.portcall.version, berth_arrival: '2027-04-13T05:30:00Z', berth_departure: '2027-04-14T13:30:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    const now = moved.json().payload as { version: number; portcall_shift_details: { id: number; portcall_id: number; total_resources: unknown; start_time: string; gangs: number }[] };
    expect(now.portcall_shift_details.map((d) => d.start_time)).toEqual(['2027-04-13T05:30:00.000Z', '2027-04-13T17:30:00.000Z']);
    const cards = now.portcall_shift_details.map(({ id: _id, portcall_id: _p, total_resources: _t, ...rest }) => rest);

    const oneGangMore = await putPlan(call.id, now.version, [{ ...cards[0]!, gangs: 3 }, cards[1]!]);
    expect(oneGangMore.statusCode, oneGangMore.body).toBe(200);
    expect(ZShiftDetailsUpdateResponse.parse(oneGangMore.json().payload).portcall.portcall_shift_details.map((d) => d.gangs)).toEqual([3, 1]);

    const version = oneGangMore.json().payload.portcall.version as number;
    const elsewhere = await putPlan(call.id, version, [cards[0]!, { ...cards[1]!, start_time: '2027-04-13T18:30:00Z', end_time: '2027-04-14T05:30:00Z' }]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().payload.errors).toEqual([{ path: 'portcall_shift_details.1.start_time', message: 'Not inside one of the terminal\u2019s shifts' }]);
  });

  it('lets the planner change a card whose crane another call\u2019s move has since booked too, and refuses that crane on a card put somewhere new', async () => {
    // April is UTC+2: Day 04-16Z. Call A works RS-2 in the Day shift of the 20th; call B works it on the 21st.
    const a = await createCall('2027-04-20T04:00:00Z', '2027-04-20T16:00:00Z', { berth_start_position: 0, berth_end_position: 200 });
    expect((await putPlan(a.id, a.version, [card(1, '2027-04-20T04:00:00Z', '2027-04-20T16:00:00Z', { gangs: 1, shift_equipment_details: [{ equipment_number: 'RS-2' }] })])).statusCode).toBe(200);
    const b = await createCall('2027-04-21T04:00:00Z', '2027-04-21T16:00:00Z', { berth_start_position: 400, berth_end_position: 600 });
    const bPlanned = await putPlan(b.id, b.version, [card(1, '2027-04-21T04:00:00Z', '2027-04-21T16:00:00Z', { gangs: 1, shift_equipment_details: [{ equipment_number: 'RS-2' }] })]);
    expect(bPlanned.statusCode, bPlanned.body).toBe(200);
    // B moves a day earlier on the berth planner; its card, crane and all, goes along onto A's shift.
    const moved = await w.planner('PUT', `/portcalls/${b.id}`, { version: bPlanned.json().payload.portcall.version, berth_arrival: '2027-04-20T04:00:00Z', berth_departure: '2027-04-20T16:00:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    const now = moved.json().payload as { version: number; portcall_shift_details: { id: number; portcall_id: number; total_resources: unknown; start_time: string; gangs: number }[] };
    const [kept] = now.portcall_shift_details.map(({ id: _id, portcall_id: _p, total_resources: _t, ...rest }) => rest);
    expect(kept).toMatchObject({ start_time: '2027-04-20T04:00:00.000Z', shift_equipment_details: [{ equipment_number: 'RS-2' }] });

    const oneGangMore = await putPlan(b.id, now.version, [{ ...kept!, gangs: 2 }]);
    expect(oneGangMore.statusCode, oneGangMore.body).toBe(200);
    const onA = await putPlan(a.id, (await w.planner('GET', `/portcalls/${a.id}`)).json().payload.version, [card(1, '2027-04-20T04:00:00Z', '2027-04-20T16:00:00Z', { gangs: 1, shift_equipment_details: [{ equipment_number: 'RS-2' }, { equipment_number: 'RS-1' }] })]);
    expect(onA.statusCode, onA.body).toBe(200);
    const split = await putPlan(b.id, oneGangMore.json().payload.portcall.version, [card(1, '2027-04-20T04:00:00Z', '2027-04-20T16:00:00Z', { gangs: 2, shift_equipment_details: [{ equipment_number: 'RS-2' }, { equipment_number: 'RS-1' }] })]);
    expect(split.statusCode).toBe(400);
    expect(split.json().payload.errors).toEqual([{ path: 'portcall_shift_details.0.shift_equipment_details.1.equipment_number', message: expect.stringMatching(/^RS-1 is already booked for another port call/) }]);
  });

  it("marks the cards of a call its viewer has moved in the berth-plan sandbox with that sandbox, for that viewer only", async () => {
    const call = await createCall('2027-05-04T04:00:00Z', '2027-05-05T12:00:00Z', { cargo_details: [{ cargo_type: 'General', discharge: 400 }] });
    const saved = await putPlan(call.id, call.version, [card(1, '2027-05-04T04:00:00Z', '2027-05-04T16:00:00Z', { discharge: 400, gangs: 2 })]);
    expect(saved.statusCode, saved.body).toBe(200);
    const cardsOf = async (viewer = w.planner) => (await board('from=2027-05-04&days=2', viewer)).portcalls.find((p) => p.id === call.id)!.portcall_shift_details;
    expect((await cardsOf()).map((c) => c.draft_portcall_id)).toEqual([null]);

    const draft = (await w.planner('GET', `/draft_portcalls?terminal_id=${w.terminal.id}`)).json().payload;
    const drafted = await w.planner('PUT', '/draft_portcalls/update_draft_portcalls', { terminal_id: w.terminal.id, version: draft.version, changes: [{ portcall_id: call.id, berth_arrival: '2027-05-04T08:00:00Z' }] });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const draftId = (await t.database.db.selectFrom('berth_drafts').select('id').where('terminal_id', '=', w.terminal.id).executeTakeFirstOrThrow()).id;
    expect((await cardsOf()).map((c) => c.draft_portcall_id)).toEqual([draftId]);
    expect((await w.planner('GET', `/portcalls/${call.id}`)).json().payload.portcall_shift_details.map((c: { draft_portcall_id: number | null }) => c.draft_portcall_id)).toEqual([draftId]);
    // Another planner's board, and the vessel side's, know nothing of this planner's sandbox.
    const colleague = await signIn(t.app, t.database.db, { terminalIds: [w.terminal.id] });
    expect((await cardsOf(colleague.call)).map((c) => c.draft_portcall_id)).toEqual([null]);
    expect((await cardsOf(w.vesselSide)).map((c) => c.draft_portcall_id)).toEqual([null]);
    // A card sent back with it is read without it; reverting the sandbox clears the mark.
    const row = (await cardsOf())[0]!;
    const current = (await w.planner('GET', `/portcalls/${call.id}`)).json().payload;
    expect((await putPlan(call.id, current.version, [{ ...row, gangs: 3 }])).statusCode).toBe(200);
    const after = (await w.planner('GET', `/draft_portcalls?terminal_id=${w.terminal.id}`)).json().payload;
    expect((await w.planner('POST', '/draft_portcalls/revert', { terminal_id: w.terminal.id, version: after.version })).statusCode).toBe(200);
    expect((await cardsOf()).map((c) => [c.gangs, c.draft_portcall_id])).toEqual([[3, null]]);
  });

  it('refuses bad plans with the field and the reason, and saves nothing', async () => {
    const call = await createCall('2027-05-04T04:00:00Z', '2027-05-05T12:00:00Z');
    const neighbour = await createCall('2027-05-04T04:00:00Z', '2027-05-04T20:00:00Z');
    const day = ['2027-05-04T04:00:00Z', '2027-05-04T16:00:00Z'] as const;
    expect((await putPlan(neighbour.id, neighbour.version, [card(1, ...day, { shift_equipment_details: [{ equipment_number: 'RS-2' }] })])).statusCode).toBe(200);
    const dayShift = (await board('from=2027-05-04&days=1')).shiftsData.shifts.find((s) => s.shift_number === 1)!;
    expect((await w.planner('PUT', `/terminal_shifts/${dayShift.id}`, { gangs_available: 4 })).statusCode).toBe(200);
    expect((await w.agent('PUT', `/terminal_shifts/${dayShift.id}`, { gangs_available: 9 })).statusCode).toBe(403);

    const cases: [unknown[], string, RegExp][] = [
      [[card(1, ...day, { discharge: -5 })], 'portcall_shift_details.0.discharge', /./],
      [[card(1, ...day, { gangs: 5 })], 'portcall_shift_details.0.gangs', /At most 4 gangs/],
      [[card(1, '2027-05-03T04:00:00Z', '2027-05-03T16:00:00Z', { discharge: 5 })], 'portcall_shift_details.0.start_time', /Outside the call/],
      [[card(1, ...day, { shift_equipment_details: [{ equipment_number: 'XX-9' }] })], 'portcall_shift_details.0.shift_equipment_details.0.equipment_number', /Unknown equipment/],
      [[card(1, ...day, { shift_equipment_details: [{ equipment_number: 'RS-2' }] })], 'portcall_shift_details.0.shift_equipment_details.0.equipment_number', /already booked for another port call/],
      [[card(1, ...day), card(1, '2027-05-04T05:00:00Z', '2027-05-04T15:00:00Z')], 'portcall_shift_details.1.start_time', /already planned/],
      [[card(2, ...day)], 'portcall_shift_details.0.shift_number', /shift 1/],
    ];
    for (const [details, path, message] of cases) {
      const res = await putPlan(call.id, call.version, details);
      expect(res.statusCode, JSON.stringify(details)).toBe(400);
      const errors = res.json().payload.errors as { path: string; message: string }[];
      expect(errors.find((e) => e.path === path)?.message, res.body).toMatch(message);
    }

    // A holiday closes the day shift: no work may be planned in it.
    const holiday = await w.planner('POST', '/non_working_times', { terminal_id: w.terminal.id, kind: 'holiday', reason: 'Labour day (moved)', starts_at: '2027-05-04T04:00:00Z', ends_at: '2027-05-04T16:00:00Z' });
    expect(holiday.statusCode, holiday.body).toBe(200);
    const closed = await putPlan(call.id, call.version, [card(1, ...day, { discharge: 10 })]);
    expect(closed.json().payload.errors).toContainEqual({ path: 'portcall_shift_details.0.start_time', message: 'The terminal does not work in this shift' });
    const shown = await board('from=2027-05-04&days=1');
    expect(shown.shiftsList[0]).toMatchObject({ closed: true, working_minutes: 0, non_working_time_ids: [holiday.json().payload.id] });

    const after = await w.planner('GET', `/portcalls/${call.id}`);
    expect(after.json().payload).toMatchObject({ version: call.version, portcall_shift_details: [] });
    expect((await w.planner('DELETE', `/non_working_times/${holiday.json().payload.id}`)).statusCode).toBe(200);
  });

  it('keeps cargo and shift volumes in step when the call syncs them, and shows the mismatch when it does not', async () => {
    const synced = await createCall('2027-06-08T04:00:00Z', '2027-06-09T04:00:00Z', { sync_shift_cargo_volumes: true, cargo_details: [{ cargo_type: 'General', discharge: 600, load: 100 }, { cargo_type: 'General', discharge: 200 }] });
    const plan = [card(1, '2027-06-08T04:00:00Z', '2027-06-08T16:00:00Z', { discharge: 700, load: 100 }), card(2, '2027-06-08T16:00:00Z', '2027-06-09T04:00:00Z', { discharge: 300, load: 100 })];
    const res = await putPlan(synced.id, synced.version, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.portcall).toMatchObject({ cargo: { discharge: 1000, load: 200 }, planned: { discharge: 1000, load: 200 }, volume_mismatch: false });
    const cargo = (await w.planner('GET', `/portcalls/${synced.id}`)).json().payload.cargo_details as { discharge: number; load: number }[];
    expect(cargo.map((c) => [c.discharge, c.load])).toEqual([[750, 200], [250, 0]]);

    // And from the cargo side: the port-call form halves the discharge, the cards follow in proportion.
    const current = (await w.planner('GET', `/portcalls/${synced.id}`)).json().payload;
    const edited = await w.planner('PUT', `/portcalls/${synced.id}`, { version: current.version, cargo_details: [{ cargo_type: 'General', discharge: 500, load: 200 }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().payload.portcall_shift_details.map((d: { discharge: number; load: number }) => [d.discharge, d.load])).toEqual([[350, 100], [150, 100]]);

    const loose = await createCall('2027-06-10T04:00:00Z', '2027-06-11T04:00:00Z', { cargo_details: [{ cargo_type: 'General', discharge: 600 }] });
    const loosePlan = (await putPlan(loose.id, loose.version, [card(1, '2027-06-10T04:00:00Z', '2027-06-10T16:00:00Z', { discharge: 500 })])).json().payload.portcall;
    expect(loosePlan).toMatchObject({ cargo: { discharge: 600 }, planned: { discharge: 500 }, volume_mismatch: true });
    expect((await board('from=2027-06-10&days=1')).problems).toContainEqual({ kind: 'volume_mismatch', shift_key: null, portcall_ids: [loose.id], equipment_number: null, demanded: 500, available: 600 });
  });

  it('prefills a call\u2019s shifts from its cargo and rate, skipping closed shifts, and proposes free equipment', async () => {
    const call = await createCall('2027-07-06T04:00:00Z', '2027-07-07T16:00:00Z', { cargo_operations_start: '2027-07-06T04:00:00Z', cargo_operations_end: '2027-07-07T16:00:00Z', cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 600, load: 300, units_per_hour: 25, crane_intensity: 2 }] });
    await w.planner('POST', '/non_working_times', { terminal_id: w.terminal.id, kind: 'closed_shift', reason: 'Night closed', starts_at: '2027-07-06T16:00:00Z', ends_at: '2027-07-07T04:00:00Z' });
    const res = await w.planner('POST', '/prefill_shift_details', { terminal_id: w.terminal.id, portcall_id: call.id });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json().payload as { shift_number: number; start_time: string; discharge: number; load: number; gangs: number; shift_name: string }[];
    // 50 moves an hour: the first day shift takes 600 of the 900, the closed night nothing, the next day the rest.
    expect(plan.map((p) => [p.shift_name, p.start_time, p.discharge + p.load, p.gangs])).toEqual([
      ['Day', '2027-07-06T04:00:00.000Z', 600, 2],
      ['Day', '2027-07-07T04:00:00.000Z', 300, 2],
    ]);
    expect(plan.reduce((a, p) => a + p.discharge, 0)).toBe(600);
    const saved = await putPlan(call.id, call.version, plan.map(({ shift_name: _n, ...d }) => d));
    expect(saved.statusCode, saved.body).toBe(200);

    const free = (await w.planner('POST', '/prefill_equipment_details', { terminal_id: w.terminal.id, portcall_id: call.id })).json().payload as { equipment_number: string; start_time: string }[];
    expect(free.map((f) => f.equipment_number).sort()).toEqual(['MHC-1', 'RS-1', 'RS-2']);
    expect(free[0]!.start_time).toBe('2027-07-06T04:00:00.000Z');
    expect((await w.planner('POST', '/prefill_shift_details', { terminal_id: w.terminal.id })).statusCode).toBe(400);
  });

  it('keeps non-working times per terminal: everyone linked reads them, only the terminal changes them, every board hears of it', async () => {
    const body = { terminal_id: w.terminal.id, kind: 'break', reason: 'Crew meeting', starts_at: '2027-08-03T10:00:00Z', ends_at: '2027-08-03T12:00:00Z' };
    expect((await w.agent('POST', '/non_working_times', body)).statusCode).toBe(403);
    expect((await w.planner('POST', '/non_working_times', { ...body, ends_at: '2027-08-03T09:00:00Z' })).statusCode).toBe(400);
    const created = (await w.planner('POST', '/non_working_times', body)).json().payload;
    const listed = (await w.agent('GET', `/non_working_times?terminal_id=${w.terminal.id}&from=2027-08-01T00:00:00Z&to=2027-08-05T00:00:00Z`)).json().payload;
    expect(listed).toEqual([{ id: created.id, terminal_id: w.terminal.id, kind: 'break', reason: 'Crew meeting', starts_at: '2027-08-03T10:00:00.000Z', ends_at: '2027-08-03T12:00:00.000Z' }]);
    const shown = await board('from=2027-08-03&days=1');
    expect(shown.shiftsList[0]).toMatchObject({ working_minutes: 600, closed: false });
    const event = await t.database.db.selectFrom('realtime_events').select(['event', 'payload']).where('channel', '=', `Terminal.${w.terminal.id}`).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ event: 'shift_calendar.updated', payload: { terminal_id: w.terminal.id } });
    expect((await w.agent('DELETE', `/non_working_times/${created.id}`)).statusCode).toBe(403);
    expect((await w.planner('DELETE', `/non_working_times/${created.id}`)).statusCode).toBe(200);
    expect((await w.planner('DELETE', `/non_working_times/${created.id}`)).statusCode).toBe(404);
  });

  it('downloads the shift plan (a row per call and shift) and the shift report (a row per shift) as csv and xlsx, in the user\u2019s language', async () => {
    const vessel = await createVessel(t.database.db, { vesselOperatorId: w.operator.id });
    await createCall('2027-09-07T04:00:00Z', '2027-09-08T04:00:00Z', {
      vessel_id: vessel.id,
      portcall_shift_details: [card(1, '2027-09-07T04:00:00Z', '2027-09-07T16:00:00Z', { discharge: 120, gangs: 2, actual_moves: 110 }), card(2, '2027-09-07T16:00:00Z', '2027-09-08T04:00:00Z', { load: 80, gangs: 1 })],
    });
    await createCall('2027-09-07T06:00:00Z', '2027-09-07T15:00:00Z', { portcall_shift_details: [card(1, '2027-09-07T06:00:00Z', '2027-09-07T15:00:00Z', { discharge: 40, gangs: 1 })] });
    const query = `terminal_id=${w.terminal.id}&from=2027-09-07&days=2`;
    const plan = await w.planner('GET', `/portcall-shifts/download?${query}&type=csv&bom=false`);
    expect(plan.statusCode).toBe(200);
    expect(plan.headers['content-disposition']).toContain('shift-plan-2027-09-07-2d.csv');
    const planLines = plan.body.trim().replaceAll('"', '').split(/\r?\n/);
    expect(planLines[0]).toMatch(/^Date,Shift,Shift start,Shift end,Vessel,IMO/);
    expect(planLines).toHaveLength(1 + 3);
    expect(planLines[1]).toContain('2027-09-07 06:00');

    const report = await w.planner('GET', `/shift-reports/download?${query}&type=csv&bom=false`);
    const reportLines = report.body.trim().replaceAll('"', '').split(/\r?\n/);
    expect(reportLines).toHaveLength(1 + 4);
    expect(reportLines[1]).toMatch(/^2027-09-07,Day,2027-09-07 06:00,2027-09-07 18:00,12,,2,.*,3,\d+,,160,110,13.3,9.2,3.1$/);

    // The vessel side downloads its own calls only: another company's operator gets the shifts and no call.
    const other = await createOrganisation(t.database.db, 'vessel_operator');
    const stranger = await signIn(t.app, t.database.db, { userType: 'vessel_operator', organisationId: other.id, terminalIds: [w.terminal.id] });
    expect((await stranger.call('GET', `/portcall-shifts/download?${query}&type=csv&bom=false`)).body.trim().split(/\r?\n/)).toHaveLength(1);
    expect((await w.agent('GET', `/portcall-shifts/download?${query}&type=csv&bom=false`)).body.trim().split(/\r?\n/)).toHaveLength(1 + 3);

    const german = await signIn(t.app, t.database.db, { terminalIds: [w.terminal.id], locale: 'de' });
    const xlsx = await german.call('GET', `/shift-reports/download?${query}&type=xlsx`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Schichtbericht');
    expect(sheet.getRow(1).getCell(1).value).toBe('Datum');
    expect(sheet.rowCount).toBe(1 + 4);
    const planBook = new ExcelJS.Workbook();
    await planBook.xlsx.load((await german.call('GET', `/portcall-shifts/download?${query}&type=xlsx`)).rawPayload as unknown as ArrayBuffer);
    expect(planBook.worksheets[0]!.rowCount).toBe(1 + 3);
  });
});
