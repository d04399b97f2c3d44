import { isValidImo } from '@quayline/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { DEMO_PASSWORD, DEMO_USERS, demoVessels } from './demo-data';
import { seedDemoIfEmpty } from './seed-demo';

describe('demo data generator', () => {
  it('is deterministic for a seed and gives 30+ vessels with valid IMO numbers', () => {
    const a = demoVessels();
    expect(a).toEqual(demoVessels());
    expect(a.length).toBeGreaterThanOrEqual(30);
    for (const v of a) expect(isValidImo(v.imo_number), v.imo_number).toBe(true);
    expect(new Set(a.map((v) => v.imo_number)).size).toBe(a.length);
    expect(demoVessels(36, 1)).not.toEqual(a);
  });
});

describe.each(DB_TARGETS)('demo seed on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true });
  });
  afterAll(async () => t?.close());

  it('creates the Hamburg terminal with quay sections, bollards, cranes, equipment, shifts, a block zone and pilot places', async () => {
    const db = t.database.db;
    const terminal = await db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select(['terminals.id', 'terminals.time_zone', 'terminals.quay_length_m', 'ports.unlocode']).executeTakeFirstOrThrow();
    expect(terminal).toMatchObject({ time_zone: 'Europe/Berlin', unlocode: 'DEHAM' });
    expect(terminal.quay_length_m).toBeGreaterThanOrEqual(1200);
    const sections = await db.selectFrom('terminal_sections').selectAll().where('terminal_id', '=', terminal.id).orderBy('start_position_m').execute();
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(sections[0]!.start_position_m).toBe(0);
    expect(sections.at(-1)!.end_position_m).toBe(terminal.quay_length_m);
    for (let i = 1; i < sections.length; i++) expect(sections[i]!.start_position_m).toBe(sections[i - 1]!.end_position_m);
    const counts = await sql<{ bollards: number; cranes: number; equipment: number; shifts: number; zones: number; pbps: number; vessels: number; ports: number }>`
      select (select count(*) from bollards)::int as bollards, (select count(*) from terminal_cranes)::int as cranes,
             (select count(*) from cargo_handling_equipments)::int as equipment,
             (select count(*) from terminal_shifts)::int as shifts, (select count(*) from blocked_zones)::int as zones,
             (select count(*) from pilot_boarding_places)::int as pbps, (select count(*) from vessels)::int as vessels,
             (select count(*) from ports)::int as ports`.execute(db);
    expect(counts.rows[0]).toMatchObject({ shifts: 3, zones: 1, equipment: 12 });
    expect(counts.rows[0]!.bollards).toBeGreaterThan(40);
    expect(counts.rows[0]!.cranes).toBeGreaterThan(5);
    expect(counts.rows[0]!.pbps).toBeGreaterThan(0);
    expect(counts.rows[0]!.vessels).toBeGreaterThanOrEqual(30);
    expect(counts.rows[0]!.ports).toBeGreaterThanOrEqual(18);
  });

  it('lets every demo user sign in, and the expired one is sent to the password change', async () => {
    for (const u of DEMO_USERS) {
      const res = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { username: u.email, password: DEMO_PASSWORD } });
      expect(res.json().status.status, u.email).toBe(u.expired ? 'PASSWORD_EXPIRED' : 'SUCCESS');
      if (!u.expired) expect(res.json().payload.user_info.user_type).toBe(u.user_type);
    }
  });

  it('shows a demo planner the Hamburg terminal as current, with its geometry, cranes and equipment', async () => {
    const planner = DEMO_USERS[0];
    const login = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { username: planner.email, password: DEMO_PASSWORD } });
    const headers = { 'x-portal-token': login.json().payload.token as string };
    const current = (await t.app.inject({ method: 'GET', url: '/api/portal/v1/terminals/current_terminal', headers })).json().payload;
    expect(current).toMatchObject({ code: 'DEHAM-WMT', quay_length_m: 1400, port: { unlocode: 'DEHAM' } });
    expect(current.sections).toHaveLength(5);
    expect(current.bollards.length).toBeGreaterThan(40);
    expect(current.pilot_boarding_places).toHaveLength(3);
    const cranes = (await t.app.inject({ method: 'GET', url: `/api/portal/v1/terminal_cranes?terminal_id=${current.id}`, headers })).json().payload;
    expect(cranes).toHaveLength(12);
    const equipment = (await t.app.inject({ method: 'GET', url: `/api/portal/v1/cargo_handling_equipments?terminal_id=${current.id}`, headers })).json().payload;
    expect(equipment.meta.total_count).toBe(12);
    expect(new Set(equipment.items.map((e: { equipment_type: string }) => e.equipment_type)).size).toBeGreaterThanOrEqual(5);
  });

  it('does not seed twice', async () => {
    expect(await seedDemoIfEmpty(t.database.db)).toBe(false);
  });
});

describe.each(DB_TARGETS)('demo port calls on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true });
  });
  afterAll(async () => t?.close());

  it('has about 150 calls from 7 days back to 21 days ahead in every status and time label', async () => {
    const rows = await t.database.db.selectFrom('portcalls').select(['status', 'berth_arrival', 'berth_departure', 'berth_arrival_label', 'berth_departure_label', 'pilot_boarding_place_arrival_label', 'berth_start_position', 'berth_end_position']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(140);
    const now = Date.now();
    for (const r of rows) {
      expect(new Date(r.berth_arrival).getTime()).toBeGreaterThan(now - 8 * 86_400_000);
      expect(new Date(r.berth_arrival).getTime()).toBeLessThan(now + 22 * 86_400_000);
    }
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Cancelled', 'Departed', 'Berthed', 'Cargo Ops', 'Arrived at PBP', 'Approaching']));
    const labels = new Set(rows.flatMap((r) => [r.berth_arrival_label, r.berth_departure_label, r.pilot_boarding_place_arrival_label]));
    for (const l of ['requested', 'planned', 'estimated', 'accepted', 'actual', 'cancelled', 'cancel_requested']) expect(labels, l).toContain(l);
  });

  it('places calls without overlapping another in time and quay space', async () => {
    const placed = (await t.database.db.selectFrom('portcalls').select(['id', 'berth_arrival', 'berth_departure', 'berth_start_position', 'berth_end_position', 'status']).where('berth_start_position', 'is not', null).execute()).map((r) => ({
      id: r.id,
      from: new Date(r.berth_arrival).getTime(),
      to: new Date(r.berth_departure).getTime(),
      start: Number(r.berth_start_position),
      end: Number(r.berth_end_position),
    }));
    expect(placed.length).toBeGreaterThan(80);
    for (const a of placed) for (const b of placed) if (a.id < b.id) expect(a.from < b.to && b.from < a.to && a.start < b.end && b.start < a.end, `${a.id} vs ${b.id}`).toBe(false);
  });

  it('keeps a replayable chain for each call, each reply linked to the step before', async () => {
    const chain = await t.database.db.selectFrom('portcall_timestamps').selectAll().orderBy('id').execute();
    expect(chain.length).toBeGreaterThan(300);
    const byCallAndTime = new Map<string, typeof chain>();
    for (const s of chain) byCallAndTime.set(`${s.portcall_id}:${s.time_type}`, [...(byCallAndTime.get(`${s.portcall_id}:${s.time_type}`) ?? []), s]);
    for (const steps of byCallAndTime.values()) {
      expect(steps[0]!.reply_to_id).toBeNull();
      for (let i = 1; i < steps.length; i++) expect(steps[i]!.reply_to_id).toBe(steps[i - 1]!.id);
    }
  });
});
