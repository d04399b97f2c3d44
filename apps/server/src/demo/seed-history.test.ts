import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../test/fixtures';
import { quayClashes } from '../test/quay-clashes';
import { DB_TARGETS, type TestApp, createTestApp } from '../test/test-app';
import { DEMO_PASSWORD } from './demo-data';
import { seedDemoIfEmpty } from './seed-demo';
import { HISTORY_END_DAYS_BEFORE_NOW } from './seed-history';

const H = 3_600_000;
const DAY = 24 * H;
const NOW = new Date('2026-11-23T04:00:00Z');
const HISTORY_END = NOW.getTime() - HISTORY_END_DAYS_BEFORE_NOW * DAY;
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

type Db = TestApp['database']['db'];

function historyCalls(db: Db) {
  return db
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'portcalls.pilot_boarding_place_id')
    .leftJoin('portcall_cargo_details as cargo', 'cargo.portcall_id', 'portcalls.id')
    .select([
      'portcalls.id', 'portcalls.vessel_id', 'portcalls.agent_id', 'portcalls.status', 'portcalls.is_dummy', 'portcalls.cancelled_at',
      'portcalls.berth_arrival', 'portcalls.berth_departure', 'portcalls.berth_arrival_label', 'portcalls.berth_departure_label',
      'portcalls.pilot_boarding_place_arrival', 'portcalls.pilot_boarding_place_arrival_label', 'pbp.sailing_time_to_berth_minutes',
      'portcalls.cargo_operations_start', 'portcalls.cargo_operations_end', 'portcalls.berth_start_position', 'portcalls.berth_end_position',
      'portcalls.service_name', 'portcalls.voyage_number_import', 'portcalls.voyage_id', 'portcalls.draft_inbound', 'portcalls.draft_outbound',
      'vessels.max_draft_m', 'cargo.move_count', 'cargo.discharge', 'cargo.load', 'cargo.restow',
    ])
    .where('portcalls.berth_arrival', '<', new Date(HISTORY_END))
    .orderBy('portcalls.berth_arrival')
    .orderBy('portcalls.id')
    .execute();
}

/** Everything a newcomer would see of the history, ids left out: equal digests mean equal data. */
async function historyDigest(db: Db): Promise<{ calls: number; steps: number; digest: string }> {
  const calls = await historyCalls(db);
  const steps = await db
    .selectFrom('portcall_timestamps as s')
    .innerJoin('portcalls as p', 'p.id', 's.portcall_id')
    .select(['p.berth_arrival', 'p.vessel_id', 's.time_type', 's.action', 's.party', 's.date_time', 's.label_after', 's.created_at'])
    .where('p.berth_arrival', '<', new Date(HISTORY_END))
    .orderBy('p.berth_arrival')
    .orderBy('p.id')
    .orderBy('s.id')
    .execute();
  const plain = (rows: Record<string, unknown>[]) => rows.map((r) => Object.entries(r).filter(([k]) => k !== 'id').map(([, v]) => (v instanceof Date ? v.toISOString() : v === null ? null : String(Number.isNaN(Number(v)) ? v : Number(v)))));
  const digest = createHash('sha256').update(JSON.stringify([plain(calls), plain(steps)])).digest('hex');
  return { calls: calls.length, steps: steps.length, digest };
}

describe.each(DB_TARGETS)('demo history on %s', (target) => {
  let t: TestApp;
  let reference: { calls: number; steps: number; digest: string };
  beforeAll(async () => {
    // A second fresh database, always PGlite, seeded at the same moment: what another install would get.
    const other = await createTestApp('pglite');
    try {
      await seedDemoIfEmpty(other.database.db, NOW);
      reference = await historyDigest(other.database.db);
    } finally {
      await other.close();
    }
    t = await createTestApp(target);
    t.clock.set(NOW);
    await seedDemoIfEmpty(t.database.db, NOW);
  });
  afterAll(async () => t?.close());

  it('is the same on every install seeded at the same moment', async () => {
    const mine = await historyDigest(t.database.db);
    expect(mine.calls).toBeGreaterThan(400);
    expect(mine.steps).toBeGreaterThan(mine.calls * 5);
    expect(mine).toEqual(reference);
  });

  it('covers a year of completed calls: 8-12 a week, busier in late summer than in spring, some cancelled and some dummies', async () => {
    const calls = await historyCalls(t.database.db);
    const first = Math.min(...calls.map((c) => ms(c.berth_arrival)!));
    expect(first).toBeLessThan(HISTORY_END - 360 * DAY);
    expect(calls.length).toBeGreaterThanOrEqual(8 * 52 * 0.95);
    expect(calls.length).toBeLessThanOrEqual(12 * 53);
    const inMonths = (months: number[]) => calls.filter((c) => months.includes(new Date(c.berth_arrival).getUTCMonth())).length;
    expect(inMonths([7, 8])).toBeGreaterThan(inMonths([2, 3]) * 1.15);
    const cancelled = calls.filter((c) => c.status === 'Cancelled');
    expect(cancelled.length).toBeGreaterThanOrEqual(3);
    expect(calls.filter((c) => c.is_dummy).length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((c) => c.status))).toEqual(new Set(['Departed', 'Cancelled']));
    // Voyages of the past: seed-voyages links the history's container calls too.
    expect(calls.filter((c) => c.voyage_id !== null).length).toBeGreaterThan(100);
  });

  it('has actual times in the past in a believable order, and moves at a believable rate', async () => {
    const calls = await historyCalls(t.database.db);
    for (const c of calls.filter((x) => x.status === 'Cancelled')) {
      expect(ms(c.cancelled_at)!, `call ${c.id}`).toBeLessThanOrEqual(NOW.getTime());
      expect(c.berth_start_position, `call ${c.id}`).toBeNull();
    }
    const departed = calls.filter((c) => c.status === 'Departed');
    for (const c of departed) {
      expect([c.berth_arrival_label, c.berth_departure_label, c.pilot_boarding_place_arrival_label], `call ${c.id}`).toEqual(['actual', 'actual', 'actual']);
      const pbp = ms(c.pilot_boarding_place_arrival)!;
      const atb = ms(c.berth_arrival)!;
      const atd = ms(c.berth_departure)!;
      expect(pbp + c.sailing_time_to_berth_minutes! * 60_000, `call ${c.id}`).toBeLessThanOrEqual(atb);
      expect(atb).toBeLessThan(ms(c.cargo_operations_start)!);
      expect(ms(c.cargo_operations_start)!).toBeLessThan(ms(c.cargo_operations_end)!);
      expect(ms(c.cargo_operations_end)!).toBeLessThan(atd);
      expect(atd, `call ${c.id}`).toBeLessThanOrEqual(HISTORY_END);
      expect(Number(c.discharge) + Number(c.load) + Number(c.restow)).toBe(Number(c.move_count));
      const perHour = Number(c.move_count) / ((atd - atb) / H);
      expect(perHour, `call ${c.id}`).toBeGreaterThan(5);
      expect(perHour, `call ${c.id}`).toBeLessThan(150);
    }
  });

  it('says what each time was before its last change, and what cargo the call carries, on the history and the live calls', async () => {
    const db = t.database.db;
    const all = await db
      .selectFrom('portcalls as p')
      .select(['p.id', 'p.status', 'p.is_dummy', 'p.cargo_type', 'p.berth_arrival', 'p.berth_departure', 'p.pilot_boarding_place_arrival', 'p.pilot_boarding_place_departure'])
      .select(['p.previous_berth_arrival', 'p.previous_berth_departure', 'p.previous_pilot_boarding_place_arrival', 'p.previous_pilot_boarding_place_departure'])
      .select((eb) => eb.selectFrom('portcall_cargo_details as c').select('c.cargo_type').whereRef('c.portcall_id', '=', 'p.id').orderBy('c.position').limit(1).as('first_line_cargo_type'))
      .execute();
    // Every call names its cargo type, the one of its first cargo line.
    for (const c of all) expect(c.cargo_type, `call ${c.id}`).toBe(c.first_line_cargo_type);
    expect(all.some((c) => ms(c.berth_arrival)! >= HISTORY_END && c.previous_berth_arrival !== null)).toBe(true);

    const completed = all.filter((c) => ms(c.berth_arrival)! < HISTORY_END && c.status === 'Departed' && !c.is_dummy);
    expect(completed.length).toBeGreaterThan(400);
    const times = ['berth_arrival', 'berth_departure', 'pilot_boarding_place_arrival', 'pilot_boarding_place_departure'] as const;
    const chain = await db.selectFrom('portcall_timestamps').select(['portcall_id', 'time_type', 'date_time']).where('date_time', 'is not', null).execute();
    const chainValues = new Set(chain.map((r) => `${r.portcall_id}/${r.time_type}/${ms(r.date_time)}`));
    for (const time of times) {
      const previousOf = (c: (typeof completed)[number]) => c[`previous_${time}`];
      const withPrevious = completed.filter((c) => previousOf(c) !== null);
      // Nearly every completed call changed each time at least once (an estimate, a proposal, then the actual).
      expect(withPrevious.length, time).toBeGreaterThan(completed.length * 0.9);
      for (const c of withPrevious) {
        expect(ms(previousOf(c)), `call ${c.id} ${time}`).not.toBe(ms(c[time]));
        expect(chainValues.has(`${c.id}/${time}/${ms(previousOf(c))}`), `call ${c.id} ${time}: the previous value is one of its chain`).toBe(true);
      }
    }
  });

  it('answers the previous times and the cargo type of a history call through the API', async () => {
    const token = await loginAs(t.app, 'terminal.operator@demo.quayline.test', DEMO_PASSWORD);
    const call = await t.database.db
      .selectFrom('portcalls')
      .select(['id', 'previous_berth_arrival', 'previous_pilot_boarding_place_departure', 'cargo_type'])
      .where('berth_arrival', '<', new Date(HISTORY_END))
      .where('status', '=', 'Departed')
      .where('previous_pilot_boarding_place_departure', 'is not', null)
      .where('previous_berth_arrival', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: `/api/portal/v1/portcalls/${call.id}`, headers: { 'x-portal-token': token } });
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json().payload as Record<string, unknown>;
    expect(payload.previous_berth_arrival).toBe(call.previous_berth_arrival!.toISOString());
    expect(payload.previous_pilot_boarding_place_departure).toBe(call.previous_pilot_boarding_place_departure!.toISOString());
    expect(payload.cargo_type).toBe(call.cargo_type);
    expect(payload.cargo_type).not.toBeNull();
  });

  it('lays the year out on the quay without a clash, the live demo calls included', async () => {
    const { placed, clashes } = await quayClashes(t.database.db);
    expect(placed.filter((c) => c.from < HISTORY_END).length).toBeGreaterThan(400);
    expect(clashes).toEqual([]);
  });

  it('gives the planner a year of KPIs by month, with a few bad weeks standing out by week', async () => {
    const token = await loginAs(t.app, 'terminal.operator@demo.quayline.test', DEMO_PASSWORD);
    const terminal = await t.database.db.selectFrom('terminals').select('id').executeTakeFirstOrThrow();
    const get = async (grouping: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/portal/v1/dashboard/overall_performance',
        query: { terminal_id: String(terminal.id), period: 'custom', from: new Date(NOW.getTime() - 365 * DAY).toISOString(), to: NOW.toISOString(), grouping },
        headers: { 'x-portal-token': token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().payload as { rows: { group_key: string; values: Record<string, number | null>; counts: { calls: number } }[]; totals: { values: Record<string, number | null>; counts: { calls: number } } };
    };
    const months = await get('month');
    const busy = months.rows.filter((r) => r.counts.calls > 0);
    expect(busy.length).toBeGreaterThanOrEqual(12);
    for (const r of busy) {
      expect(r.values.berth_utilisation, r.group_key).toBeGreaterThan(0);
      expect(r.values.berth_utilisation, r.group_key).toBeLessThan(100);
      expect(r.values.waiting_time_avg, r.group_key).toBeGreaterThan(0);
      expect(r.values.turnaround_avg, r.group_key).toBeGreaterThan(8);
      expect(r.values.gross_berth_productivity, r.group_key).toBeGreaterThan(5);
      expect(r.values.terminal_response_median, r.group_key).toBeGreaterThan(0);
      expect(r.values.arrival_punctuality_3h, r.group_key).toBeGreaterThan(0);
      expect(r.values.eta_accuracy_24h, r.group_key).not.toBeNull();
    }
    expect(months.totals.values.agreed_before_arrival_rate).toBeGreaterThan(90);
    expect(months.totals.values.vessel_side_response_median).toBeGreaterThan(0);

    const weeks = (await get('week')).rows.filter((r) => r.counts.calls >= 5 && r.values.waiting_time_avg !== null);
    const waits = weeks.map((r) => r.values.waiting_time_avg!).sort((a, b) => a - b);
    const median = waits[Math.floor(waits.length / 2)]!;
    const stormy = weeks.filter((r) => r.values.waiting_time_avg! > 4 * median);
    expect(stormy.length).toBeGreaterThanOrEqual(2);
    expect(stormy.length).toBeLessThanOrEqual(4);
  });
});
