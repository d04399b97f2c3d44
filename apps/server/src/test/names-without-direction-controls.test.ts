import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVessel } from './fixtures';
import { createPortcallWorld } from './portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';
import { up } from '../db/migrations/0026-names-without-direction-controls';

describe.each(DB_TARGETS)('stored names lose their direction controls on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('removes the controls from vessel, call and shift-card names written before they were refused, and leaves other names alone', async () => {
    const db = t.database.db;
    const w = await createPortcallWorld(t);
    const reversed = await createVessel(db, { name: 'NORDIC \u202EEXE.RATS' });
    const arabic = await createVessel(db, { name: 'مرسى الشمال' });
    const call = (await w.planner('POST', '/portcalls', w.request('2027-05-01T06:00:00Z', '2027-05-02T06:00:00Z', { service_name: 'Baltic Loop' }))).json().payload;
    await db.updateTable('portcalls').set({ service_name: 'Baltic\u2067 Loop\u2069', voyage_number_import: '\u200F601N' }).where('id', '=', call.id).execute();
    await db
      .insertInto('portcall_shift_details')
      .values({ portcall_id: call.id, shift_number: 1, start_time: '2027-05-01T08:00:00Z', end_time: '2027-05-01T14:00:00Z', contact_person_name: 'Anna\u202D Actor', equipment_numbers: ['QC\u202E1', 'RS-2'] })
      .execute();

    await up(db as never);

    const vessels = await db.selectFrom('vessels').select(['id', 'name']).where('id', 'in', [reversed.id, arabic.id]).orderBy('id').execute();
    expect(vessels.map((v) => v.name)).toEqual(['NORDIC EXE.RATS', 'مرسى الشمال']);
    expect(await db.selectFrom('portcalls').select(['service_name', 'voyage_number_import']).where('id', '=', call.id).executeTakeFirstOrThrow()).toEqual({ service_name: 'Baltic Loop', voyage_number_import: '601N' });
    expect(await db.selectFrom('portcall_shift_details').select(['contact_person_name', 'equipment_numbers']).where('portcall_id', '=', call.id).executeTakeFirstOrThrow()).toEqual({ contact_person_name: 'Anna Actor', equipment_numbers: ['QC1', 'RS-2'] });
    // The call reads again under the schemas that now refuse such names.
    expect((await w.planner('GET', `/portcalls/${call.id}`)).statusCode).toBe(200);
  });
});
