// What the offline map shows around a terminal's approach besides land: the fairways of the sea-lane graph and the
// names of the places a planner steers by. Place positions are public general knowledge (town centres, rounded to
// about a kilometre); like the sea lanes, authored for Quayline for the demo region, not a navigation aid.
import type { TLatLon, TLocalizedNames } from '@quayline/domain';
import { SEA_LANE_EDGES, SEA_LANE_NODES } from './sea-lane-graph.data';

/** `name` is the place's own (local) name; `names` the exonyms of the app's languages where one is in use. */
export type TPlaceName = { name: string; names: TLocalizedNames; latitude: number; longitude: number };

export const PLACE_NAMES: readonly TPlaceName[] = [
  { name: 'Hamburg', names: { fr: 'Hambourg', es: 'Hamburgo' }, latitude: 53.55, longitude: 9.99 },
  { name: 'Wedel', names: {}, latitude: 53.58, longitude: 9.7 },
  { name: 'Stade', names: {}, latitude: 53.6, longitude: 9.48 },
  { name: 'Glückstadt', names: {}, latitude: 53.79, longitude: 9.42 },
  { name: 'Brunsbüttel', names: {}, latitude: 53.9, longitude: 9.14 },
  { name: 'Cuxhaven', names: {}, latitude: 53.87, longitude: 8.7 },
  { name: 'Neuwerk', names: {}, latitude: 53.92, longitude: 8.5 },
  { name: 'Büsum', names: {}, latitude: 54.13, longitude: 8.86 },
  { name: 'Helgoland', names: { en: 'Heligoland', fr: 'Heligoland', es: 'Heligoland' }, latitude: 54.18, longitude: 7.89 },
  { name: 'Bremerhaven', names: {}, latitude: 53.55, longitude: 8.58 },
  { name: 'Wilhelmshaven', names: {}, latitude: 53.52, longitude: 8.13 },
  { name: 'Emden', names: {}, latitude: 53.37, longitude: 7.21 },
  { name: 'Kiel', names: {}, latitude: 54.32, longitude: 10.13 },
  { name: 'Rotterdam', names: {}, latitude: 51.92, longitude: 4.48 },
  { name: 'Antwerpen', names: { en: 'Antwerp', fr: 'Anvers', es: 'Amberes' }, latitude: 51.22, longitude: 4.4 },
];

/** How far around the approach (terminal and pilot boarding places) fairways and names are given, in degrees. */
const MARGIN_DEG = 0.6;

type TBox = { south: number; north: number; west: number; east: number };

function boxAround(points: readonly TLatLon[]): TBox | null {
  if (points.length === 0) return null;
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  return { south: Math.min(...lats) - MARGIN_DEG, north: Math.max(...lats) + MARGIN_DEG, west: Math.min(...lons) - MARGIN_DEG * 1.7, east: Math.max(...lons) + MARGIN_DEG * 1.7 };
}

const inside = (box: TBox, p: TLatLon) => p.latitude >= box.south && p.latitude <= box.north && p.longitude >= box.west && p.longitude <= box.east;

/** The fairway stretches (river pilotage waters) and place names near the approach spanned by `points`. */
export function approachFeatures(points: readonly TLatLon[]): { fairways: [number, number][][]; places: TPlaceName[] } {
  const box = boxAround(points);
  if (!box) return { fairways: [], places: [] };
  const byId = new Map(SEA_LANE_NODES.map((n) => [n.id, n]));
  const fairways: [number, number][][] = [];
  for (const [a, b] of SEA_LANE_EDGES) {
    const from = byId.get(a);
    const to = byId.get(b);
    if (!from || !to || from.kind !== 'fairway' || to.kind !== 'fairway') continue;
    if (!inside(box, from) && !inside(box, to)) continue;
    fairways.push([
      [from.latitude, from.longitude],
      [to.latitude, to.longitude],
    ]);
  }
  return { fairways, places: PLACE_NAMES.filter((p) => inside(box, p)) };
}
