import { distanceMetres, isInsidePolygon, localizedName, type TLatLon } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTerminal, signIn } from '../../test/fixtures';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { storedJson } from '../../db/stored-json';
import { berthGeofenceOf, berthPointOf } from './map-geometry';

const URL_OF = (id: number) => `/terminals/${id}/map_geometry`;
const QUAY = { quay_origin_latitude: 53.5308, quay_origin_longitude: 9.9005, quay_bearing_deg: 97, quay_water_side: 'left' as const };
const at = ([latitude, longitude]: [number, number]): TLatLon => ({ latitude, longitude });

describe('berth point and berth geofence of a quay span', () => {
  it('puts the berth point in the water in front of the span, inside its geofence', () => {
    const point = berthPointOf(QUAY, 0, 350)!;
    const fence = berthGeofenceOf(QUAY, 0, 350)!;
    expect(isInsidePolygon(point, fence)).toBe(true);
    // Water side left of a bearing of 97 degrees: the river, north of the quay line.
    expect(point.latitude).toBeGreaterThan(53.5308);
    expect(distanceMetres(point, { latitude: 53.5308, longitude: 9.9005 })).toBeGreaterThan(150);
    expect(isInsidePolygon(berthPointOf(QUAY, 700, 1000)!, fence)).toBe(false);
  });

  it('has neither without a georeference', () => {
    const none = { quay_origin_latitude: null, quay_origin_longitude: null, quay_bearing_deg: null, quay_water_side: 'right' as const };
    expect(berthPointOf(none, 0, 100)).toBeNull();
    expect(berthGeofenceOf(none, 0, 100)).toBeNull();
  });
});

describe.each(DB_TARGETS)('GET /terminals/:id/map_geometry (%s)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png', mapTileAttribution: '© Example tiles' });
  });
  afterAll(async () => t?.close());

  async function georeferencedTerminal() {
    const db = t.database.db;
    const terminal = await createTerminal(db);
    await db.updateTable('terminals').set(QUAY).where('id', '=', terminal.id).execute();
    await db
      .insertInto('terminal_sections')
      .values([
        { terminal_id: terminal.id, name: 'Berth 1', berth_type: 'Berth', start_position_m: 0, end_position_m: 400, water_depth_m: 15 },
        { terminal_id: terminal.id, name: 'Buffer', berth_type: 'Buffer Zone', start_position_m: 400, end_position_m: 450, water_depth_m: 12 },
        { terminal_id: terminal.id, name: 'Berth 2', berth_type: 'Berth', start_position_m: 450, end_position_m: 1000, water_depth_m: 14 },
      ])
      .execute();
    const { port_id } = await db.selectFrom('terminals').select('port_id').where('id', '=', terminal.id).executeTakeFirstOrThrow();
    await db
      .insertInto('pilot_boarding_places')
      .values([
        { port_id, name: 'Elbe 1 pilot station', names: storedJson('localized_names', { de: 'Lotsenstation Elbe 1', fr: 'Station de pilotage Elbe 1' }), sailing_time_to_berth_minutes: 330, latitude: 54.017, longitude: 8.1, geofence_radius_m: 4000 },
        { port_id, name: 'Unplaced', sailing_time_to_berth_minutes: 60, latitude: null, longitude: null },
      ])
      .execute();
    return terminal;
  }

  it('lays the quay, each section as a berth polygon and the pilot boarding places with their radius on the map', async () => {
    const terminal = await georeferencedTerminal();
    const planner = await signIn(t.app, t.database.db, { terminalIds: [terminal.id] });
    const res = await planner.call('GET', URL_OF(terminal.id));
    expect(res.statusCode).toBe(200);
    const geometry = res.json().payload;
    expect(geometry.terminal_id).toBe(terminal.id);
    expect(geometry.quay).toHaveLength(2);
    expect(geometry.quay[0]).toEqual([53.5308, 9.9005]);
    // 1,000 m of quay along the bearing.
    expect(distanceMetres(at(geometry.quay[0]), at(geometry.quay[1]))).toBeCloseTo(1000, 0);
    expect(geometry.berths.map((b: { name: string }) => b.name)).toEqual(['Berth 1', 'Buffer', 'Berth 2']);
    const berth1 = geometry.berths[0].polygon.map(at);
    expect(berth1).toHaveLength(4);
    expect(isInsidePolygon(berthPointOf(QUAY, 0, 400)!, berth1)).toBe(true);
    expect(isInsidePolygon(berthPointOf(QUAY, 450, 1000)!, berth1)).toBe(false);
    // A station's names per language come from its master data; a language without one reads `name`.
    expect(geometry.pilot_boarding_places).toEqual([{ id: expect.any(Number), name: 'Elbe 1 pilot station', names: { de: 'Lotsenstation Elbe 1', fr: 'Station de pilotage Elbe 1' }, latitude: 54.017, longitude: 8.1, radius_m: 4000 }]);
    expect(localizedName(geometry.pilot_boarding_places[0], 'es')).toBe('Elbe 1 pilot station');
    expect(distanceMetres(at(geometry.centre), at(geometry.quay[0]))).toBeCloseTo(500, 0);
    expect(geometry.tile_url).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(geometry.tile_attribution).toBe('© Example tiles');
    // The approach from Elbe 1 up the river: the Elbe's fairway and the places along it, nothing from far away.
    const names = geometry.places.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Hamburg', 'Cuxhaven', 'Brunsbüttel', 'Helgoland']));
    expect(names).not.toContain('Rotterdam');
    // Places are named locally, with the exonym where a language has one: Heligoland in English, Helgoland in German.
    const helgoland = geometry.places.find((p: { name: string }) => p.name === 'Helgoland');
    expect([localizedName(helgoland, 'en'), localizedName(helgoland, 'de'), localizedName(helgoland, 'fr')]).toEqual(['Heligoland', 'Helgoland', 'Heligoland']);
    const cuxhaven = geometry.places.find((p: { name: string }) => p.name === 'Cuxhaven');
    expect([localizedName(cuxhaven, 'en'), localizedName(cuxhaven, 'de')]).toEqual(['Cuxhaven', 'Cuxhaven']);
    expect(localizedName(geometry.places.find((p: { name: string }) => p.name === 'Hamburg'), 'fr')).toBe('Hambourg');
    const fairwayPoints: [number, number][] = geometry.fairways.flat();
    expect(fairwayPoints).toContainEqual([54.017, 8.1]);
    expect(fairwayPoints.every(([lat, lon]) => lat > 52 && lat < 55.5 && lon > 6 && lon < 11.5)).toBe(true);
  });

  it('answers a null quay and no berth polygons for a terminal that is not on the map yet', async () => {
    const terminal = await createTerminal(t.database.db);
    const planner = await signIn(t.app, t.database.db, { terminalIds: [terminal.id] });
    const res = await planner.call('GET', URL_OF(terminal.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ quay: null, berths: [], pilot_boarding_places: [], centre: [0, 0], fairways: [], places: [] });
  });

  it('shows the terminal to every role linked to it and to nobody else', async () => {
    const terminal = await georeferencedTerminal();
    for (const userType of ['terminal_operator', 'vessel_operator', 'agent'] as const) {
      const linked = await signIn(t.app, t.database.db, { userType, terminalIds: [terminal.id] });
      expect((await linked.call('GET', URL_OF(terminal.id))).statusCode, userType).toBe(200);
      const stranger = await signIn(t.app, t.database.db, { userType });
      const res = await stranger.call('GET', URL_OF(terminal.id));
      expect(res.statusCode, userType).toBe(404);
      expect(res.json().status.status).toBe('NOT_FOUND');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/portal/v1${URL_OF(terminal.id)}` });
    expect(anonymous.statusCode).toBe(401);
    const planner = await signIn(t.app, t.database.db, { terminalIds: [terminal.id] });
    expect((await planner.call('GET', URL_OF(999_999))).statusCode).toBe(404);
    expect((await planner.call('GET', '/terminals/abc/map_geometry')).statusCode).toBe(400);
  });
});
