import { ZTerminalDetail, localizedName } from '@quayline/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedJson } from '../../db/stored-json';
import { addTerminalGeometry, createTerminal, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('terminals on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  /** Terminal A (with geometry) linked to the user, terminal B (with geometry) linked to someone else. */
  async function twoTerminals(userType: 'terminal_operator' | 'vessel_operator' | 'agent' = 'terminal_operator') {
    const db = t.database.db;
    const a = await createTerminal(db);
    const b = await createTerminal(db);
    const geometryA = await addTerminalGeometry(db, a.id);
    await addTerminalGeometry(db, b.id);
    const me = await signIn(t.app, db, { userType, terminalIds: [a.id] });
    return { a, b, geometryA, ...me };
  }

  it('lists only the terminals the user is linked to, with port, operator and quay figures', async () => {
    const { a, call } = await twoTerminals();
    const res = await call('GET', '/terminals');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status.status).toBe('SUCCESS');
    expect(body.payload).toHaveLength(1);
    expect(body.payload[0]).toMatchObject({ id: a.id, quay_length_m: 1000, min_clearance_m: 10, time_zone: 'Europe/Berlin' });
    expect(body.payload[0].port).toEqual({ id: expect.any(Number), unlocode: expect.stringMatching(/^[A-Z]{2}[A-Z2-9]{3}$/), name: expect.any(String) });
    expect(body.payload[0].terminal_operator).toEqual({ id: expect.any(Number), code: expect.any(String), name: expect.any(String) });
  });

  it('answers a linked terminal with its sections, bollards, shifts and the pilot boarding places of its port', async () => {
    const { a, geometryA, call } = await twoTerminals();
    const res = await call('GET', `/terminals/${a.id}`);
    expect(res.statusCode).toBe(200);
    const terminal = ZTerminalDetail.parse(res.json().payload);
    expect(terminal.sections.map((s) => [s.berth_type, s.start_position_m, s.end_position_m, s.water_depth_m])).toEqual([
      ['Berth', 0, 400, 15.5],
      ['Buffer Zone', 400, 450, 12],
      ['Berth', 450, 1000, 13.25],
    ]);
    expect(terminal.bollards).toHaveLength(20);
    expect(terminal.bollards[0]).toEqual({ id: geometryA.bollards[0]!.id, name: 'P01', position_m: 10 });
    expect(typeof terminal.bollards[1]!.position_m).toBe('number');
    expect(terminal.shifts).toEqual([
      { id: expect.any(Number), shift_number: 1, name: 'Day', names: {}, start_time: '06:00', end_time: '18:00' },
      { id: expect.any(Number), shift_number: 2, name: 'Night', names: {}, start_time: '18:00', end_time: '06:00' },
    ]);
    const pbpIds = terminal.pilot_boarding_places.map((p) => p.id);
    for (const p of geometryA.pilotBoardingPlaces) expect(pbpIds).toContain(p.id);
    for (const p of terminal.pilot_boarding_places) expect(p.port_id).toBe(geometryA.portId);
  });

  it("answers the names of shifts and pilot boarding places per language, leaving out names stored in a shape it cannot read", async () => {
    const { a, geometryA, call } = await twoTerminals();
    const db = t.database.db;
    const [day, night] = await db.selectFrom('terminal_shifts').select('id').where('terminal_id', '=', a.id).orderBy('shift_number').execute();
    await db.updateTable('terminal_shifts').set({ names: storedJson('localized_names', { de: 'Tagschicht', fr: 'Équipe de jour' }) }).where('id', '=', day!.id).execute();
    // Written past the schema, as a hand-made SQL update could: the shift still answers, with its own name only.
    await sql`update terminal_shifts set names = '{"de": 42}'::jsonb where id = ${night!.id}`.execute(db);
    const place = geometryA.pilotBoardingPlaces[0]!;
    await db.updateTable('pilot_boarding_places').set({ names: storedJson('localized_names', { de: 'Lotsenversetzposition' }) }).where('id', '=', place.id).execute();
    const terminal = ZTerminalDetail.parse((await call('GET', `/terminals/${a.id}`)).json().payload);
    expect(terminal.shifts.map((s) => [localizedName(s, 'de'), localizedName(s, 'fr'), localizedName(s, 'es')])).toEqual([
      ['Tagschicht', 'Équipe de jour', 'Day'],
      ['Night', 'Night', 'Night'],
    ]);
    expect(terminal.shifts[1]!.names).toEqual({});
    expect(localizedName(terminal.pilot_boarding_places.find((p) => p.id === place.id)!, 'de')).toBe('Lotsenversetzposition');
    expect(() => storedJson('localized_names', { de: 'x'.repeat(81) })).toThrow(/localized_names/);
  });

  it('answers 404 for a terminal the user is not linked to, exactly as for one that does not exist', async () => {
    const { b, call } = await twoTerminals();
    const other = await call('GET', `/terminals/${b.id}`);
    const missing = await call('GET', '/terminals/999999');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ status: { status: 'NOT_FOUND' }, payload: { error_code: 'NOT_FOUND' } });
    expect(other.json()).toEqual(missing.json());
  });

  it('refuses a terminal id that is not a positive whole number', async () => {
    const { call } = await twoTerminals();
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await call('GET', `/terminals/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().status.status).toBe('VALIDATION_FAILED');
      expect(res.json().payload.errors[0].path).toBe('id');
    }
  });

  it('needs a session for every terminal endpoint', async () => {
    const { a } = await twoTerminals();
    for (const [method, url] of [
      ['GET', '/terminals'],
      ['GET', `/terminals/${a.id}`],
      ['GET', '/terminals/current_terminal'],
      ['GET', '/portal_user_terminals'],
      ['PUT', '/update_last_used_terminal'],
      ['GET', `/terminal_cranes?terminal_id=${a.id}`],
      ['GET', `/cargo_handling_equipments?terminal_id=${a.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/portal/v1${url}`, ...(method === 'PUT' ? { payload: { terminal_id: a.id } } : {}) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().status.status).toBe('UNAUTHORIZED');
    }
  });

  it('publishes every master-data endpoint in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/portal/v1/openapi.json' })).json();
    const expected: [string, string][] = [
      ['/terminals', 'get'],
      ['/terminals/{id}', 'get'],
      ['/terminals/current_terminal', 'get'],
      ['/portal_user_terminals', 'get'],
      ['/update_last_used_terminal', 'put'],
      ['/blocked_zones', 'get'],
      ['/blocked_zones', 'post'],
      ['/blocked_zones/{id}', 'delete'],
      ['/terminal_cranes', 'get'],
      ['/cargo_handling_equipments', 'get'],
      ['/vessels', 'get'],
      ['/vessels', 'post'],
      ['/vessels/{id}', 'get'],
      ['/vessel_operators', 'get'],
      ['/agents', 'get'],
      ['/ports', 'get'],
      ['/pilot_boarding_places', 'get'],
    ];
    for (const [path, method] of expected) expect(doc.paths[`/api/portal/v1${path}`]?.[method], `${method} ${path}`).toBeDefined();
    const vesselQuery = doc.paths['/api/portal/v1/vessels'].get.parameters.map((p: { name: string }) => p.name);
    expect(vesselQuery).toEqual(expect.arrayContaining(['q', 'page', 'per_page']));
  });

  describe('the current terminal', () => {
    it('is the first linked terminal by name while none was used yet', async () => {
      const db = t.database.db;
      const x = await createTerminal(db);
      const y = await createTerminal(db);
      await db.updateTable('terminals').set({ name: 'Zulu quay' }).where('id', '=', x.id).execute();
      await db.updateTable('terminals').set({ name: 'Alpha quay' }).where('id', '=', y.id).execute();
      const { call } = await signIn(t.app, db, { terminalIds: [x.id, y.id] });
      const current = await call('GET', '/terminals/current_terminal');
      expect(current.statusCode).toBe(200);
      expect(current.json().payload).toMatchObject({ id: y.id, name: 'Alpha quay' });
      expect(current.json().payload.sections).toEqual([]);
      const links = (await call('GET', '/portal_user_terminals')).json().payload;
      expect(links).toEqual([
        { terminal_id: y.id, terminal_code: expect.any(String), terminal_name: 'Alpha quay', is_current: true },
        { terminal_id: x.id, terminal_code: expect.any(String), terminal_name: 'Zulu quay', is_current: false },
      ]);
    });

    it('follows update_last_used_terminal, which stores the choice on the user', async () => {
      const { a, call, user } = await twoTerminals();
      const c = await createTerminal(t.database.db);
      await t.database.db.insertInto('portal_user_terminals').values({ portal_user_id: user.id, terminal_id: c.id }).execute();
      const res = await call('PUT', '/update_last_used_terminal', { terminal_id: c.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.id).toBe(c.id);
      const stored = await t.database.db.selectFrom('portal_users').select('last_used_terminal_id').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored.last_used_terminal_id).toBe(c.id);
      expect((await call('GET', '/terminals/current_terminal')).json().payload.id).toBe(c.id);
      const links = (await call('GET', '/portal_user_terminals')).json().payload as { terminal_id: number; is_current: boolean }[];
      expect(links.filter((l) => l.is_current).map((l) => l.terminal_id)).toEqual([c.id]);
      expect(links.map((l) => l.terminal_id).sort()).toEqual([a.id, c.id].sort());
    });

    it('falls back to the first linked terminal when the last used one is no longer linked', async () => {
      const db = t.database.db;
      const x = await createTerminal(db);
      const y = await createTerminal(db);
      const { call, user } = await signIn(t.app, db, { terminalIds: [x.id, y.id] });
      await call('PUT', '/update_last_used_terminal', { terminal_id: y.id });
      await db.deleteFrom('portal_user_terminals').where('portal_user_id', '=', user.id).where('terminal_id', '=', y.id).execute();
      expect((await call('GET', '/terminals/current_terminal')).json().payload.id).toBe(x.id);
    });

    it('is 404 for a user linked to no terminal', async () => {
      const { call } = await signIn(t.app, t.database.db);
      const res = await call('GET', '/terminals/current_terminal');
      expect(res.statusCode).toBe(404);
      expect(res.json().status.status).toBe('NOT_FOUND');
      expect((await call('GET', '/portal_user_terminals')).json().payload).toEqual([]);
      expect((await call('GET', '/terminals')).json().payload).toEqual([]);
    });

    it('refuses to select a terminal the user is not linked to (403) and keeps the old choice', async () => {
      const { a, b, call, user } = await twoTerminals();
      await call('PUT', '/update_last_used_terminal', { terminal_id: a.id });
      for (const terminalId of [b.id, 999999]) {
        const res = await call('PUT', '/update_last_used_terminal', { terminal_id: terminalId });
        expect(res.statusCode).toBe(403);
        expect(res.json().status.status).toBe('FORBIDDEN');
      }
      const stored = await t.database.db.selectFrom('portal_users').select('last_used_terminal_id').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored.last_used_terminal_id).toBe(a.id);
    });

    it('validates the body of update_last_used_terminal', async () => {
      const { call } = await twoTerminals();
      for (const body of [{}, { terminal_id: 'one' }, { terminal_id: -1 }, { terminal_id: 1e10 }]) {
        const res = await call('PUT', '/update_last_used_terminal', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().payload.errors[0].path).toBe('terminal_id');
      }
    });
  });

  describe('cranes and cargo-handling equipment', () => {
    it('lists the cranes of a linked terminal', async () => {
      const { a, geometryA, call } = await twoTerminals('vessel_operator');
      const res = await call('GET', `/terminal_cranes?terminal_id=${a.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toEqual(
        geometryA.cranes.map((c) => ({ id: c.id, terminal_id: a.id, name: c.name, crane_type: 'STS', outreach_rows: 22, moves_per_hour: 30, rail_start_m: 0, rail_end_m: 600 })),
      );
    });

    it('lists the equipment of a linked terminal, paged, with search and type filter', async () => {
      const { a, call } = await twoTerminals('agent');
      const all = (await call('GET', `/cargo_handling_equipments?terminal_id=${a.id}`)).json().payload;
      expect(all.meta).toEqual({ page: 1, per_page: 25, total_count: 3, total_pages: 1 });
      expect(all.items.map((e: { equipment_number: string }) => e.equipment_number)).toEqual(['MHC-1', 'RS-1', 'RS-2']);
      expect(all.items[0]).toEqual({ id: expect.any(Number), terminal_id: a.id, name: 'Harbour crane', equipment_type: 'Mobile harbour crane', equipment_number: 'MHC-1' });

      const page2 = (await call('GET', `/cargo_handling_equipments?terminal_id=${a.id}&per_page=2&page=2`)).json().payload;
      expect(page2.meta).toEqual({ page: 2, per_page: 2, total_count: 3, total_pages: 2 });
      expect(page2.items.map((e: { equipment_number: string }) => e.equipment_number)).toEqual(['RS-2']);

      const stackers = (await call('GET', `/cargo_handling_equipments?terminal_id=${a.id}&equipment_type=Reach%20stacker`)).json().payload;
      expect(stackers.meta.total_count).toBe(2);
      const south = (await call('GET', `/cargo_handling_equipments?terminal_id=${a.id}&q=SOUTH`)).json().payload;
      expect(south.items.map((e: { equipment_number: string }) => e.equipment_number)).toEqual(['RS-2']);
      const byNumber = (await call('GET', `/cargo_handling_equipments?terminal_id=${a.id}&q=mhc`)).json().payload;
      expect(byNumber.meta.total_count).toBe(1);
      const wildcard = (await call('GET', `/cargo_handling_equipments?terminal_id=${a.id}&q=%25`)).json().payload;
      expect(wildcard.meta.total_count).toBe(0);
    });

    it("answers 404 for another terminal's cranes and equipment, even with its real id", async () => {
      const { b, call } = await twoTerminals();
      for (const url of [`/terminal_cranes?terminal_id=${b.id}`, `/cargo_handling_equipments?terminal_id=${b.id}`, '/terminal_cranes?terminal_id=999999']) {
        const res = await call('GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().status.status).toBe('NOT_FOUND');
      }
    });

    it('validates the equipment and crane queries', async () => {
      const { a, call } = await twoTerminals();
      const cases: [string, string][] = [
        ['/terminal_cranes', 'terminal_id'],
        ['/cargo_handling_equipments', 'terminal_id'],
        [`/cargo_handling_equipments?terminal_id=${a.id}&per_page=101`, 'per_page'],
        [`/cargo_handling_equipments?terminal_id=${a.id}&page=0`, 'page'],
        [`/cargo_handling_equipments?terminal_id=${a.id}&equipment_type=Spaceship`, 'equipment_type'],
      ];
      for (const [url, path] of cases) {
        const res = await call('GET', url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().status.status).toBe('VALIDATION_FAILED');
        expect(res.json().payload.errors.map((e: { path: string }) => e.path)).toContain(path);
      }
    });
  });
});
