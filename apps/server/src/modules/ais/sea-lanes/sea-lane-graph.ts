// The sea-lane waypoints as an ngraph graph with great-circle edge lengths, and shortest paths on it (A*).
import { distanceNm, type TLatLon } from '@quayline/domain';
import createGraph, { type Graph } from 'ngraph.graph';
import { aStar, type PathFinder } from 'ngraph.path';
import { OCEAN_GATEWAYS, SEA_LANE_EDGES, SEA_LANE_NODES, SEA_LANE_REGION, type TSeaLaneNode } from './sea-lane-graph.data';

type TEdgeData = { distanceNm: number };

export type TGraphPath = { nodes: TSeaLaneNode[]; distanceNm: number };

const toLatLon = (n: TSeaLaneNode): TLatLon => ({ latitude: n.latitude, longitude: n.longitude });

function buildGraph(): Graph<TSeaLaneNode, TEdgeData> {
  const graph = createGraph<TSeaLaneNode, TEdgeData>();
  const byId = new Map(SEA_LANE_NODES.map((n) => [n.id, n]));
  for (const n of SEA_LANE_NODES) graph.addNode(n.id, n);
  for (const [a, b] of SEA_LANE_EDGES) {
    const from = byId.get(a);
    const to = byId.get(b);
    if (!from || !to) throw new Error(`sea-lane edge ${a} - ${b} names an unknown waypoint`);
    graph.addLink(a, b, { distanceNm: distanceNm(toLatLon(from), toLatLon(to)) });
  }
  return graph;
}

let cached: { graph: Graph<TSeaLaneNode, TEdgeData>; finder: PathFinder<TSeaLaneNode>; paths: Map<string, TGraphPath | null> } | null = null;

function state() {
  if (cached) return cached;
  const graph = buildGraph();
  const finder = aStar<TSeaLaneNode, TEdgeData>(graph, {
    distance: (_a, _b, link) => link.data.distanceNm,
    // Great-circle distance never exceeds the distance along the lanes, so A* stays exact.
    heuristic: (a, b) => distanceNm(toLatLon(a.data), toLatLon(b.data)),
  });
  cached = { graph, finder, paths: new Map() };
  return cached;
}

export function seaLaneNode(id: string): TSeaLaneNode {
  const n = state().graph.getNode(id);
  if (!n) throw new Error(`unknown sea-lane waypoint ${id}`);
  return n.data;
}

/** The shortest path between two waypoints along the lanes (null when they are not connected). */
export function shortestPath(fromId: string, toId: string): TGraphPath | null {
  const s = state();
  const key = `${fromId}|${toId}`;
  const known = s.paths.get(key);
  if (known !== undefined) return known;
  let result: TGraphPath | null;
  if (fromId === toId) {
    result = { nodes: [seaLaneNode(fromId)], distanceNm: 0 };
  } else {
    const found = s.finder.find(fromId, toId).map((n) => n.data);
    if (found.length === 0) {
      result = null;
    } else {
      // ngraph.path lists the path from its end back to its start.
      const nodes = found[0]!.id === fromId ? found : [...found].reverse();
      let total = 0;
      for (let i = 1; i < nodes.length; i++) total += distanceNm(toLatLon(nodes[i - 1]!), toLatLon(nodes[i]!));
      result = { nodes, distanceNm: total };
    }
  }
  s.paths.set(key, result);
  return result;
}

export function isInsideSeaLaneRegion(p: TLatLon): boolean {
  const r = SEA_LANE_REGION;
  return p.latitude >= r.south && p.latitude <= r.north && p.longitude >= r.west && p.longitude <= r.east;
}

/** The k waypoints closest to a point, nearest first. */
export function nearestNodes(p: TLatLon, k: number): TSeaLaneNode[] {
  return SEA_LANE_NODES.map((n) => ({ n, d: distanceNm(p, toLatLon(n)) }))
    .sort((a, b) => a.d - b.d || a.n.id.localeCompare(b.n.id))
    .slice(0, k)
    .map((x) => x.n);
}

/**
 * Where a point may join the lanes: inside the region, its nearest waypoints; beyond it, the ocean gateways that
 * serve its side of the world (east and south of the region: Gibraltar; the Americas: the Channel or Fair Isle).
 */
export function joinCandidates(p: TLatLon, k: number): TSeaLaneNode[] {
  if (isInsideSeaLaneRegion(p)) return nearestNodes(p, k);
  const side = p.longitude < -30 ? 'west' : 'east_and_south';
  return OCEAN_GATEWAYS.filter((g) => g.serves === side).map((g) => seaLaneNode(g.nodeId));
}

export { toLatLon as seaLaneNodePoint };
