import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTerminal, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const HOUR = 3600_000;
const T0 = Date.UTC(2026, 2, 28, 12); // the weekend the clocks go forward in Europe
const at = (hours: number) => new Date(T0 + hours * HOUR).toISOString();

describe.each(DB_TARGETS)('block zones on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t?.close());

  async function setUp() {
    const db = t.database.db;
    const a = await createTerminal(db);
    const b = await createTerminal(db);
    const planner = await signIn(t.app, db, { userType: 'terminal_operator', terminalIds: [a.id] });
    const otherPlanner = await signIn(t.app, db, { userType: 'terminal_operator', terminalIds: [b.id] });
    return { a, b, planner, otherPlanner };
  }

  const zone = (terminalId: number, overrides: Record<string, unknown> = {}) => ({
    terminal_id: terminalId,
    reason: 'Fender replacement',
    start_position_m: 100,
    end_position_m: 250,
    starts_at: at(0),
    ends_at: at(48),
    ...overrides,
  });

  it('lets a terminal operator of the terminal create a zone, answered with 201 and the stored zone', async () => {
    const { a, planner } = await setUp();
    const res = await planner.call('POST', '/blocked_zones', zone(a.id, { starts_at: '2026-03-28T13:00:00+01:00', reason: '  Dredging  ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().status.status).toBe('SUCCESS');
    expect(res.json().payload).toEqual({
      id: expect.any(Number),
      terminal_id: a.id,
      reason: 'Dredging',
      start_position_m: 100,
      end_position_m: 250,
      starts_at: '2026-03-28T12:00:00.000Z',
      ends_at: at(48),
    });
  });

  it('lists the zones that overlap the window, and only those', async () => {
    const { a, planner } = await setUp();
    const make = async (from: number, to: number, reason: string) => (await planner.call('POST', '/blocked_zones', zone(a.id, { starts_at: at(from), ends_at: at(to), reason }))).json().payload.id as number;
    const before = await make(-48, -24, 'before');
    const touchingStart = await make(-24, 0, 'ends as the window starts');
    const across = await make(-10, 10, 'across the start');
    const inside = await make(20, 30, 'inside');
    const touchingEnd = await make(100, 120, 'starts as the window ends');

    const res = await planner.call('GET', `/blocked_zones?terminal_id=${a.id}&from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(100))}`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().payload as { id: number }[]).map((z) => z.id);
    expect(ids).toEqual([across, inside]);
    for (const id of [before, touchingStart, touchingEnd]) expect(ids).not.toContain(id);

    // An offset in the query is the same instant as its UTC form.
    const offset = await planner.call('GET', `/blocked_zones?terminal_id=${a.id}&from=${encodeURIComponent('2026-03-28T13:00:00+01:00')}&to=${encodeURIComponent(at(100))}`);
    expect((offset.json().payload as { id: number }[]).map((z) => z.id)).toEqual([across, inside]);
  });

  it('lets vessel operators and agents linked to the terminal read its zones', async () => {
    const { a, planner } = await setUp();
    await planner.call('POST', '/blocked_zones', zone(a.id));
    for (const userType of ['vessel_operator', 'agent'] as const) {
      const reader = await signIn(t.app, t.database.db, { userType, terminalIds: [a.id] });
      const res = await reader.call('GET', `/blocked_zones?terminal_id=${a.id}&from=${encodeURIComponent(at(-1))}&to=${encodeURIComponent(at(1))}`);
      expect(res.statusCode, userType).toBe(200);
      expect(res.json().payload).toHaveLength(1);
    }
  });

  it("answers 404 for another terminal's zones, even when the id in the URL is real", async () => {
    const { b, planner, otherPlanner } = await setUp();
    await otherPlanner.call('POST', '/blocked_zones', zone(b.id));
    const res = await planner.call('GET', `/blocked_zones?terminal_id=${b.id}&from=${encodeURIComponent(at(-1))}&to=${encodeURIComponent(at(1))}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().status.status).toBe('NOT_FOUND');
  });

  it('refuses vessel operators and agents as zone makers (403), even on their own terminal', async () => {
    const { a, planner } = await setUp();
    const existing = (await planner.call('POST', '/blocked_zones', zone(a.id))).json().payload.id as number;
    for (const userType of ['vessel_operator', 'agent'] as const) {
      const user = await signIn(t.app, t.database.db, { userType, terminalIds: [a.id] });
      const created = await user.call('POST', '/blocked_zones', zone(a.id));
      expect(created.statusCode, userType).toBe(403);
      expect(created.json().status.status).toBe('FORBIDDEN');
      const deleted = await user.call('DELETE', `/blocked_zones/${existing}`);
      expect(deleted.statusCode, userType).toBe(403);
    }
    const count = await t.database.db.selectFrom('blocked_zones').select((eb) => eb.fn.countAll<number>().as('n')).where('terminal_id', '=', a.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("refuses a terminal operator on another terminal's quay with 404, for create and delete", async () => {
    const { b, planner, otherPlanner } = await setUp();
    const theirs = (await otherPlanner.call('POST', '/blocked_zones', zone(b.id))).json().payload.id as number;
    const created = await planner.call('POST', '/blocked_zones', zone(b.id));
    expect(created.statusCode).toBe(404);
    const deleted = await planner.call('DELETE', `/blocked_zones/${theirs}`);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().status.status).toBe('NOT_FOUND');
    expect(await t.database.db.selectFrom('blocked_zones').select('id').where('id', '=', theirs).executeTakeFirst()).toBeDefined();
  });

  it('deletes a zone of the own terminal, then answers 404 for it', async () => {
    const { a, planner } = await setUp();
    const id = (await planner.call('POST', '/blocked_zones', zone(a.id))).json().payload.id as number;
    const res = await planner.call('DELETE', `/blocked_zones/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ id, terminal_id: a.id });
    expect((await planner.call('DELETE', `/blocked_zones/${id}`)).statusCode).toBe(404);
    const list = await planner.call('GET', `/blocked_zones?terminal_id=${a.id}&from=${encodeURIComponent(at(-1))}&to=${encodeURIComponent(at(1))}`);
    expect(list.json().payload).toEqual([]);
  });

  it('keeps zones on the quay: both ends between 0 and the quay length, with field errors', async () => {
    const { a, planner } = await setUp();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ start_position_m: 900, end_position_m: 1001 }, ['end_position_m']],
      [{ start_position_m: 1200, end_position_m: 1300 }, ['start_position_m', 'end_position_m']],
      [{ start_position_m: -10, end_position_m: 100 }, ['start_position_m']],
      [{ start_position_m: 300, end_position_m: 300 }, ['end_position_m']],
      [{ start_position_m: 300, end_position_m: 200 }, ['end_position_m']],
      [{ start_position_m: 10.5, end_position_m: 200 }, ['start_position_m']],
    ];
    for (const [overrides, paths] of cases) {
      const res = await planner.call('POST', '/blocked_zones', zone(a.id, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().status.status).toBe('VALIDATION_FAILED');
      expect(res.json().payload.errors.map((e: { path: string }) => e.path)).toEqual(paths);
      for (const e of res.json().payload.errors) expect(typeof e.message).toBe('string');
    }
    const edge = await planner.call('POST', '/blocked_zones', zone(a.id, { start_position_m: 0, end_position_m: 1000 }));
    expect(edge.statusCode).toBe(201);
  });

  it('validates times, reason and the list window', async () => {
    const { a, planner } = await setUp();
    const bodies: [Record<string, unknown>, string][] = [
      [{ ends_at: at(0) }, 'ends_at'],
      [{ starts_at: 'tomorrow' }, 'starts_at'],
      [{ starts_at: '2026-03-28T12:00:00' }, 'starts_at'],
      [{ reason: '' }, 'reason'],
      [{ reason: 'x'.repeat(256) }, 'reason'],
      [{ terminal_id: 'A' }, 'terminal_id'],
    ];
    for (const [overrides, path] of bodies) {
      const res = await planner.call('POST', '/blocked_zones', zone(a.id, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().payload.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const queries: [string, string][] = [
      [`terminal_id=${a.id}&from=${encodeURIComponent(at(1))}&to=${encodeURIComponent(at(0))}`, 'to'],
      [`terminal_id=${a.id}&to=${encodeURIComponent(at(0))}`, 'from'],
      [`from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(1))}`, 'terminal_id'],
    ];
    for (const [query, path] of queries) {
      const res = await planner.call('GET', `/blocked_zones?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().payload.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('needs a session', async () => {
    const { a } = await setUp();
    expect((await t.app.inject({ method: 'GET', url: `/api/portal/v1/blocked_zones?terminal_id=${a.id}&from=${at(0)}&to=${at(1)}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/portal/v1/blocked_zones', payload: zone(a.id) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/portal/v1/blocked_zones/1' })).statusCode).toBe(401);
  });
});
