// The KPI engine against a hand-computed fixture (every expected figure is worked out in the comments, per docs/kpis.md).
import { berthUtilisation } from '@quayline/domain';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { type ApiCall, createOrganisation, createTerminal, createVessel, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

/*
 * Terminal: 1000 m of quay in Europe/Berlin; sections North 0-500 (Berth), South 500-900 (Berth), 900-1000 Blocked Zone.
 * Available quay: 1000 - 100 = 900 m. Block zone 0-100 m on 1 July 10:00-16:00Z = 100 m x 6 h = 600 metre-hours.
 * Period: Berlin 1 July 00:00 to 3 July 00:00 = 2026-06-30T22:00Z .. 2026-07-02T22:00Z (48 h, two Berlin days).
 * Day 1 available 900 x 24 - 600 = 21,000 mh; day 2 900 x 24 = 21,600 mh; whole period 42,600 mh.
 *
 * call 1 (operator A, agent X): PBP actual 07-01 04:00Z (sailing 60 min), ATB 08:00Z, ATD 20:00Z, 0-200 m, section North,
 *   moves 300+200+100 = 600 at crane intensity 2, cargo ops 09:00-19:00Z.
 *   waiting = 4 h - 1 h sailing = 3 h; turnaround = ATD - PBP = 16 h; productivity 600/12 = 50; ops rate 600/10 = 60.
 *   arrival: vessel requested 07:00Z (06-28 10:00Z), terminal accepted 06-28 12:00Z (terminal response 2 h) -> dev +1 h.
 *   departure: terminal planned 18:00Z (06-28 12:00Z), vessel accepted 06-29 00:00Z (vessel response 12 h) -> dev +2 h.
 *   vessel estimate 08:30Z made 06-30 09:00Z is inside 24 h, so the time 24 h before is the request, 07:00Z -> ETA error 1 h.
 *   occupation 200 m x 12 h = 2,400 mh on day 1.
 * call 2 (operator A, agent X): no PBP; ATB 07-01 23:30Z = 07-02 01:30 Berlin (day 2), ATD 07-02 11:30Z, 200-500 m, North,
 *   moves 480 at intensity 1, cargo ops 00:30-10:30Z.
 *   requested 21:30Z (06-29 00:00Z), terminal proposed 23:00Z (06-29 06:00Z: terminal response 6 h), vessel accepted
 *   06-29 08:00Z (vessel response 2 h). waiting = ATB - requested = 2 h; arrival dev +0.5 h; turnaround = ATD - ATB = 12 h;
 *   productivity 480/12 = 40; ops rate 48; ETA error |23:30 - 23:00| = 0.5 h; occupation 300 m x 12 h = 3,600 mh day 2.
 * call 3 (operator B): PBP actual 07-02 06:00Z (sailing 60), ATB 06:30Z, ATD 16:30Z, 500-800 m without a section (midpoint
 *   650 -> South), moves 300 at intensity 3, cargo ops 07:30-15:30Z. waiting max(0, 0.5 - 1) = 0; turnaround 10.5 h;
 *   productivity 30; ops rate 37.5. terminal planned 10:00Z (06-30 00:00Z), vessel accepted 06-30 03:00Z (vessel
 *   response 3 h): arrival dev -3.5 h; ETA error 3.5 h; occupation 300 m x 10 h = 3,000 mh day 2.
 * call 4 (operator B): planned only, 07-02 20:00Z .. 07-03 08:00Z at 0-100 m, request unanswered: counts as a call,
 *   no actual figures; occupation inside the period 100 m x 2 h = 200 mh day 2.
 * call 5 (operator A, agent X): cancelled; call 6 (operator A): dummy. Both have actuals, moves and chains on day 1 at
 *   500-900 m and must change nothing.
 * call 7 (operator B): ATB 06-30 21:30Z (23:30 Berlin on 30 June, before the period), ATD 07-01 02:00Z, 800-900 m, South:
 *   no flow KPIs, but occupies 100 m x 4 h = 400 mh of day 1.
 */
const iso = (s: string) => new Date(`2026-${s}:00Z`);
const PERIOD = 'period=custom&from=2026-06-30T22:00:00Z&to=2026-07-02T22:00:00Z';

type TStep = { time: 'berth_arrival' | 'berth_departure'; action: string; party: 'terminal' | 'vessel_side'; at: string; value: string | null; label: string };

async function seedFixture(db: Kysely<DB>) {
  const terminal = await createTerminal(db);
  const port = await db.selectFrom('terminals').select('port_id').where('id', '=', terminal.id).executeTakeFirstOrThrow();
  const sections = await db
    .insertInto('terminal_sections')
    .values([
      { terminal_id: terminal.id, name: 'North', berth_type: 'Berth', start_position_m: 0, end_position_m: 500, water_depth_m: 15 },
      { terminal_id: terminal.id, name: 'South', berth_type: 'Berth', start_position_m: 500, end_position_m: 900, water_depth_m: 14 },
      { terminal_id: terminal.id, name: 'Old pier', berth_type: 'Blocked Zone', start_position_m: 900, end_position_m: 1000, water_depth_m: 8 },
    ])
    .returning('id')
    .execute();
  const [north, south] = [sections[0]!.id, sections[1]!.id];
  await db.insertInto('blocked_zones').values({ terminal_id: terminal.id, reason: 'Crane maintenance', start_position_m: 0, end_position_m: 100, starts_at: iso('07-01T10:00'), ends_at: iso('07-01T16:00') }).execute();
  const pbp = await db.insertInto('pilot_boarding_places').values({ port_id: port.port_id, name: `Pilot ${terminal.id}`, sailing_time_to_berth_minutes: 60, latitude: null, longitude: null }).returning('id').executeTakeFirstOrThrow();
  const operatorA = await createOrganisation(db, 'vessel_operator', { name: 'Alpha Lines' });
  const operatorB = await createOrganisation(db, 'vessel_operator', { name: 'Bravo Shipping' });
  const agency = await createOrganisation(db, 'agent');
  const vesselA = await createVessel(db, { vesselOperatorId: operatorA.id });
  const vesselB = await createVessel(db, { vesselOperatorId: operatorB.id });

  const addCall = async (c: {
    operator: number; agent?: number; ata: string; atd: string; labels?: 'actual' | 'planned'; pbp?: string; start: number; end: number; section?: number | null;
    moves?: { discharge: number; load: number; restow: number; crane_intensity: number }; ops?: [string, string]; steps?: TStep[]; cancelled?: boolean; dummy?: boolean;
  }) => {
    const label = c.labels ?? 'actual';
    const row = await db
      .insertInto('portcalls')
      .values({
        terminal_id: terminal.id,
        vessel_id: c.operator === operatorA.id ? vesselA.id : vesselB.id,
        vessel_operator_id: c.operator,
        agent_id: c.agent ?? null,
        status: c.cancelled ? 'Cancelled' : label === 'actual' ? 'Departed' : 'Approaching',
        berth_arrival: iso(c.ata),
        berth_departure: iso(c.atd),
        berth_arrival_label: c.cancelled ? 'cancelled' : label,
        berth_departure_label: label,
        pilot_boarding_place_id: c.pbp ? pbp.id : null,
        pilot_boarding_place_arrival: c.pbp ? iso(c.pbp) : null,
        pilot_boarding_place_arrival_label: c.pbp ? 'actual' : null,
        cargo_operations_start: c.ops ? iso(c.ops[0]) : null,
        cargo_operations_end: c.ops ? iso(c.ops[1]) : null,
        berth_start_position: c.start,
        berth_end_position: c.end,
        terminal_section_id: c.section ?? null,
        is_dummy: c.dummy ?? false,
        cancelled_at: c.cancelled ? iso('07-01T00:00') : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (c.moves) {
      await db.insertInto('portcall_cargo_details').values({ portcall_id: row.id, position: 1, cargo_type: 'Container', move_count: c.moves.discharge + c.moves.load + c.moves.restow, move_count_unit: 'boxes', discharge: c.moves.discharge, load: c.moves.load, restow: c.moves.restow, crane_intensity: c.moves.crane_intensity, cargo_operations_start: null, cargo_operations_end: null, cargo_sub_type: null, product_type: null, comment: null, units_per_hour: null }).execute();
    }
    const last = new Map<string, number>();
    for (const s of c.steps ?? []) {
      const ts = await db
        .insertInto('portcall_timestamps')
        .values({ portcall_id: row.id, time_type: s.time, action: s.action, classifier: s.party === 'terminal' ? 'PLN' : 'REQ', party: s.party, date_time: s.value ? iso(s.value) : null, label_after: s.label, previous_label: null, change_label_after: null, reply_to_id: last.get(s.time) ?? null, delay_reason_code: null, remark: null, created_by: null, acting_for: null, created_at: iso(s.at) })
        .returning('id')
        .executeTakeFirstOrThrow();
      last.set(s.time, ts.id);
    }
    return row.id;
  };

  const ids = {
    c1: await addCall({
      operator: operatorA.id, agent: agency.id, pbp: '07-01T04:00', ata: '07-01T08:00', atd: '07-01T20:00', start: 0, end: 200, section: north,
      moves: { discharge: 300, load: 200, restow: 100, crane_intensity: 2 }, ops: ['07-01T09:00', '07-01T19:00'],
      steps: [
        { time: 'berth_arrival', action: 'request', party: 'vessel_side', at: '06-28T10:00', value: '07-01T07:00', label: 'requested' },
        { time: 'berth_arrival', action: 'accept', party: 'terminal', at: '06-28T12:00', value: null, label: 'accepted' },
        { time: 'berth_departure', action: 'plan', party: 'terminal', at: '06-28T12:00', value: '07-01T18:00', label: 'planned' },
        { time: 'berth_departure', action: 'accept', party: 'vessel_side', at: '06-29T00:00', value: null, label: 'accepted' },
        { time: 'berth_arrival', action: 'estimate', party: 'vessel_side', at: '06-30T09:00', value: '07-01T08:30', label: 'estimated' },
      ],
    }),
    c2: await addCall({
      operator: operatorA.id, agent: agency.id, ata: '07-01T23:30', atd: '07-02T11:30', start: 200, end: 500, section: north,
      moves: { discharge: 0, load: 480, restow: 0, crane_intensity: 1 }, ops: ['07-02T00:30', '07-02T10:30'],
      steps: [
        { time: 'berth_arrival', action: 'request', party: 'vessel_side', at: '06-29T00:00', value: '07-01T21:30', label: 'requested' },
        { time: 'berth_arrival', action: 'propose', party: 'terminal', at: '06-29T06:00', value: '07-01T23:00', label: 'planned' },
        { time: 'berth_arrival', action: 'accept', party: 'vessel_side', at: '06-29T08:00', value: null, label: 'accepted' },
      ],
    }),
    c3: await addCall({
      operator: operatorB.id, pbp: '07-02T06:00', ata: '07-02T06:30', atd: '07-02T16:30', start: 500, end: 800,
      moves: { discharge: 300, load: 0, restow: 0, crane_intensity: 3 }, ops: ['07-02T07:30', '07-02T15:30'],
      steps: [
        { time: 'berth_arrival', action: 'plan', party: 'terminal', at: '06-30T00:00', value: '07-02T10:00', label: 'planned' },
        { time: 'berth_arrival', action: 'accept', party: 'vessel_side', at: '06-30T03:00', value: null, label: 'accepted' },
      ],
    }),
    c4: await addCall({
      operator: operatorB.id, labels: 'planned', ata: '07-02T20:00', atd: '07-03T08:00', start: 0, end: 100,
      steps: [{ time: 'berth_arrival', action: 'request', party: 'vessel_side', at: '07-01T00:00', value: '07-02T20:00', label: 'requested' }],
    }),
    c5: await addCall({
      operator: operatorA.id, agent: agency.id, cancelled: true, ata: '07-01T06:00', atd: '07-01T16:00', start: 500, end: 900, section: south,
      moves: { discharge: 900, load: 900, restow: 0, crane_intensity: 4 }, ops: ['07-01T07:00', '07-01T15:00'],
      steps: [
        { time: 'berth_arrival', action: 'request', party: 'vessel_side', at: '06-25T00:00', value: '07-01T00:00', label: 'requested' },
        { time: 'berth_arrival', action: 'accept', party: 'terminal', at: '06-27T00:00', value: null, label: 'accepted' },
      ],
    }),
    c6: await addCall({
      operator: operatorA.id, dummy: true, pbp: '07-01T00:00', ata: '07-01T06:00', atd: '07-01T16:00', start: 500, end: 900, section: south,
      moves: { discharge: 900, load: 900, restow: 0, crane_intensity: 4 }, ops: ['07-01T07:00', '07-01T15:00'],
      steps: [
        { time: 'berth_arrival', action: 'plan', party: 'terminal', at: '06-25T00:00', value: '07-01T20:00', label: 'planned' },
        { time: 'berth_arrival', action: 'accept', party: 'vessel_side', at: '06-27T00:00', value: null, label: 'accepted' },
      ],
    }),
    c7: await addCall({ operator: operatorB.id, ata: '06-30T21:30', atd: '07-01T02:00', start: 800, end: 900, section: south }),
  };
  return { terminal, operatorA, operatorB, agency, north, south, ids };
}

type TRow = { group_key: string; group_label: string; values: Record<string, number | null>; counts: { calls: number }; planned: boolean };
type TOverall = { period: { from: string; to: string }; kpis: string[]; rows: TRow[]; totals: { values: Record<string, number | null>; counts: { calls: number } } };
type TPerCall = { items: { portcall_id: number; kpis: { kpi: string; value: number | null; unit: string }[] }[]; meta: { total_count: number; kpis: string[] } };

describe.each(DB_TARGETS)('KPIs on %s', (target) => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof seedFixture>>;
  let planner: ApiCall;
  let agent: ApiCall;
  let outsider: ApiCall;

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(iso('07-02T21:00'));
    world = await seedFixture(t.database.db);
    const db = t.database.db;
    planner = (await signIn(t.app, db, { terminalIds: [world.terminal.id] })).call;
    agent = (await signIn(t.app, db, { userType: 'agent', organisationId: world.agency.id, terminalIds: [world.terminal.id] })).call;
    outsider = (await signIn(t.app, db, { terminalIds: [] })).call;
  });
  afterAll(async () => t?.close());

  const overall = async (call: ApiCall, query: string) => {
    const res = await call('GET', `/dashboard/overall_performance?terminal_id=${world.terminal.id}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as TOverall;
  };

  it('computes every KPI of the period by hand, leaving out cancelled and dummy calls', async () => {
    const body = await overall(planner, `${PERIOD}&grouping=day`);
    expect(body.period).toEqual({ from: '2026-06-30T22:00:00.000Z', to: '2026-07-02T22:00:00.000Z' });
    expect(body.totals.counts.calls).toBe(4); // calls 1-4; 5 cancelled, 6 dummy, 7 berthed before the period
    expect(body.totals.values).toEqual({
      berth_utilisation: 22.54, // (2,400 + 400 + 3,600 + 3,000 + 200) / 42,600
      waiting_time_avg: 1.67, // (3 + 2 + 0) / 3
      waiting_time_p90: 2.8, // [0, 2, 3]: rank 1.8 -> 2 + 0.8 x 1
      berth_on_arrival_rate: 33.33, // only call 3 waited <= 1 h
      arrival_punctuality_1h: 66.67, // +1, +0.5 in; -3.5 out
      arrival_punctuality_3h: 66.67,
      departure_punctuality_1h: 0, // call 1 left 2 h after the accepted 18:00
      departure_punctuality_3h: 100,
      turnaround_avg: 12.83, // (16 + 12 + 10.5) / 3
      turnaround_p90: 15.2, // [10.5, 12, 16]: 12 + 0.8 x 4
      gross_berth_productivity: 40, // (50 + 40 + 30) / 3
      cargo_operations_rate: 48.5, // (60 + 48 + 37.5) / 3
      terminal_response_median: 4, // [2, 6]
      terminal_response_p90: 5.6, // 2 + 0.9 x 4
      vessel_side_response_median: 3, // [2, 3, 12]
      vessel_side_response_p90: 10.2, // 3 + 0.8 x 9
      agreed_before_arrival_rate: 100, // calls 1-3 all accepted days ahead
      eta_accuracy_24h: 1.67, // (1 + 0.5 + 3.5) / 3
    });
  });

  it('puts a call berthing at 23:30 UTC in summer on the next Berlin day', async () => {
    const body = await overall(planner, `${PERIOD}&grouping=day&kpis=berth_utilisation,waiting_time_avg,waiting_time_p90,turnaround_avg,vessel_side_response_median`);
    expect(body.rows.map((r) => [r.group_key, r.counts.calls])).toEqual([
      ['2026-07-01', 1],
      ['2026-07-02', 3],
    ]);
    expect(body.rows[0]!.values).toEqual({ berth_utilisation: 13.33, waiting_time_avg: 3, waiting_time_p90: 3, turnaround_avg: 16, vessel_side_response_median: 12 }); // 2,800 / 21,000
    expect(body.rows[1]!.values).toEqual({ berth_utilisation: 31.48, waiting_time_avg: 1, waiting_time_p90: 1.8, turnaround_avg: 11.25, vessel_side_response_median: 2.5 }); // 6,800 / 21,600
    // The calendar day that holds 23:30 UTC on 1 July is Berlin's 2 July.
    const day = await overall(planner, 'period=day&from=2026-07-01T23:30:00Z&grouping=day&kpis=waiting_time_avg');
    expect(day.period).toEqual({ from: '2026-07-01T22:00:00.000Z', to: '2026-07-02T22:00:00.000Z' });
    expect(day.totals).toEqual({ values: { waiting_time_avg: 1 }, counts: { calls: 3 } });
  });

  it('marks the days that reach past now as planned and leaves a day without measured calls empty, not zero', async () => {
    // Now is 07-02 21:00Z: Berlin's 2 July ends at 22:00Z, so it holds planned times already; 3 and 4 July are all plan.
    const body = await overall(planner, 'period=custom&from=2026-06-30T22:00:00Z&to=2026-07-04T22:00:00Z&grouping=day&kpis=berth_utilisation,waiting_time_avg');
    expect(body.rows.map((r) => [r.group_key, r.planned])).toEqual([
      ['2026-07-01', false],
      ['2026-07-02', true],
      ['2026-07-03', true],
      ['2026-07-04', true],
    ]);
    const [, , third, fourth] = body.rows;
    expect(third!.values.berth_utilisation).toBeGreaterThan(0); // call 4 is planned on the quay until 08:00Z
    expect(third!.values.waiting_time_avg).toBeNull();
    expect(fourth!.values.waiting_time_avg).toBeNull();
    expect(fourth!.counts.calls).toBe(0);
  });

  it('groups by vessel operator and by berth section', async () => {
    const byOperator = await overall(planner, `${PERIOD}&grouping=vessel_operator&kpis=berth_utilisation,waiting_time_avg,gross_berth_productivity`);
    expect(byOperator.rows).toEqual([
      { group_key: String(world.operatorA.id), group_label: 'Alpha Lines', values: { berth_utilisation: 14.08, waiting_time_avg: 2.5, gross_berth_productivity: 45 }, counts: { calls: 2 }, planned: true }, // 6,000 / 42,600
      { group_key: String(world.operatorB.id), group_label: 'Bravo Shipping', values: { berth_utilisation: 8.45, waiting_time_avg: 0, gross_berth_productivity: 30 }, counts: { calls: 2 }, planned: true }, // 3,600 / 42,600
    ]);
    const bySection = await overall(planner, `${PERIOD}&grouping=berth_section&kpis=berth_utilisation`);
    expect(bySection.rows).toEqual([
      { group_key: String(world.north), group_label: 'North', values: { berth_utilisation: 26.5 }, counts: { calls: 3 }, planned: true }, // 6,200 / (500 x 48 - 600)
      { group_key: String(world.south), group_label: 'South', values: { berth_utilisation: 17.71 }, counts: { calls: 1 }, planned: true }, // 3,400 / (400 x 48)
    ]);
  });

  it('computes berth utilisation as the domain rule the planner uses does, for the whole period, each day and each section', async () => {
    const db = t.database.db;
    const quay = await db.selectFrom('terminals').select('quay_length_m').where('id', '=', world.terminal.id).executeTakeFirstOrThrow();
    const sections = (await db.selectFrom('terminal_sections').select(['id', 'start_position_m', 'end_position_m', 'berth_type']).where('terminal_id', '=', world.terminal.id).execute()).map((r) => ({
      id: r.id,
      start: Number(r.start_position_m),
      end: Number(r.end_position_m),
      berthType: r.berth_type as 'Berth' | 'Blocked Zone' | 'Buffer Zone',
    }));
    const blockZones = (await db.selectFrom('blocked_zones').select(['start_position_m', 'end_position_m', 'starts_at', 'ends_at']).where('terminal_id', '=', world.terminal.id).execute()).map((z) => ({
      start: Number(z.start_position_m),
      end: Number(z.end_position_m),
      from: z.starts_at.getTime(),
      to: z.ends_at.getTime(),
    }));
    // The calls the report counts: not cancelled, not dummy, with a place on the quay.
    const calls = (
      await db
        .selectFrom('portcalls')
        .select(['berth_start_position', 'berth_end_position', 'berth_arrival', 'berth_departure'])
        .where('terminal_id', '=', world.terminal.id)
        .where('is_dummy', '=', false)
        .where('status', '<>', 'Cancelled')
        .where('berth_start_position', 'is not', null)
        .execute()
    ).map((c) => ({ start: Number(c.berth_start_position), end: Number(c.berth_end_position), from: c.berth_arrival.getTime(), to: c.berth_departure.getTime() }));
    const percent = (window: { from: string; to: string }, range?: { start: number; end: number }) => {
      const value = berthUtilisation({ quayLength: quay.quay_length_m, sections, blockZones, calls, window: { from: Date.parse(window.from), to: Date.parse(window.to) }, ...(range ? { range } : {}) });
      return value === null ? null : Math.round(value * 10_000) / 100;
    };
    const byDay = await overall(planner, `${PERIOD}&grouping=day&kpis=berth_utilisation`);
    expect(byDay.totals.values.berth_utilisation).toBe(percent({ from: '2026-06-30T22:00:00Z', to: '2026-07-02T22:00:00Z' }));
    expect(byDay.rows.map((r) => r.values.berth_utilisation)).toEqual([percent({ from: '2026-06-30T22:00:00Z', to: '2026-07-01T22:00:00Z' }), percent({ from: '2026-07-01T22:00:00Z', to: '2026-07-02T22:00:00Z' })]);
    const bySection = await overall(planner, `${PERIOD}&grouping=berth_section&kpis=berth_utilisation`);
    const whole = { from: '2026-06-30T22:00:00Z', to: '2026-07-02T22:00:00Z' };
    expect(bySection.rows.map((r) => r.values.berth_utilisation)).toEqual(
      [world.north, world.south].map((id) => {
        const section = sections.find((x) => x.id === id)!;
        return percent(whole, { start: section.start, end: section.end });
      }),
    );
  });

  it('shows an agent only the figures of its own calls', async () => {
    const body = await overall(agent, `${PERIOD}&grouping=vessel_operator&kpis=berth_utilisation,waiting_time_avg`);
    expect(body.totals).toEqual({ values: { berth_utilisation: 14.08, waiting_time_avg: 2.5 }, counts: { calls: 2 } });
    expect(body.rows.map((r) => r.group_label)).toEqual(['Alpha Lines']);
  });

  it('answers 400 naming the field for a bad grouping, KPI or period, and 404 for a terminal the user may not see', async () => {
    const base = `/dashboard/overall_performance?terminal_id=${world.terminal.id}`;
    const cases: [string, string][] = [
      [`${base}&grouping=hour`, 'grouping'],
      [`${base}&kpis=berth_utilisation,happiness`, 'kpis'],
      [`${base}&period=custom&from=2026-07-02T00:00:00Z&to=2026-07-01T00:00:00Z`, 'to'],
      [`${base}&period=custom&from=2020-01-01T00:00:00Z&to=2023-01-01T00:00:01Z`, 'to'],
      [`${base}&period=custom&to=2023-01-01T00:00:00Z`, 'from'],
      ['/dashboard/portcall_kpis?kpis=waiting_time,mood', 'kpis'],
    ];
    for (const [url, field] of cases) {
      const res = await planner('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().status.status).toBe('VALIDATION_FAILED');
      expect(res.json().payload.errors.map((e: { path: string }) => e.path), url).toContain(field);
    }
    const threeYears = await planner('GET', `${base}&period=custom&from=2020-01-01T00:00:00Z&to=2023-01-01T00:00:00Z&kpis=berth_utilisation`);
    expect(threeYears.statusCode).toBe(200);
    expect((await outsider('GET', `${base}&${PERIOD}`)).statusCode).toBe(404);
  });

  it('lists per-call KPIs newest first, 6 a page, with the KPIs the user chose', async () => {
    const res = await planner('GET', `/dashboard/portcall_kpis?terminal_id=${world.terminal.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().payload as TPerCall;
    // Calls on the quay within 30 days up to now (07-02 21:00Z); cancelled and dummy calls left out.
    expect(body.items.map((i) => i.portcall_id)).toEqual([world.ids.c4, world.ids.c3, world.ids.c2, world.ids.c1, world.ids.c7]);
    expect(body.meta.total_count).toBe(5);
    expect(body.items[3]!.kpis).toEqual([
      { kpi: 'waiting_time', value: 3, unit: 'hours' },
      { kpi: 'berth_productivity', value: 50, unit: 'moves_per_hour' },
      { kpi: 'on_time_arrival', value: 1, unit: 'hours' },
      { kpi: 'crane_intensity', value: 2, unit: 'cranes' },
      { kpi: 'turnaround_time', value: 16, unit: 'hours' },
    ]);
    expect(body.items[0]!.kpis.every((k) => k.value === null)).toBe(true); // call 4 has not arrived

    const saved = await planner('PUT', '/update_dashboard_settings', { portcall_kpi_settings: ['turnaround_time', 'waiting_time'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const page2 = (await planner('GET', `/dashboard/portcall_kpis?terminal_id=${world.terminal.id}&page=2&per_page=2`)).json().payload as TPerCall;
    expect(page2.meta.kpis).toEqual(['turnaround_time', 'waiting_time']);
    expect(page2.items.map((i) => [i.portcall_id, i.kpis.map((k) => k.value)])).toEqual([
      [world.ids.c2, [12, 2]],
      [world.ids.c1, [16, 3]],
    ]);
    const agentView = (await agent('GET', '/dashboard/portcall_kpis')).json().payload as TPerCall;
    expect(agentView.items.map((i) => i.portcall_id)).toEqual([world.ids.c2, world.ids.c1]);
  });
});
