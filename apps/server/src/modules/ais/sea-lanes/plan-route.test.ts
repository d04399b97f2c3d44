import { berthPoint, destinationPoint, bearingDeg, distanceMetres, distanceNm, type TLatLon } from '@quayline/domain';
import { describe, expect, it } from 'vitest';
import { nearestPortEntry, planRoute, type TPlannedRoute } from './plan-route';
import { SEA_LANE_EDGES, SEA_LANE_NODES } from './sea-lane-graph.data';
import { shortestPath } from './sea-lane-graph';

const at = (latitude: number, longitude: number): TLatLon => ({ latitude, longitude });
const ROTTERDAM = at(51.9496, 4.1453);
const ELBE_1 = at(54.017, 8.1);
const SEEMANNSHOEFT = at(53.5428, 9.8786);
const BERTH = berthPoint({ origin: at(53.5308, 9.9005), bearingDeg: 97, waterSide: 'left' }, 0, 350);

/** Boxes well inside the land around the German Bight: a route point there has crossed land. */
const LAND_BOXES = [
  { name: 'Schleswig-Holstein interior', south: 54.35, north: 54.9, west: 9.0, east: 9.9 },
  { name: 'Lower Saxony (East Frisia, Oldenburg)', south: 53.0, north: 53.45, west: 7.3, east: 8.4 },
  { name: 'Netherlands (Friesland, Drenthe)', south: 52.4, north: 53.2, west: 5.3, east: 6.8 },
  { name: 'Jutland', south: 55.2, north: 56.6, west: 8.7, east: 9.8 },
];

/** Every point of the route and every ~0.5 nm between them, so straight segments over land are caught too. */
function densify(route: TPlannedRoute): TLatLon[] {
  const out: TLatLon[] = [];
  for (const leg of route.legs) {
    for (let i = 1; i < leg.points.length; i++) {
      const a = leg.points[i - 1]!;
      const b = leg.points[i]!;
      const steps = Math.max(1, Math.ceil(distanceNm(a, b) / 0.5));
      for (let s = 0; s <= steps; s++) out.push(destinationPoint(a, bearingDeg(a, b), (distanceMetres(a, b) * s) / steps));
    }
  }
  return out;
}

const inBox = (p: TLatLon, b: (typeof LAND_BOXES)[number]) => p.latitude >= b.south && p.latitude <= b.north && p.longitude >= b.west && p.longitude <= b.east;
const passesNear = (points: TLatLon[], checkpoint: TLatLon, nm: number) => points.some((p) => distanceNm(p, checkpoint) <= nm);

describe('planRoute', () => {
  it('routes Rotterdam through the German Bight to Elbe 1 and up the Elbe to Waltershof, never over land', () => {
    const route = planRoute({ from: ROTTERDAM, pilotBoardingPlace: ELBE_1, berth: BERTH });
    expect(route.legs.map((l) => l.kind)).toEqual(['sea', 'fairway']);
    const [sea, fairway] = route.legs;
    expect(sea!.points[0]).toEqual(ROTTERDAM);
    expect(sea!.points.at(-1)).toEqual(ELBE_1);
    expect(fairway!.points[0]).toEqual(ELBE_1);
    expect(distanceMetres(fairway!.points.at(-1)!, BERTH)).toBeLessThan(1);

    const points = densify(route);
    for (const box of LAND_BOXES) expect(points.filter((p) => inBox(p, box)), box.name).toEqual([]);
    expect(passesNear(points, at(53.85, 6.3), 15), 'TSS Terschelling-German Bight').toBe(true);
    expect(passesNear(points, at(54.04, 7.5), 10), 'German Bight').toBe(true);
    expect(passesNear(points, at(53.89, 8.7), 3), 'off Cuxhaven').toBe(true);
    expect(passesNear(points, at(53.57, 9.69), 2), 'off Wedel').toBe(true);

    // Rotterdam to Hamburg is about 300 nm by sea, of which about 75 nm are the Elbe from Elbe 1.
    expect(route.distanceNm).toBeGreaterThan(270);
    expect(route.distanceNm).toBeLessThan(310);
    expect(fairway!.distanceNm).toBeGreaterThan(65);
    expect(fairway!.distanceNm).toBeLessThan(85);
    expect(route.distanceNm).toBeCloseTo(sea!.distanceNm + fairway!.distanceNm, 6);
  });

  it('keeps a vessel already inside the Elbe on the fairway, heading upstream', () => {
    const offStade = at(53.662, 9.515);
    const route = planRoute({ from: offStade, pilotBoardingPlace: SEEMANNSHOEFT, berth: BERTH });
    const points = densify(route);
    // Upstream only: nothing seaward of where it is, nothing on the banks far from the fairway.
    expect(points.every((p) => p.longitude >= 9.5 && p.longitude <= 9.91)).toBe(true);
    expect(passesNear(points, at(53.6, 9.6), 1), 'off Lühesand').toBe(true);
    expect(route.distanceNm).toBeGreaterThan(distanceNm(offStade, BERTH));
    expect(route.distanceNm).toBeLessThan(1.25 * distanceNm(offStade, BERTH));
    expect(route.legs[0]!.points.at(-1)).toEqual(SEEMANNSHOEFT);
  });

  it('sails one sea leg straight to the berth when the call has no pilot boarding place', () => {
    const route = planRoute({ from: at(51.9549, 1.3511), pilotBoardingPlace: null, berth: BERTH });
    expect(route.legs).toHaveLength(1);
    expect(route.legs[0]!.kind).toBe('sea');
    expect(distanceMetres(route.legs[0]!.points.at(-1)!, BERTH)).toBeLessThan(1);
    expect(passesNear(densify(route), ELBE_1, 2)).toBe(true);
    expect(route.distanceNm).toBeGreaterThan(330);
    expect(route.distanceNm).toBeLessThan(420);
  });

  it('brings Baltic traffic through the Kiel Canal into the Elbe at Brunsbüttel', () => {
    const route = planRoute({ from: at(54.3952, 18.6694), pilotBoardingPlace: at(53.8917, 9.1418), berth: BERTH });
    const sea = densify({ legs: [route.legs[0]!], distanceNm: 0 });
    expect(passesNear(sea, at(54.3, 9.68), 2), 'Rendsburg').toBe(true);
    expect(passesNear(sea, at(57.8, 10.7), 30), 'Skagen').toBe(false);
  });

  it('joins voyages from beyond the region at an ocean gateway', () => {
    const fromShanghai = planRoute({ from: at(31.3575, 121.6055), pilotBoardingPlace: ELBE_1, berth: BERTH });
    const points = fromShanghai.legs[0]!.points;
    expect(points[1]).toEqual(at(35.95, -5.9));
    expect(passesNear(points, at(51.0, 1.45), 1), 'Dover Strait').toBe(true);
    expect(nearestPortEntry(at(36.1408, -5.4398)).id).toBe('gibraltar');
    expect(nearestPortEntry(at(51.9496, 4.1453)).id).toBe('maasmond');
  });
});

describe('the sea-lane graph', () => {
  it('is one connected graph of named waypoints with no dangling edge', () => {
    const ids = new Set(SEA_LANE_NODES.map((n) => n.id));
    expect(ids.size).toBe(SEA_LANE_NODES.length);
    for (const [a, b] of SEA_LANE_EDGES) expect(ids.has(a) && ids.has(b), `${a} - ${b}`).toBe(true);
    for (const n of SEA_LANE_NODES) expect(shortestPath(n.id, 'hamburg-waltershof'), n.id).not.toBeNull();
  });
});
