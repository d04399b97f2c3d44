import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DELAY_REASONS_PER_TERMINAL } from '@quayline/domain';
import { createTerminal, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('delay reasons on %s', (target) => {
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

  const weather = (terminalId: number, overrides: Record<string, unknown> = {}) => ({ terminal_id: terminalId, code: 'WEA', name: 'Bad weather', names: { de: 'Schlechtes Wetter' }, ...overrides });

  it('lets a terminal operator add a reason with names per language, and everyone linked read the list by code', async () => {
    const { a, planner } = await setUp();
    const created = await planner.call('POST', '/delay_reasons', weather(a.id, { name: '  Bad weather  ' }));
    expect(created.statusCode).toBe(201);
    expect(created.json().payload).toEqual({ id: expect.any(Number), terminal_id: a.id, code: 'WEA', name: 'Bad weather', names: { de: 'Schlechtes Wetter' }, is_active: true, version: 1 });
    await planner.call('POST', '/delay_reasons', { terminal_id: a.id, code: 'CON', name: 'Port congestion', is_active: false });

    for (const userType of ['terminal_operator', 'vessel_operator', 'agent'] as const) {
      const reader = await signIn(t.app, t.database.db, { userType, terminalIds: [a.id] });
      const res = await reader.call('GET', `/delay_reasons?terminal_id=${a.id}`);
      expect(res.statusCode, userType).toBe(200);
      expect((res.json().payload as { code: string; is_active: boolean }[]).map((r) => [r.code, r.is_active])).toEqual([
        ['CON', false],
        ['WEA', true],
      ]);
    }
  });

  it('refuses writes by vessel operators and agents (403) and answers a terminal not linked like an unknown one (404)', async () => {
    const { a, b, planner, otherPlanner } = await setUp();
    const existing = (await planner.call('POST', '/delay_reasons', weather(a.id))).json().payload as { id: number };
    for (const userType of ['vessel_operator', 'agent'] as const) {
      const user = await signIn(t.app, t.database.db, { userType, terminalIds: [a.id] });
      expect((await user.call('POST', '/delay_reasons', weather(a.id, { code: 'STR' }))).statusCode, userType).toBe(403);
      expect((await user.call('PUT', `/delay_reasons/${existing.id}`, { name: 'x', names: {}, is_active: true, version: 1 })).statusCode, userType).toBe(403);
      expect((await user.call('DELETE', `/delay_reasons/${existing.id}`)).statusCode, userType).toBe(403);
    }
    expect((await otherPlanner.call('GET', `/delay_reasons?terminal_id=${a.id}`)).statusCode).toBe(404);
    expect((await otherPlanner.call('POST', '/delay_reasons', weather(a.id))).statusCode).toBe(404);
    const foreign = await otherPlanner.call('PUT', `/delay_reasons/${existing.id}`, { name: 'Mine now', names: {}, is_active: true, version: 1 });
    const unknown = await otherPlanner.call('PUT', '/delay_reasons/2147483000', { name: 'Mine now', names: {}, is_active: true, version: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await otherPlanner.call('DELETE', `/delay_reasons/${existing.id}`)).statusCode).toBe(404);
    expect((await otherPlanner.call('GET', `/delay_reasons?terminal_id=${b.id}`)).json().payload).toEqual([]);
  });

  it('answers bad input with the fields in the error envelope', async () => {
    const { a, planner } = await setUp();
    const cases: [Record<string, unknown>, string][] = [
      [weather(a.id, { code: 'wea' }), 'code'],
      [weather(a.id, { code: 'WEAT' }), 'code'],
      [weather(a.id, { name: '' }), 'name'],
      [weather(a.id, { name: 'x'.repeat(81) }), 'name'],
      [weather(a.id, { names: { nl: 'Slecht weer' } }), 'names'],
      [weather(a.id, { names: { de: 'Wetter\u202E' } }), 'names.de'],
      [weather(a.id, { colour: 'red' }), ''],
    ];
    for (const [body, path] of cases) {
      const res = await planner.call('POST', '/delay_reasons', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status.status).toBe('VALIDATION_FAILED');
      const paths = (res.json().payload.errors as { path: string }[]).map((e) => e.path);
      if (path) expect(paths.some((p) => p.startsWith(path)), `${paths.join(',')} for ${path}`).toBe(true);
    }
    await planner.call('POST', '/delay_reasons', weather(a.id));
    const twice = await planner.call('POST', '/delay_reasons', weather(a.id, { name: 'Weather again' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().payload.errors).toEqual([{ path: 'code', message: 'The terminal already has the delay code WEA' }]);
  });

  it(`keeps at most ${MAX_DELAY_REASONS_PER_TERMINAL} reasons per terminal`, async () => {
    const { a, planner } = await setUp();
    const codes = Array.from({ length: MAX_DELAY_REASONS_PER_TERMINAL }, (_, i) => `A${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`);
    await t.database.db
      .insertInto('terminal_delay_reasons')
      .values(codes.map((code) => ({ terminal_id: a.id, code, name: code })))
      .execute();
    const res = await planner.call('POST', '/delay_reasons', weather(a.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().payload.errors[0].path).toBe('code');
  });

  it('renames and deactivates with the version read, and answers a stale version with 409 and the current reason', async () => {
    const { a, planner } = await setUp();
    const created = (await planner.call('POST', '/delay_reasons', weather(a.id))).json().payload as { id: number };
    const first = await planner.call('PUT', `/delay_reasons/${created.id}`, { name: 'Weather', names: { de: 'Wetter', fr: 'Météo' }, is_active: false, version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toMatchObject({ code: 'WEA', name: 'Weather', names: { de: 'Wetter', fr: 'Météo' }, is_active: false, version: 2 });

    const stale = await planner.call('PUT', `/delay_reasons/${created.id}`, { name: 'Storm', names: {}, is_active: true, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.status).toBe('CONFLICT');
    expect(stale.json().payload.current).toMatchObject({ name: 'Weather', version: 2, is_active: false });

    const removed = await planner.call('DELETE', `/delay_reasons/${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await planner.call('GET', `/delay_reasons?terminal_id=${a.id}`)).json().payload).toEqual([]);
    expect((await planner.call('PUT', `/delay_reasons/${created.id}`, { name: 'Storm', names: {}, is_active: true, version: 2 })).statusCode).toBe(404);
  });
});
