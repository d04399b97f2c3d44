// The KPI reads aggregate kept per-call facts (portcall_kpi_facts), refreshed for the calls that changed. This compares
// them with the figures computed afresh from every call's chain, on the demo with history, for every role and
// grouping, and again after changes written in plain SQL (as any writer could), which only the triggers can notice.
import type { TKpiGrouping } from '@quayline/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalUser } from '../db/schema';
import { seedBenchHistory } from '../demo/bench-seed';
import { DEMO_USERS } from '../demo/demo-data';
import { type TKpiSqlRow, aggregateFlowKpis, aggregateUtilisation, drainKpiFacts, refreshKpiFacts } from '../modules/kpis/kpi.repository';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';

const DAY_MS = 86_400_000;
type TCase = { grouping: TKpiGrouping; days: number };
const CASES: TCase[] = [
  { grouping: 'month', days: 365 },
  { grouping: 'day', days: 30 },
  { grouping: 'vessel_operator', days: 90 },
  { grouping: 'berth_section', days: 90 },
];

/**
 * A figure as another read must find it: sums over the same calls may add in another order, so the last bits differ.
 * Near, not rounded: two values a hair apart can round apart (5.9703125 once read 5.970312 one way, 5.970313 the other).
 */
const near = (value: number | null) => (value === null ? null : expect.closeTo(value, 6));

/** Rows in a stable order; with `expected`, every figure matches what lies within a millionth of it. */
function comparable(rows: TKpiSqlRow[], expected = false) {
  return rows
    .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, expected && typeof v === 'number' ? near(v) : v])))
    .sort((a, b) => String(a.group_key).localeCompare(String(b.group_key)) || Number(a.is_total) - Number(b.is_total));
}

describe.each(DB_TARGETS)('kept KPI facts on %s', (target) => {
  let t: TestApp;
  let terminalId: number;
  let timeZone: string;
  const users = new Map<string, PortalUser>();

  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true });
    await seedBenchHistory(t.database.db, { from: 0, to: 4, perBlock: 150, now: t.clock.now() });
    const terminal = await t.database.db.selectFrom('terminals').select(['id', 'time_zone']).orderBy('id').executeTakeFirstOrThrow();
    terminalId = terminal.id;
    timeZone = terminal.time_zone;
    for (const role of ['terminal_operator', 'agent', 'vessel_operator'] as const) {
      const demo = DEMO_USERS.find((u) => u.user_type === role && !u.expired)!;
      users.set(role, await t.database.db.selectFrom('portal_users').selectAll().where('email', '=', demo.email).executeTakeFirstOrThrow());
    }
  }, 180_000);
  afterAll(async () => t?.close());

  async function expectKeptEqualsComputed(user: PortalUser, c: TCase): Promise<number> {
    const now = t.clock.now().getTime();
    const args = { user, terminalId, timeZone, from: new Date(now - c.days * DAY_MS), to: new Date(now + 7 * DAY_MS), grouping: c.grouping };
    const kept = await aggregateFlowKpis(t.database.db, args, 'kept');
    const computed = await aggregateFlowKpis(t.database.db, args, 'computed');
    expect(comparable(kept), `${user.user_type} by ${c.grouping}`).toEqual(comparable(computed, true));
    return computed.find((r) => r.is_total)?.calls ?? 0;
  }

  it('gives every role and grouping the figures computed from the chains', async () => {
    let calls = 0;
    for (const user of users.values()) for (const c of CASES) calls += await expectKeptEqualsComputed(user, c);
    expect(calls).toBeGreaterThan(100);
  });

  it('finds the same berth utilisation per day, week and month in one pass as by splitting every call into its groups', async () => {
    const now = t.clock.now().getTime();
    const quayLengthM = (await t.database.db.selectFrom('terminals').select('quay_length_m').where('id', '=', terminalId).executeTakeFirstOrThrow()).quay_length_m;
    const rows = (found: Awaited<ReturnType<typeof aggregateUtilisation>>, expected = false) =>
      found.map((r) => ({ key: r.group_key, total: r.is_total, utilisation: expected ? near(r.utilisation) : r.utilisation }));
    let groups = 0;
    for (const user of users.values()) {
      for (const [grouping, days] of [['month', 365], ['week', 90], ['day', 30]] as const) {
        // Both ends fall inside a bucket (a quarter past the hour), so clipped first and last groups are compared too.
        const args = { user, terminalId, timeZone, quayLengthM, grouping, from: new Date(now - days * DAY_MS + 900_000), to: new Date(now + 7 * DAY_MS + 900_000) };
        const swept = await aggregateUtilisation(t.database.db, args, 'sweep');
        const split = await aggregateUtilisation(t.database.db, args, 'per-group');
        expect(rows(swept), `${user.user_type} by ${grouping}`).toEqual(rows(split, true));
        groups += swept.filter((r) => (r.utilisation ?? 0) > 0).length;
      }
    }
    expect(groups).toBeGreaterThan(50);
  });

  it('follows changes written in plain SQL to a call, its time stamps, its cargo lines and its pilot boarding place', async () => {
    const db = t.database.db;
    const planner = users.get('terminal_operator')!;
    const year: TCase = { grouping: 'month', days: 365 };
    await expectKeptEqualsComputed(planner, year);
    const now = t.clock.now();
    const calls = await db
      .selectFrom('portcalls')
      .select(['id', 'berth_arrival', 'pilot_boarding_place_id'])
      .where('terminal_id', '=', terminalId)
      .where('berth_arrival', '<', now)
      .where('berth_arrival', '>', new Date(now.getTime() - 200 * DAY_MS))
      .where('status', '<>', 'Cancelled')
      .where('is_dummy', '=', false)
      .orderBy('id')
      .limit(40)
      .execute();
    expect(calls.length).toBe(40);
    const [a, b, c, d, e] = calls;
    const check = async (what: string, expectRecomputed: boolean) => {
      const recomputed = await refreshKpiFacts(db, { terminalId, from: new Date(now.getTime() - 365 * DAY_MS), to: new Date(now.getTime() + 7 * DAY_MS) });
      if (expectRecomputed) expect(recomputed, what).toBeGreaterThan(0);
      else expect(recomputed, what).toBe(0);
      await expectKeptEqualsComputed(planner, year);
    };
    await check('nothing changed', false);

    // A negotiated arrival: request, accept, then the actual time, which makes waiting and deviation figures.
    const arrival = new Date(a!.berth_arrival);
    const request = await db
      .insertInto('portcall_timestamps')
      .values({ portcall_id: a!.id, time_type: 'berth_arrival', action: 'request', classifier: 'REQ', party: 'vessel_side', date_time: new Date(arrival.getTime() - 3_600_000), label_after: 'requested', previous_label: null, change_label_after: null, reply_to_id: null, delay_reason_code: null, remark: null, created_by: null, acting_for: null, created_at: new Date(arrival.getTime() - 3 * DAY_MS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('portcall_timestamps')
      .values({ portcall_id: a!.id, time_type: 'berth_arrival', action: 'accept', classifier: 'PLN', party: 'terminal', date_time: null, label_after: 'accepted', previous_label: 'requested', change_label_after: null, reply_to_id: request.id, delay_reason_code: null, remark: null, created_by: null, acting_for: null, created_at: new Date(arrival.getTime() - 2 * DAY_MS) })
      .execute();
    await db.updateTable('portcalls').set({ berth_arrival_label: 'actual', berth_departure_label: 'actual' }).where('id', '=', a!.id).execute();
    await check('a negotiated and actual arrival', true);

    // Cargo lines added, changed and removed.
    await sql`insert into portcall_cargo_details (portcall_id, position, cargo_type, move_count, move_count_unit, discharge, load, restow, crane_intensity)
      values (${b!.id}, 9, 'Container', 500, 'boxes', 300, 150, 50, 2.5)`.execute(db);
    await check('a cargo line added', true);
    await sql`update portcall_cargo_details set discharge = discharge + 100 where portcall_id = ${b!.id}`.execute(db);
    await check('a cargo line changed', true);
    await sql`delete from portcall_cargo_details where portcall_id = ${b!.id} and position = 9`.execute(db);
    await check('a cargo line removed', true);

    // A time stamp removed, the pilot boarding place's sailing time changed, a call cancelled and one moved.
    await sql`delete from portcall_timestamps where id = ${request.id} or reply_to_id = ${request.id}`.execute(db);
    await check('a time stamp removed', true);
    const pbp = c!.pilot_boarding_place_id ?? d!.pilot_boarding_place_id;
    if (pbp !== null) {
      await sql`update pilot_boarding_places set sailing_time_to_berth_minutes = sailing_time_to_berth_minutes + 30 where id = ${pbp}`.execute(db);
      await check('a pilot boarding place sailing longer', true);
    }
    await sql`update portcalls set status = 'Cancelled', cancelled_at = now() where id = ${c!.id}`.execute(db);
    await sql`update portcalls set berth_arrival = berth_arrival + interval '5 hours', berth_departure = berth_departure + interval '5 hours' where id = ${d!.id}`.execute(db);
    await check('a call cancelled and one moved', true);
    await sql`delete from portcalls where id = ${e!.id}`.execute(db);
    await check('a call deleted', false);
  });

  it.runIf(target === 'postgres')('keeps the mark of a change that commits while a read is recomputing', async () => {
    const db = t.database.db;
    const planner = users.get('terminal_operator')!;
    const now = t.clock.now();
    const window = { terminalId, from: new Date(now.getTime() - 365 * DAY_MS), to: new Date(now.getTime() + 7 * DAY_MS) };
    await refreshKpiFacts(db, window);
    const call = await db.selectFrom('portcalls').select(['id']).where('terminal_id', '=', terminalId).where('berth_arrival', '<', now).where('status', '<>', 'Cancelled').where('is_dummy', '=', false).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const other = new pg.Client({ connectionString: t.databaseConfig.kind === 'postgres' ? t.databaseConfig.url : '' });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`insert into portcall_cargo_details (portcall_id, position, cargo_type, move_count, move_count_unit, discharge, load, restow, crane_intensity) values ($1, 8, 'Container', 900, 'boxes', 900, 0, 0, 1)`, [call.id]);
      // The writer has not committed: the read neither sees its cargo line nor its mark.
      expect(await refreshKpiFacts(db, window)).toBe(0);
      await other.query('commit');
    } finally {
      await other.end();
    }
    expect(await refreshKpiFacts(db, window)).toBe(1);
    await expectKeptEqualsComputed(planner, { grouping: 'month', days: 365 });
  });

  it.runIf(target === 'postgres')('lets reads of one terminal recompute the same calls at once without failing', async () => {
    const db = t.database.db;
    const planner = users.get('terminal_operator')!;
    await sql`update portcalls set updated_at = updated_at where terminal_id = ${terminalId}`.execute(db);
    const now = t.clock.now().getTime();
    const args = { user: planner, terminalId, timeZone, from: new Date(now - 365 * DAY_MS), to: new Date(now + 7 * DAY_MS), grouping: 'month' as const };
    const answers = await Promise.all(Array.from({ length: 6 }, () => aggregateFlowKpis(db, args, 'kept')));
    const computed = comparable(await aggregateFlowKpis(db, args, 'computed'), true);
    for (const answer of answers) expect(comparable(answer)).toEqual(computed);
  });
  it('drains the marks of every period, and of calls that are gone, in batches, keeping the facts equal to the chains', async () => {
    const db = t.database.db;
    const marks = async () => Number((await sql<{ n: string }>`select count(*) as n from portcall_kpi_stale`.execute(db)).rows[0]!.n);
    // History nobody has read yet, and a mark left by a call deleted since (marks have no foreign key).
    await seedBenchHistory(db, { from: 6, to: 8, perBlock: 60, now: t.clock.now() });
    await sql`insert into portcall_kpi_stale (portcall_id) values (-1)`.execute(db);
    expect(await marks()).toBeGreaterThan(120);
    const written = await drainKpiFacts(db, { batch: 50 });
    expect(written).toBeGreaterThanOrEqual(120);
    expect(await marks()).toBe(0);
    const planner = users.get('terminal_operator')!;
    const now = t.clock.now().getTime();
    const args = { user: planner, terminalId, timeZone, from: new Date(now - 400 * DAY_MS), to: new Date(now + 7 * DAY_MS), grouping: 'month' as const };
    expect(comparable(await aggregateFlowKpis(db, args, 'kept'))).toEqual(comparable(await aggregateFlowKpis(db, args, 'computed'), true));
    expect(await drainKpiFacts(db)).toBe(0);
  });
});
