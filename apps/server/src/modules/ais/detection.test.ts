import { type TLatLon, destinationPoint, quayPoint, waterBearing } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVessel } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { detectAisTimes } from './geofence/geofence.service';
import type { TAisPositionBatch } from './ingest/after-batch';

const H = 3600_000;
const MIN = 60_000;
const quay = { origin: { latitude: 53.5297, longitude: 9.9207 }, bearingDeg: 100, waterSide: 'right' as const };
const pbpCentre = { latitude: 53.5428, longitude: 9.8786 };
const berthSpot = destinationPoint(quayPoint(quay, 350), waterBearing(quay), 25);

describe.each(DB_TARGETS)('AIS-detected actual times on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let pbpId: number;
  let base: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    const db = t.database.db;
    await db.updateTable('terminals').set({ quay_origin_latitude: quay.origin.latitude, quay_origin_longitude: quay.origin.longitude, quay_bearing_deg: quay.bearingDeg, quay_water_side: quay.waterSide }).where('id', '=', w.terminal.id).execute();
    pbpId = w.geometry.pilotBoardingPlaces[0]!.id;
    await db.updateTable('pilot_boarding_places').set({ latitude: pbpCentre.latitude, longitude: pbpCentre.longitude, geofence_radius_m: 1500 }).where('id', '=', pbpId).execute();
    base = t.clock.now().getTime();
  });
  afterAll(() => t?.close());

  const setMode = (mode: 'apply' | 'propose') => t.database.db.updateTable('terminals').set({ ais_actuals_mode: mode }).where('id', '=', w.terminal.id).execute();

  /** A new vessel (own MMSI, so no other test's call hears its positions) with a planned call at berth 200-500 m. */
  async function newCall() {
    const vessel = await createVessel(t.database.db, { vesselOperatorId: w.operator.id });
    const res = await w.planner('POST', '/portcalls', w.request(new Date(base + 3 * H).toISOString(), new Date(base + 30 * H).toISOString(), { vessel_id: vessel.id, berth_start_position: 200, berth_end_position: 500, pilot_boarding_place_id: pbpId }));
    expect(res.statusCode).toBe(201);
    return { call: res.json().payload as { id: number; version: number }, mmsi: vessel.mmsi! };
  }
  const at = (minutes: number) => new Date(base + minutes * MIN);
  const position = (mmsi: string, p: TLatLon, minutes: number, speed: number, nav: number | null = 0) => ({ mmsi, ...p, speed_knots: speed, course_deg: 100, heading_deg: 100, nav_status: nav, received_at: at(minutes) });
  const pbpEntry = (mmsi: string): TAisPositionBatch => [position(mmsi, destinationPoint(pbpCentre, 270, 5000), 0, 12), position(mmsi, destinationPoint(pbpCentre, 270, 500), 10, 12)];
  /** Entering the berth polygon and lying there below 0.5 kn for 5 min. */
  const berthing = (mmsi: string): TAisPositionBatch => [
    position(mmsi, destinationPoint(berthSpot, 280, 1200), 60, 5),
    position(mmsi, destinationPoint(berthSpot, 280, 60), 70, 1.5),
    ...Array.from({ length: 11 }, (_, i) => position(mmsi, destinationPoint(berthSpot, i * 40, i % 2), 72 + i * 0.5, 0.2)),
  ];
  const leaving = (mmsi: string): TAisPositionBatch => [position(mmsi, berthSpot, 600, 0.1), position(mmsi, destinationPoint(berthSpot, waterBearing(quay), 250), 602, 3), position(mmsi, destinationPoint(berthSpot, waterBearing(quay), 600), 604, 6)];
  const get = async (id: number) => (await w.planner('GET', `/portcalls/${id}`)).json().payload;
  const detections = async (id: number) => (await w.planner('GET', `/portcalls/${id}/ais_detections`)).json().payload as { id: number; time_type: string; status: string; date_time: string; source: string }[];
  const steps = (id: number, time: string) => t.database.db.selectFrom('portcall_timestamps').selectAll().where('portcall_id', '=', id).where('time_type', '=', time).orderBy('id').execute();

  it('moves only the last position of a call far from its geofences, for many calls in one statement', async () => {
    const { call, mmsi } = await newCall();
    const farOut = destinationPoint(pbpCentre, 290, 80_000);
    await detectAisTimes(t.app.ctx, [position(mmsi, destinationPoint(pbpCentre, 270, 5000), 0, 12)]);
    const first = await t.database.db.selectFrom('ais_call_tracking').selectAll().where('portcall_id', '=', call.id).executeTakeFirstOrThrow();
    expect(first.phase).toBe('approaching');
    // Far out, a few minutes later (a vessel this test moves freely: the state is only what the positions say).
    await t.database.db.updateTable('ais_call_tracking').set({ last_latitude: farOut.latitude, last_longitude: farOut.longitude }).where('portcall_id', '=', call.id).execute();
    await detectAisTimes(t.app.ctx, [position(mmsi, destinationPoint(farOut, 100, 2000), 5, 12), position(mmsi, destinationPoint(farOut, 100, 4000), 10, 12)]);
    const after = await t.database.db.selectFrom('ais_call_tracking').selectAll().where('portcall_id', '=', call.id).executeTakeFirstOrThrow();
    expect(new Date(after.last_position_at!).getTime()).toBe(at(10).getTime());
    expect(after.last_longitude).toBeCloseTo(destinationPoint(farOut, 100, 4000).longitude, 6);
    expect(after.phase).toBe('approaching');
    // An older position never moves it back.
    await detectAisTimes(t.app.ctx, [position(mmsi, destinationPoint(farOut, 100, 3000), 7, 12)]);
    expect(new Date((await t.database.db.selectFrom('ais_call_tracking').select('last_position_at').where('portcall_id', '=', call.id).executeTakeFirstOrThrow()).last_position_at!).getTime()).toBe(at(10).getTime());
  });

  it('gives a vessel\u2019s positions to its current call only: its next call is not berthed by them', async () => {
    await setMode('apply');
    const { call, mmsi } = await newCall();
    const vessel = await t.database.db.selectFrom('vessels').select('id').where('mmsi', '=', mmsi).executeTakeFirstOrThrow();
    const next = await w.planner('POST', '/portcalls', w.request(new Date(base + 5 * 24 * H).toISOString(), new Date(base + 6 * 24 * H).toISOString(), { vessel_id: vessel.id, berth_start_position: 200, berth_end_position: 500 }));
    expect(next.statusCode).toBe(201);
    const nextId: number = next.json().payload.id;
    await detectAisTimes(t.app.ctx, berthing(mmsi));
    expect((await get(call.id)).berth_arrival_state.label).toBe('actual');
    expect(await detections(nextId)).toEqual([]);
    expect((await get(nextId)).status).toBe('Approaching');
  });

  it("'apply' mode: PBP entry, berthing and leaving move the call through Arrived at PBP, Berthed and Departed as automated AIS actuals", async () => {
    await setMode('apply');
    const { call, mmsi } = await newCall();
    await detectAisTimes(t.app.ctx, pbpEntry(mmsi));
    let current = await get(call.id);
    expect(current.status).toBe('Arrived at PBP');
    expect(current.pilot_boarding_place_arrival_state.label).toBe('actual');

    await detectAisTimes(t.app.ctx, berthing(mmsi));
    current = await get(call.id);
    expect(current.status).toBe('Berthed');
    expect(current.berth_arrival).toBe(at(72).toISOString());
    expect(current.berth_arrival_state.label).toBe('actual');
    const arrival = (await steps(call.id, 'berth_arrival')).at(-1)!;
    expect(arrival).toMatchObject({ action: 'actual', creator_type: 'automated', created_by: null, source: 'ais_berth_arrival' });
    const chain = (await w.planner('GET', `/portcalls/${call.id}/timestamps`)).json().payload as { action: string; created_by: { name: string } }[];
    expect(chain.at(-1)!.created_by.name).toBe('AIS (ais_berth_arrival)');
    const audit = (await w.planner('GET', `/portcall_audit?portcall_id=${call.id}`)).json().payload.items as { field: string; actor: { name: string; user_type: string } }[];
    expect(audit.find((a) => a.field === 'berth_arrival' && a.actor.user_type === 'automated')?.actor.name).toBe('AIS (ais_berth_arrival)');

    await detectAisTimes(t.app.ctx, leaving(mmsi));
    current = await get(call.id);
    expect(current.status).toBe('Departed');
    expect(current.berth_departure).toBe(at(600).toISOString());
    expect((await detections(call.id)).map((d) => [d.time_type, d.status, d.source])).toEqual([
      ['pilot_boarding_place_arrival', 'applied', 'ais_pilot_boarding_place_arrival'],
      ['berth_arrival', 'applied', 'ais_berth_arrival'],
      ['berth_departure', 'applied', 'ais_berth_departure'],
    ]);
  });

  it('the same batch twice (or on two servers) records nothing twice', async () => {
    await setMode('apply');
    const { call, mmsi } = await newCall();
    await Promise.all([detectAisTimes(t.app.ctx, berthing(mmsi)), detectAisTimes(t.app.ctx, berthing(mmsi))]);
    await detectAisTimes(t.app.ctx, berthing(mmsi));
    expect((await detections(call.id)).length).toBe(1);
    expect((await steps(call.id, 'berth_arrival')).filter((s) => s.action === 'actual')).toHaveLength(1);
  });

  it("'propose' mode changes nothing until a planner applies (actual by the planner, AIS source) or dismisses", async () => {
    await setMode('propose');
    const { call, mmsi } = await newCall();
    await detectAisTimes(t.app.ctx, [...pbpEntry(mmsi), ...berthing(mmsi)]);
    let current = await get(call.id);
    expect(current.status).toBe('Approaching');
    expect(current.version).toBe(call.version);
    const found = await detections(call.id);
    expect(found.map((d) => [d.time_type, d.status])).toEqual([
      ['pilot_boarding_place_arrival', 'proposed'],
      ['berth_arrival', 'proposed'],
    ]);
    const [pbp, berth] = found as [(typeof found)[0], (typeof found)[0]];
    // The terminal's users were told, over the terminal channel too.
    const event = await t.database.db.selectFrom('realtime_events').select(['payload']).where('event', '=', 'ais.detection').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ terminal_id: w.terminal.id, portcall_id: call.id });

    // Only the terminal's planners decide; the vessel side may see the detections.
    expect((await w.vesselSide('GET', `/portcalls/${call.id}/ais_detections`)).statusCode).toBe(200);
    expect((await w.vesselSide('POST', `/ais_detections/${berth.id}/apply`, { version: call.version })).statusCode).toBe(403);
    expect((await w.agent('POST', `/ais_detections/${berth.id}/dismiss`, { version: call.version })).statusCode).toBe(403);
    const stale = await w.planner('POST', `/ais_detections/${berth.id}/apply`, { version: call.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().payload.current.id).toBe(call.id);

    const applied = await w.planner('POST', `/ais_detections/${berth.id}/apply`, { version: call.version });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().payload).toMatchObject({ status: 'Berthed', berth_arrival: berth.date_time });
    const step = (await steps(call.id, 'berth_arrival')).at(-1)!;
    expect(step).toMatchObject({ action: 'actual', creator_type: 'user', created_by: w.users.planner.user.id, source: 'ais_berth_arrival' });
    expect((await w.planner('POST', `/ais_detections/${berth.id}/apply`, { version: applied.json().payload.version })).statusCode).toBe(409);

    current = await get(call.id);
    const dismissed = await w.planner('POST', `/ais_detections/${pbp.id}/dismiss`, { version: current.version });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().payload.status).toBe('dismissed');
    expect((await w.planner('POST', `/ais_detections/${pbp.id}/dismiss`, { version: current.version })).statusCode).toBe(409);
    expect((await get(call.id)).pilot_boarding_place_arrival_state.label).not.toBe('actual');
  });

  it("'apply' mode proposes a berthing after the call's planned departure instead of failing", async () => {
    await setMode('apply');
    const early = await createVessel(t.database.db, { vesselOperatorId: w.operator.id });
    // Planned to leave at minute 60; AIS sees the vessel berth at minute 72.
    const late = await w.planner('POST', '/portcalls', w.request(new Date(base - 10 * H).toISOString(), new Date(base + H).toISOString(), { vessel_id: early.id, berth_start_position: 200, berth_end_position: 500 }));
    expect(late.statusCode, late.body).toBe(201);
    const lateCall = late.json().payload as { id: number; version: number };
    await detectAisTimes(t.app.ctx, berthing(early.mmsi!));
    expect((await detections(lateCall.id)).map((d) => [d.time_type, d.status, d.date_time])).toEqual([['berth_arrival', 'proposed', at(72).toISOString()]]);
    expect((await get(lateCall.id)).version).toBe(lateCall.version);
  });

  it('never overwrites an actual a person recorded (kept_manual)', async () => {
    await setMode('apply');
    const { call, mmsi } = await newCall();
    const typed = new Date(base + 80 * MIN).toISOString();
    const manual = await w.planner('POST', `/portcalls/${call.id}/negotiate`, { version: call.version, time: 'berth_arrival', action: 'actual', date_time: typed });
    expect(manual.statusCode).toBe(200);
    await detectAisTimes(t.app.ctx, berthing(mmsi));
    const current = await get(call.id);
    expect(current.berth_arrival).toBe(typed);
    expect(current.version).toBe(manual.json().payload.version);
    expect((await detections(call.id)).map((d) => d.status)).toEqual(['kept_manual']);
  });

  it('finds the call through the IMO number AIS reported when the vessel record has no MMSI', async () => {
    await setMode('apply');
    const vessel = await createVessel(t.database.db, { vesselOperatorId: w.operator.id, mmsi: null });
    const res = await w.planner('POST', '/portcalls', w.request(new Date(base + 3 * H).toISOString(), new Date(base + 30 * H).toISOString(), { vessel_id: vessel.id, berth_start_position: 200, berth_end_position: 500, pilot_boarding_place_id: pbpId }));
    const mmsi = '211999001';
    await t.database.db.insertInto('ais_vessels').values({ mmsi, imo_number: vessel.imo_number }).execute();
    await detectAisTimes(t.app.ctx, pbpEntry(mmsi));
    expect((await get(res.json().payload.id)).status).toBe('Arrived at PBP');
  });

  it("keeps to the vessel record's MMSI: another MMSI reporting the same IMO number does not move the call", async () => {
    await setMode('apply');
    const { call, mmsi } = await newCall();
    const vessel = await t.database.db.selectFrom('vessels').select('imo_number').where('mmsi', '=', mmsi).executeTakeFirstOrThrow();
    const other = '211999002';
    await t.database.db.insertInto('ais_vessels').values({ mmsi: other, imo_number: vessel.imo_number, static_received_at: at(-5) }).execute();
    await detectAisTimes(t.app.ctx, pbpEntry(other));
    expect(await detections(call.id)).toEqual([]);
    expect((await get(call.id)).status).not.toBe('Arrived at PBP');
    await detectAisTimes(t.app.ctx, pbpEntry(mmsi));
    expect((await get(call.id)).status).toBe('Arrived at PBP');
  });

  it('terminal AIS settings: read by the terminal, changed by its planners, 409 on a stale version, 400 on a bad value', async () => {
    const read = await w.planner('GET', `/terminals/${w.terminal.id}/ais_settings`);
    expect(read.statusCode).toBe(200);
    const settings = read.json().payload;
    expect(settings).toMatchObject({ terminal_id: w.terminal.id, on_time_minutes: 60, quay: { origin_latitude: quay.origin.latitude, bearing_deg: 100, water_side: 'right' } });
    expect((await w.vesselSide('GET', `/terminals/${w.terminal.id}/ais_settings`)).statusCode).toBe(403);
    expect((await w.agent('PUT', `/terminals/${w.terminal.id}/ais_settings`, { version: settings.version, ais_actuals_mode: 'apply' })).statusCode).toBe(403);

    const saved = await w.planner('PUT', `/terminals/${w.terminal.id}/ais_settings`, { version: settings.version, ais_actuals_mode: 'propose', preferred_prediction_source: 'portcast' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payload).toMatchObject({ version: settings.version + 1, ais_actuals_mode: 'propose', preferred_prediction_source: 'portcast' });
    const stale = await w.planner('PUT', `/terminals/${w.terminal.id}/ais_settings`, { version: settings.version, ais_actuals_mode: 'apply' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().payload.current).toMatchObject({ version: settings.version + 1, ais_actuals_mode: 'propose' });
    const bad = await w.planner('PUT', `/terminals/${w.terminal.id}/ais_settings`, { version: settings.version + 1, quay: { ...saved.json().payload.quay, bearing_deg: 400 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.errors.map((e: { path: string }) => e.path)).toContain('quay.bearing_deg');
  });
});
