import type { TPreviousPortcallData } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, createOrganisation, createVessel, signIn } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;

describe.each(DB_TARGETS)('previous-call data across companies on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let competitor: ApiCall;
  let callId: number;
  const ids = { own: 0, charter: 0, similar: [] as number[] };

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await createPortcallWorld(t);
    const db = t.database.db;
    const pbpId = w.geometry.pilotBoardingPlaces[0]!.id;
    const other = await createOrganisation(db, 'vessel_operator');
    competitor = (await signIn(t.app, db, { userType: 'vessel_operator', organisationId: other.id, terminalIds: [w.terminal.id] })).call;
    // A vessel of the competitor like ours (same type and length): its calls teach our prediction as "similar vessel".
    const lookalike = await createVessel(db, { vesselOperatorId: other.id });
    /** A completed call at the terminal: actual berth arrival, pilot aboard `pilotage` minutes before it. */
    const past = async (daysAgo: number, pilotage: number, parties: { vessel_id: number; vessel_operator_id: number; agent_id: number | null }) => {
      const arrival = new Date(t.clock.now().getTime() - daysAgo * DAY);
      const res = await w.planner('POST', '/portcalls', { ...w.request(arrival.toISOString(), new Date(arrival.getTime() + 20 * H).toISOString(), { pilot_boarding_place_id: pbpId }), ...parties });
      expect(res.statusCode).toBe(201);
      const id = res.json().payload.id as number;
      await db.updateTable('portcalls').set({ berth_arrival_label: 'actual', pilot_boarding_place_arrival: new Date(arrival.getTime() - pilotage * MIN), pilot_boarding_place_arrival_label: 'actual' }).where('id', '=', id).execute();
      return id;
    };
    ids.own = await past(30, 200, { vessel_id: w.vessel.id, vessel_operator_id: w.operator.id, agent_id: w.agency.id });
    // Our vessel once chartered to the competitor: the same vessel, but the competitor's call.
    ids.charter = await past(40, 170, { vessel_id: w.vessel.id, vessel_operator_id: other.id, agent_id: null });
    for (const [days, pilotage] of [
      [20, 180],
      [25, 190],
      [35, 230],
    ] as const) {
      ids.similar.push(await past(days, pilotage, { vessel_id: lookalike.id, vessel_operator_id: other.id, agent_id: null }));
    }
    const arrival = new Date(t.clock.now().getTime() + 2 * DAY);
    callId = (await w.vesselSide('POST', '/portcalls', w.request(arrival.toISOString(), new Date(arrival.getTime() + 20 * H).toISOString(), { pilot_boarding_place_id: pbpId }))).json().payload.id;
  });
  afterAll(async () => t?.close());

  const dataFor = async (api: ApiCall) => {
    const res = await api('GET', `/prediction/previous_portcall_data?portcall_id=${callId}`);
    expect(res.statusCode).toBe(200);
    return res.json().payload as TPreviousPortcallData;
  };

  it('answers the vessel operator rows only of calls it may see; other companies only as counts and medians', async () => {
    const data = await dataFor(w.vesselSide);
    expect(data.calls.map((c) => [c.portcall_id, c.match])).toEqual([[ids.own, 'same_vessel']]);
    expect(data.other_companies).toEqual([
      { match: 'same_vessel', count: 1, median_pilotage_minutes: null },
      { match: 'similar_vessel', count: 3, median_pilotage_minutes: 190 },
    ]);
    const body = JSON.stringify(data);
    for (const id of [ids.charter, ...ids.similar]) expect(body).not.toContain(`"portcall_id":${id},`);
    // Every call the answer names opens for the viewer.
    for (const c of data.calls) expect((await w.vesselSide('GET', `/portcalls/${c.portcall_id}`)).statusCode).toBe(200);
    // The prediction still learns from all of them.
    expect(data.pilotage_minutes).toBe(185);
  });

  it('answers the agent rows only of the calls it is agent of', async () => {
    const data = await dataFor(w.agent);
    expect(data.calls.map((c) => c.portcall_id)).toEqual([ids.own]);
    expect(data.other_companies.map((o) => o.count)).toEqual([1, 3]);
  });

  it('answers the terminal every call of its terminal as rows, with nothing left for aggregates', async () => {
    const data = await dataFor(w.planner);
    expect(data.calls.map((c) => c.portcall_id).sort((a, b) => a - b)).toEqual([ids.own, ids.charter, ...ids.similar].sort((a, b) => a - b));
    expect(data.other_companies).toEqual([
      { match: 'same_vessel', count: 0, median_pilotage_minutes: null },
      { match: 'similar_vessel', count: 0, median_pilotage_minutes: null },
    ]);
  });

  it('answers the competitor 404 for the call, as if it did not exist', async () => {
    expect((await competitor('GET', `/prediction/previous_portcall_data?portcall_id=${callId}`)).statusCode).toBe(404);
  });
});
