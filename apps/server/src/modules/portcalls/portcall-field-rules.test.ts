import type { TPortcall } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const H = 3600_000;

describe.each(DB_TARGETS)('the field rules of a port call on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let call: TPortcall;
  const at = (hours: number) => new Date(Date.UTC(2027, 4, 3, 6) + hours * H).toISOString();
  const current = async (id = call.id) => (await w.planner('GET', `/portcalls/${id}`)).json().payload as TPortcall;
  const cardsOf = (c: TPortcall) => c.portcall_shift_details.map(({ id: _id, portcall_id: _p, total_resources: _r, ...card }) => card);

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    const res = await w.vesselSide('POST', '/portcalls', w.request(at(0), at(30), { agent_id: null }));
    expect(res.statusCode, res.body.slice(0, 400)).toBe(201);
    const booked = res.json().payload as TPortcall;
    // The terminal plans the call's shifts: one card of 4 gangs.
    const planned = await w.planner('PUT', `/portcalls/${booked.id}/shift_details`, { version: booked.version, portcall_shift_details: [{ shift_number: 1, start_time: at(2), end_time: at(10), gangs: 4, discharge: 200 }] });
    expect(planned.statusCode).toBe(200);
    call = await current(booked.id);
  });
  afterAll(async () => t?.close());

  it('refuses the vessel operator the shift plan through the general edit (4 to 5 gangs), as its own route does', async () => {
    const cards = cardsOf(call).map((card) => ({ ...card, gangs: 5 }));
    const res = await w.vesselSide('PUT', `/portcalls/${call.id}`, { version: call.version, portcall_shift_details: cards });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toEqual({ status: 'FORBIDDEN', message: 'Only the terminal changes portcall_shift_details.' });
    expect((await w.vesselSide('PUT', `/portcalls/${call.id}/shift_details`, { version: call.version, portcall_shift_details: cards })).statusCode).toBe(403);
    const after = await current();
    expect(after.portcall_shift_details.map((c) => c.gangs)).toEqual([4]);
    expect(after.version).toBe(call.version);
    // The terminal changes it through either.
    const byTerminal = await w.planner('PUT', `/portcalls/${call.id}`, { version: call.version, portcall_shift_details: cards });
    expect(byTerminal.statusCode).toBe(200);
    call = byTerminal.json().payload;
    expect(call.portcall_shift_details.map((c) => c.gangs)).toEqual([5]);
  });

  it('refuses the vessel side crane and equipment bookings and the volume sync', async () => {
    const booking = [{ cargo_handling_equipment_id: w.geometry.equipment[0]!.id, start_time: at(3), end_time: at(8) }];
    const refused = await w.vesselSide('PUT', `/portcalls/${call.id}`, { version: call.version, equipment_details: booking, sync_shift_cargo_volumes: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().payload.errors.map((e: { path: string }) => e.path)).toEqual(['sync_shift_cargo_volumes', 'equipment_details']);
    expect((await current()).equipment_details).toEqual([]);
  });

  it('lets nobody forge a PRISE answer through the general edit: it stays what the PRISE workflow set', async () => {
    for (const api of [w.vesselSide, w.planner]) {
      const res = await api('PUT', `/portcalls/${call.id}`, { version: call.version, prise_status: 'prise_accepted', prise_message: 'Approved', prise_code: 'OK-1' });
      expect(res.statusCode).toBe(403);
      expect(res.json().status.message).toBe('Only the PRISE workflow sets prise_status, prise_message, prise_code.');
    }
    const forgedOnCreate = await w.vesselSide('POST', '/portcalls', w.request(at(100), at(120), { agent_id: null, prise_status: 'prise_accepted' }));
    expect(forgedOnCreate.statusCode).toBe(403);
    const listed = (await w.planner('GET', `/portcalls?vessel_id=${w.vessel.id}&per_page=100`)).json().payload.items as TPortcall[];
    expect(listed.find((c) => c.id === call.id)?.prise_status ?? null).toBe(call.prise_status);
    expect(listed.some((c) => c.prise_status === 'prise_accepted')).toBe(false);
  });

  it('accepts the read-only fields sent back as they are, with a change the vessel side may make', async () => {
    const { card_colour, berth_start_position, is_bollards_linked, prise_status, sync_shift_cargo_volumes } = call;
    const res = await w.vesselSide('PUT', `/portcalls/${call.id}`, { version: call.version, card_colour, berth_start_position, is_bollards_linked, prise_status, sync_shift_cargo_volumes, portcall_shift_details: cardsOf(call), comment: 'Gangway on starboard' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    call = res.json().payload;
    expect(call.comment).toBe('Gangway on starboard');
  });
});
