// Seeded instance families for the tests and the benchmark: small discrete terminals (integer hours, so the
// HiGHS model is exact) and congested container terminals on a continuous quay over a number of days.
import { createRng } from '@quayline/domain';
import { checkPlan } from './checker';
import { parseInstance, type TInstanceDocument } from './instance-format';
import type { TInstance } from './model';

type TVesselDoc = TInstanceDocument['vessels'][number];

export type TDiscreteFamilyOptions = {
  seed: number;
  vessels: number;
  berths: number;
  /** Total handling over berth capacity during the arrival period; above 1 queues build up. */
  load?: number;
  /** Add a frozen call, a block zone, deadlines, requested times and preferred berths. */
  withExtras?: boolean;
};

/** A small discrete terminal with integer times (the plain JSON form plus optional extras). */
export function generateDiscreteInstance({ seed, vessels, berths, load = 1.1, withExtras = true }: TDiscreteFamilyOptions): TInstance {
  const rng = createRng(seed);
  const speed = Array.from({ length: berths }, () => 0.8 + 0.1 * rng.int(0, 5));
  const base = Array.from({ length: vessels }, () => rng.int(4, 20));
  const meanHours = base.reduce((a, b) => a + b, 0) / vessels;
  const period = Math.max(1, Math.round((vessels * meanHours) / (berths * load)));
  const arrivals = Array.from({ length: vessels }, () => rng.int(0, period)).sort((a, b) => a - b);
  const horizon = period + vessels * 25;
  const berthIds = Array.from({ length: berths }, (_, k) => `B${k + 1}`);
  const docs: TVesselDoc[] = arrivals.map((arrival, i) => {
    const handling: Record<string, number> = {};
    berthIds.forEach((id, k) => {
      if (berths > 1 && rng.chance(0.15)) return;
      handling[id] = Math.max(1, Math.round(base[i]! * speed[k]!));
    });
    if (Object.keys(handling).length === 0) handling[berthIds[0]!] = base[i]!;
    const doc: TVesselDoc = { id: `V${i + 1}`, arrival, weight: rng.int(1, 3), handling };
    if (withExtras) {
      if (rng.chance(0.3)) doc.latest_departure = arrival + 2 * base[i]! + rng.int(0, 10);
      if (rng.chance(0.15)) doc.earliest_start = arrival + rng.int(1, 4);
      if (rng.chance(0.2)) doc.requested_start = arrival + rng.int(0, 6);
      if (rng.chance(0.2)) doc.preferred_berth = rng.pick(Object.keys(handling));
    }
    return doc;
  });
  const blockZones: NonNullable<TInstanceDocument['block_zones']> = [];
  if (withExtras) {
    const first = docs[0]!;
    const berth = Object.keys(first.handling as Record<string, number>)[0]!;
    first.frozen = { berth, start: first.arrival + 1 };
    const zoneStart = rng.int(Math.round(period / 3), Math.max(Math.round(period / 3), period));
    blockZones.push({ id: 'maintenance', berth: rng.pick(berthIds), start: zoneStart, end: zoneStart + rng.int(4, 12) });
  }
  const document: TInstanceDocument = {
    name: `discrete-${vessels}x${berths}-s${seed}`,
    quay: { kind: 'discrete', berths: berthIds.map((id) => ({ id, open: [0, horizon] as [number, number] })) },
    block_zones: blockZones,
    vessels: docs,
  };
  return withoutClashingFixedCalls(document);
}

export type TTerminalFamilyOptions = {
  seed: number;
  vessels: number;
  days?: number;
  /** Share of the quay's space-time the vessels (with clearance) need; the default 0.8 makes a congested terminal. */
  utilisation?: number;
  withTide?: boolean;
  withFixed?: boolean;
};

/** A container terminal on a continuous quay: sections of different depth and crane productivity, a tide, block zones, liners with preferred positions, frozen and berthed calls. */
export function generateTerminalInstance({ seed, vessels, days = 28, utilisation = 0.8, withTide = true, withFixed = true }: TTerminalFamilyOptions): TInstance {
  const rng = createRng(seed);
  const hours = days * 24;
  const clearance = 15;
  const specs = Array.from({ length: vessels }, () => {
    const u = rng.next();
    const length = u < 0.4 ? rng.int(120, 200) : u < 0.8 ? rng.int(200, 300) : rng.int(300, 366);
    const draft = Math.round((6.5 + (length / 366) * 8.5 + rng.next()) * 10) / 10;
    const cranes = Math.min(6, Math.max(2, Math.floor(length / 70)));
    const moves = Math.round(length * (2 + rng.next() * 8));
    const rate = rng.int(24, 30);
    return { length, draft, cranes, moves, rate, hours: moves / (rate * cranes) };
  });
  const demand = specs.reduce((s, v) => s + (v.length + clearance) * v.hours, 0);
  const longest = Math.max(...specs.map((v) => v.length));
  const quayLength = Math.max(Math.ceil((demand / (utilisation * hours)) / 10) * 10, Math.ceil((1.3 * longest) / 10) * 10);
  const sectionCount = Math.max(1, Math.min(5, Math.round(quayLength / 400)));
  const cut = Array.from({ length: sectionCount - 1 }, (_, i) => Math.round(((i + 1) * quayLength) / sectionCount / 10) * 10);
  const edges = [0, ...cut, quayLength];
  const sections = edges.slice(1).map((to, s) => ({
    id: `S${s + 1}`,
    from: edges[s]!,
    to,
    depth: s === sectionCount - 1 && sectionCount > 1 ? 13 : rng.pick([15, 16, 17]),
    productivity: rng.pick([0.9, 1, 1, 1.1]),
  }));
  const arrivals = specs.map(() => rng.next() * (hours - 24)).sort((a, b) => a - b);
  const docs: TVesselDoc[] = specs.map((v, i) => {
    const arrival = Math.round(arrivals[i]! * 4) / 4;
    const doc: TVesselDoc = {
      id: `V${String(i + 1).padStart(3, '0')}`,
      arrival,
      length: v.length,
      draft: v.draft,
      weight: rng.pick([1, 1, 1, 2, 2, 3]),
      work: { moves: v.moves, moves_per_crane_hour: v.rate, cranes: v.cranes },
    };
    if (rng.chance(0.4)) doc.preferred_position = Math.round(rng.next() * (quayLength - v.length));
    if (rng.chance(0.3)) doc.requested_start = arrival + rng.int(0, 4);
    if (rng.chance(0.4)) doc.latest_departure = Math.round(arrival + 2 * v.hours + 24);
    return doc;
  });
  const blockZones: NonNullable<TInstanceDocument['block_zones']> = [];
  for (let z = 0; z < Math.max(1, Math.round(days / 10)); z++) {
    const from = Math.round((rng.next() * (quayLength - 150)) / 10) * 10;
    const start = rng.int(48, Math.max(49, hours - 48));
    blockZones.push({ id: `crane-maintenance-${z + 1}`, from, to: from + 150, start, end: start + rng.int(8, 24) });
  }
  if (withFixed && docs.length >= 3) {
    // The first arrivals are already frozen by the planner; one more vessel is alongside at the start.
    docs[0]!.frozen = { position: 0, start: docs[0]!.arrival };
    const second = docs[1]!;
    second.frozen = { position: quayLength - (second.length as number), start: second.arrival + 1 };
    docs[2]!.berthed = { position: Math.round((quayLength - (docs[2]!.length as number)) / 2), start: -6 };
    docs[2]!.arrival = -8;
  }
  const document: TInstanceDocument = {
    name: `terminal-${vessels}v-${days}d-s${seed}`,
    quay: { kind: 'continuous', length: quayLength, clearance, sections, under_keel_clearance: 0.5 },
    block_zones: blockZones,
    vessels: docs,
    ...(withTide ? { tide: { mean: 1.4, constituents: [{ amplitude: 1.1, period: 12.42, phase: rng.next() * 12 }, { amplitude: 0.35, period: 12, phase: rng.next() * 12 }] } } : {}),
  };
  return withoutClashingFixedCalls(document);
}

/** Generated fixed calls must be feasible on their own; any that is not is made an ordinary call. */
function withoutClashingFixedCalls(document: TInstanceDocument): TInstance {
  for (let guard = 0; guard < document.vessels.length; guard++) {
    const { instance } = parseInstance(document);
    const fixedOnly = { calls: instance.vessels.flatMap((v) => (v.fixed ? [{ vesselId: v.id, berth: v.fixed.berth, position: v.fixed.position, start: v.fixed.start, end: v.fixed.end }] : [])), unassigned: instance.vessels.filter((v) => !v.fixed).map((v) => v.id) };
    const bad = new Set(checkPlan(instance, fixedOnly).violations.flatMap((v) => ('vesselIds' in v ? v.vesselIds : [v.vesselId])));
    if (bad.size === 0) return instance;
    for (const doc of document.vessels) {
      if (bad.has(String(doc.id))) {
        delete doc.frozen;
        delete doc.berthed;
      }
    }
  }
  return parseInstance(document).instance;
}
