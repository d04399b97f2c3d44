import { ZSyncRun } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, addTerminalGeometry, createOrganisation, createPort, createTerminal, createVessel, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

describe.each(DB_TARGETS)('voyage templates on %s', (target) => {
  let t: TestApp;
  let w: {
    terminalId: number;
    terminalPortId: number;
    otherTerminalId: number;
    rotterdam: number;
    gdansk: number;
    operator: { id: number };
    otherOperator: { id: number };
    vessels: number[];
    planner: ApiCall;
    vesselSide: ApiCall;
    otherVesselSide: ApiCall;
    agent: ApiCall;
  };
  let codeCounter = 0;
  const nextCode = () => `NL${++codeCounter}`;

  beforeAll(async () => {
    t = await createTestApp(target);
    // A Monday in winter; the templates below berth on Sundays.
    t.clock.set(new Date('2027-01-04T00:00:00Z'));
    const db = t.database.db;
    const terminal = await createTerminal(db);
    const other = await createTerminal(db);
    const geometry = await addTerminalGeometry(db, terminal.id);
    const rotterdam = await createPort(db, { countryCode: 'NL' });
    const gdansk = await createPort(db, { countryCode: 'PL' });
    await db.updateTable('ports').set({ time_zone: 'Europe/Amsterdam' }).where('id', '=', rotterdam.id).execute();
    await db.updateTable('ports').set({ time_zone: 'Europe/Warsaw' }).where('id', '=', gdansk.id).execute();
    const operator = await createOrganisation(db, 'vessel_operator');
    const otherOperator = await createOrganisation(db, 'vessel_operator');
    const agency = await createOrganisation(db, 'agent');
    const vessels = [];
    for (let i = 0; i < 3; i++) vessels.push((await createVessel(db, { vesselOperatorId: operator.id })).id);
    w = {
      terminalId: terminal.id,
      terminalPortId: geometry.portId,
      otherTerminalId: other.id,
      rotterdam: rotterdam.id,
      gdansk: gdansk.id,
      operator,
      otherOperator,
      vessels,
      planner: (await signIn(t.app, db, { terminalIds: [terminal.id] })).call,
      vesselSide: (await signIn(t.app, db, { userType: 'vessel_operator', organisationId: operator.id, terminalIds: [terminal.id] })).call,
      otherVesselSide: (await signIn(t.app, db, { userType: 'vessel_operator', organisationId: otherOperator.id, terminalIds: [terminal.id] })).call,
      agent: (await signIn(t.app, db, { userType: 'agent', organisationId: agency.id, terminalIds: [terminal.id] })).call,
    };
  });
  afterAll(async () => t?.close());

  // Rotterdam Friday 08:00 (24 h), our terminal Sunday 06:00 (20 h), Gdansk Tuesday 14:00 (18 h).
  const body = (extra: Record<string, unknown> = {}) => ({
    terminal_id: w.terminalId,
    name: 'Nordic Loop',
    code: nextCode(),
    vessel_operator_id: w.operator.id,
    rotation: [
      { port_id: w.rotterdam, day_offset: 0, arrival_time: '08:00', stay_hours: 24 },
      { port_id: w.terminalPortId, is_terminal_call: true, day_offset: 2, arrival_time: '06:00', stay_hours: 20 },
      { port_id: w.gdansk, day_offset: 4, arrival_time: '14:00', stay_hours: 18 },
    ],
    berth_window: { arrival_weekday: 7, preferred_start_position_m: 100, berth_orientation: 'Port' },
    vessel_ids: w.vessels,
    recurrence: { interval_weeks: 1, exceptions: [] },
    valid_from: '2027-01-01',
    valid_to: '2027-12-31',
    ...extra,
  });
  const countTemplates = async () => Number((await t.database.db.selectFrom('voyage_templates').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('creates a template that reads back with its rotation, vessels and RFC 5545 rule', async () => {
    const res = await w.planner('POST', '/voyage_templates', body({ recurrence: { interval_weeks: 2, exceptions: ['2027-02-14'] } }));
    expect(res.statusCode).toBe(201);
    const created = res.json().payload;
    expect(created.rotation[1]).toMatchObject({ port_id: w.terminalPortId, is_terminal_call: true, time_zone: 'Europe/Berlin' });
    expect(created.vessels.map((v: { id: number }) => v.id)).toEqual(w.vessels);
    expect(created.rrule).toMatch(/RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU/);
    expect(created.rrule).toContain('EXDATE:20270214T000000Z');
    expect(created).toMatchObject({ valid_from: '2027-01-01', valid_to: '2027-12-31', future_voyages: 0, generated_until: null });
    expect((await w.planner('GET', `/voyage_templates/${created.id}`)).json().payload.code).toBe(created.code);
  });

  it('lists templates 10 a page and filters by name or code', async () => {
    for (let i = 0; i < 11; i++) expect((await w.planner('POST', '/voyage_templates', body({ name: `Paging service ${i}` }))).statusCode).toBe(201);
    const first = (await w.planner('GET', `/voyage_templates?terminal_id=${w.terminalId}&q=paging`)).json().payload;
    expect(first.items).toHaveLength(10);
    expect(first.meta).toMatchObject({ total_count: 11, total_pages: 2 });
    expect((await w.planner('GET', `/voyage_templates?terminal_id=${w.terminalId}&q=paging&page=2`)).json().payload.items).toHaveLength(1);
  });

  it.each([
    ['a rotation without our terminal', () => ({ rotation: body().rotation.map((s) => ({ ...s, is_terminal_call: false })) }), 'rotation', "The rotation must call at this terminal's port"],
    ['an unknown port', () => ({ rotation: body().rotation.map((s, i) => (i === 2 ? { ...s, port_id: 999_999 } : s)) }), 'rotation.2.port_id', 'Unknown port'],
    ['an unknown vessel', () => ({ vessel_ids: [w.vessels[0], 999_999] }), 'vessel_ids.1', 'Unknown vessel'],
    ['times out of order', () => ({ rotation: body().rotation.map((s, i) => (i === 2 ? { ...s, day_offset: 2, arrival_time: '10:00' } : s)) }), 'rotation.2.day_offset', "Arrives before the previous port's departure"],
    ['a recurrence that generates nothing', () => ({ valid_from: '2027-03-01', valid_to: '2027-03-06' }), 'recurrence', 'The recurrence generates no voyage between valid_from and valid_to'],
    ['a berth window past the quay end', () => ({ berth_window: { arrival_weekday: 7, preferred_start_position_m: 900, berth_orientation: null } }), 'berth_window.preferred_start_position_m', 'The longest deployed vessel does not fit the quay from there'],
  ])('refuses %s with the field and the reason, saving nothing', async (_name, extra, path, message) => {
    const before = await countTemplates();
    const res = await w.planner('POST', '/voyage_templates', body(extra()));
    expect(res.statusCode).toBe(400);
    expect(res.json().payload.errors).toContainEqual({ path, message });
    expect(await countTemplates()).toBe(before);
  });

  it('refuses a validity that overlaps another template of the same code at the terminal', async () => {
    const code = nextCode();
    const first = (await w.planner('POST', '/voyage_templates', body({ code, name: 'Baltic Express', valid_from: '2027-01-01', valid_to: '2027-06-30' }))).json().payload;
    const overlapping = await w.planner('POST', '/voyage_templates', body({ code, valid_from: '2027-06-01', valid_to: null }));
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().payload.errors).toContainEqual({ path: 'valid_from', message: 'Overlaps template Baltic Express (from 2027-01-01 to 2027-06-30)' });
    // The next period is fine.
    expect((await w.planner('POST', '/voyage_templates', body({ code, valid_from: '2027-07-01', valid_to: null }))).statusCode).toBe(201);
    // Editing the first template does not overlap with itself.
    expect((await w.planner('PUT', `/voyage_templates/${first.id}`, { ...body({ code, name: 'Baltic Express' }), terminal_id: undefined, valid_to: '2027-06-30', version: first.version })).statusCode).toBe(200);
  });

  it('lets vessel operators keep templates of their own company only, and never agents', async () => {
    expect((await w.vesselSide('POST', '/voyage_templates', body())).statusCode).toBe(201);
    const foreign = await w.otherVesselSide('POST', '/voyage_templates', body());
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().payload.errors).toContainEqual({ path: 'vessel_operator_id', message: 'You can only create templates for your own company' });
    expect((await w.agent('POST', '/voyage_templates', body())).statusCode).toBe(403);
    const mine = (await w.otherVesselSide('GET', `/voyage_templates?terminal_id=${w.terminalId}`)).json().payload;
    expect(mine.meta.total_count).toBe(0);
  });

  it('answers 409 with the current template for a stale version', async () => {
    const created = (await w.planner('POST', '/voyage_templates', body())).json().payload;
    const { terminal_id: _t, ...fields } = body({ code: created.code });
    expect((await w.planner('PUT', `/voyage_templates/${created.id}`, { ...fields, name: 'Renamed', version: created.version })).statusCode).toBe(200);
    const stale = await w.planner('PUT', `/voyage_templates/${created.id}`, { ...fields, name: 'Lost update', version: created.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().payload.current).toMatchObject({ name: 'Renamed', version: created.version + 1 });
  });

  it('generates voyages and requested calls for the horizon, once', async () => {
    const template = (await w.planner('POST', '/voyage_templates', body())).json().payload;
    const first = await w.planner('POST', `/voyage_templates/${template.id}/generate`, { from: '2027-01-04', horizon_weeks: 4 });
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toMatchObject({ created_voyages: 4, created_portcalls: 4, skipped: 0, generated_until: '2027-01-31' });
    const again = (await w.planner('POST', `/voyage_templates/${template.id}/generate`, { from: '2027-01-04', horizon_weeks: 5 })).json().payload;
    expect(again).toMatchObject({ created_voyages: 1, skipped: 4, generated_until: '2027-02-07' });

    // The vessel operator of the template sees the voyages and the calls, requested on their side.
    const voyages = (await w.vesselSide('GET', `/voyages?template_id=${template.id}`)).json().payload;
    expect(voyages.meta.total_count).toBe(5);
    const voyage = voyages.items[0];
    expect(voyage).toMatchObject({ source: 'template', template_id: template.id, voyage_number_import: '2701W', voyage_number_export: '2701E', vessel_id: w.vessels[1] });
    expect(voyage.schedule.map((r: { arrival: string }) => r.arrival)).toEqual(['2027-01-08T07:00:00.000Z', '2027-01-10T05:00:00.000Z', '2027-01-12T13:00:00.000Z']);
    const callId = voyage.portcalls[0].id;
    const call = (await w.vesselSide('GET', `/portcalls/${callId}`)).json().payload;
    expect(call).toMatchObject({
      berth_arrival: '2027-01-10T05:00:00.000Z',
      berth_departure: '2027-01-11T01:00:00.000Z',
      berth_arrival_state: { label: 'requested', change_label: 'newly created' },
      berth_departure_state: { label: 'requested', change_label: 'newly created' },
      vessel_operator_id: w.operator.id,
      voyage_id: voyage.id,
      voyage_name: `Nordic Loop 2701W/2701E`,
      service_name: 'Nordic Loop',
      voyage_number_import: '2701W',
      schedule_syncable: true,
      schedule_sync_state: 'schedule_syncable',
      berth_start_position: 100,
      berth_orientation: 'Port',
      status: 'Approaching',
      is_open_task: false,
    });
    expect(call.berth_end_position).toBeCloseTo(299.9);
    expect(call.berth_start_bollard_id).not.toBeNull();
    expect(call.terminal_section_id).not.toBeNull();
    // The terminal has a request to answer, like any request of the vessel side.
    expect((await w.planner('GET', `/portcalls/${callId}`)).json().payload.is_open_task).toBe(true);
    const chain = (await w.planner('GET', `/portcalls/${callId}/timestamps`)).json().payload;
    expect(chain.map((s: { action: string; party: string; classifier: string }) => [s.action, s.party, s.classifier])).toEqual([
      ['request', 'vessel_side', 'REQ'],
      ['request', 'vessel_side', 'REQ'],
    ]);
    const window = (await w.planner('GET', `/berth_plan/portcalls?terminal_id=${w.terminalId}&from=2027-01-09T00:00:00Z&to=2027-01-12T00:00:00Z`)).json().payload;
    expect(window.items.map((c: { id: number }) => c.id)).toContain(callId);
  });

  it('says before generating how many calls it creates, which clash with the berth plan and which fall on a holiday, keeping nothing', async () => {
    const db = t.database.db;
    // A call of another service already lies on the quay where the template puts its 14 March call.
    const planned = (await w.planner('POST', '/voyage_templates', body({ vessel_ids: [w.vessels[0]], valid_from: '2027-03-01' }))).json().payload;
    expect((await w.planner('POST', `/voyage_templates/${planned.id}/generate`, { from: '2027-03-14', horizon_weeks: 1 })).json().payload.created_portcalls).toBe(1);
    // Sunday 7 March is a holiday of the terminal.
    await db.insertInto('terminal_non_working_times').values({ terminal_id: w.terminalId, kind: 'holiday', reason: 'Harbour festival', starts_at: new Date('2027-03-06T23:00:00Z'), ends_at: new Date('2027-03-07T23:00:00Z') }).execute();
    const template = (await w.planner('POST', '/voyage_templates', body({ vessel_ids: [w.vessels[1]], valid_from: '2027-03-01' }))).json().payload;
    const voyagesBefore = await db.selectFrom('voyages').select('id').execute();
    const dry = await w.planner('POST', `/voyage_templates/${template.id}/generate`, { from: '2027-03-01', horizon_weeks: 3, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const answer = dry.json().payload;
    expect(answer).toMatchObject({ is_dry_run: true, created_voyages: 3, created_portcalls: 3, voyage_ids: [] });
    expect(answer.clashes.map((c: { berth_arrival: string }) => c.berth_arrival)).toEqual(['2027-03-14T05:00:00.000Z']);
    expect(answer.holidays).toEqual([{ vessel_name: expect.any(String), berth_arrival: '2027-03-07T05:00:00.000Z', reason: 'Harbour festival' }]);
    // Nothing was kept: no voyage, no call.
    expect(await db.selectFrom('voyages').select('id').execute()).toEqual(voyagesBefore);
    const real = (await w.planner('POST', `/voyage_templates/${template.id}/generate`, { from: '2027-03-01', horizon_weeks: 3 })).json().payload;
    expect(real).toMatchObject({ created_portcalls: 3, is_dry_run: false });
    expect(real.clashes).toHaveLength(1);
  });

  it("checks an unsaved template's preview against the berth plan by the planner's rule, as Generate's dry run does", async () => {
    const db = t.database.db;
    // A call of another service lies on the quay where the template puts its Sunday 16 May call.
    const planned = (await w.planner('POST', '/voyage_templates', body({ vessel_ids: [w.vessels[0]], valid_from: '2027-05-01', valid_to: '2027-06-30' }))).json().payload;
    const lying = (await w.planner('POST', `/voyage_templates/${planned.id}/generate`, { from: '2027-05-16', horizon_weeks: 1 })).json().payload;
    expect(lying.created_portcalls).toBe(1);
    const [occupied] = await db.selectFrom('portcalls').innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id').innerJoin('voyage_schedule_rows as r', 'r.portcall_id', 'portcalls.id').select(['portcalls.id', 'vessels.name']).where('r.voyage_id', '=', lying.voyage_ids[0]).execute();
    const unsaved = body({ vessel_ids: [w.vessels[1]], valid_from: '2027-05-01', valid_to: '2027-06-30' });
    const { name: _n, code: _c, vessel_operator_id: _o, ...template } = unsaved;
    const preview = async (who: ApiCall, extra: Record<string, unknown> = {}) => who('POST', '/voyage_templates/preview_clashes', { template: { ...template, ...extra }, from: '2027-05-01', count: 5 });
    const res = await preview(w.planner);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().payload;
    expect(answer.items.map((i: { occurrence_date: string }) => i.occurrence_date)).toEqual(['2027-05-02', '2027-05-09', '2027-05-16', '2027-05-23', '2027-05-30']);
    const flagged = answer.items.filter((i: { clashes: unknown[] }) => i.clashes.length > 0);
    expect(flagged.map((i: { occurrence_date: string }) => i.occurrence_date)).toEqual(['2027-05-16']);
    expect(flagged[0].clashes).toEqual([{ other_portcall_id: occupied!.id, other_vessel_name: occupied!.name, other_berth_arrival: '2027-05-16T04:00:00.000Z', other_berth_departure: '2027-05-17T00:00:00.000Z' }]);
    expect(answer.clashing_portcalls).toBe(1);

    // Placed further along the quay, beyond the other call and the clearance, nothing clashes.
    const apart = (await preview(w.planner, { berth_window: { ...unsaved.berth_window, preferred_start_position_m: 700 } })).json().payload;
    expect(apart.items.every((i: { clashes: unknown[] }) => i.clashes.length === 0)).toBe(true);
    expect(apart.clashing_portcalls).toBe(0);

    // Generate's dry run of the same template, saved, finds the same call clashing with the same call.
    const saved = (await w.planner('POST', '/voyage_templates', unsaved)).json().payload;
    const dry = (await w.planner('POST', `/voyage_templates/${saved.id}/generate`, { from: '2027-05-01', horizon_weeks: 5, dry_run: true })).json().payload;
    expect(dry.clashes.map((c: { berth_arrival: string; other_portcall_id: number }) => [c.berth_arrival, c.other_portcall_id])).toEqual(flagged.map((i: { berth_arrival: string; clashes: { other_portcall_id: number }[] }) => [i.berth_arrival, i.clashes[0]!.other_portcall_id]));
    expect(dry.clashing_portcalls).toBe(1);

    // Once generated, editing it previews its occurrences against the plan without its own calls, which are no clash.
    await w.planner('POST', `/voyage_templates/${saved.id}/generate`, { from: '2027-05-01', horizon_weeks: 5 });
    expect((await preview(w.planner)).json().payload.clashing_portcalls).toBe(5);
    const editing = (await w.planner('POST', '/voyage_templates/preview_clashes', { template, from: '2027-05-01', count: 5, template_id: saved.id })).json().payload;
    expect(editing.items.filter((i: { clashes: unknown[] }) => i.clashes.length > 0).map((i: { occurrence_date: string }) => i.occurrence_date)).toEqual(['2027-05-16']);
    // Another company's template cannot be named to leave its calls out.
    expect((await w.otherVesselSide('POST', '/voyage_templates/preview_clashes', { template, from: '2027-05-01', count: 5, template_id: saved.id })).statusCode).toBe(404);

    // Another carrier learns the berth is occupied, not by whom; agents never edit templates.
    const theirs = (await preview(w.otherVesselSide)).json().payload;
    expect(theirs.items[2].clashes).toEqual([{ other_portcall_id: null, other_vessel_name: null, other_berth_arrival: null, other_berth_departure: null }]);
    expect((await preview(w.agent)).statusCode).toBe(403);
    // A template the rules cannot read is refused with the path into the request.
    const broken = await preview(w.planner, { vessel_ids: [999_999] });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().payload.errors).toContainEqual({ path: 'template.vessel_ids.0', message: 'Unknown vessel' });
  });

  it('diffs an edited template and applies it: an agreed time gets a proposal, a requested one is asked for anew, a dropped date is cancelled', async () => {
    // Ships of their own: a voyage is one vessel's number at the terminal, and the other tests sail these weeks too.
    const ships: number[] = [];
    for (let i = 0; i < 3; i++) ships.push((await createVessel(t.database.db, { vesselOperatorId: w.operator.id })).id);
    const template = (await w.planner('POST', '/voyage_templates', body({ vessel_ids: ships }))).json().payload;
    await w.planner('POST', `/voyage_templates/${template.id}/generate`, { from: '2027-01-11', horizon_weeks: 3 });
    const voyages = (await w.planner('GET', `/voyages?template_id=${template.id}`)).json().payload.items as { id: number; voyage_number_import: string; portcalls: { id: number; version: number }[] }[];
    const [agreed, requested, dropped] = voyages;
    expect(voyages.map((v) => v.voyage_number_import)).toEqual(['2702W', '2703W', '2704W']);
    const accepted = await w.planner('POST', `/portcalls/${agreed!.portcalls[0]!.id}/negotiate`, { time: 'berth_arrival', action: 'accept', version: agreed!.portcalls[0]!.version });
    expect(accepted.json().payload.berth_arrival_state.label).toBe('accepted');

    // Berthing three hours later, and no call on 31 January.
    const { terminal_id: _t, ...fields } = body({ code: template.code, vessel_ids: ships });
    const rotation = fields.rotation.map((s) => (s.is_terminal_call ? { ...s, arrival_time: '09:00' } : s));
    const edited = (await w.planner('PUT', `/voyage_templates/${template.id}`, { ...fields, rotation, recurrence: { interval_weeks: 1, exceptions: ['2027-01-31'] }, version: template.version })).json().payload;
    // Editing changes no call by itself.
    expect((await w.planner('GET', `/portcalls/${requested!.portcalls[0]!.id}`)).json().payload.berth_arrival).toBe('2027-01-24T05:00:00.000Z');

    const diff = (await w.planner('GET', `/voyage_templates/${template.id}/diff`)).json().payload;
    expect(diff.template_version).toBe(edited.version);
    const byVoyage = new Map(diff.items.map((i: { voyage_id: number }) => [i.voyage_id, i]));
    expect(byVoyage.get(agreed!.id)).toMatchObject({ kind: 'change', effect: 'propose', berth_arrival_after: '2027-01-17T08:00:00.000Z' });
    expect(byVoyage.get(requested!.id)).toMatchObject({ kind: 'change', effect: 'request', berth_arrival_before: '2027-01-24T05:00:00.000Z', berth_arrival_after: '2027-01-24T08:00:00.000Z' });
    expect(byVoyage.get(dropped!.id)).toMatchObject({ kind: 'remove', effect: 'cancel' });

    const stale = await w.planner('POST', `/voyage_templates/${template.id}/apply_diff`, { template_version: template.version, voyage_ids: [agreed!.id] });
    expect(stale.statusCode).toBe(409);

    const run = await w.planner('POST', `/voyage_templates/${template.id}/apply_diff`, { template_version: edited.version, voyage_ids: [agreed!.id, requested!.id, dropped!.id] });
    expect(run.statusCode).toBe(200);
    expect(run.json().payload).toMatchObject({ source: 'template', trigger: 'template', outcome: 'success' });

    const agreedCall = (await w.planner('GET', `/portcalls/${agreed!.portcalls[0]!.id}`)).json().payload;
    expect(agreedCall).toMatchObject({ berth_arrival: '2027-01-17T05:00:00.000Z', berth_arrival_state: { label: 'accepted' } });
    const proposals = await t.database.db.selectFrom('schedule_proposals').selectAll().where('portcall_id', '=', agreedCall.id).execute();
    expect(proposals).toHaveLength(1);
    expect(new Date(proposals[0]!.proposed_time).toISOString()).toBe('2027-01-17T08:00:00.000Z');
    const requestedCall = (await w.planner('GET', `/portcalls/${requested!.portcalls[0]!.id}`)).json().payload;
    expect(requestedCall).toMatchObject({ berth_arrival: '2027-01-24T08:00:00.000Z', berth_arrival_state: { label: 'requested', change_label: 'to change' } });
    const droppedCall = (await w.planner('GET', `/portcalls/${dropped!.portcalls[0]!.id}`)).json().payload;
    expect(droppedCall.status).toBe('Cancelled');
    const runs = await t.database.db.selectFrom('schedule_sync_runs').selectAll().where('terminal_id', '=', w.terminalId).where('trigger', '=', 'template').execute();
    expect(ZSyncRun.shape.changes.parse(runs.at(-1)!.changes).length).toBeGreaterThan(0);
    // Nothing left to apply for those voyages.
    const after = (await w.planner('GET', `/voyage_templates/${template.id}/diff`)).json().payload;
    expect(after.items.filter((i: { voyage_id: number | null }) => i.voyage_id === requested!.id || i.voyage_id === dropped!.id)).toEqual([]);
  });
});
