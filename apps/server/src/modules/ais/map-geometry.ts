// A terminal on the map: its quay line, each berth section as the water polygon in front of it, its port's pilot
// boarding places with their geofence radius, and where the map centres; plus the berth point and berth polygon of
// a span of the quay, which the route, the prediction and the berth geofence use.
import { berthPoint, berthPolygon, quayLine, quayPoint, type TLatLon, type TQuayGeoreference, type TTerminalMapGeometry } from '@quayline/domain';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../app-context';
import type { TerminalsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { terminalIdsOf } from '../portcalls/portcall.service';
import { approachFeatures } from './sea-lanes/approach-features';

/** The terminal columns that lay its quay on the map. */
export type TTerminalQuayColumns = Pick<Selectable<TerminalsTable>, 'quay_origin_latitude' | 'quay_origin_longitude' | 'quay_bearing_deg' | 'quay_water_side'>;

/** The quay georeference of a terminal row; null when the terminal has not been placed on the map. */
export function quayGeoreferenceOf(terminal: TTerminalQuayColumns): TQuayGeoreference | null {
  const { quay_origin_latitude: latitude, quay_origin_longitude: longitude, quay_bearing_deg: bearing } = terminal;
  if (latitude === null || longitude === null || bearing === null) return null;
  return { origin: { latitude, longitude }, bearingDeg: bearing, waterSide: terminal.quay_water_side };
}

/** The water polygon in front of the quay span [startM, endM]: moored there means inside it (null: no georeference). */
export function berthGeofenceOf(terminal: TTerminalQuayColumns, startM: number, endM: number): TLatLon[] | null {
  const quay = quayGeoreferenceOf(terminal);
  return quay ? berthPolygon(quay, startM, endM) : null;
}

/** Where a vessel lies at the quay span [startM, endM], a little off the wall: the end of its route (null: no georeference). */
export function berthPointOf(terminal: TTerminalQuayColumns, startM: number, endM: number): TLatLon | null {
  const quay = quayGeoreferenceOf(terminal);
  return quay ? berthPoint(quay, startM, endM) : null;
}

// Six decimals are about 0.1 m: plenty for a map, and the payload stays small.
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const pair = (p: TLatLon): [number, number] => [round6(p.latitude), round6(p.longitude)];

export async function terminalMapGeometry(ctx: AppContext, session: AuthSession, terminalId: number): Promise<TTerminalMapGeometry> {
  if (!(await terminalIdsOf(ctx, session.user)).includes(terminalId)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const terminal = await ctx.db
    .selectFrom('terminals as t')
    .innerJoin('ports as p', 'p.id', 't.port_id')
    .select(['t.id', 't.port_id', 't.quay_length_m', 't.latitude', 't.longitude', 't.quay_origin_latitude', 't.quay_origin_longitude', 't.quay_bearing_deg', 't.quay_water_side'])
    .select(['p.latitude as port_latitude', 'p.longitude as port_longitude'])
    .where('t.id', '=', terminalId)
    .executeTakeFirst();
  if (!terminal) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const [sections, places] = await Promise.all([
    ctx.db.selectFrom('terminal_sections').select(['id', 'name', 'berth_type', 'start_position_m', 'end_position_m']).where('terminal_id', '=', terminalId).orderBy('start_position_m').orderBy('id').execute(),
    ctx.db.selectFrom('pilot_boarding_places').select(['id', 'name', 'names', 'latitude', 'longitude', 'geofence_radius_m']).where('port_id', '=', terminal.port_id).orderBy('id').execute(),
  ]);

  const quay = quayGeoreferenceOf(terminal);
  const centre: TLatLon = quay
    ? quayPoint(quay, terminal.quay_length_m / 2)
    : terminal.latitude !== null && terminal.longitude !== null
      ? { latitude: terminal.latitude, longitude: terminal.longitude }
      : terminal.port_latitude !== null && terminal.port_longitude !== null
        ? { latitude: terminal.port_latitude, longitude: terminal.port_longitude }
        : { latitude: 0, longitude: 0 };

  const pilotBoardingPlaces = places.flatMap((p) =>
    p.latitude === null || p.longitude === null ? [] : [{ id: p.id, name: p.name, names: p.names, latitude: p.latitude, longitude: p.longitude, radius_m: p.geofence_radius_m }],
  );
  // A terminal nobody placed (centre 0, 0) has no approach to describe.
  const isPlaced = centre.latitude !== 0 || centre.longitude !== 0;
  const around = approachFeatures(isPlaced ? [centre, ...pilotBoardingPlaces] : []);

  return {
    terminal_id: terminal.id,
    quay: quay ? quayLine(quay, 0, terminal.quay_length_m).map(pair) : null,
    berths: quay
      ? sections.map((s) => ({ section_id: s.id, name: s.name, berth_type: s.berth_type, polygon: berthPolygon(quay, s.start_position_m, s.end_position_m, 80, 0).map(pair) }))
      : [],
    pilot_boarding_places: pilotBoardingPlaces,
    centre: pair(centre),
    fairways: around.fairways,
    places: around.places,
    tile_url: ctx.config.mapTileUrl ?? null,
    tile_attribution: ctx.config.mapTileAttribution ?? null,
  };
}
