import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createTerminal, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('vessel operators and agents on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  it('lists each kind on its own endpoint, searched by name or code, paged', async () => {
    const db = t.database.db;
    const { call } = await signIn(t.app, db, { userType: 'agent' });
    const operators = [
      await createOrganisation(db, 'vessel_operator', { name: 'Hanse Feeder Services GmbH', code: 'HNSF' }),
      await createOrganisation(db, 'vessel_operator', { name: 'Hanseatic Bulk Line', code: 'HBL' }),
      await createOrganisation(db, 'vessel_operator', { name: 'Nordic Line A/S', code: 'NRDL' }),
    ];
    const agent = await createOrganisation(db, 'agent', { name: 'Hanseatic Port Agents KG', code: 'HPA' });
    await createOrganisation(db, 'terminal_operator', { name: 'Hanse Terminal GmbH', code: 'HTG' });

    const hanse = (await call('GET', '/vessel_operators?q=hanse')).json();
    expect(hanse.status.status).toBe('SUCCESS');
    expect(hanse.payload).toEqual({
      items: [
        { id: operators[0]!.id, code: 'HNSF', name: 'Hanse Feeder Services GmbH' },
        { id: operators[1]!.id, code: 'HBL', name: 'Hanseatic Bulk Line' },
      ],
      meta: { page: 1, per_page: 25, total_count: 2, total_pages: 1 },
    });
    const byCode = (await call('GET', '/vessel_operators?q=nrdl')).json().payload;
    expect(byCode.items.map((o: { id: number }) => o.id)).toEqual([operators[2]!.id]);

    const agents = (await call('GET', '/agents?q=Hanse')).json().payload;
    expect(agents.items).toEqual([{ id: agent.id, code: 'HPA', name: 'Hanseatic Port Agents KG' }]);

    const paged = (await call('GET', '/vessel_operators?per_page=2&page=2')).json().payload;
    expect(paged.meta).toEqual({ page: 2, per_page: 2, total_count: 3, total_pages: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('validates paging and needs a session', async () => {
    const { call } = await signIn(t.app, t.database.db, { userType: 'vessel_operator' });
    const res = await call('GET', '/agents?per_page=500');
    expect(res.statusCode).toBe(400);
    expect(res.json().payload.errors[0].path).toBe('per_page');
    for (const url of ['/vessel_operators', '/agents']) expect((await t.app.inject({ method: 'GET', url: `/api/portal/v1${url}` })).statusCode).toBe(401);
  });
  it('lists to each user only the operators of the terminals they are linked to', async () => {
    const db = t.database.db;
    const ownTerminal = await createTerminal(db);
    const otherTerminal = await createTerminal(db);
    const operatorOf = (id: number) => db.selectFrom('terminals').innerJoin('organisations as o', 'o.id', 'terminals.terminal_operator_id').select(['o.id', 'o.code', 'o.name']).where('terminals.id', '=', id).executeTakeFirstOrThrow();
    const own = await operatorOf(ownTerminal.id);
    const other = await operatorOf(otherTerminal.id);

    const unlinked = await signIn(t.app, db, { userType: 'vessel_operator', terminalIds: [] });
    expect((await unlinked.call('GET', '/terminal_operators')).json().payload.items).toEqual([]);

    const { call } = await signIn(t.app, db, { userType: 'vessel_operator', terminalIds: [ownTerminal.id] });
    const listed = (await call('GET', '/terminal_operators')).json();
    expect(listed.status.status).toBe('SUCCESS');
    expect(listed.payload).toEqual({ items: [own], meta: { page: 1, per_page: 25, total_count: 1, total_pages: 1 } });
    expect((await call('GET', `/terminal_operators?q=${encodeURIComponent(other.code)}`)).json().payload.items).toEqual([]);
    expect((await call('GET', `/terminal_operators?q=${encodeURIComponent(own.code)}`)).json().payload.items).toEqual([own]);
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/v1/terminal_operators' })).statusCode).toBe(401);
  });
});
