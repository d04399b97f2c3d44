import type { TScheduleProvider, TSyncRun } from '@quayline/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, createOrganisation, createPort, createTerminal, createVessel, randomUnlocode, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { createOvsAdapter } from './ovs-client';
import { type TOvsTestProvider, type TOvsWorld, ovsPages, startOvsTestProvider } from './ovs-test-provider';
import { fetchProvider } from './schedule-fetch.service';
import { findProvider } from './schedule.repository';

const H = 3600_000;
const MIN = 60_000;

describe.each(DB_TARGETS)('schedule providers and sync on %s', (target) => {
  let t: TestApp;
  let provider: TOvsTestProvider;
  let ovs: TOvsWorld;
  let base: number;
  let w: { terminalId: number; operatorId: number; vesselIds: { a: number; b: number; c: number }; planner: ApiCall; vessel: ApiCall; outsider: ApiCall };

  beforeAll(async () => {
    t = await createTestApp(target);
    const db = t.database.db;
    const terminal = await createTerminal(db);
    const port = await db.selectFrom('terminals').innerJoin('ports', 'ports.id', 'terminals.port_id').select('ports.unlocode').where('terminals.id', '=', terminal.id).executeTakeFirstOrThrow();
    const previous = await createPort(db);
    const next = await createPort(db);
    const operatorCode = `Q${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const operator = await createOrganisation(db, 'vessel_operator', { code: operatorCode });
    const a = await createVessel(db, { vesselOperatorId: operator.id, name: 'ALPHA' });
    const b = await createVessel(db, { vesselOperatorId: operator.id, name: 'BRAVO' });
    const c = await createVessel(db, { vesselOperatorId: operator.id, name: 'CHARLIE' });
    ovs = { terminalUnlocode: port.unlocode, previousUnlocode: previous.unlocode, nextUnlocode: next.unlocode, unknownUnlocode: randomUnlocode('QQ'), operatorCode, vesselA: { imo: a.imo_number }, vesselB: { imo: b.imo_number, mmsi: b.mmsi! }, vesselC: { imo: c.imo_number } };
    base = Math.ceil((t.clock.now().getTime() + 72 * H) / H) * H;
    w = {
      terminalId: terminal.id,
      operatorId: operator.id,
      vesselIds: { a: a.id, b: b.id, c: c.id },
      planner: (await signIn(t.app, db, { terminalIds: [terminal.id] })).call,
      vessel: (await signIn(t.app, db, { userType: 'vessel_operator', organisationId: operator.id, terminalIds: [terminal.id] })).call,
      outsider: (await signIn(t.app, db, { terminalIds: [] })).call,
    };
    provider = await startOvsTestProvider(ovsPages(ovs, base));
    provider.auth = { header: 'authorization', value: 'Bearer secret-token' };
  });
  afterAll(async () => {
    await provider?.close();
    await t?.close();
  });
  beforeEach(() => {
    provider.mode = 'ok';
    provider.requests = [];
  });

  const configure = async (body: Record<string, unknown>) => w.planner('PUT', '/schedule_providers', { terminal_id: w.terminalId, provider: 'gnet', base_url: provider.url, polling_interval_minutes: 30, ...body });
  const fetchNow = async () => {
    const res = await w.planner('POST', '/schedule_providers/fetch_voyages', { terminal_id: w.terminalId, provider: 'gnet' });
    expect(res.statusCode).toBe(200);
    return (res.json() as { payload: TSyncRun[] }).payload[0]!;
  };
  const callOf = (vesselId: number) =>
    t.database.db.selectFrom('portcalls').selectAll().where('terminal_id', '=', w.terminalId).where('vessel_id', '=', vesselId).orderBy('id').executeTakeFirst();
  const counts = async () => {
    const db = t.database.db;
    const v = await db.selectFrom('voyages').select((eb) => eb.fn.countAll<number>().as('n')).where('terminal_id', '=', w.terminalId).executeTakeFirstOrThrow();
    const p = await db.selectFrom('portcalls').select((eb) => eb.fn.countAll<number>().as('n')).where('terminal_id', '=', w.terminalId).executeTakeFirstOrThrow();
    const ts = await db.selectFrom('portcall_timestamps').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { voyages: Number(v.n), portcalls: Number(p.n), timestamps: Number(ts.n) };
  };
  const gnet = () => findProvider(t.database.db, w.terminalId, 'gnet').then((p) => p!);

  it('lets only terminal operators of the terminal configure providers, keeps credentials write-only and refuses a stale version', async () => {
    expect((await w.vessel('PUT', '/schedule_providers', { terminal_id: w.terminalId, provider: 'gnet', base_url: provider.url })).statusCode).toBe(403);
    expect((await w.outsider('PUT', '/schedule_providers', { terminal_id: w.terminalId, provider: 'gnet', base_url: provider.url })).statusCode).toBe(404);
    const created = await configure({ credentials: 'secret-token' });
    expect(created.statusCode).toBe(200);
    expect(created.body).not.toContain('secret-token');
    const saved = (created.json() as { payload: TScheduleProvider }).payload;
    expect(saved).toMatchObject({ provider: 'gnet', has_credentials: true, is_enabled: true, version: 1 });
    const list = await w.planner('GET', `/schedule_providers?terminal_id=${w.terminalId}`);
    expect(list.body).not.toContain('secret-token');
    expect((list.json() as { payload: TScheduleProvider[] }).payload.map((p) => p.provider)).toEqual(['gnet']);
    expect((await w.vessel('GET', `/schedule_providers?terminal_id=${w.terminalId}`)).statusCode).toBe(403);

    const changed = await configure({ version: 1, polling_interval_minutes: 60 });
    expect((changed.json() as { payload: TScheduleProvider }).payload).toMatchObject({ version: 2, polling_interval_minutes: 60, has_credentials: true });
    const stale = await configure({ version: 1, polling_interval_minutes: 90 });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { payload: { current: TScheduleProvider } }).payload.current.polling_interval_minutes).toBe(60);
  });

  it('fetches every page over OVS and creates voyages with requested calls at the terminal', async () => {
    const run = await fetchNow();
    expect(run).toMatchObject({ outcome: 'success', source: 'gnet', trigger: 'manual', error: null });
    const first = provider.requests[0]!;
    expect(first.headers.authorization).toBe('Bearer secret-token');
    expect(first.headers['api-version']).toBe('3.0.2');
    expect(first.url).toContain(`UNLocationCode=${ovs.terminalUnlocode}`);
    expect(provider.requests[1]!.url).toContain('cursor=page-1');

    expect(run.changes.filter((c) => c.kind === 'voyage_created')).toHaveLength(3);
    expect(run.changes.filter((c) => c.kind === 'portcall_created')).toHaveLength(3);
    expect(run.changes.find((c) => c.kind === 'skipped' && c.note?.includes(ovs.unknownUnlocode))).toBeTruthy();

    const a = (await callOf(w.vesselIds.a))!;
    // EST wins over PLN at the terminal (PLN lies 6 h earlier in the fixture)
    expect(new Date(a.berth_arrival).toISOString()).toBe(new Date(base).toISOString());
    expect(a).toMatchObject({ berth_arrival_label: 'requested', voyage_number_import: '2701W', voyage_number_export: '2701E' });
    expect(a.voyage_id).not.toBeNull();
    const rows = await t.database.db.selectFrom('voyage_schedule_rows').selectAll().where('voyage_id', '=', a.voyage_id!).orderBy('sequence').execute();
    expect(rows.map((r) => [r.is_terminal_call, r.arrival_classifier, r.portcall_id])).toEqual([
      [false, 'ACT', null],
      [true, 'EST', a.id],
      [false, 'PLN', null],
    ]);
    expect((await callOf(w.vesselIds.b))?.voyage_number_import).toBe('2702W');
    expect(await callOf(w.vesselIds.c)).toBeTruthy();

    const status = await gnet();
    expect(status.last_success_at).not.toBeNull();
    expect(status.consecutive_failures).toBe(0);
    expect(new Date(status.next_attempt_at!).getTime()).toBe(t.clock.now().getTime() + 60 * MIN);
  });

  it('raises a proposal for a planned time and turns a requested time into a new request', async () => {
    const a = (await callOf(w.vesselIds.a))!;
    const planned = await w.planner('POST', `/portcalls/${a.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: new Date(base).toISOString(), version: a.version });
    expect(planned.statusCode).toBe(200);
    const before = (await callOf(w.vesselIds.a))!;

    provider.pages = ovsPages(ovs, base, { shiftHours: 3 });
    const run = await fetchNow();
    expect(run.outcome).toBe('success');

    const after = (await callOf(w.vesselIds.a))!;
    expect(after.berth_arrival_label).toBe('planned');
    expect(new Date(after.berth_arrival).getTime()).toBe(new Date(before.berth_arrival).getTime());
    expect(run.changes.find((c) => c.kind === 'proposal' && c.portcall_id === a.id && c.time === 'berth_arrival')).toMatchObject({ after: new Date(base + 3 * H).toISOString() });

    const b = (await callOf(w.vesselIds.b))!;
    expect([b.berth_arrival_label, b.berth_arrival_change_label]).toEqual(['requested', 'to change']);
    expect(new Date(b.berth_arrival).getTime()).toBe(base + 51 * H);

    const proposals = await w.vessel('GET', `/portcalls/${a.id}/schedule_proposals`);
    const open = (proposals.json() as { payload: { id: number; status: string; time: string; proposed_time: string }[] }).payload.filter((p) => p.status === 'open');
    expect(open.map((p) => [p.time, p.proposed_time])).toContainEqual(['berth_arrival', new Date(base + 3 * H).toISOString()]);
    expect((await w.outsider('GET', `/portcalls/${a.id}/schedule_proposals`)).statusCode).toBe(404);
  });

  it('applies a proposal as the terminal revising, refuses a stale version, and dismisses another (audited)', async () => {
    const a = (await callOf(w.vesselIds.a))!;
    const proposals = (await w.planner('GET', `/portcalls/${a.id}/schedule_proposals`)).json() as { payload: { id: number; status: string; time: string; proposed_time: string }[] };
    const arrival = proposals.payload.find((p) => p.status === 'open' && p.time === 'berth_arrival')!;

    const stale = await w.planner('POST', `/schedule_proposals/${arrival.id}/apply`, { version: a.version - 1 });
    expect(stale.statusCode).toBe(409);
    const applied = await w.planner('POST', `/schedule_proposals/${arrival.id}/apply`, { version: a.version });
    expect(applied.statusCode).toBe(200);
    const body = applied.json() as { payload: { proposal: { status: string }; portcall: { berth_arrival: string; berth_arrival_state: { label: string } } } };
    expect(body.payload.proposal.status).toBe('applied');
    expect(body.payload.portcall.berth_arrival).toBe(arrival.proposed_time);
    expect(body.payload.portcall.berth_arrival_state.label).toBe('planned');
    expect((await w.planner('POST', `/schedule_proposals/${arrival.id}/apply`, { version: a.version + 1 })).statusCode).toBe(409);

    // the departure was requested, so the shift asked for it anew; the terminal answers with a planned time to get a second proposal
    const now = (await callOf(w.vesselIds.a))!;
    const answered = await w.planner('POST', `/portcalls/${a.id}/negotiate`, { time: 'berth_departure', action: 'propose', date_time: new Date(base + 20 * H).toISOString(), version: now.version });
    expect(answered.statusCode).toBe(200);
    provider.pages = ovsPages(ovs, base, { shiftHours: 6 });
    await fetchNow();
    const list = (await w.vessel('GET', `/portcalls/${a.id}/schedule_proposals`)).json() as { payload: { id: number; status: string; time: string }[] };
    const departure = list.payload.find((p) => p.status === 'open' && p.time === 'berth_departure')!;
    const current = (await callOf(w.vesselIds.a))!;
    const dismissed = await w.vessel('POST', `/schedule_proposals/${departure.id}/dismiss`, { version: current.version });
    expect(dismissed.statusCode).toBe(200);
    expect((dismissed.json() as { payload: { status: string } }).payload.status).toBe('dismissed');
    const audit = await t.database.db.selectFrom('portcall_audit_events').selectAll().where('portcall_id', '=', a.id).where('field', '=', 'schedule_proposal').execute();
    expect(audit).toHaveLength(1);
    expect((await callOf(w.vesselIds.a))!.berth_departure_label).toBe('planned');
  });

  it('applies a proposal for the vessel side as a request', async () => {
    const c = (await callOf(w.vesselIds.c))!;
    await w.planner('POST', `/portcalls/${c.id}/negotiate`, { time: 'berth_arrival', action: 'propose', date_time: new Date(base + 100 * H).toISOString(), version: c.version });
    const accepted = (await callOf(w.vesselIds.c))!;
    await w.vessel('POST', `/portcalls/${c.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: accepted.version });
    // C's terminal estimate moves by 5 h in an uploaded OVS file
    const pages = ovsPages(ovs, base);
    const cCall = pages[1]![0]!.vesselSchedules[0]!.transportCalls[0]!;
    cCall.timestamps = cCall.timestamps.map((ts) => (ts.eventClassifierCode === 'EST' && ts.eventTypeCode === 'ARRI' ? { ...ts, eventDateTime: new Date(base + 105 * H).toISOString() } : ts));
    const upload = await w.planner('POST', '/schedule_providers/upload', { terminal_id: w.terminalId, format: 'ovs', source: 'gnet', content: JSON.stringify(pages[1]) });
    expect(upload.statusCode).toBe(200);
    const run = (upload.json() as { payload: TSyncRun }).payload;
    expect(run).toMatchObject({ outcome: 'success', trigger: 'upload' });
    const proposal = run.changes.find((ch) => ch.kind === 'proposal' && ch.portcall_id === c.id)!;
    expect(proposal).toBeTruthy();
    const list = (await w.vessel('GET', `/portcalls/${c.id}/schedule_proposals`)).json() as { payload: { id: number; status: string }[] };
    const open = list.payload.find((p) => p.status === 'open')!;
    const current = (await callOf(w.vesselIds.c))!;
    const applied = await w.vessel('POST', `/schedule_proposals/${open.id}/apply`, { version: current.version });
    expect(applied.statusCode).toBe(200);
    const after = (await callOf(w.vesselIds.c))!;
    expect(after.berth_arrival_label).toBe('requested');
    expect(new Date(after.berth_arrival).toISOString()).toBe(new Date(base + 105 * H).toISOString());
  });

  it('leaves a call alone whose sync was stopped, and asks to cancel an omitted one', async () => {
    const b = (await callOf(w.vesselIds.b))!;
    await t.database.db.updateTable('portcalls').set({ schedule_syncable: false }).where('id', '=', b.id).execute();
    provider.pages = ovsPages(ovs, base, { shiftHours: 9 });
    const run = await fetchNow();
    expect(run.changes.find((c) => c.portcall_id === b.id && c.kind === 'sync_inactive')).toBeTruthy();
    expect(new Date((await callOf(w.vesselIds.b))!.berth_arrival).getTime()).toBe(new Date(b.berth_arrival).getTime());

    await t.database.db.updateTable('portcalls').set({ schedule_syncable: true }).where('id', '=', b.id).execute();
    provider.pages = ovsPages(ovs, base, { shiftHours: 9, omitB: true });
    const omitted = await fetchNow();
    expect(omitted.changes.find((c) => c.portcall_id === b.id && c.kind === 'cancel_requested')).toBeTruthy();
    expect((await callOf(w.vesselIds.b))!.berth_arrival_label).toBe('cancel_requested');
    provider.pages = ovsPages(ovs, base);
  });

  it.each([
    ['connection refused', 'refused', 'network'],
    ['HTTP 503', 'http_503', 'http_5xx'],
    ['a malformed payload', 'malformed', 'bad_payload'],
    ['a body that is not JSON', 'not_json', 'bad_payload'],
    ['wrong credentials', 'bad_credentials', 'bad_credentials'],
  ] as const)('records a failed run on %s, changes nothing and backs off', async (_name, mode, kind) => {
    const before = await counts();
    const stored = await gnet();
    if (mode === 'refused') {
      const dead = await startOvsTestProvider([]);
      await dead.close();
      await t.database.db.updateTable('schedule_providers').set({ base_url: dead.url }).where('id', '=', stored.id).execute();
    } else if (mode === 'bad_credentials') {
      provider.auth = { header: 'authorization', value: 'Bearer another-token' };
    } else provider.mode = mode;
    provider.pages = ovsPages(ovs, base, { shiftHours: 12 });
    try {
      const run = await fetchNow();
      expect(run.outcome).toBe('failed');
      expect(run.error).toContain(kind);
      expect(run.changes).toEqual([]);
      expect(await counts()).toEqual(before);
      const after = await gnet();
      expect(after.last_error).toContain(kind);
      expect(after.consecutive_failures).toBe(stored.consecutive_failures + 1);
      expect(new Date(after.last_success_at!).getTime()).toBe(new Date(stored.last_success_at!).getTime());
      const backoff = Math.min(60, 2 ** after.consecutive_failures);
      expect(new Date(after.next_attempt_at!).getTime()).toBe(t.clock.now().getTime() + backoff * MIN);
    } finally {
      provider.auth = { header: 'authorization', value: 'Bearer secret-token' };
      provider.pages = ovsPages(ovs, base);
      await t.database.db.updateTable('schedule_providers').set({ base_url: provider.url }).where('id', '=', stored.id).execute();
    }
  });

  it('gives up on a provider that never answers within the timeout', async () => {
    provider.mode = 'hang';
    const stored = await gnet();
    const started = Date.now();
    const run = await fetchProvider(t.app.ctx, stored, { trigger: 'manual', startedBy: null, adapters: (kind) => createOvsAdapter(kind, { timeoutMs: 300 }) });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(run.outcome).toBe('failed');
    expect(run.error).toContain('timeout');
    expect((await gnet()).last_error).toContain('timeout');
  });

  it('lists sync runs newest first, ten a page, for terminal operators only', async () => {
    const res = await w.planner('GET', `/schedule_providers/runs?terminal_id=${w.terminalId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { payload: { items: TSyncRun[]; meta: { total_count: number; per_page: number } } };
    expect(body.payload.meta.per_page).toBe(10);
    expect(body.payload.meta.total_count).toBeGreaterThan(10);
    expect(body.payload.items).toHaveLength(10);
    expect(body.payload.items[0]!.id).toBeGreaterThan(body.payload.items[1]!.id);
    expect((await w.vessel('GET', `/schedule_providers/runs?terminal_id=${w.terminalId}`)).statusCode).toBe(403);
  });

  it('uploads a CSV schedule and rejects a bad one with row and column, saving nothing', async () => {
    const d = await createVessel(t.database.db, { vesselOperatorId: w.operatorId, name: 'DELTA' });
    const eta = new Date(base + 200 * H).toISOString();
    const etd = new Date(base + 220 * H).toISOString();
    const header = 'carrier_code,service_code,service_name,vessel_imo,vessel_name,voyage_import,voyage_export,port_code,port_eta,port_etd,sequence';
    const good = [header, `${ovs.operatorCode},QX2,"Quayline Express, north loop",${d.imo_number},DELTA,2705W,2705E,${ovs.terminalUnlocode},${eta},${etd},2`, `${ovs.operatorCode},QX2,"Quayline Express, north loop",${d.imo_number},DELTA,2705W,2705E,${ovs.previousUnlocode},,${new Date(base + 150 * H).toISOString()},1`].join('\n');
    const before = await counts();
    const bad = [header, good.split('\n')[1], `${ovs.operatorCode},QX2,North,${d.imo_number},DELTA,2706W,,${ovs.terminalUnlocode},tomorrow,${etd},3`].join('\n');
    const rejected = await w.planner('POST', '/schedule_providers/upload', { terminal_id: w.terminalId, format: 'csv', content: bad });
    expect(rejected.statusCode).toBe(400);
    expect((rejected.json() as { payload: { errors: { path: string }[] } }).payload.errors.map((e) => e.path)).toContain('row 3: port_eta');
    expect(await counts()).toEqual(before);

    const res = await w.planner('POST', '/schedule_providers/upload', { terminal_id: w.terminalId, format: 'csv', content: good });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { payload: TSyncRun }).payload).toMatchObject({ outcome: 'success', source: 'manual', trigger: 'upload' });
    const call = (await callOf(d.id))!;
    expect(call).toMatchObject({ service_name: 'Quayline Express, north loop', voyage_number_import: '2705W', berth_arrival_label: 'requested' });
    expect(new Date(call.berth_arrival).toISOString()).toBe(eta);
    const voyage = await t.database.db.selectFrom('voyage_schedule_rows').select(['sequence', 'is_terminal_call']).where('voyage_id', '=', call.voyage_id!).orderBy('sequence').execute();
    expect(voyage.map((r) => r.is_terminal_call)).toEqual([false, true]);
  });

  it('links an existing call of the same vessel and voyage number instead of creating a second one', async () => {
    const e = await createVessel(t.database.db, { vesselOperatorId: w.operatorId, name: 'ECHO' });
    const created = await w.vessel('POST', '/portcalls', { terminal_id: w.terminalId, vessel_id: e.id, vessel_operator_id: w.operatorId, berth_arrival: new Date(base + 300 * H).toISOString(), berth_departure: new Date(base + 320 * H).toISOString(), voyage_number_import: '2707W' });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { payload: { id: number } }).payload.id;
    const csv = ['carrier_code,service_code,service_name,vessel_imo,vessel_name,voyage_import,voyage_export,port_code,port_eta,port_etd,sequence', `${ovs.operatorCode},QX1,Quayline Express,${e.imo_number},ECHO,2707W,2707E,${ovs.terminalUnlocode},${new Date(base + 302 * H).toISOString()},${new Date(base + 320 * H).toISOString()},1`].join('\n');
    const res = await w.planner('POST', '/schedule_providers/upload', { terminal_id: w.terminalId, format: 'csv', content: csv });
    const run = (res.json() as { payload: TSyncRun }).payload;
    expect(run.changes.filter((c) => c.kind === 'portcall_created')).toHaveLength(0);
    expect(run.changes.find((c) => c.kind === 'request' && c.portcall_id === id && c.time === 'berth_arrival')).toBeTruthy();
    const calls = await t.database.db.selectFrom('portcalls').selectAll().where('vessel_id', '=', e.id).execute();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.id).toBe(id);
    expect(calls[0]!.voyage_id).not.toBeNull();
    expect(new Date(calls[0]!.berth_arrival).getTime()).toBe(base + 302 * H);
  });
});
