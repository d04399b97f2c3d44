import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, createOrganisation, createPort, createVessel, signIn } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { predictAll, predictForVessels } from './prediction.service';

const MIN = 60_000;
const H = 60 * MIN;

describe.each(DB_TARGETS)('arrival predictions on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let pbpId: number;
  let otherOperator: ApiCall;
  let callId: number;
  let plannedArrival: Date;
  let mmsi: string;

  const db = () => t.database.db;
  const now = () => t.clock.now();

  /** Reports every 10 minutes over the last two hours, sailing east towards the Elbe at `knots`. */
  async function sail(args: { mmsi: string; latitude: number; longitude: number; knots: number; navStatus?: number }) {
    const reports = Array.from({ length: 13 }, (_, i) => {
      const minutesAgo = (12 - i) * 10;
      // East at `knots`: a degree of longitude at 54 N is about 35.3 nm.
      const longitude = args.longitude - (args.knots * (minutesAgo / 60)) / 35.3;
      return { mmsi: args.mmsi, received_at: new Date(now().getTime() - minutesAgo * MIN), latitude: args.latitude, longitude, speed_knots: args.knots, course_deg: 90, heading_deg: 90, nav_status: args.navStatus ?? 0 };
    });
    await db().insertInto('ais_positions').values(reports).execute();
    const last = reports[reports.length - 1]!;
    const latest = { latitude: last.latitude, longitude: last.longitude, speed_knots: last.speed_knots, course_deg: 90, heading_deg: 90, nav_status: last.nav_status, position_received_at: last.received_at };
    await db()
      .insertInto('ais_vessels')
      .values({ mmsi: args.mmsi, ...latest })
      .onConflict((oc) => oc.column('mmsi').doUpdateSet(latest))
      .execute();
  }

  const stored = (portcallId: number, source: 'ais' | 'portcast' = 'ais') =>
    db().selectFrom('portcall_predictions').selectAll().where('portcall_id', '=', portcallId).where('source', '=', source).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    pbpId = w.geometry.pilotBoardingPlaces[0]!.id; // outer pilot station at 54 N 8 E, 240 minutes to the berth
    await db()
      .updateTable('terminals')
      .set({ latitude: 53.5297, longitude: 9.9207, quay_origin_latitude: 53.5297, quay_origin_longitude: 9.9207, quay_bearing_deg: 100, quay_water_side: 'right' })
      .where('id', '=', w.terminal.id)
      .execute();
    mmsi = w.vessel.mmsi!;
    const other = await createOrganisation(db(), 'vessel_operator');
    otherOperator = (await signIn(t.app, db(), { userType: 'vessel_operator', organisationId: other.id, terminalIds: [w.terminal.id] })).call;

    // A previous call of the same vessel: 200 minutes from the pilot boarding place to the berth.
    const pastArrival = new Date(now().getTime() - 30 * 24 * H);
    const past = (await w.planner('POST', '/portcalls', w.request(pastArrival.toISOString(), new Date(pastArrival.getTime() + 20 * H).toISOString(), { pilot_boarding_place_id: pbpId }))).json().payload;
    await db()
      .updateTable('portcalls')
      .set({ berth_arrival_label: 'actual', pilot_boarding_place_arrival: new Date(pastArrival.getTime() - 200 * MIN), pilot_boarding_place_arrival_label: 'actual' })
      .where('id', '=', past.id)
      .execute();

    plannedArrival = new Date(Math.ceil((now().getTime() + 12 * H) / H) * H);
    const created = await w.planner('POST', '/portcalls', w.request(plannedArrival.toISOString(), new Date(plannedArrival.getTime() + 20 * H).toISOString(), { pilot_boarding_place_id: pbpId, berth_start_position: 100, berth_end_position: 300 }));
    expect(created.statusCode).toBe(201);
    callId = created.json().payload.id;
  });
  afterAll(async () => t?.close());

  it('stores a prediction from the positions of an approaching vessel and puts it on the port call', async () => {
    // 60 nm west of the pilot station at 12 kn: about 5 h at sea, then the learned 200 minutes of pilotage.
    await sail({ mmsi, latitude: 54.0, longitude: 8.0 - 60 / 35.3, knots: 12 });
    await predictForVessels(t.app.ctx, [mmsi]);
    const row = await stored(callId);
    expect(row).toBeDefined();
    expect(Number(row!.pilotage_minutes)).toBe(200);
    expect(Number(row!.speed_knots)).toBeCloseTo(12, 1);
    const hours = (new Date(row!.predicted_time).getTime() - now().getTime()) / H;
    expect(hours).toBeGreaterThan(5 + 200 / 60 - 0.5);
    expect(hours).toBeLessThan(5 + 200 / 60 + 1.5);
    const call = (await w.planner('GET', `/portcalls/${callId}`)).json().payload;
    expect(call.predicted_berth_arrival).toMatchObject({ source: 'ais', predicted_time: new Date(row!.predicted_time).toISOString(), last_fetched_at: now().toISOString() });
    const expectedDifference = Math.round((new Date(row!.predicted_time).getTime() - plannedArrival.getTime()) / MIN);
    expect(call.predicted_berth_arrival.difference).toBe(expectedDifference);
    const events = await db().selectFrom('realtime_events').select(['channel', 'payload']).where('event', '=', 'prediction.updated').execute();
    expect(events.map((e) => e.channel).sort()).toEqual([`Agent.${w.agency.id}`, `Terminal.${w.terminal.id}`, `VesselOperator.${w.operator.id}`].sort());
  });

  it('recomputes a call at most every 30 s, then updates it from newer positions', async () => {
    const first = await stored(callId);
    t.clock.advance(10_000);
    await sail({ mmsi, latitude: 54.0, longitude: 8.0 - 30 / 35.3, knots: 12 });
    await predictForVessels(t.app.ctx, [mmsi]);
    expect((await stored(callId))!.last_fetched_at).toEqual(first!.last_fetched_at);
    t.clock.advance(25_000);
    await predictForVessels(t.app.ctx, [mmsi]);
    const second = await stored(callId);
    expect(new Date(second!.last_fetched_at).getTime()).toBe(now().getTime());
    expect(new Date(second!.predicted_time).getTime()).toBeLessThan(new Date(first!.predicted_time).getTime());
  });

  it('says on_time, delayed or early at the threshold boundaries, against the current reference', async () => {
    const setPredicted = (minutes: number) => db().updateTable('portcall_predictions').set({ predicted_time: new Date(plannedArrival.getTime() + minutes * MIN) }).where('portcall_id', '=', callId).execute();
    const status = async () => (await w.planner('GET', `/portcalls/${callId}`)).json().payload.predicted_berth_arrival;
    await setPredicted(60);
    expect(await status()).toMatchObject({ difference: 60, status: 'on_time' });
    await setPredicted(61);
    expect(await status()).toMatchObject({ difference: 61, status: 'delayed' });
    await setPredicted(-61);
    expect(await status()).toMatchObject({ difference: -61, status: 'early' });
    await db().insertInto('terminal_alert_settings').values({ terminal_id: w.terminal.id, unanswered_request_minutes: 120, arrival_deviation_minutes: 90, cargo_delay_minutes: 30, under_keel_clearance_m: '0', horizon_hours: 168, updated_by: null, updated_at: now() }).execute();
    expect(await status()).toMatchObject({ difference: -61, status: 'on_time' });
    // The list answers the same (one batch for the page).
    const list = (await w.planner('GET', `/portcalls?terminal_id=${w.terminal.id}&per_page=25`)).json().payload;
    expect(list.items.find((c: { id: number }) => c.id === callId).predicted_berth_arrival.status).toBe('on_time');
  });

  it('shows previous_portcall_data to who may see the call, and only to them', async () => {
    const res = await w.planner('GET', `/prediction/previous_portcall_data?portcall_id=${callId}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().payload;
    expect(data.pilotage_minutes).toBe(200);
    expect(data.sample_size).toBe(1);
    expect(data.calls[0]).toMatchObject({ vessel_id: w.vessel.id, match: 'same_vessel', pilotage_minutes: 200 });
    expect((await w.vesselSide('GET', `/prediction/previous_portcall_data?portcall_id=${callId}`)).statusCode).toBe(200);
    expect((await w.agent('GET', `/prediction/previous_portcall_data?portcall_id=${callId}`)).statusCode).toBe(200);
    const hidden = await otherOperator('GET', `/prediction/previous_portcall_data?portcall_id=${callId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().status.status).toBe('NOT_FOUND');
    expect((await w.planner('GET', '/prediction/previous_portcall_data?portcall_id=abc')).statusCode).toBe(400);
  });

  it('routes a call from its AIS position over the pilot boarding place to the berth', async () => {
    const res = await w.vesselSide('GET', `/ais/predict_route?portcall_id=${callId}`);
    expect(res.statusCode).toBe(200);
    const route = res.json().payload;
    expect(route.origin.kind).toBe('ais_position');
    expect(route.legs.map((l: { kind: string }) => l.kind)).toEqual(['sea', 'fairway']);
    expect(route.pilot_boarding_place).toMatchObject({ id: pbpId, latitude: 54, longitude: 8 });
    expect(route.legs[1].duration_minutes).toBe(200);
    expect(route.legs[1].ends_at).toBe(route.eta_berth);
    expect(route.legs[0].ends_at).toBe(route.eta_pilot_boarding_place);
    expect(route.predicted_berth_arrival.source).toBe('ais');
    expect((await otherOperator('GET', `/ais/predict_route?portcall_id=${callId}`)).statusCode).toBe(404);
    expect((await w.planner('GET', '/ais/predict_route?portcall_id=0')).statusCode).toBe(400);
  });

  it('routes a vessel AIS has not seen from its previous port', async () => {
    const port = await createPort(db());
    await db().updateTable('ports').set({ latitude: 51.95, longitude: 4.05 }).where('id', '=', port.id).execute();
    const unseen = await createVessel(db(), { vesselOperatorId: w.operator.id });
    const arrival = new Date(now().getTime() + 48 * H).toISOString();
    const call = (await w.planner('POST', '/portcalls', { ...w.request(arrival, new Date(now().getTime() + 60 * H).toISOString(), { pilot_boarding_place_id: pbpId }), vessel_id: unseen.id, previous_port_id: port.id })).json().payload;
    const route = (await w.planner('GET', `/ais/predict_route?portcall_id=${call.id}`)).json().payload;
    expect(route.origin).toMatchObject({ kind: 'previous_port', latitude: 51.95, longitude: 4.05 });
    expect(route.distance_nm).toBeGreaterThan(200);
    expect(route.predicted_berth_arrival).toBeNull();
  });

  it('routes a vessel waiting at anchor in the pilot boarding place up the fairway only, held to its agreed arrival', async () => {
    await db().updateTable('portcalls').set({ pilot_boarding_place_arrival: new Date(now().getTime() - H), pilot_boarding_place_arrival_label: 'actual' }).where('id', '=', callId).execute();
    await sail({ mmsi, latitude: 54.0, longitude: 8.0, knots: 0, navStatus: 1 });
    const route = (await w.planner('GET', `/ais/predict_route?portcall_id=${callId}`)).json().payload;
    expect(route.legs.every((l: { kind: string }) => l.kind === 'fairway')).toBe(true);
    expect(route.eta_pilot_boarding_place).toBeNull();
    expect(route.eta_berth).toBe(plannedArrival.toISOString());
    expect(route.legs.at(-1).ends_at).toBe(route.eta_berth);
  });

  it('predicts only the vessel\u2019s next call: a later call of the same vessel gets no prediction from its position', async () => {
    const later = new Date(plannedArrival.getTime() + 5 * 24 * H);
    const created = await w.planner('POST', '/portcalls', w.request(later.toISOString(), new Date(later.getTime() + 20 * H).toISOString(), { pilot_boarding_place_id: pbpId, berth_start_position: 400, berth_end_position: 600 }));
    expect(created.statusCode).toBe(201);
    const laterId: number = created.json().payload.id;
    t.clock.advance(60_000);
    await predictForVessels(t.app.ctx, [mmsi]);
    expect(await stored(callId)).toBeDefined();
    expect(await stored(laterId)).toBeUndefined();
    // A row left from before (e.g. the earlier call was added afterwards) is cleared by the job.
    await db().insertInto('portcall_predictions').values({ portcall_id: laterId, source: 'ais', predicted_time: now(), last_fetched_at: now() }).execute();
    await predictAll(t.app.ctx);
    expect(await stored(laterId)).toBeUndefined();
    expect((await w.planner('GET', `/portcalls/${laterId}`)).json().payload.predicted_berth_arrival?.source).not.toBe('ais');
    await db().deleteFrom('portcalls').where('id', '=', laterId).execute();
  });

  it('drops the prediction of a call once it has berthed', async () => {
    expect(await stored(callId)).toBeDefined();
    await db().updateTable('portcalls').set({ berth_arrival_label: 'actual' }).where('id', '=', callId).execute();
    await predictAll(t.app.ctx);
    expect(await stored(callId)).toBeUndefined();
  });
});
