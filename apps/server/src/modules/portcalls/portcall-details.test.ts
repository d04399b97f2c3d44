import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('port-call details on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
  });
  afterAll(async () => t?.close());

  it('computes cargo figures from a tier table and ignores typed totals', async () => {
    const zeros = { '20': 0, '40': 0, '45': 0 };
    const call = await w.planner('POST', '/portcalls', w.request('2026-09-01T06:00:00Z', '2026-09-02T06:00:00Z', {
      cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 999, quantities: { tier: 3, unit: 'containers', values: { discharge: { full: { '20': 10, '40': 30, '45': 2 }, empty: { '20': 5, '40': 0, '45': 0 } }, load: { full: { '20': 3, '40': 0, '45': 0 }, empty: zeros }, restow: { full: zeros, empty: zeros } } } }],
    }));
    expect(call.statusCode).toBe(201);
    const detail = call.json().payload.cargo_details[0];
    expect(detail).toMatchObject({ discharge: 47, load: 3, restow: 0, total: 50 });
    expect(detail.quantity_totals.columns.discharge).toEqual({ '20': 15, '40': 30, '45': 2 });
    expect(detail.quantities.tier).toBe(3);
  });

  it('books equipment inside the berth window and refuses a double booking or foreign equipment', async () => {
    const [crane, stacker] = w.geometry.equipment;
    const a = await w.planner('POST', '/portcalls', w.request('2026-09-10T06:00:00Z', '2026-09-11T06:00:00Z', { equipment_details: [{ cargo_handling_equipment_id: crane!.id, start_time: '2026-09-10T08:00:00Z', end_time: '2026-09-10T20:00:00Z' }] }));
    expect(a.statusCode).toBe(201);
    expect(a.json().payload.equipment_details[0]).toMatchObject({ equipment_number: 'MHC-1', start_time: '2026-09-10T08:00:00.000Z' });
    const clash = await w.planner('POST', '/portcalls', w.request('2026-09-10T10:00:00Z', '2026-09-11T10:00:00Z', { equipment_details: [{ cargo_handling_equipment_id: crane!.id, start_time: '2026-09-10T12:00:00Z', end_time: '2026-09-10T14:00:00Z' }] }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json().payload.errors[0].path).toBe('equipment_details.0.cargo_handling_equipment_id');
    const outside = await w.planner('POST', '/portcalls', w.request('2026-09-12T06:00:00Z', '2026-09-13T06:00:00Z', { equipment_details: [{ cargo_handling_equipment_id: stacker!.id, start_time: '2026-09-12T02:00:00Z', end_time: '2026-09-12T08:00:00Z' }] }));
    expect(outside.json().payload.errors[0].path).toBe('equipment_details.0.start_time');
    const foreign = await w.planner('POST', '/portcalls', w.request('2026-09-12T06:00:00Z', '2026-09-13T06:00:00Z', { equipment_details: [{ cargo_handling_equipment_id: 999999, start_time: '2026-09-12T08:00:00Z', end_time: '2026-09-12T09:00:00Z' }] }));
    expect(foreign.statusCode).toBe(400);

    const free = (await w.planner('POST', '/prefill_equipment_details', { terminal_id: w.terminal.id, start_time: '2026-09-10T09:00:00Z', end_time: '2026-09-10T10:00:00Z' })).json().payload;
    expect(free.map((e: { equipment_number: string }) => e.equipment_number)).not.toContain('MHC-1');
    expect(free.map((e: { equipment_number: string }) => e.equipment_number)).toContain('RS-1');
    const hours = (await w.planner('POST', '/calculated_equipment_details', { equipment_details: [{ cargo_handling_equipment_id: crane!.id, start_time: '2026-09-10T08:00:00Z', end_time: '2026-09-10T20:30:00Z' }] })).json().payload;
    expect(hours.total_hours).toBe(12.5);
  });

  it('takes crane bookings and shift plans along when the call moves, releasing a booking that would double-book', async () => {
    const [crane, stacker] = w.geometry.equipment;
    const call = (
      await w.planner('POST', '/portcalls', w.request('2026-10-05T06:00:00Z', '2026-10-06T06:00:00Z', {
        equipment_details: [
          { cargo_handling_equipment_id: crane!.id, start_time: '2026-10-05T08:00:00Z', end_time: '2026-10-05T20:00:00Z' },
          { cargo_handling_equipment_id: stacker!.id, start_time: '2026-10-05T08:00:00Z', end_time: '2026-10-06T04:00:00Z' },
        ],
        portcall_shift_details: [{ shift_number: 1, start_time: '2026-10-05T08:00:00Z', end_time: '2026-10-05T16:00:00Z', discharge: 400, gangs: 2 }],
      }))
    ).json().payload;
    // Another call holds the crane six hours later, where the first call's booking would land.
    const other = await w.planner('POST', '/portcalls', w.request('2026-10-05T20:00:00Z', '2026-10-06T20:00:00Z', { berth_start_position: 800, berth_end_position: 1000, equipment_details: [{ cargo_handling_equipment_id: crane!.id, start_time: '2026-10-05T22:00:00Z', end_time: '2026-10-06T02:00:00Z' }] }));
    expect(other.statusCode, other.body).toBe(201);

    const moved = await w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, berth_arrival: '2026-10-05T12:00:00Z', berth_departure: '2026-10-06T10:00:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json().payload;
    expect(after.equipment_details.map((e: { cargo_handling_equipment_id: number; start_time: string; end_time: string }) => [e.cargo_handling_equipment_id, e.start_time, e.end_time])).toEqual([
      [stacker!.id, '2026-10-05T14:00:00.000Z', '2026-10-06T10:00:00.000Z'],
    ]);
    expect(after.portcall_shift_details).toEqual([expect.objectContaining({ start_time: '2026-10-05T14:00:00.000Z', end_time: '2026-10-05T22:00:00.000Z', discharge: 400, gangs: 2 })]);
    const audit = (await w.planner('GET', `/portcall_audit?portcall_id=${call.id}`)).json().payload;
    const events = (Array.isArray(audit) ? audit : audit.items) as { portcall_id: number; event_type: string; field: string; old_value: unknown; new_value: unknown }[];
    expect(events.filter((e) => e.portcall_id === call.id && e.field === 'equipment_details')).toEqual([expect.objectContaining({ event_type: 'revised', old_value: 2, new_value: 1 })]);

    // Bookings the caller sends are taken as sent, not moved again.
    const sent = await w.planner('PUT', `/portcalls/${call.id}`, { version: after.version, berth_arrival: '2026-10-05T13:00:00Z', equipment_details: [] });
    expect(sent.json().payload.equipment_details).toEqual([]);
  });

  it('keeps shift details with the contact person, and prefills shifts in the terminal\u2019s time zone', async () => {
    const plan = (await w.planner('POST', '/prefill_shift_details', { terminal_id: w.terminal.id, cargo_operations_start: '2026-09-20T04:00:00Z', cargo_operations_end: '2026-09-20T22:00:00Z', discharge: 900, load: 300 })).json().payload;
    // Test terminal shifts: Day 06-18 and Night 18-06 Berlin (UTC+2 in September).
    expect(plan.map((s: { shift_number: number; start_time: string; end_time: string }) => [s.shift_number, s.start_time, s.end_time])).toEqual([
      [1, '2026-09-20T04:00:00.000Z', '2026-09-20T16:00:00.000Z'],
      [2, '2026-09-20T16:00:00.000Z', '2026-09-20T22:00:00.000Z'],
    ]);
    expect(plan.map((s: { discharge: number }) => s.discharge)).toEqual([600, 300]);
    expect(plan.reduce((sum: number, s: { load: number }) => sum + s.load, 0)).toBe(300);

    const call = await w.planner('POST', '/portcalls', w.request('2026-09-20T02:00:00Z', '2026-09-21T02:00:00Z', {
      portcall_shift_details: [{ shift_number: 1, start_time: plan[0].start_time, end_time: plan[0].end_time, discharge: 600, gangs: 3, resource_per_shift: 8, contact_person: { contact_person_name: 'Jan Hoff', contact_person_phone: '+49 40 123 45', contact_person_mail: 'jan.hoff@example.test' }, shift_equipment_details: [{ equipment_number: 'RS-1' }] }],
    }));
    expect(call.statusCode).toBe(201);
    expect(call.json().payload.portcall_shift_details[0]).toMatchObject({ gangs: 3, total_resources: 24, shift_quantity: 600, contact_person: { contact_person_name: 'Jan Hoff', contact_person_mail: 'jan.hoff@example.test' }, shift_equipment_details: [{ equipment_number: 'RS-1' }] });
    // A card sent back as read, with a shift_quantity that no longer fits, is kept by its figures: the quantity is their sum.
    const created = call.json().payload as { id: number; version: number; portcall_shift_details: Record<string, unknown>[] };
    const echoed = created.portcall_shift_details.map(({ id: _id, portcall_id: _p, total_resources: _r, ...card }) => ({ ...card, load: 50, shift_quantity: 1 }));
    const resent = await w.planner('PUT', `/portcalls/${created.id}`, { version: created.version, portcall_shift_details: echoed });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().payload.portcall_shift_details[0]).toMatchObject({ discharge: 600, load: 50, shift_quantity: 650 });
    const badMail = await w.planner('POST', '/portcalls', w.request('2026-09-22T02:00:00Z', '2026-09-23T02:00:00Z', { portcall_shift_details: [{ shift_number: 1, start_time: '2026-09-22T04:00:00Z', end_time: '2026-09-22T16:00:00Z', contact_person: { contact_person_mail: 'not-a-mail' } }] }));
    expect(badMail.statusCode).toBe(400);
  });

  it('derives classifier companions and a predicted arrival from the vessel side\u2019s estimate', async () => {
    const call = (await w.agent('POST', '/portcalls', w.request('2026-10-01T06:00:00Z', '2026-10-02T06:00:00Z'))).json().payload;
    expect(call.berth_arrival_classifier).toBe('REQ');
    const accepted = (await w.planner('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: call.version })).json().payload;
    expect(accepted.berth_arrival_classifier).toBe('PLN');
    expect(accepted.predicted_berth_arrival).toBeNull();
    const late = (await w.agent('POST', `/portcalls/${call.id}/negotiate`, { time: 'berth_arrival', action: 'estimate', date_time: '2026-10-01T08:30:00Z', version: accepted.version })).json().payload;
    expect(late.berth_arrival_classifier).toBe('EST');
    expect(late.predicted_berth_arrival).toMatchObject({ predicted_time: '2026-10-01T08:30:00.000Z', difference: 150, status: 'delayed', source: 'arrival_by_vessel' });
  });
});
