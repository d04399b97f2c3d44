// The service-center reports against a small fixture: which calls each report lists, for whom, and the files.
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { type ApiCall, addTerminalGeometry, createOrganisation, createTerminal, createVessel, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { storedJson } from '../../db/stored-json';

/*
 * Terminal in Europe/Berlin (summer: UTC+2). Cut-off 2026-07-01T10:00Z, 24 h ahead -> until 07-02T10:00Z.
 * A (operator Alpha, agent X): alongside 06-30T20:00Z (actual) .. 07-01T18:00Z (planned), 0-200 m, two cargo lines.
 *   Shifted by the planner at 07-01T09:00Z from 0 to 50 m (through the API, so the audit event is the real one).
 * B (operator Bravo): due 07-01T20:00Z (estimated) .. 07-02T08:00Z (planned).
 * C (operator Bravo): due 07-02T12:00Z, beyond 24 h but within 48 h.
 * D (operator Alpha, agent X): left 07-01T06:00Z (actual), before the cut-off.
 * E (operator Alpha): cancelled while "alongside" -> never listed. F: another terminal -> never listed.
 * Movement period 07-01T00:00Z .. 07-02T00:00Z: D departs 06:00 (actual), A shifts 09:00, A departs 18:00 (planned),
 *   B arrives 20:00 (estimated). B's berth move on 07-01T08:00Z was planning (not alongside), not a shift.
 */
const at = (s: string) => new Date(`2026-${s}:00Z`);
const CUT_OFF = '2026-07-01T10:00:00Z';
const PERIOD = 'from=2026-07-01T00:00:00Z&to=2026-07-02T00:00:00Z';

type TCall = { operator: number; agent?: number | null; arrival: string; departure: string; arrivalLabel: string; departureLabel: string; status?: string; start?: number; end?: number; section?: number | null; comment?: string; terminal?: number };

async function seed(t: TestApp) {
  const db: Kysely<DB> = t.database.db;
  const terminal = await createTerminal(db);
  const geometry = await addTerminalGeometry(db, terminal.id);
  const other = await createTerminal(db);
  const alpha = await createOrganisation(db, 'vessel_operator', { name: 'Alpha Lines' });
  const bravo = await createOrganisation(db, 'vessel_operator', { name: 'Bravo Shipping' });
  const agency = await createOrganisation(db, 'agent');
  const vesselA = await createVessel(db, { vesselOperatorId: alpha.id });
  const vesselB = await createVessel(db, { vesselOperatorId: bravo.id });
  const north = geometry.sections.find((s) => s.name === 'North berth')!.id;
  const add = async (c: TCall) => {
    const row = await db
      .insertInto('portcalls')
      .values({
        terminal_id: c.terminal ?? terminal.id,
        vessel_id: c.operator === alpha.id ? vesselA.id : vesselB.id,
        vessel_operator_id: c.operator,
        agent_id: c.agent ?? null,
        status: c.status ?? 'Approaching',
        berth_arrival: at(c.arrival),
        berth_departure: at(c.departure),
        berth_arrival_label: c.arrivalLabel,
        berth_departure_label: c.departureLabel,
        berth_start_position: c.start ?? null,
        berth_end_position: c.end ?? null,
        terminal_section_id: c.section ?? null,
        comment: c.comment ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const ids = {
    a: await add({ operator: alpha.id, agent: agency.id, arrival: '06-30T20:00', departure: '07-01T18:00', arrivalLabel: 'actual', departureLabel: 'planned', status: 'Berthed', start: 0, end: 200, section: north, comment: 'Hatch 3 damaged' }),
    b: await add({ operator: bravo.id, arrival: '07-01T20:00', departure: '07-02T08:00', arrivalLabel: 'estimated', departureLabel: 'planned', start: 200, end: 400, section: north }),
    c: await add({ operator: bravo.id, arrival: '07-02T12:00', departure: '07-02T22:00', arrivalLabel: 'accepted', departureLabel: 'accepted' }),
    d: await add({ operator: alpha.id, agent: agency.id, arrival: '06-29T06:00', departure: '07-01T06:00', arrivalLabel: 'actual', departureLabel: 'actual', status: 'Departed' }),
    e: await add({ operator: alpha.id, arrival: '06-30T12:00', departure: '07-01T20:00', arrivalLabel: 'cancelled', departureLabel: 'planned', status: 'Cancelled' }),
    f: await add({ operator: alpha.id, arrival: '06-30T12:00', departure: '07-01T20:00', arrivalLabel: 'actual', departureLabel: 'planned', terminal: other.id }),
  };
  await db
    .insertInto('portcall_cargo_details')
    .values([
      { portcall_id: ids.a, position: 1, cargo_type: 'Container (boxes)', move_count: 184, move_count_unit: 'pieces', discharge: 100, load: 80, restow: 4, crane_intensity: 2, cargo_operations_start: null, cargo_operations_end: null, cargo_sub_type: null, product_type: null, comment: null, units_per_hour: null },
      { portcall_id: ids.a, position: 2, cargo_type: 'General', move_count: 10, move_count_unit: 'pieces', discharge: 10, load: 0, restow: 0, crane_intensity: 1, cargo_operations_start: null, cargo_operations_end: null, cargo_sub_type: null, product_type: null, comment: null, units_per_hour: null },
    ])
    .execute();
  // Planning B's berth before it arrived: an audit event on berth_start_position that is not a shift.
  await db.insertInto('portcall_audit_events').values({ portcall_id: ids.b, event_type: 'revised', field: 'berth_start_position', old_value: storedJson('audit_value', 150), new_value: storedJson('audit_value', 200), actor_user_id: null, acting_for_user_id: null, created_at: at('07-01T08:00') }).execute();
  const planner = await signIn(t.app, db, { terminalIds: [terminal.id, other.id], locale: 'de' });
  const plannerEn = await signIn(t.app, db, { terminalIds: [terminal.id] });
  const agent = await signIn(t.app, db, { userType: 'agent', organisationId: agency.id, terminalIds: [terminal.id] });
  const bravoUser = await signIn(t.app, db, { userType: 'vessel_operator', organisationId: bravo.id, terminalIds: [terminal.id] });
  const outsider = await signIn(t.app, db, { terminalIds: [other.id] });
  return { terminal, ids, planner: planner.call as ApiCall, plannerEn: plannerEn.call as ApiCall, agent: agent.call as ApiCall, bravo: bravoUser.call as ApiCall, outsider: outsider.call as ApiCall };
}

const csvLines = (body: Buffer) => body.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
// The planner reads German: a German CSV separates its fields with semicolons and writes decimal commas.
const cells = (line: string) => line.slice(1, -1).split('";"');

describe.each(DB_TARGETS)('service-center reports on %s', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    t = await createTestApp(target);
    // Signed in at the time of the shift, which happens while A is alongside; the reports take explicit times.
    t.clock.set(at('07-01T09:00'));
    w = await seed(t);
    const got = await w.plannerEn('GET', `/portcalls/${w.ids.a}`);
    expect(got.statusCode, got.body).toBe(200);
    const current = got.json().payload as { version: number };
    const moved = await w.plannerEn('PUT', `/portcalls/${w.ids.a}`, { version: current.version, berth_start_position: 50, berth_end_position: 250 });
    expect(moved.statusCode, moved.body).toBe(200);
  });
  afterAll(async () => t?.close());

  const situationUrl = (extra = '') => `/situation_reports?terminal_id=${w.terminal.id}&cut_off=${CUT_OFF}${extra}`;

  it('lists the calls in port at the cut-off and those due within the hours ahead, with berth, times, cargo and remarks', async () => {
    const res = await w.plannerEn('GET', situationUrl());
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().payload;
    expect(report.time_zone).toBe('Europe/Berlin');
    expect(report.until).toBe('2026-07-02T10:00:00.000Z');
    expect(report.rows.map((r: { portcall_id: number; situation: string }) => [r.portcall_id, r.situation])).toEqual([
      [w.ids.a, 'in_port'],
      [w.ids.b, 'due'],
    ]);
    const a = report.rows[0];
    expect(a).toMatchObject({ berth_section: 'North berth', berth_start_position: 50, berth_end_position: 250, start_bollard: 'P01', end_bollard: 'P06', cargo_types: ['Container (boxes)', 'General'], discharge: 110, load: 80, restow: 4, total_moves: 194, remarks: 'Hatch 3 damaged' });
    expect(a.berth_arrival).toEqual({ value: '2026-06-30T20:00:00.000Z', label: 'actual' });
    expect(a.berth_departure).toEqual({ value: '2026-07-01T18:00:00.000Z', label: 'planned' });
    const wider = (await w.plannerEn('GET', situationUrl('&hours_ahead=48'))).json().payload;
    expect(wider.rows.map((r: { portcall_id: number }) => r.portcall_id)).toEqual([w.ids.a, w.ids.b, w.ids.c]);
  });

  it('lists arrivals, departures and shifts of the period with the time source', async () => {
    const res = await w.plannerEn('GET', `/movement_reports?terminal_id=${w.terminal.id}&${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().payload.rows as { portcall_id: number; kind: string; time: string; time_source: string; time_label: string | null; from_position: number | null; to_position: number | null }[];
    expect(rows.map((r) => [r.portcall_id, r.kind, r.time, r.time_source])).toEqual([
      [w.ids.d, 'departure', '2026-07-01T06:00:00.000Z', 'actual'],
      [w.ids.a, 'shift', '2026-07-01T09:00:00.000Z', 'actual'],
      [w.ids.a, 'departure', '2026-07-01T18:00:00.000Z', 'planned'],
      [w.ids.b, 'arrival', '2026-07-01T20:00:00.000Z', 'estimated'],
    ]);
    expect(rows[1]).toMatchObject({ from_position: 0, to_position: 50 });
    expect(rows[2]!.time_label).toBe('planned');
  });

  it('answers the movements a page at a time, counting every row, while the download holds them all', async () => {
    const page = async (n: number) => {
      const res = await w.plannerEn('GET', `/movement_reports?terminal_id=${w.terminal.id}&${PERIOD}&page=${n}&per_page=3`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().payload as { rows: { portcall_id: number; kind: string }[]; meta: { page: number; per_page: number; total_count: number; total_pages: number } };
    };
    const [first, second] = [await page(1), await page(2)];
    expect(first.meta).toEqual({ page: 1, per_page: 3, total_count: 4, total_pages: 2 });
    expect(first.rows).toHaveLength(3);
    expect(second.rows.map((r) => [r.portcall_id, r.kind])).toEqual([[w.ids.b, 'arrival']]);
    const whole = (await w.plannerEn('GET', `/movement_reports?terminal_id=${w.terminal.id}&${PERIOD}`)).json().payload;
    expect(whole.meta).toMatchObject({ page: 1, per_page: 100, total_count: 4 });
    expect([...first.rows, ...second.rows]).toEqual(whole.rows);
    // Past the end: no rows, the same count.
    expect(await page(3)).toMatchObject({ rows: [], meta: { total_count: 4 } });
    expect((await w.plannerEn('GET', `/movement_reports?terminal_id=${w.terminal.id}&${PERIOD}&per_page=101`)).statusCode).toBe(400);
    expect(csvLines((await w.planner('GET', `/movement-reports/download?terminal_id=${w.terminal.id}&${PERIOD}&type=csv&page=2&per_page=1`)).rawPayload)).toHaveLength(5);
  });

  it('gives the KPIs of the period per vessel operator and per berth section, the same figures as the KPI engine', async () => {
    const res = await w.plannerEn('GET', `/performance_report?terminal_id=${w.terminal.id}&${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().payload;
    expect(report.by_vessel_operator.grouping).toBe('vessel_operator');
    expect(report.by_berth_section.grouping).toBe('berth_section');
    expect(report.by_vessel_operator.rows.map((r: { group_label: string }) => r.group_label)).toEqual(expect.arrayContaining(['Alpha Lines', 'Bravo Shipping']));
    const engine = (await w.plannerEn('GET', `/dashboard/overall_performance?terminal_id=${w.terminal.id}&period=custom&${PERIOD}&grouping=berth_section`)).json().payload;
    expect(report.by_berth_section).toEqual(engine);
  });

  it('shows each role only the calls it may see', async () => {
    const ids = async (call: ApiCall, url: string) => ((await call('GET', url)).json().payload.rows as { portcall_id: number }[]).map((r) => r.portcall_id);
    expect(await ids(w.agent, situationUrl('&hours_ahead=48'))).toEqual([w.ids.a]);
    expect(await ids(w.bravo, situationUrl('&hours_ahead=48'))).toEqual([w.ids.b, w.ids.c]);
    expect(await ids(w.agent, `/movement_reports?terminal_id=${w.terminal.id}&${PERIOD}`)).toEqual([w.ids.d, w.ids.a, w.ids.a]);
    expect(await ids(w.bravo, `/movement_reports?terminal_id=${w.terminal.id}&${PERIOD}`)).toEqual([w.ids.b]);
    const bravoKpis = (await w.bravo('GET', `/performance_report?terminal_id=${w.terminal.id}&${PERIOD}`)).json().payload;
    expect(bravoKpis.by_vessel_operator.rows.map((r: { group_label: string }) => r.group_label)).toEqual(['Bravo Shipping']);
    // A terminal the user is not linked to does not exist for them.
    expect((await w.outsider('GET', situationUrl())).statusCode).toBe(404);
    expect((await w.outsider('GET', `/movement-reports/download?terminal_id=${w.terminal.id}&${PERIOD}&type=csv`)).statusCode).toBe(404);
  });

  it('downloads CSV in the user\u2019s language with the terminal zone in the header, one line per row', async () => {
    const situation = await w.planner('GET', `/situation-reports/download?terminal_id=${w.terminal.id}&cut_off=${CUT_OFF}&type=csv`);
    expect(situation.statusCode, situation.body).toBe(200);
    expect(situation.headers['content-type']).toMatch(/text\/csv/);
    // Named after the moment it describes, in the terminal's zone.
    expect(situation.headers['content-disposition']).toMatch(/attachment; filename="situation-report-\d{4}-\d\d-\d\d-\d{4}\.csv"/);
    const lines = csvLines(situation.rawPayload);
    expect(lines).toHaveLength(3);
    expect(cells(lines[0]!).slice(0, 3)).toEqual(['Lage', 'Schiff', 'IMO-Nummer']);
    expect(lines[0]).toContain('"Ankunft am Liegeplatz (Europe/Berlin)"');
    // 20:00Z on 30 June is 22:00 in Berlin summer time.
    expect(cells(lines[1]!)).toEqual(expect.arrayContaining(['Im Hafen', '2026-06-30 22:00', '50-250', 'P01-P06', '194', 'Hatch 3 damaged']));
    const movement = csvLines((await w.planner('GET', `/movement-reports/download?terminal_id=${w.terminal.id}&${PERIOD}&type=csv`)).rawPayload);
    expect(movement).toHaveLength(5);
    expect(cells(movement[2]!).slice(0, 3)).toEqual(['Verholung', '2026-07-01 11:00', 'Tatsächlich']);
    const performance = csvLines((await w.planner('GET', `/performance-report/download?terminal_id=${w.terminal.id}&${PERIOD}&type=csv`)).rawPayload);
    expect(cells(performance[0]!).slice(0, 3)).toEqual(['Gruppiert nach', 'Gruppe', 'Anläufe']);
    // Two operators + total, then the berth sections + total.
    const perf = (await w.planner('GET', `/performance_report?terminal_id=${w.terminal.id}&${PERIOD}`)).json().payload;
    expect(performance).toHaveLength(1 + perf.by_vessel_operator.rows.length + 1 + perf.by_berth_section.rows.length + 1);
  });

  it('writes real Excel workbooks with the same rows as the CSV', async () => {
    for (const path of [`/situation-reports/download?terminal_id=${w.terminal.id}&cut_off=${CUT_OFF}`, `/movement-reports/download?terminal_id=${w.terminal.id}&${PERIOD}`, `/performance-report/download?terminal_id=${w.terminal.id}&${PERIOD}`]) {
      const xls = await w.planner('GET', `${path}&type=xls`);
      expect(xls.statusCode, xls.body).toBe(200);
      expect(xls.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(xls.headers['content-disposition']).toMatch(/\.xlsx"$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const csv = csvLines((await w.planner('GET', `${path}&type=csv`)).rawPayload).map(cells);
      expect(sheet.rowCount, path).toBe(csv.length);
      for (let i = 0; i < csv.length; i++) {
        const values = csv[i]!.map((_, col) => {
          const v = sheet.getRow(i + 1).getCell(col + 1).value;
          return v === null || v === undefined ? '' : typeof v === 'number' ? String(v).replace('.', ',') : String(v);
        });
        expect(values, `${path} row ${i + 1}`).toEqual(csv[i]);
      }
    }
  });

  it('answers bad input with 400 naming the field', async () => {
    const base = `terminal_id=${w.terminal.id}`;
    const cases: [string, string][] = [
      [`/movement_reports?${base}&from=2026-07-02T00:00:00Z&to=2026-07-01T00:00:00Z`, 'to'],
      [`/performance_report?${base}&from=2020-01-01T00:00:00Z&to=2023-01-01T00:00:01Z`, 'to'],
      [`/movement-reports/download?${base}&${PERIOD}&type=pdf`, 'type'],
      [`/performance-report/download?${base}&from=2026-07-02T00:00:00Z&to=2026-07-01T00:00:00Z&type=csv`, 'to'],
      [`/situation_reports?${base}&hours_ahead=0`, 'hours_ahead'],
      [`/situation-reports/download?${base}&hours_ahead=169&type=xls`, 'hours_ahead'],
      [`/situation_reports?${base}&cut_off=tomorrow`, 'cut_off'],
      [`/movement_reports?${base}&to=2026-07-02T00:00:00Z`, 'from'],
    ];
    for (const [url, field] of cases) {
      const res = await w.plannerEn('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().status.status).toBe('VALIDATION_FAILED');
      expect(res.json().payload.errors.map((e: { path: string }) => e.path), url).toContain(field);
    }
    expect((await w.plannerEn('GET', `/situation_reports?${base}&hours_ahead=168`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/portal/v1/situation_reports?${base}` })).statusCode).toBe(401);
  });
});
