import { ZAisPortcallsList, ZAisVesselCharacteristics } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createTerminal, createVessel, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { pruneAisPositions } from './ais.repository';
import { shipTypeGroup } from './ais.service';

const HOUR = 3_600_000;

describe.each(DB_TARGETS)('AIS map endpoints on %s', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * A terminal with two carriers' calls: carrier A's vessel is tracked by MMSI, carrier B's only by IMO (its record
   * has no MMSI yet). Plus a cancelled call, a call long departed and one far in the future, which the map leaves out.
   */
  async function world() {
    const db = t.database.db;
    const now = t.clock.now().getTime();
    const terminal = await createTerminal(db);
    const otherTerminal = await createTerminal(db);
    const carrierA = await createOrganisation(db, 'vessel_operator');
    const carrierB = await createOrganisation(db, 'vessel_operator');
    const agency = await createOrganisation(db, 'agent');
    const vesselA = await createVessel(db, { vesselOperatorId: carrierA.id });
    const vesselB = await createVessel(db, { vesselOperatorId: carrierB.id, mmsi: null });
    const vesselC = await createVessel(db, { vesselOperatorId: carrierB.id });
    const addCall = async (vessel: { id: number }, operatorId: number, arrivalInHours: number, extra: { status?: string; agentId?: number | null; terminalId?: number } = {}) =>
      (
        await db
          .insertInto('portcalls')
          .values({
            terminal_id: extra.terminalId ?? terminal.id,
            vessel_id: vessel.id,
            vessel_operator_id: operatorId,
            agent_id: extra.agentId ?? null,
            status: extra.status ?? 'Approaching',
            berth_arrival: new Date(now + arrivalInHours * HOUR),
            berth_departure: new Date(now + (arrivalInHours + 20) * HOUR),
            berth_arrival_label: 'planned',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const callA = await addCall(vesselA, carrierA.id, 10, { agentId: agency.id });
    const callB = await addCall(vesselB, carrierB.id, 30);
    const cancelled = await addCall(vesselC, carrierB.id, 5, { status: 'Cancelled' });
    const longGone = await addCall(vesselC, carrierB.id, -60, { status: 'Departed' });
    const farAhead = await addCall(vesselC, carrierB.id, 24 * 20);
    const elsewhere = await addCall(vesselA, carrierA.id, 12, { terminalId: otherTerminal.id });

    // AIS: A's latest position and a track of 300 positions over the last 5 hours; B known by the IMO its type 5 gave.
    const mmsiB = `21${vesselB.imo_number}`;
    await db
      .insertInto('ais_vessels')
      .values([
        { mmsi: vesselA.mmsi!, imo_number: vesselA.imo_number, name: vesselA.name, ship_type: 71, length_m: 200, beam_m: 32, draught_m: 11.2, destination: 'DEHAM', reported_eta: new Date(now + 9 * HOUR), static_received_at: new Date(now - HOUR), latitude: 54.1, longitude: 8.0, speed_knots: 14.2, course_deg: 110, heading_deg: 108, nav_status: 0, position_received_at: new Date(now - 60_000), filled_fields: ['call_sign'] },
        { mmsi: mmsiB, imo_number: vesselB.imo_number, name: vesselB.name, ship_type: 84, length_m: 250, beam_m: 40, draught_m: 12, destination: 'HAMBURG', reported_eta: null, static_received_at: new Date(now - 2 * HOUR), latitude: 55.0, longitude: 6.5, speed_knots: 11, course_deg: 130, heading_deg: null, nav_status: 0, position_received_at: new Date(now - 120_000) },
      ])
      .execute();
    await db
      .insertInto('ais_positions')
      .values(Array.from({ length: 300 }, (_, i) => ({ mmsi: vesselA.mmsi!, received_at: new Date(now - 5 * HOUR + i * 60_000), latitude: 54 + i / 3000, longitude: 7.5 + i / 600, speed_knots: 14, course_deg: 110, heading_deg: 108, nav_status: 0 })))
      .execute();
    // Two predictions for A: the terminal prefers 'ais' (the default), 90 min late with the default 60 min threshold.
    await db
      .insertInto('portcall_predictions')
      .values([
        { portcall_id: callA, source: 'ais', predicted_time: new Date(now + 10 * HOUR + 90 * 60_000), last_fetched_at: new Date(now - 60_000) },
        { portcall_id: callA, source: 'portcast', predicted_time: new Date(now + 10 * HOUR), last_fetched_at: new Date(now - 60_000) },
      ])
      .execute();

    const planner = await signIn(t.app, db, { terminalIds: [terminal.id] });
    const carrierAUser = await signIn(t.app, db, { userType: 'vessel_operator', organisationId: carrierA.id, terminalIds: [terminal.id] });
    const carrierBUser = await signIn(t.app, db, { userType: 'vessel_operator', organisationId: carrierB.id, terminalIds: [terminal.id] });
    const agent = await signIn(t.app, db, { userType: 'agent', organisationId: agency.id, terminalIds: [terminal.id] });
    const stranger = await signIn(t.app, db, { terminalIds: [otherTerminal.id] });
    await db.insertInto('watchlist_entries').values({ portal_user_id: planner.user.id, portcall_id: callB, created_at: new Date(now), last_seen_at: new Date(now) }).execute();
    return { terminal, otherTerminal, vesselA, vesselB, vesselC, callA, callB, cancelled, longGone, farAhead, elsewhere, mmsiB, planner, carrierAUser, carrierBUser, agent, stranger };
  }

  describe('GET /ais/portcalls_list', () => {
    it('gives the planner every active call of the terminal with position, reported voyage data, prediction and watch flag', async () => {
      const w = await world();
      const res = await w.planner.call('GET', `/ais/portcalls_list?terminal_id=${w.terminal.id}`);
      expect(res.statusCode).toBe(200);
      const body = ZAisPortcallsList.parse(res.json().payload);
      expect(body.portcalls.map((c) => c.portcall_id)).toEqual([w.callA, w.callB]);
      const [a, b] = body.portcalls;
      expect(a).toMatchObject({
        vessel_id: w.vesselA.id,
        mmsi: w.vesselA.mmsi,
        position: { latitude: 54.1, longitude: 8.0, speed_knots: 14.2, course_deg: 110, heading_deg: 108, nav_status: 0 },
        reported_destination: 'DEHAM',
        predicted_berth_arrival: { source: 'ais', difference: 90, status: 'delayed' },
        is_watched: false,
        track: [],
      });
      // B has no MMSI on record: found by IMO.
      expect(b).toMatchObject({ mmsi: w.mmsiB, position: { latitude: 55.0, longitude: 6.5 }, reported_destination: 'HAMBURG', reported_eta: null, predicted_berth_arrival: null, is_watched: true });
    });

    it('thins the track to about 120 points of the last track_hours, oldest first, keeping the newest', async () => {
      const w = await world();
      const res = await w.planner.call('GET', `/ais/portcalls_list?terminal_id=${w.terminal.id}&track_hours=6`);
      const a = ZAisPortcallsList.parse(res.json().payload).portcalls.find((c) => c.portcall_id === w.callA)!;
      expect(a.track.length).toBeGreaterThan(90);
      expect(a.track.length).toBeLessThanOrEqual(121);
      const times = a.track.map((p) => Date.parse(p[2]));
      expect(times).toEqual([...times].sort((x, y) => x - y));
      expect(times.at(-1)).toBe(t.clock.now().getTime() - 5 * HOUR + 299 * 60_000);
      const twoHours = ZAisPortcallsList.parse((await w.planner.call('GET', `/ais/portcalls_list?terminal_id=${w.terminal.id}&track_hours=2`)).json().payload).portcalls[0]!;
      expect(twoHours.track.every((p) => Date.parse(p[2]) >= t.clock.now().getTime() - 2 * HOUR)).toBe(true);
    });

    it('filters by statuses and watched_only; Cancelled only when asked for', async () => {
      const w = await world();
      const watched = await w.planner.call('GET', `/ais/portcalls_list?terminal_id=${w.terminal.id}&watched_only=true`);
      expect(ZAisPortcallsList.parse(watched.json().payload).portcalls.map((c) => c.portcall_id)).toEqual([w.callB]);
      const cancelled = await w.planner.call('GET', `/ais/portcalls_list?terminal_id=${w.terminal.id}&statuses=Cancelled`);
      expect(ZAisPortcallsList.parse(cancelled.json().payload).portcalls.map((c) => c.portcall_id)).toEqual([w.cancelled]);
    });

    it('shows a vessel operator only its own calls, and an agent only its calls', async () => {
      const w = await world();
      const ids = async (call: typeof w.planner.call) => ZAisPortcallsList.parse((await call('GET', `/ais/portcalls_list?terminal_id=${w.terminal.id}`)).json().payload).portcalls.map((c) => c.portcall_id);
      expect(await ids(w.carrierAUser.call)).toEqual([w.callA]);
      expect(await ids(w.carrierBUser.call)).toEqual([w.callB]);
      expect(await ids(w.agent.call)).toEqual([w.callA]);
    });

    it('answers 404 for a terminal the user is not linked to, 400 for a bad query, 401 without a session', async () => {
      const w = await world();
      const notLinked = await w.stranger.call('GET', `/ais/portcalls_list?terminal_id=${w.terminal.id}`);
      expect(notLinked.statusCode).toBe(404);
      expect(notLinked.json().status.status).toBe('NOT_FOUND');
      for (const query of ['', 'terminal_id=abc', `terminal_id=${w.terminal.id}&track_hours=500`, `terminal_id=${w.terminal.id}&statuses=Sunk`]) {
        const bad = await w.planner.call('GET', `/ais/portcalls_list?${query}`);
        expect(bad.statusCode, query).toBe(400);
        expect(bad.json()).toMatchObject({ status: { status: 'VALIDATION_FAILED' }, payload: { errors: [expect.objectContaining({ path: expect.any(String), message: expect.any(String) })] } });
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/portal/v1/ais/portcalls_list?terminal_id=${w.terminal.id}` })).statusCode).toBe(401);
    });
  });

  describe('GET /ais/vessel_characteristics', () => {
    it('gives the static data, its ship-type group and the fields AIS filled', async () => {
      const w = await world();
      const res = await w.planner.call('GET', `/ais/vessel_characteristics?vessel_id=${w.vesselA.id}`);
      expect(res.statusCode).toBe(200);
      expect(ZAisVesselCharacteristics.parse(res.json().payload)).toEqual({
        vessel_id: w.vesselA.id,
        mmsi: w.vesselA.mmsi,
        imo_number: w.vesselA.imo_number,
        name: w.vesselA.name,
        call_sign: null,
        ship_type: 71,
        ship_type_group: 'cargo',
        length_m: 200,
        beam_m: 32,
        draught_m: 11.2,
        destination: 'DEHAM',
        reported_eta: new Date(t.clock.now().getTime() + 9 * HOUR).toISOString(),
        received_at: new Date(t.clock.now().getTime() - HOUR).toISOString(),
        filled_fields: ['call_sign'],
      });
      // By IMO when the record has no MMSI.
      const b = await w.carrierBUser.call('GET', `/ais/vessel_characteristics?vessel_id=${w.vesselB.id}`);
      expect(b.json().payload).toMatchObject({ mmsi: w.mmsiB, ship_type: 84, ship_type_group: 'tanker', length_m: 250 });
    });

    it('shows a vessel operator only its own vessels, an agent only those of its calls; 404 otherwise', async () => {
      const w = await world();
      expect((await w.carrierAUser.call('GET', `/ais/vessel_characteristics?vessel_id=${w.vesselA.id}`)).statusCode).toBe(200);
      const foreign = await w.carrierAUser.call('GET', `/ais/vessel_characteristics?vessel_id=${w.vesselB.id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().status.status).toBe('NOT_FOUND');
      expect((await w.agent.call('GET', `/ais/vessel_characteristics?vessel_id=${w.vesselA.id}`)).statusCode).toBe(200);
      expect((await w.agent.call('GET', `/ais/vessel_characteristics?vessel_id=${w.vesselB.id}`)).statusCode).toBe(404);
      // The other terminal's planner sees vessel A (it has a call there too), not vessel B.
      expect((await w.stranger.call('GET', `/ais/vessel_characteristics?vessel_id=${w.vesselA.id}`)).statusCode).toBe(200);
      expect((await w.stranger.call('GET', `/ais/vessel_characteristics?vessel_id=${w.vesselB.id}`)).statusCode).toBe(404);
      // A vessel AIS has never seen: empty characteristics, not an error.
      const unseen = await w.carrierBUser.call('GET', `/ais/vessel_characteristics?vessel_id=${w.vesselC.id}`);
      expect(unseen.json().payload).toMatchObject({ vessel_id: w.vesselC.id, ship_type: null, ship_type_group: null, filled_fields: [] });
      const bad = await w.planner.call('GET', '/ais/vessel_characteristics?vessel_id=-1');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status.status).toBe('VALIDATION_FAILED');
    });
  });

  it('pruneAisPositions deletes positions before the cut-off in chunks and keeps the rest', async () => {
    const db = t.database.db;
    const now = t.clock.now().getTime();
    const mmsi = '219000555';
    await db
      .insertInto('ais_positions')
      .values(Array.from({ length: 1200 }, (_, i) => ({ mmsi, received_at: new Date(now - (i < 1000 ? 40 : 10) * 86_400_000 + i), latitude: 54, longitude: 8, speed_knots: null, course_deg: null, heading_deg: null, nav_status: null })))
      .execute();
    const cutoff = new Date(now - 30 * 86_400_000);
    const olderElsewhere = await db.selectFrom('ais_positions').select((eb) => eb.fn.countAll<string>().as('n')).where('received_at', '<', cutoff).where('mmsi', '<>', mmsi).executeTakeFirstOrThrow();
    expect(await pruneAisPositions(db, cutoff, 300)).toBe(1000 + Number(olderElsewhere.n));
    const left = await db.selectFrom('ais_positions').select((eb) => eb.fn.countAll<string>().as('n')).where('mmsi', '=', mmsi).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(200);
    expect(await pruneAisPositions(db, cutoff, 300)).toBe(0);
  });

  it('lists both endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/portal/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths['/api/portal/v1/ais/portcalls_list']?.get).toBeDefined();
    expect(doc.paths['/api/portal/v1/ais/vessel_characteristics']?.get).toBeDefined();
  });

  it('groups AIS ship types', () => {
    expect([20, 30, 31, 35, 36, 37, 45, 50, 51, 52, 65, 70, 79, 84, 95, 0, null].map((n) => shipTypeGroup(n))).toEqual([
      'wing_in_ground', 'fishing', 'towing', 'military', 'sailing', 'pleasure', 'high_speed', 'pilot', 'sar', 'tug', 'passenger', 'cargo', 'cargo', 'tanker', 'other', null, null,
    ]);
  });
});
