import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';
import { DEMO_PASSWORD } from './demo-data';

describe.each(DB_TARGETS)('demo voyages on %s', (target) => {
  let t: TestApp;
  let get: (url: string) => Promise<{ statusCode: number; json(): { payload: { items: Record<string, unknown>[]; meta: { total_count: number } } } }>;
  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true });
    const token = await loginAs(t.app, 'terminal.operator@demo.quayline.test', DEMO_PASSWORD);
    get = (url) => t.app.inject({ method: 'GET', url: `/api/portal/v1${url}`, headers: { 'x-portal-token': token } });
  });
  afterAll(async () => t?.close());

  it('gives a fresh install voyages built from its container calls and two templates not yet generated', async () => {
    const current = (await get('/voyages')).json().payload;
    const departed = (await get('/voyages?state=departed')).json().payload;
    expect(current.meta.total_count + departed.meta.total_count).toBeGreaterThan(0);
    const first = current.items[0] as { schedule: { is_terminal_call: boolean; portcall_id: number | null }[]; portcalls: { id: number }[] };
    const terminalRow = first.schedule.find((r) => r.is_terminal_call)!;
    expect(first.portcalls.map((c) => c.id)).toContain(terminalRow.portcall_id);
    const templates = (await get('/voyage_templates')).json().payload;
    expect(templates.items.map((tpl) => [tpl.code, tpl.future_voyages])).toEqual([
      ['BLT2', 0],
      ['NEU4', 0],
    ]);
  });

  it('links the calls that name a service to voyages, each call behind one terminal row', async () => {
    const db = t.database.db;
    const calls = await db.selectFrom('portcalls').select(['id', 'service_name', 'voyage_id', 'voyage_name']).execute();
    const withService = calls.filter((c) => c.service_name !== null);
    const linkedCalls = withService.filter((c) => c.voyage_id !== null);
    expect(linkedCalls.length).toBeGreaterThan(withService.length / 2);
    expect(linkedCalls.every((c) => c.voyage_name?.startsWith(`${c.service_name} `))).toBe(true);
    // A call left out drew the number of another service's voyage of the same vessel (the demo's numbers are random).
    const voyages = await db.selectFrom('voyages').select(['vessel_id', 'voyage_number_import']).execute();
    const taken = new Set(voyages.map((v) => `${v.vessel_id}|${v.voyage_number_import}`));
    const unlinked = await db.selectFrom('portcalls').select(['vessel_id', 'voyage_number_import']).where('service_name', 'is not', null).where('voyage_id', 'is', null).execute();
    expect(unlinked.every((c) => taken.has(`${c.vessel_id}|${c.voyage_number_import}`))).toBe(true);
    expect(calls.filter((c) => c.service_name === null).every((c) => c.voyage_id === null)).toBe(true);
    const linked = await db.selectFrom('voyage_schedule_rows').select('portcall_id').where('is_terminal_call', '=', true).execute();
    expect(new Set(linked.map((r) => r.portcall_id)).size).toBe(linked.length);
  });

  it('marks stops already past as actual, never as a plan', async () => {
    const rows = await t.database.db.selectFrom('voyage_schedule_rows').select(['arrival', 'arrival_classifier', 'departure', 'departure_classifier']).execute();
    const now = Date.now();
    expect(rows.some((r) => r.arrival !== null && new Date(r.arrival).getTime() < now - 3_600_000)).toBe(true);
    for (const r of rows) {
      if (r.arrival !== null && new Date(r.arrival).getTime() < now - 3_600_000) expect(r.arrival_classifier).toBe('ACT');
      if (r.departure !== null && new Date(r.departure).getTime() < now - 3_600_000) expect(r.departure_classifier).toBe('ACT');
    }
  });

  it('runs a local OVS schedule provider as the demo terminal’s gnet, and "Fetch now" syncs without moving a call', async () => {
    const terminal = (await get('/terminals/current_terminal')).json().payload as unknown as { id: number };
    const providers = (await get(`/schedule_providers?terminal_id=${terminal.id}`)).json().payload as unknown as { provider: string; base_url: string; has_credentials: boolean; is_enabled: boolean }[];
    expect(providers.find((p) => p.provider === 'gnet')).toMatchObject({ base_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), has_credentials: true, is_enabled: true });
    const before = await t.database.db.selectFrom('portcalls').select(['id', 'berth_arrival', 'berth_departure']).orderBy('id').execute();
    const token = await loginAs(t.app, 'terminal.operator@demo.quayline.test', DEMO_PASSWORD);
    const res = await t.app.inject({ method: 'POST', url: '/api/portal/v1/schedule_providers/fetch_voyages', headers: { 'x-portal-token': token }, payload: { terminal_id: terminal.id, provider: 'gnet' } });
    expect(res.statusCode, res.body).toBe(200);
    const [run] = res.json().payload as { outcome: string; error: string | null; changes: unknown[] }[];
    expect(run).toMatchObject({ outcome: 'success', error: null });
    expect(run!.changes.length).toBeGreaterThan(0);
    const after = await t.database.db.selectFrom('portcalls').select(['id', 'berth_arrival', 'berth_departure']).orderBy('id').execute();
    expect(after).toEqual(before);
  });

  it('shows both sync states: most linked calls follow their schedule, a few were stopped by a planner', async () => {
    const states = (await t.database.db.selectFrom('portcalls').select('schedule_syncable').where('voyage_id', 'is not', null).execute()).map((c) => c.schedule_syncable);
    const following = states.filter(Boolean).length;
    expect(following).toBeGreaterThan(states.length / 2);
    expect(following).toBeLessThan(states.length);
  });
});
