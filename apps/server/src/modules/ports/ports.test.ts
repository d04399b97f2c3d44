import { ZPort } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTerminalGeometry, createPort, createTerminal, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('ports and pilot boarding places on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('finds ports by the first letters of their UN/LOCODE or any part of the name, in any case', async () => {
    const db = t.database.db;
    const { call } = await signIn(t.app, db, { userType: 'vessel_operator' });
    const rotterdam = await createPort(db, { unlocode: 'QNRTM', name: 'Rotterdam (test)' });
    const rostock = await createPort(db, { unlocode: 'QDRSK', name: 'Rostock (test)' });

    const byCode = (await call('GET', '/ports?q=qnrtm')).json();
    expect(byCode.status.status).toBe('SUCCESS');
    expect(byCode.payload.items).toEqual([{ id: rotterdam.id, unlocode: 'QNRTM', name: 'Rotterdam (test)', country_code: 'QN', time_zone: 'Europe/Berlin', latitude: null, longitude: null }]);
    expect((await call('GET', '/ports?q=QN')).json().payload.items.map((p: { id: number }) => p.id)).toEqual([rotterdam.id]);
    const byName = (await call('GET', '/ports?q=(TEST)')).json().payload;
    expect(byName.items.map((p: { id: number }) => p.id)).toEqual([rostock.id, rotterdam.id]);
    expect(byName.meta).toEqual({ page: 1, per_page: 25, total_count: 2, total_pages: 1 });
    expect((await call('GET', '/ports?q=RTM')).json().payload.items.map((p: { id: number }) => p.id)).not.toContain(rotterdam.id);
  });

  it('pages the whole list', async () => {
    const db = t.database.db;
    const { call } = await signIn(t.app, db);
    for (let i = 0; i < 3; i++) await createPort(db);
    const all = (await call('GET', '/ports?per_page=100')).json().payload;
    for (const p of all.items) ZPort.parse(p);
    const total = all.meta.total_count as number;
    expect(total).toBeGreaterThanOrEqual(5);
    const page = (await call('GET', '/ports?per_page=2&page=2')).json().payload;
    expect(page.meta).toEqual({ page: 2, per_page: 2, total_count: total, total_pages: Math.ceil(total / 2) });
    expect(page.items).toEqual(all.items.slice(2, 4));
  });

  it('lists the pilot boarding places of any port, farthest out first; 404 for an unknown port', async () => {
    const db = t.database.db;
    const { call } = await signIn(t.app, db, { userType: 'agent' });
    const terminal = await createTerminal(db);
    const { portId, pilotBoardingPlaces } = await addTerminalGeometry(db, terminal.id);
    const res = await call('GET', `/pilot_boarding_places?port_id=${portId}`);
    expect(res.statusCode).toBe(200);
    const places = res.json().payload as { id: number; port_id: number; sailing_time_to_berth_minutes: number }[];
    for (const p of pilotBoardingPlaces) expect(places.map((x) => x.id)).toContain(p.id);
    for (const p of places) expect(p.port_id).toBe(portId);
    const minutes = places.map((p) => p.sailing_time_to_berth_minutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a));

    const empty = await createPort(db);
    expect((await call('GET', `/pilot_boarding_places?port_id=${empty.id}`)).json().payload).toEqual([]);
    const missing = await call('GET', '/pilot_boarding_places?port_id=99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status.status).toBe('NOT_FOUND');
    const invalid = await call('GET', '/pilot_boarding_places');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().payload.errors[0].path).toBe('port_id');
  });

  it('needs a session', async () => {
    for (const url of ['/ports', '/pilot_boarding_places?port_id=1']) expect((await t.app.inject({ method: 'GET', url: `/api/portal/v1${url}` })).statusCode).toBe(401);
  });
});
