import { type TShiftBoard, detailedVesselTypesOf, isValidImo, localDateOf, shiftsInWindow } from '@quayline/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quayClashes } from '../test/quay-clashes';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';
import { DEMO_CARGO_HANDLING_EQUIPMENT, DEMO_PASSWORD, DEMO_SERVICES, DEMO_USERS, demoCranes, demoVessels } from './demo-data';
import { MIN_DAYS_BETWEEN_CALLS, isoWeekday } from './seed-rotation';
import { seedDemoIfEmpty } from './seed-demo';

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

describe('demo data generator', () => {
  it('is deterministic for a seed and gives 30+ vessels with valid IMO numbers', () => {
    const a = demoVessels();
    expect(a).toEqual(demoVessels());
    expect(a.length).toBeGreaterThanOrEqual(30);
    for (const v of a) expect(isValidImo(v.imo_number), v.imo_number).toBe(true);
    expect(new Set(a.map((v) => v.imo_number)).size).toBe(a.length);
    expect(demoVessels(36, 1)).not.toEqual(a);
  });

  it('gives every demo vessel a listed detailed type of its coded type', () => {
    for (const v of demoVessels()) expect(detailedVesselTypesOf(v.vessel_type).map((e) => e.name), v.name).toContain(v.vessel_type_detailed);
    expect(new Set(demoVessels().map((v) => v.vessel_type_detailed)).size).toBeGreaterThan(5);
  });

  it('is the same quay every time for the same moment', async () => {
    const layout = async (db: TestApp['database']['db']) => ({
      calls: (await db.selectFrom('portcalls').select(['berth_arrival', 'berth_start_position', 'status']).orderBy('id').execute()).map((r) => [new Date(r.berth_arrival).toISOString(), r.berth_start_position, r.status]),
      shifts: await db.selectFrom('portcall_shift_details').select(['portcall_id', 'shift_number', 'start_time', 'discharge', 'load', 'restow', 'gangs']).orderBy('id').execute(),
      cranes: await db.selectFrom('portcall_equipment_details').select(['portcall_id', 'cargo_handling_equipment_id', 'start_time', 'end_time']).orderBy('id').execute(),
    });
    const first = await createTestApp('pglite');
    const second = await createTestApp('pglite');
    try {
      const now = new Date('2026-11-23T04:00:00Z');
      await seedDemoIfEmpty(first.database.db, now);
      await seedDemoIfEmpty(second.database.db, now);
      expect(await layout(first.database.db)).toEqual(await layout(second.database.db));
    } finally {
      await first.close();
      await second.close();
    }
    // Two demo seeds one after the other: on a busy machine each took more than 15 s.
  }, 180_000);

  it('puts the PRISE stories\u2019 deep drafts where the water along the whole berth takes them', async () => {
    // At this moment the rejected notice's 15.6 m draft once went to a call reaching from 16 m into 14.5 m of water.
    const app = await createTestApp('pglite');
    try {
      await seedDemoIfEmpty(app.database.db, new Date('2026-11-28T00:30:00Z'));
      const rejected = await app.database.db.selectFrom('portcalls').select(['draft_inbound']).where('prise_status', '=', 'prise_rejected').execute();
      expect(rejected.map((r) => Number(r.draft_inbound))).toEqual([15.6]);
      expect((await quayClashes(app.database.db)).clashes).toEqual([]);
    } finally {
      await app.close();
    }
  }, 180_000);
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
    // The fleet plus every quay crane as bookable equipment.
    expect(counts.rows[0]).toMatchObject({ shifts: 3, zones: 1, equipment: DEMO_CARGO_HANDLING_EQUIPMENT.length + demoCranes().length });
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
    expect(equipment.meta.total_count).toBe(DEMO_CARGO_HANDLING_EQUIPMENT.length + demoCranes().length);
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
    const now = Date.now();
    const all = await t.database.db.selectFrom('portcalls').select(['status', 'berth_arrival', 'berth_departure', 'berth_arrival_label', 'berth_departure_label', 'pilot_boarding_place_arrival_label', 'berth_start_position', 'berth_end_position']).execute();
    // The year of history before them departed before the last 8 days (seed-history.test.ts).
    const rows = all.filter((r) => new Date(r.berth_departure).getTime() > now - 8 * 86_400_000);
    expect(all.filter((r) => new Date(r.berth_arrival).getTime() >= now - 8 * 86_400_000).length).toBe(rows.length);
    // A call that finds no room on the quay within a day of its vessel's schedule is left out of the demo.
    expect(rows.length).toBeGreaterThanOrEqual(125);
    expect(rows.length).toBeLessThanOrEqual(150);
    for (const r of rows) {
      expect(new Date(r.berth_arrival).getTime()).toBeGreaterThan(now - 8 * 86_400_000);
      expect(new Date(r.berth_arrival).getTime()).toBeLessThan(now + 22 * 86_400_000);
    }
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Cancelled', 'Departed', 'Berthed', 'Cargo Ops', 'Arrived at PBP', 'Approaching']));
    const labels = new Set(rows.flatMap((r) => [r.berth_arrival_label, r.berth_departure_label, r.pilot_boarding_place_arrival_label]));
    for (const l of ['requested', 'planned', 'estimated', 'accepted', 'actual', 'cancelled', 'cancel_requested']) expect(labels, l).toContain(l);
  });

  it('reads plausibly where people look: a cancelled call is cancelled on both ends, no agent carries the port authority’s code', async () => {
    const cancelled = await t.database.db.selectFrom('portcalls').select(['berth_arrival_label', 'berth_departure_label']).where('status', '=', 'Cancelled').execute();
    expect(cancelled.length).toBeGreaterThan(0);
    // Cancelled by the terminal, or a cancellation the terminal accepted: never a departure still requested or agreed.
    for (const c of cancelled) {
      expect(['cancelled', 'cancel_accepted']).toContain(c.berth_arrival_label);
      expect(['cancelled', 'cancel_accepted']).toContain(c.berth_departure_label);
    }
    // In Hamburg "HPA" is the Hamburg Port Authority itself, not an agent.
    const agents = await t.database.db.selectFrom('organisations').select('code').where('kind', '=', 'agent').execute();
    expect(agents.map((a) => a.code)).not.toContain('HPA');
  });

  it('lays the quay out like a planner would: everything alongside placed, a handful of requests waiting, no clashes', async () => {
    const db = t.database.db;
    const calls = await db
      .selectFrom('portcalls')
      .select(['id', 'status', 'berth_arrival', 'berth_arrival_label', 'berth_start_position', 'berth_start_bollard_id', 'berth_end_bollard_id'])
      .where('status', '!=', 'Cancelled')
      .execute();
    const unplaced = calls.filter((c) => c.berth_start_position === null);
    // Every placed call is made fast between two bollards, also at the quay's ends (as the API places them).
    expect(calls.filter((c) => c.berth_start_position !== null && (c.berth_start_bollard_id === null || c.berth_end_bollard_id === null)).map((c) => c.id)).toEqual([]);
    expect(unplaced.filter((c) => c.berth_arrival_label === 'actual' || c.status === 'Berthed' || c.status === 'Cargo Ops').map((c) => c.id)).toEqual([]);
    expect(unplaced.length).toBeGreaterThanOrEqual(3);
    expect(unplaced.length).toBeLessThanOrEqual(6);
    const now = Date.now();
    for (const c of unplaced) {
      expect(c.berth_arrival_label).toBe('requested');
      expect(new Date(c.berth_arrival).getTime()).toBeGreaterThan(now);
    }

    const { clashes } = await quayClashes(db);
    expect(clashes.filter((c) => c.kind === 'overlap')).toEqual([]);
    expect(clashes).toEqual([]);
  });

  it('gives the demo terminal a shift calendar: gangs per shift, the holidays ahead, a closed Sunday night and a break', async () => {
    const db = t.database.db;
    expect((await db.selectFrom('terminal_shifts').select(['name', 'gangs_available']).orderBy('shift_number').execute()).map((s) => [s.name, s.gangs_available])).toEqual([['Early', 14], ['Late', 14], ['Night', 12]]);
    const times = await db.selectFrom('terminal_non_working_times').select(['kind', 'reason', 'starts_at', 'ends_at']).orderBy('starts_at').execute();
    expect(times.map((n) => n.kind).sort()).toEqual(['break', 'closed_shift', 'holiday', 'holiday']);
    const christmas = times.find((n) => n.reason === 'Christmas')!;
    // 24 December 14:00 to 27 December 06:00 in Hamburg (UTC+1 in winter).
    expect(new Date(christmas.starts_at).toISOString()).toMatch(/-12-24T13:00:00.000Z$/);
    expect(new Date(christmas.ends_at).toISOString()).toMatch(/-12-27T05:00:00.000Z$/);
  });

  it('plans every call that works cargo shift by shift, the moves adding up to its cargo totals', async () => {
    const db = t.database.db;
    const terminal = await db.selectFrom('terminals').select(['id', 'time_zone']).executeTakeFirstOrThrow();
    const shifts = await db.selectFrom('terminal_shifts').select(['id', 'shift_number', 'name', 'start_time', 'end_time']).where('terminal_id', '=', terminal.id).execute();
    const calls = await db
      .selectFrom('portcalls')
      .innerJoin('portcall_cargo_details as c', 'c.portcall_id', 'portcalls.id')
      .select(['portcalls.id', 'portcalls.status', 'c.cargo_operations_start', 'c.cargo_operations_end', 'c.discharge', 'c.load', 'c.restow'])
      .execute();
    const details = await db.selectFrom('portcall_shift_details').selectAll().orderBy('start_time').execute();
    const closed = (await db.selectFrom('terminal_non_working_times').select(['starts_at', 'ends_at']).execute()).map((n) => ({ start: new Date(n.starts_at).getTime(), end: new Date(n.ends_at).getTime() }));
    expect(closed.length).toBeGreaterThan(0);
    const byCall = groupBy(details, (d) => d.portcall_id);
    const working = calls.filter((c) => c.status !== 'Cancelled' && Number(c.discharge) + Number(c.load) + Number(c.restow) > 0);
    expect(working.length).toBeGreaterThan(100);
    for (const c of calls.filter((c) => c.status === 'Cancelled')) expect(byCall.get(c.id), `cancelled ${c.id}`).toBeUndefined();
    for (const c of working) {
      const from = new Date(c.cargo_operations_start!).getTime();
      const to = new Date(c.cargo_operations_end!).getTime();
      const plan = byCall.get(c.id) ?? [];
      // Shifts a holiday or closure covers whole take no work.
      const expected = shiftsInWindow({ shifts, timeZone: terminal.time_zone, from, to }).filter((o) => !closed.some((n) => n.start <= o.start && n.end >= o.end));
      expect(plan.map((d) => d.terminal_shift_id), `call ${c.id}`).toEqual(expected.map((o) => o.terminal_shift_id));
      if (expected.length === 0) continue;
      const sum = (k: 'discharge' | 'load' | 'restow') => plan.reduce((a, d) => a + d[k], 0);
      expect([sum('discharge'), sum('load'), sum('restow')], `call ${c.id}`).toEqual([Number(c.discharge), Number(c.load), Number(c.restow)]);
      for (const [i, d] of plan.entries()) {
        expect(new Date(d.start_time).getTime()).toBe(Math.max(expected[i]!.start, from));
        expect(new Date(d.end_time).getTime()).toBe(Math.min(expected[i]!.end, to));
        expect(d.contact_person_name).toBeTruthy();
        if (d.discharge + d.load + d.restow > 0) expect(d.gangs).toBeGreaterThan(0);
      }
    }
  });

  it('books quay cranes for the container calls ahead: on the rail over the berth, inside the berth window, never twice at once', async () => {
    const db = t.database.db;
    const bookings = await db
      .selectFrom('portcall_equipment_details as b')
      .innerJoin('portcalls as p', 'p.id', 'b.portcall_id')
      .innerJoin('vessels as v', 'v.id', 'p.vessel_id')
      .innerJoin('cargo_handling_equipments as e', 'e.id', 'b.cargo_handling_equipment_id')
      .innerJoin('terminal_cranes as k', (j) => j.onRef('k.name', '=', 'e.equipment_number').onRef('k.terminal_id', '=', 'e.terminal_id'))
      .select(['b.portcall_id', 'b.cargo_handling_equipment_id', 'b.start_time', 'b.end_time', 'p.status', 'p.berth_arrival', 'p.berth_departure', 'p.berth_start_position', 'p.berth_end_position', 'v.vessel_type', 'k.rail_start_m', 'k.rail_end_m'])
      .execute();
    // Every booking is of a quay crane (the join above drops any other).
    expect(bookings.length).toBe(Number((await sql<{ n: number }>`select count(*)::int as n from portcall_equipment_details`.execute(db)).rows[0]!.n));
    const ms = (d: Date | string) => new Date(d).getTime();
    for (const b of bookings) {
      expect(b.vessel_type).toBe('CONTAINER');
      expect(['Cancelled', 'Departed']).not.toContain(b.status);
      expect(ms(b.start_time)).toBeGreaterThanOrEqual(ms(b.berth_arrival));
      expect(ms(b.end_time)).toBeLessThanOrEqual(ms(b.berth_departure));
      expect(ms(b.end_time)).toBeGreaterThan(ms(b.start_time));
      expect(b.rail_start_m).toBeLessThanOrEqual(Number(b.berth_start_position));
      expect(b.rail_end_m).toBeGreaterThanOrEqual(Number(b.berth_end_position));
    }
    for (const [equipmentId, own] of groupBy(bookings, (b) => b.cargo_handling_equipment_id)) {
      const sorted = own.sort((a, b) => ms(a.start_time) - ms(b.start_time));
      for (let i = 1; i < sorted.length; i++) expect(ms(sorted[i]!.start_time), `crane ${equipmentId} double booked`).toBeGreaterThanOrEqual(ms(sorted[i - 1]!.end_time));
    }
    const perCall = [...groupBy(bookings, (b) => b.portcall_id).values()].map((own) => own.length);
    expect(perCall.length).toBeGreaterThanOrEqual(40);
    expect(Math.max(...perCall)).toBeLessThanOrEqual(4);
    expect(new Set(perCall).size).toBeGreaterThanOrEqual(3);
  });

  it('hands the planner its crane bookings and shift plans with the port calls', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { username: DEMO_USERS[0].email, password: DEMO_PASSWORD } });
    const headers = { 'x-portal-token': login.json().payload.token as string };
    const terminal = await t.database.db.selectFrom('terminals').select('id').executeTakeFirstOrThrow();
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 27 * 86_400_000).toISOString();
    const res = await t.app.inject({ method: 'GET', url: '/api/portal/v1/berth_plan/portcalls', query: { terminal_id: String(terminal.id), from, to, page: '1' }, headers });
    expect(res.statusCode).toBe(200);
    const calls = res.json().payload.items as { equipment_details: { equipment_number: string }[]; portcall_shift_details: { gangs: number }[] }[];
    const craneNames = new Set(demoCranes().map((c) => c.name));
    expect(calls.filter((c) => c.equipment_details.some((e) => craneNames.has(e.equipment_number))).length).toBeGreaterThanOrEqual(30);
    const plans = calls.flatMap((c) => c.portcall_shift_details);
    expect(plans.length).toBeGreaterThan(150);
    // The planner gets the short form of a plan; the whole plan, with its contact person, is stored for the form.
    const stored = await t.database.db.selectFrom('portcall_shift_details').select(['contact_person_name']).execute();
    expect(stored.length).toBeGreaterThanOrEqual(plans.length);
    expect(stored.every((d) => d.contact_person_name)).toBe(true);
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

  // The rules a planner walking the demo checks by eye (docs/demo.md).
  it('calls each vessel at most once per rotation: two calls of a vessel arrive 5+ days apart and never overlap', async () => {
    const calls = await t.database.db.selectFrom('portcalls').select(['id', 'vessel_id', 'terminal_id', 'berth_arrival', 'berth_departure']).orderBy('vessel_id').orderBy('berth_arrival').execute();
    const tooClose: string[] = [];
    for (const [, own] of groupBy(calls, (c) => `${c.terminal_id}|${c.vessel_id}`)) {
      for (let i = 1; i < own.length; i++) {
        const [a, b] = [own[i - 1]!, own[i]!];
        const gap = new Date(b.berth_arrival).getTime() - new Date(a.berth_arrival).getTime();
        if (gap < MIN_DAYS_BETWEEN_CALLS * 86_400_000 || new Date(b.berth_arrival) < new Date(a.berth_departure)) tooClose.push(`${a.id}/${b.id}`);
      }
    }
    expect(tooClose).toEqual([]);
  });

  describe('on the shift board', () => {
    const boards: TShiftBoard[] = [];
    beforeAll(async () => {
      const token = (await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { username: DEMO_USERS[0].email, password: DEMO_PASSWORD } })).json().payload.token as string;
      const terminal = await t.database.db.selectFrom('terminals').select(['id', 'time_zone']).executeTakeFirstOrThrow();
      // The year of history and the live weeks, 14 days a page (the board's most).
      const first = await t.database.db.selectFrom('portcalls').select((eb) => eb.fn.min('berth_arrival').as('at')).executeTakeFirstOrThrow();
      for (let day = new Date(first.at as Date).getTime() - 86_400_000; day < Date.now() + 23 * 86_400_000; day += 14 * 86_400_000) {
        const d = localDateOf(day, terminal.time_zone);
        const from = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
        const res = await t.app.inject({ method: 'GET', url: '/api/portal/v1/shift_planner', query: { terminal_id: String(terminal.id), from, days: '14' }, headers: { 'x-portal-token': token } });
        expect(res.statusCode).toBe(200);
        boards.push(res.json().payload as TShiftBoard);
      }
    });

    it('plans no shift above the gangs the terminal can man', () => {
      // The board's own totals against its own capacity (summariseShiftBoard), over every shift of the demo.
      const over = boards.flatMap((b) => b.shiftsVolume.shifts_volume.filter((v) => v.gangs > v.gangs_available).map((v) => `${v.key}: ${v.gangs}/${v.gangs_available}`));
      expect(over).toEqual([]);
      expect(boards.flatMap((b) => b.problems).filter((p) => p.kind === 'gangs_over_capacity')).toEqual([]);
    });

    it('flags no live or coming call as implausible (the demo plants none)', () => {
      const now = Date.now();
      const live = boards.flatMap((b) => b.portcalls).filter((c) => Date.parse(c.berth_departure) > now - 7 * 86_400_000);
      expect(new Set(live.map((c) => c.id)).size).toBeGreaterThan(100);
      expect(live.filter((c) => c.plausibility.length > 0).map((c) => `${c.id}: ${c.plausibility.map((w) => w.kind).join(',')}`)).toEqual([]);
    });

    it('shows no vessel twice for overlapping stays', () => {
      const twice = boards.flatMap((b) =>
        b.portcalls.flatMap((a) => b.portcalls.filter((o) => o.id > a.id && o.vessel_id === a.vessel_id && Date.parse(o.berth_arrival) < Date.parse(a.berth_departure) && Date.parse(a.berth_arrival) < Date.parse(o.berth_departure)).map((o) => `${a.vessel_name} ${a.id}/${o.id}`)),
      );
      expect(twice).toEqual([]);
    });
  });

  it('berths the live voyages on their services\u2019 days, as the services\u2019 templates say', async () => {
    const db = t.database.db;
    const terminal = await db.selectFrom('terminals').select(['id', 'time_zone']).executeTakeFirstOrThrow();
    const templates = await db.selectFrom('voyage_templates').select(['code', 'berth_window']).execute();
    for (const tpl of templates) {
      const service = DEMO_SERVICES.find((s) => s.code === tpl.code)!;
      expect((tpl.berth_window as { arrival_weekday: number }).arrival_weekday, tpl.code).toBe(service.weekday);
    }
    const rows = await db
      .selectFrom('voyages')
      .innerJoin('portcalls', 'portcalls.voyage_id', 'voyages.id')
      .select(['voyages.service_name', 'portcalls.id', 'portcalls.berth_arrival'])
      .where('portcalls.berth_arrival', '>=', new Date(Date.now() - 7 * 86_400_000))
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    const offDay = rows.filter((r) => {
      const service = DEMO_SERVICES.find((s) => s.name === r.service_name);
      return !service || isoWeekday(localDateOf(new Date(r.berth_arrival).getTime(), terminal.time_zone)) !== service.weekday;
    });
    expect(offDay).toEqual([]);
  });
});
