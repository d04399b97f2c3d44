import { ZVessel } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointAgency, createOrganisation, createVessel, randomImo, signIn } from '../../test/fixtures';
import { createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('vessels on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  const newVessel = (overrides: Record<string, unknown> = {}) => ({
    name: 'ELBE PIONEER',
    imo_number: randomImo(),
    vessel_type: 'CONTAINER',
    length_overall_m: 294.1,
    beam_m: 32.3,
    max_draft_m: 13.5,
    ...overrides,
  });

  describe('search', () => {
    it('finds vessels by any part of the name in any case, paged with meta', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'vessel_operator' });
      const token = `ZQX${Date.now()}`;
      for (let i = 1; i <= 7; i++) await createVessel(t.database.db, { name: `MS ${token} ${String(i).padStart(2, '0')}` });
      await createVessel(t.database.db, { name: 'UNRELATED NAME' });

      const first = (await call('GET', `/vessels?q=${token.toLowerCase()}&per_page=3`)).json();
      expect(first.status.status).toBe('SUCCESS');
      expect(first.payload.meta).toEqual({ page: 1, per_page: 3, total_count: 7, total_pages: 3 });
      expect(first.payload.items.map((v: { name: string }) => v.name)).toEqual([`MS ${token} 01`, `MS ${token} 02`, `MS ${token} 03`]);
      const last = (await call('GET', `/vessels?q=${token}&per_page=3&page=3`)).json().payload;
      expect(last.meta).toEqual({ page: 3, per_page: 3, total_count: 7, total_pages: 3 });
      expect(last.items.map((v: { name: string }) => v.name)).toEqual([`MS ${token} 07`]);
      const beyond = (await call('GET', `/vessels?q=${token}&per_page=3&page=9`)).json().payload;
      expect(beyond.items).toEqual([]);
      expect(beyond.meta.total_count).toBe(7);
      const middle = (await call('GET', `/vessels?q=${encodeURIComponent(`${token} 0`)}`)).json().payload;
      expect(middle.meta).toEqual({ page: 1, per_page: 25, total_count: 7, total_pages: 1 });
    });

    it('finds a vessel by its IMO number, exact, by first digits or with "IMO " in front', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'agent' });
      const v = await createVessel(t.database.db);
      for (const q of [v.imo_number, v.imo_number.slice(0, 5), `IMO ${v.imo_number}`, `imo${v.imo_number}`]) {
        const items = (await call('GET', `/vessels?q=${encodeURIComponent(q)}`)).json().payload.items as { id: number }[];
        expect(items.map((i) => i.id), q).toContain(v.id);
      }
      const notAPrefix = (await call('GET', `/vessels?q=${v.imo_number.slice(1)}`)).json().payload.items as { id: number }[];
      expect(notAPrefix.map((i) => i.id)).not.toContain(v.id);
    });

    it('finds a vessel by its MMSI', async () => {
      const { call } = await signIn(t.app, t.database.db);
      const v = await createVessel(t.database.db, { mmsi: '211987654' });
      const items = (await call('GET', '/vessels?q=211987654')).json().payload.items as { id: number; mmsi: string }[];
      expect(items.map((i) => i.id)).toEqual([v.id]);
      expect(items[0]!.mmsi).toBe('211987654');
    });

    it('treats % and _ in the search text as plain characters', async () => {
      const { call } = await signIn(t.app, t.database.db);
      await createVessel(t.database.db, { name: 'PERCENT TEST VESSEL' });
      expect((await call('GET', '/vessels?q=%25')).json().payload.meta.total_count).toBe(0);
      expect((await call('GET', '/vessels?q=_')).json().payload.meta.total_count).toBe(0);
    });

    it('answers every vessel without a search, each in the published shape', async () => {
      const { call } = await signIn(t.app, t.database.db);
      const operator = await createOrganisation(t.database.db, 'vessel_operator', { name: 'Nordic Line A/S' });
      await createVessel(t.database.db, { vesselOperatorId: operator.id });
      const page = (await call('GET', '/vessels?per_page=100')).json().payload;
      expect(page.meta.total_count).toBeGreaterThan(0);
      for (const v of page.items) ZVessel.parse(v);
      expect(page.items.some((v: { vessel_operator: { name: string } | null }) => v.vessel_operator?.name === 'Nordic Line A/S')).toBe(true);
    });

    it('validates paging', async () => {
      const { call } = await signIn(t.app, t.database.db);
      for (const [query, path] of [['per_page=0', 'per_page'], ['per_page=101', 'per_page'], ['page=-1', 'page'], ['page=x', 'page']]) {
        const res = await call('GET', `/vessels?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().payload.errors[0].path).toBe(path);
      }
    });
  });

  it('answers one vessel by id with numbers as numbers, and 404 for an unknown id', async () => {
    const { call } = await signIn(t.app, t.database.db, { userType: 'vessel_operator' });
    const v = await createVessel(t.database.db);
    const res = await call('GET', `/vessels/${v.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ id: v.id, imo_number: v.imo_number, length_overall_m: 199.9, beam_m: 32.2, max_draft_m: 11.5, gross_tonnage: 25_000, vessel_type: 'CONTAINER', vessel_operator: null });
    const missing = await call('GET', '/vessels/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status.status).toBe('NOT_FOUND');
  });

  it('shows a type outside the coded list as OTHER', async () => {
    const { call } = await signIn(t.app, t.database.db);
    const v = await createVessel(t.database.db, { vesselType: 'Container Ship (Fully Cellular)' });
    expect((await call('GET', `/vessels/${v.id}`)).json().payload.vessel_type).toBe('OTHER');
  });

  describe('adding a vessel', () => {
    it('lets terminal operators and agents add one (201), with its operator', async () => {
      const operator = await createOrganisation(t.database.db, 'vessel_operator');
      for (const userType of ['terminal_operator', 'agent'] as const) {
        const { call } = await signIn(t.app, t.database.db, { userType });
        const imo = randomImo();
        const res = await call('POST', '/vessels', newVessel({ imo_number: `IMO ${imo}`, mmsi: null, flag: 'lr', call_sign: 'D5AB2', gross_tonnage: 94_000, vessel_operator_id: operator.id }));
        expect(res.statusCode, userType).toBe(201);
        const vessel = ZVessel.parse(res.json().payload);
        expect(vessel).toMatchObject({ name: 'ELBE PIONEER', imo_number: imo, mmsi: null, flag: 'LR', call_sign: 'D5AB2', length_overall_m: 294.1, vessel_operator: { id: operator.id, code: operator.code, name: operator.name } });
        expect((await call('GET', `/vessels/${vessel.id}`)).json().payload).toEqual(res.json().payload);
      }
    });

    it('refuses vessel operators (403)', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'vessel_operator' });
      const imo = randomImo();
      const res = await call('POST', '/vessels', newVessel({ imo_number: imo }));
      expect(res.statusCode).toBe(403);
      expect(res.json().status.status).toBe('FORBIDDEN');
      expect(await t.database.db.selectFrom('vessels').select('id').where('imo_number', '=', imo).executeTakeFirst()).toBeUndefined();
    });

    it('refuses a name that could display reversed (a right-to-left override) with a 400 naming the field and the character', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'terminal_operator' });
      const imo = randomImo();
      const res = await call('POST', '/vessels', newVessel({ imo_number: imo, name: 'NORDIC \u202EEXE.RATS' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().payload.errors).toEqual([{ path: 'name', message: 'A name must not contain characters that change the direction of the text (found U+202E).' }]);
      expect(await t.database.db.selectFrom('vessels').select('id').where('imo_number', '=', imo).executeTakeFirst()).toBeUndefined();
      // Names in right-to-left scripts are names like any other.
      expect((await call('POST', '/vessels', newVessel({ name: 'مرسى الشمال' }))).statusCode).toBe(201);
    });

    it('enforces the IMO check digit, reported on imo_number', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'agent' });
      const good = randomImo();
      const wrongDigit = good.slice(0, 6) + String((Number(good[6]) + 1) % 10);
      for (const imo of [wrongDigit, '123456', '12345678', 'ABCDEFG']) {
        const res = await call('POST', '/vessels', newVessel({ imo_number: imo }));
        expect(res.statusCode, imo).toBe(400);
        expect(res.json().status.status).toBe('VALIDATION_FAILED');
        expect(res.json().payload.errors).toEqual([{ path: 'imo_number', message: expect.stringMatching(/IMO/) }]);
      }
    });

    it('answers 409 CONFLICT with the stored vessel for a known IMO number', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'terminal_operator' });
      const existing = await createVessel(t.database.db, { name: 'ATLAS TRADER' });
      const res = await call('POST', '/vessels', newVessel({ imo_number: existing.imo_number, name: 'SOMETHING ELSE' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().status.status).toBe('CONFLICT');
      expect(res.json().payload.current).toMatchObject({ id: existing.id, name: 'ATLAS TRADER', imo_number: existing.imo_number });
      ZVessel.parse(res.json().payload.current);
    });

    it('answers 409 with the vessel that holds a known MMSI', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'terminal_operator' });
      const existing = await createVessel(t.database.db, { mmsi: '636012345' });
      const res = await call('POST', '/vessels', newVessel({ mmsi: '636012345' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().payload.current.id).toBe(existing.id);
      expect(res.json().status.message).toMatch(/MMSI/);
    });

    it('registers a vessel once when two people add it at the same moment', async () => {
      const a = await signIn(t.app, t.database.db, { userType: 'terminal_operator' });
      const b = await signIn(t.app, t.database.db, { userType: 'agent' });
      const body = newVessel();
      const answers = await Promise.all([a.call('POST', '/vessels', body), b.call('POST', '/vessels', body)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });

    it('validates the other fields', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'terminal_operator' });
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '  ' }, 'name'],
        [{ vessel_type: 'SPACESHIP' }, 'vessel_type'],
        [{ length_overall_m: 0 }, 'length_overall_m'],
        [{ beam_m: -3 }, 'beam_m'],
        [{ max_draft_m: 31 }, 'max_draft_m'],
        [{ mmsi: '12345' }, 'mmsi'],
        [{ flag: 'GER' }, 'flag'],
        [{ gross_tonnage: 12.5 }, 'gross_tonnage'],
      ];
      for (const [overrides, path] of cases) {
        const res = await call('POST', '/vessels', newVessel(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().payload.errors.map((e: { path: string }) => e.path)).toContain(path);
      }
      const agent = await createOrganisation(t.database.db, 'agent');
      const notAnOperator = await call('POST', '/vessels', newVessel({ vessel_operator_id: agent.id }));
      expect(notAnOperator.statusCode).toBe(400);
      expect(notAnOperator.json().payload.errors).toEqual([{ path: 'vessel_operator_id', message: expect.any(String) }]);
    });
  });

  describe('the detailed type', () => {
    it('is stored when a vessel is added, answered by the vessel endpoints, changed and cleared', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'terminal_operator' });
      const added = await call('POST', '/vessels', newVessel({ vessel_type_detailed: '  Feeder container ship ' }));
      expect(added.statusCode).toBe(201);
      const vessel = ZVessel.parse(added.json().payload);
      expect(vessel.vessel_type_detailed).toBe('Feeder container ship');
      expect((await call('GET', `/vessels/${vessel.id}`)).json().payload.vessel_type_detailed).toBe('Feeder container ship');
      const listed = (await call('GET', `/vessels?q=${vessel.imo_number}`)).json().payload.items as { id: number; vessel_type_detailed: string | null }[];
      expect(listed.find((v) => v.id === vessel.id)?.vessel_type_detailed).toBe('Feeder container ship');

      // Free text: a name of the writer's own is kept as written; the coded type changes with it.
      const changed = await call('PATCH', `/vessels/${vessel.id}`, { vessel_type: 'MULTI_PURPOSE', vessel_type_detailed: 'Open-hatch MPP with 2 x 80 t cranes' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().payload).toMatchObject({ id: vessel.id, vessel_type: 'MULTI_PURPOSE', vessel_type_detailed: 'Open-hatch MPP with 2 x 80 t cranes', name: 'ELBE PIONEER' });
      // A key left out keeps its value; blank clears the detailed type.
      expect((await call('PATCH', `/vessels/${vessel.id}`, { vessel_type_detailed: 'Multi-purpose ship with own cranes' })).json().payload.vessel_type).toBe('MULTI_PURPOSE');
      expect((await call('PATCH', `/vessels/${vessel.id}`, { vessel_type_detailed: '   ' })).json().payload.vessel_type_detailed).toBeNull();
      expect((await call('GET', `/vessels/${vessel.id}`)).json().payload).toMatchObject({ vessel_type: 'MULTI_PURPOSE', vessel_type_detailed: null });
      // A vessel added without one has none.
      expect((await call('POST', '/vessels', newVessel())).json().payload.vessel_type_detailed).toBeNull();
    });

    it('is answered with the vessel on its port calls and in the berth planner window, next to vessel_type', async () => {
      const world = await createPortcallWorld(t);
      const arrival = new Date(Date.now() + 3 * 86_400_000);
      const departure = new Date(arrival.getTime() + 86_400_000);
      const created = await world.planner('POST', '/portcalls', world.request(arrival.toISOString(), departure.toISOString()));
      expect(created.statusCode).toBe(201);
      const callId = created.json().payload.id as number;
      expect(created.json().payload.vessel_type_detailed).toBeNull();
      expect((await world.vesselSide('PATCH', `/vessels/${world.vessel.id}`, { vessel_type_detailed: 'Container ship with own cranes' })).statusCode).toBe(200);
      const one = (await world.agent('GET', `/portcalls/${callId}`)).json().payload;
      expect(one).toMatchObject({ vessel_type: 'CONTAINER', vessel_type_detailed: 'Container ship with own cranes' });
      const list = (await world.planner('GET', `/portcalls?vessel_id=${world.vessel.id}`)).json().payload.items as { id: number; vessel_type_detailed: string | null }[];
      expect(list.find((c) => c.id === callId)?.vessel_type_detailed).toBe('Container ship with own cranes');
      const window = `terminal_id=${world.terminal.id}&from=${encodeURIComponent(new Date(arrival.getTime() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(departure.getTime() + 86_400_000).toISOString())}`;
      const planned = (await world.planner('GET', `/berth_plan/portcalls?${window}`)).json().payload.items as { id: number; vessel_type_detailed: string | null }[];
      expect(planned.find((c) => c.id === callId)?.vessel_type_detailed).toBe('Container ship with own cranes');
    });

    it('is refused over 100 characters, with control characters or direction controls, in the error envelope naming the field', async () => {
      const { call } = await signIn(t.app, t.database.db, { userType: 'terminal_operator' });
      const v = await createVessel(t.database.db);
      for (const [bad, message] of [
        ['x'.repeat(101), /100 characters/],
        ['Feeder\ncontainer ship', /control characters/],
        ['Feeder \u202Epihs', /U\+202E/],
        [42, /string/],
      ] as const) {
        for (const res of [await call('POST', '/vessels', newVessel({ vessel_type_detailed: bad })), await call('PATCH', `/vessels/${v.id}`, { vessel_type_detailed: bad })]) {
          expect(res.statusCode, String(bad)).toBe(400);
          const body = res.json();
          expect(body.status.status).toBe('VALIDATION_FAILED');
          expect(body.payload.errors).toEqual([{ path: 'vessel_type_detailed', message: expect.stringMatching(message) }]);
        }
      }
      expect((await call('GET', `/vessels/${v.id}`)).json().payload.vessel_type_detailed).toBeNull();
      expect((await call('PATCH', '/vessels/99999999', { vessel_type_detailed: 'Coaster' })).statusCode).toBe(404);
    });

    it('is changed by the vessel side only on the vessels it answers for: not a competitor operator nor an agency that does not act for it', async () => {
      const own = await createOrganisation(t.database.db, 'vessel_operator', { name: 'Nordic Line A/S' });
      const rival = await createOrganisation(t.database.db, 'vessel_operator', { name: 'Rival Carriers Ltd' });
      const agency = await createOrganisation(t.database.db, 'agent');
      await appointAgency(t.database.db, { agencyId: agency.id, vesselOperatorId: own.id });
      const ownVessel = await createVessel(t.database.db, { vesselOperatorId: own.id });
      const rivalVessel = await createVessel(t.database.db, { vesselOperatorId: rival.id, name: 'RIVAL QUEEN' });
      const unowned = await createVessel(t.database.db, { vesselOperatorId: null });
      const operatorUser = await signIn(t.app, t.database.db, { userType: 'vessel_operator', organisationId: own.id });
      const agentUser = await signIn(t.app, t.database.db, { userType: 'agent', organisationId: agency.id });
      const body = { vessel_type: 'CONTAINER', vessel_type_detailed: 'Feeder container ship' };

      expect((await operatorUser.call('PATCH', `/vessels/${ownVessel.id}`, body)).statusCode).toBe(200);
      expect((await agentUser.call('PATCH', `/vessels/${ownVessel.id}`, { vessel_type_detailed: 'Container ship with ro-ro deck' })).statusCode).toBe(200);
      for (const [who, vessel, message] of [
        [operatorUser, rivalVessel, /RIVAL QUEEN is operated by Rival Carriers Ltd, not by your company/],
        [operatorUser, unowned, /only the terminal/],
        [agentUser, rivalVessel, /does not act for Rival Carriers Ltd/],
      ] as const) {
        const res = await who.call('PATCH', `/vessels/${vessel.id}`, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().status).toEqual({ status: 'FORBIDDEN', message: expect.stringMatching(message) });
      }
      const stored = await t.database.db.selectFrom('vessels').select(['id', 'vessel_type_detailed']).where('id', 'in', [ownVessel.id, rivalVessel.id, unowned.id]).orderBy('id').execute();
      expect(stored.map((r) => r.vessel_type_detailed)).toEqual(['Container ship with ro-ro deck', null, null]);
      // The terminal answers for every vessel at its quay.
      const { call } = await signIn(t.app, t.database.db, { userType: 'terminal_operator' });
      expect((await call('PATCH', `/vessels/${rivalVessel.id}`, body)).statusCode).toBe(200);
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/v1/vessels' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/v1/vessels/1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/portal/v1/vessels', payload: newVessel() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/portal/v1/vessels/1', payload: { vessel_type_detailed: 'Coaster' } })).statusCode).toBe(401);
  });
});
