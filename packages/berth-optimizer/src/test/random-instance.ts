// Random small instances for the property tests: either quay kind, with tides, block zones, closed windows,
// non-berth sections, deadlines, requested times, preferences, frozen and berthed calls, all drawn from a seed.
import { createRng } from '@quayline/domain';
import { parseInstance, type TInstanceDocument } from '../instance-format';
import type { TInstance } from '../model';
import { checkPlan } from '../checker';

type TVesselDoc = TInstanceDocument['vessels'][number];

export function randomInstanceDocument(seed: number, kind: 'discrete' | 'continuous'): TInstanceDocument {
  const rng = createRng(seed);
  const n = rng.int(2, 9);
  const tide = rng.chance(0.5)
    ? rng.chance(0.5)
      ? { mean: 1, constituents: [{ amplitude: rng.int(5, 15) / 10, period: 12.42, phase: rng.int(0, 12) }] }
      : { samples: Array.from({ length: 20 }, (_, k) => [k * 6, Math.round(rng.next() * 30) / 10] as [number, number]) }
    : undefined;
  const vessels: TVesselDoc[] = [];
  if (kind === 'discrete') {
    const berths = Array.from({ length: rng.int(1, 3) }, (_, k) => ({
      id: `B${k + 1}`,
      open: rng.chance(0.3) ? ([[0, 30], [36, 400]] as [number, number][]) : ([0, 400] as [number, number]),
      ...(rng.chance(0.4) ? { depth: rng.int(10, 16) } : {}),
      ...(rng.chance(0.2) ? { length: rng.int(150, 300) } : {}),
    }));
    for (let i = 0; i < n; i++) {
      const handling: Record<string, number> = {};
      for (const b of berths) if (rng.chance(0.8)) handling[b.id] = rng.int(2, 16) + (rng.chance(0.3) ? 0.5 : 0);
      if (rng.chance(0.2)) handling.ELSEWHERE = 5;
      const arrival = rng.int(0, 40);
      vessels.push({
        id: `V${i + 1}`,
        arrival,
        weight: rng.int(1, 3),
        length: rng.int(100, 280),
        draft: rng.int(70, 140) / 10,
        handling,
        ...(rng.chance(0.3) ? { latest_departure: arrival + rng.int(10, 40) } : {}),
        ...(rng.chance(0.2) ? { earliest_start: arrival + rng.int(0, 5) } : {}),
        ...(rng.chance(0.2) ? { requested_start: arrival + rng.int(0, 5) } : {}),
        ...(rng.chance(0.2) ? { preferred_berth: rng.pick(berths).id } : {}),
      });
    }
    const first = vessels[0]!;
    const firstBerth = Object.keys(first.handling as Record<string, number>).find((id) => id !== 'ELSEWHERE');
    if (firstBerth && rng.chance(0.5)) first[rng.chance(0.5) ? 'frozen' : 'berthed'] = { berth: firstBerth, start: rng.int(0, 20) };
    return {
      quay: { kind: 'discrete', berths, under_keel_clearance: rng.chance(0.5) ? 0.5 : 0 },
      block_zones: rng.chance(0.5) ? [{ id: 'Z1', berth: rng.pick(berths).id, start: rng.int(0, 30), end: rng.int(31, 60) }] : [],
      ...(tide ? { tide } : {}),
      vessels,
    };
  }
  const length = rng.int(300, 900);
  const cuts = [0, ...Array.from({ length: rng.int(0, 2) }, () => rng.int(50, length - 50)).sort((a, b) => a - b), length].filter((x, i, a) => i === 0 || x > a[i - 1]!);
  const sections = cuts.slice(1).map((to, s) => ({
    id: `S${s + 1}`,
    from: cuts[s]!,
    to,
    depth: rng.int(10, 16),
    productivity: rng.pick([0.8, 1, 1.2]),
    ...(s > 0 && rng.chance(0.15) ? { berth: false } : {}),
    ...(rng.chance(0.2) ? { open: [[0, 20], [30, 500]] as [number, number][] } : {}),
  }));
  for (let i = 0; i < n; i++) {
    const arrival = rng.int(0, 40);
    const vesselLength = rng.int(60, Math.min(300, length));
    const h = rng.next();
    vessels.push({
      id: `V${i + 1}`,
      arrival,
      weight: rng.int(1, 3),
      length: vesselLength,
      draft: rng.int(70, 150) / 10,
      ...(h < 0.4
        ? { handling: rng.int(2, 16) }
        : h < 0.7
          ? { handling: Object.fromEntries(sections.filter(() => rng.chance(0.8)).map((s) => [s.id, rng.int(2, 16)])) }
          : { work: { moves: rng.int(100, 1500), moves_per_crane_hour: 25, cranes: rng.int(1, 4) } }),
      ...(rng.chance(0.3) ? { latest_departure: arrival + rng.int(10, 40) } : {}),
      ...(rng.chance(0.2) ? { requested_start: arrival + rng.int(0, 5) } : {}),
      ...(rng.chance(0.3) ? { preferred_position: rng.int(0, length - vesselLength) } : {}),
    });
  }
  if (rng.chance(0.5)) vessels[0]![rng.chance(0.5) ? 'frozen' : 'berthed'] = { position: 0, start: rng.int(0, 20), end: rng.int(21, 30) };
  return {
    quay: { kind: 'continuous', length, clearance: rng.int(0, 20), sections, under_keel_clearance: rng.chance(0.5) ? 0.5 : 0 },
    block_zones: rng.chance(0.5) ? [{ id: 'Z1', from: rng.int(0, length / 2), to: rng.int(length / 2 + 1, length), start: rng.int(0, 30), end: rng.int(31, 60) }] : [],
    ...(tide ? { tide } : {}),
    vessels,
  };
}

/** A random instance whose fixed calls are feasible on their own (a clashing one is made an ordinary call). */
export function randomInstance(seed: number, kind: 'discrete' | 'continuous'): TInstance {
  const document = randomInstanceDocument(seed, kind);
  const { instance } = parseInstance(document);
  const fixed = instance.vessels.filter((v) => v.fixed);
  const plan = { calls: fixed.map((v) => ({ vesselId: v.id, berth: v.fixed!.berth, position: v.fixed!.position, start: v.fixed!.start, end: v.fixed!.end })), unassigned: instance.vessels.filter((v) => !v.fixed).map((v) => v.id) };
  if (checkPlan(instance, plan).isFeasible) return instance;
  for (const v of document.vessels) {
    delete v.frozen;
    delete v.berthed;
  }
  return parseInstance(document).instance;
}
