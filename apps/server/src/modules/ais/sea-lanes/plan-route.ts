// A vessel's route to its berth on the sea-lane graph: the sea leg to the pilot boarding place, then the fairway leg
// to the berth. The ends join the graph at the waypoints that make the whole route shortest, so a vessel between
// two waypoints joins the one ahead of it rather than turning back to the nearest.
import { distanceNm, pathLengthNm, type TLatLon } from '@quayline/domain';
import { joinCandidates, nearestNodes, seaLaneNodePoint, shortestPath, type TGraphPath } from './sea-lane-graph';

export type TRouteLeg = { kind: 'sea' | 'fairway'; points: TLatLon[]; distanceNm: number };
export type TPlannedRoute = { legs: TRouteLeg[]; distanceNm: number };

/** How many nearby waypoints are tried at each end of a leg. */
const JOIN_CANDIDATES = 4;
/**
 * Sailing off the lanes counts double when choosing where to join them: a straight line off the lanes may cross a
 * bank or a headland, so the route joins at the nearest waypoint unless a farther one is clearly ahead.
 */
const OFF_LANE_FACTOR = 2;
/** Closer than this (about 20 m) two points are the same. */
const SAME_POINT_NM = 0.01;

type TLegPath = { path: TGraphPath; total: number };

function bestLegPath(from: TLatLon, to: TLatLon): TLegPath | null {
  const starts = joinCandidates(from, JOIN_CANDIDATES);
  const ends = joinCandidates(to, JOIN_CANDIDATES);
  let best: TLegPath | null = null;
  for (const s of starts) {
    for (const e of ends) {
      const path = shortestPath(s.id, e.id);
      if (!path) continue;
      const total = OFF_LANE_FACTOR * (distanceNm(from, seaLaneNodePoint(s)) + distanceNm(seaLaneNodePoint(e), to)) + path.distanceNm;
      if (!best || total < best.total - 1e-9) best = { path, total };
    }
  }
  return best;
}

function legPoints(from: TLatLon, to: TLatLon): TLatLon[] {
  // Two points closer to each other than to any waypoint sail straight (e.g. from the fairway to the berth).
  const direct = distanceNm(from, to);
  const best = bestLegPath(from, to);
  const raw = !best || direct <= distanceNm(from, seaLaneNodePoint(nearestNodes(from, 1)[0]!)) ? [from, to] : [from, ...best.path.nodes.map(seaLaneNodePoint), to];
  const points: TLatLon[] = [];
  for (const p of raw) {
    const last = points[points.length - 1];
    if (!last || distanceNm(last, p) > SAME_POINT_NM) points.push({ latitude: p.latitude, longitude: p.longitude });
  }
  if (points.length === 1) points.push({ latitude: to.latitude, longitude: to.longitude });
  return points;
}

function leg(kind: TRouteLeg['kind'], from: TLatLon, to: TLatLon): TRouteLeg {
  const points = legPoints(from, to);
  return { kind, points, distanceNm: pathLengthNm(points) };
}

/**
 * The route from a position (an AIS position or the previous port) to the berth: a sea leg ending at the pilot
 * boarding place and a fairway leg from there to the berth point; without a pilot boarding place one sea leg to
 * the berth. A vessel that has already passed its pilot boarding place should be routed with `pilotBoardingPlace:
 * null`, otherwise its route turns back to it.
 */
export function planRoute(args: { from: TLatLon; pilotBoardingPlace: TLatLon | null; berth: TLatLon }): TPlannedRoute {
  const legs = args.pilotBoardingPlace
    ? [leg('sea', args.from, args.pilotBoardingPlace), leg('fairway', args.pilotBoardingPlace, args.berth)]
    : [leg('sea', args.from, args.berth)];
  return { legs, distanceNm: legs.reduce((sum, l) => sum + l.distanceNm, 0) };
}

/** The waypoint through which a port's traffic joins the lanes (an ocean gateway for ports beyond the region). */
export function nearestPortEntry(port: TLatLon): { id: string; name: string; latitude: number; longitude: number } {
  const candidates = joinCandidates(port, 1);
  const best = candidates.reduce((a, b) => (distanceNm(port, seaLaneNodePoint(b)) < distanceNm(port, seaLaneNodePoint(a)) ? b : a));
  return { id: best.id, name: best.name, latitude: best.latitude, longitude: best.longitude };
}
