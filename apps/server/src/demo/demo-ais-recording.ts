// The demo terminal's AIS recording: the seeded vessels of the coming three days sailing from their previous ports
// along the sea-lane graph to their berths, the vessels at the quay moored there, and one vessel that berths a few
// minutes after `now`, encoded as real AIVDM sentences with NMEA 4.0 tag blocks. The ingest replays it at start:
// the last six hours at once (the tracks' history), the rest in real time, so a newcomer's map is alive.
//
// Each approaching vessel follows a story that makes the map's colours mean something: about a third arrive early
// (30-120 min), a third on time (within 20 min), a third late (60-240 min), against the call's berth arrival. The
// vessel reaches its pilot boarding place the PBP's sailing time before that story's berth arrival, so the story
// holds at the berth, where the prediction is judged. Deterministic for a database and a `now`.
import { bearingDeg, createRng, destinationPoint, distanceNm, type Rng, type TLatLon } from '@quayline/domain';
import type { Kysely } from 'kysely';
import { encodePositionReport, encodeStaticVoyage, type TAisNavStatus } from '../modules/ais/codec/encode';
import { withTagBlock } from '../modules/ais/codec/nmea';
import { berthGeofenceOf, berthPointOf } from '../modules/ais/map-geometry';
import { planRoute } from '../modules/ais/sea-lanes/plan-route';
import type { DB } from '../db/schema';
import { DEMO_TERMINAL } from './demo-data';

const SEED = 13_013;
const SEC = 1000;
const MIN = 60 * SEC;
const H = 60 * MIN;
/** How far back the tracks reach: replayed at once at start. */
const HISTORY_MS = 6 * H;
/** Approaching calls with a berth arrival within this window sail in the recording. */
const APPROACH_WINDOW_MS = 72 * H;
/** How long a moored vessel keeps reporting (bounded so the recording stays a few megabytes). */
const MOORED_REPORTING_MS = 24 * H;
/** The last stretch before the berth is sailed slower and slower, down to berthing speed. */
const SLOWDOWN_NM = 0.5;
const SLOWDOWN_FACTORS = [0.8, 0.55, 0.35, 0.22, 0.12];
const MIN_MANOEUVRING_KNOTS = 1.2;
/** The Elbe from the estuary up to Hamburg and the Kiel Canal: restricted waters, sailed at river speed. */
const RESTRICTED_WATERS = { south: 53.45, north: 54.45, west: 8.15, east: 10.25 };
/** Where a vessel without a known previous port comes from: the western end of the English Channel. */
const UNKNOWN_ORIGIN: TLatLon = { latitude: 49.55, longitude: -5.5 };

export type TDemoAisStoryKind = 'early' | 'on_time' | 'delayed';
export type TDemoAisStory = {
  portcallId: number;
  mmsi: string;
  kind: TDemoAisStoryKind;
  /** The recording's berth arrival minus the call's berth arrival, in minutes. */
  deviationMinutes: number;
  /** When the vessel stops at its berth in the recording. */
  arrivesAt: Date;
  /** The one vessel that berths shortly after `now`, so a newcomer sees a berthing detected live. */
  berthsLive: boolean;
  /** The path it sails, from where its track begins to the berth point. */
  route: TLatLon[];
  berthPoint: TLatLon;
  berthPolygon: TLatLon[];
};
export type TDemoMooredCall = { portcallId: number; mmsi: string; berthPoint: TLatLon; berthPolygon: TLatLon[] };
export type TDemoAisRecording = { lines: string[]; stories: Map<number, TDemoAisStory>; moored: TDemoMooredCall[] };

/** The recording's lines (tag block + AIVDM), sorted by time. */
export async function buildDemoAisRecording(db: Kysely<DB>, now: Date): Promise<string[]> {
  return (await buildDemoAisRecordingWithStories(db, now)).lines;
}

type TCallRow = Awaited<ReturnType<typeof findDemoCalls>>[number];

async function findDemoCalls(db: Kysely<DB>, terminalId: number) {
  return db
    .selectFrom('portcalls as c')
    .innerJoin('vessels as v', 'v.id', 'c.vessel_id')
    .leftJoin('pilot_boarding_places as b', 'b.id', 'c.pilot_boarding_place_id')
    .leftJoin('ports as pp', 'pp.id', 'c.previous_port_id')
    .select(['c.id', 'c.status', 'c.berth_arrival', 'c.berth_departure', 'c.berth_start_position', 'c.berth_end_position', 'c.pilot_boarding_place_arrival', 'c.pilot_boarding_place_arrival_label'])
    .select(['v.id as vessel_id', 'v.mmsi', 'v.imo_number', 'v.name', 'v.call_sign', 'v.vessel_type', 'v.length_overall_m', 'v.beam_m', 'v.max_draft_m'])
    .select(['b.latitude as pbp_latitude', 'b.longitude as pbp_longitude', 'b.sailing_time_to_berth_minutes'])
    .select(['pp.latitude as previous_latitude', 'pp.longitude as previous_longitude'])
    .where('c.terminal_id', '=', terminalId)
    .where('c.status', 'in', ['Approaching', 'Arrived at PBP', 'Berthed', 'Cargo Ops'])
    .where('v.mmsi', 'is not', null)
    .orderBy('c.berth_arrival')
    .orderBy('c.id')
    .execute();
}

type TEvent = { ms: number; order: number; lines: string[] };

export async function buildDemoAisRecordingWithStories(db: Kysely<DB>, now: Date): Promise<TDemoAisRecording> {
  const stories = new Map<number, TDemoAisStory>();
  const moored: TDemoMooredCall[] = [];
  const terminal = await db
    .selectFrom('terminals')
    .select(['id', 'quay_length_m', 'quay_origin_latitude', 'quay_origin_longitude', 'quay_bearing_deg', 'quay_water_side'])
    .where('code', '=', DEMO_TERMINAL.code)
    .executeTakeFirst();
  if (!terminal) return { lines: [], stories, moored };

  const nowMs = Math.floor(now.getTime() / SEC) * SEC;
  const calls = await findDemoCalls(db, terminal.id);
  const events: TEvent[] = [];
  const sequence = { next: 0 };
  const usedVessels = new Set<number>();
  const berthOf = (c: TCallRow) => {
    const start = c.berth_start_position === null ? 0 : Number(c.berth_start_position);
    const end = c.berth_end_position === null ? terminal.quay_length_m : Number(c.berth_end_position);
    const point = berthPointOf(terminal, start, end);
    const polygon = berthGeofenceOf(terminal, start, end);
    return point && polygon ? { point, polygon } : null;
  };

  // Vessels at the quay first: a vessel alongside is not also at sea.
  for (const c of calls.filter((x) => x.status === 'Berthed' || x.status === 'Cargo Ops')) {
    const berth = berthOf(c);
    if (!berth || usedVessels.has(c.vessel_id)) continue;
    usedVessels.add(c.vessel_id);
    const rng = createRng(SEED + c.id);
    const voyage = voyageData(c, rng, new Date(c.berth_arrival).getTime());
    const until = Math.min(new Date(c.berth_departure).getTime(), nowMs + MOORED_REPORTING_MS);
    const order = events.length;
    pushMoored(events, order, voyage, berth.point, nowMs - HISTORY_MS, until, rng, { everyMs: [8 * MIN, 12 * MIN] });
    pushStatics(events, order, voyage, nowMs - HISTORY_MS, until, sequence);
    moored.push({ portcallId: c.id, mmsi: voyage.mmsi, berthPoint: berth.point, berthPolygon: berth.polygon });
  }

  const approaching = calls.filter((c) => {
    const arrival = new Date(c.berth_arrival).getTime();
    return (c.status === 'Approaching' || c.status === 'Arrived at PBP') && arrival > nowMs && arrival <= nowMs + APPROACH_WINDOW_MS && !usedVessels.has(c.vessel_id);
  });
  const kinds: TDemoAisStoryKind[] = ['delayed', 'early', 'on_time'];
  let storyIndex = 0;
  let liveChosen = false;
  for (const c of approaching) {
    const berth = berthOf(c);
    if (!berth || usedVessels.has(c.vessel_id)) continue;
    usedVessels.add(c.vessel_id);
    const rng = createRng(SEED + c.id);
    const plannedArrival = new Date(c.berth_arrival).getTime();

    // The earliest arrival berths live, 10-15 minutes from now; the others follow their story.
    const berthsLive = !liveChosen;
    liveChosen = true;
    let arrivesAt: number;
    if (berthsLive) {
      arrivesAt = nowMs + rng.int(10 * 60, 15 * 60) * SEC;
    } else {
      const kind = kinds[storyIndex++ % kinds.length]!;
      const deviation = kind === 'early' ? -rng.int(30, 120) : kind === 'on_time' ? rng.int(-20, 20) : rng.int(60, 240);
      // An approaching vessel has not berthed yet: an early story never puts its arrival in the past.
      arrivesAt = Math.max(plannedArrival + deviation * MIN, nowMs + rng.int(40, 90) * MIN);
    }
    // A call that has arrived at the pilot boarding place (an actual time in the seed) is on the fairway now: its
    // track passes the pilot boarding place at that time and takes at least an hour from there to the berth.
    const pbpActual = c.status === 'Arrived at PBP' && c.pilot_boarding_place_arrival_label === 'actual' && c.pilot_boarding_place_arrival ? new Date(c.pilot_boarding_place_arrival).getTime() : null;
    if (pbpActual !== null) arrivesAt = Math.max(arrivesAt, pbpActual + H);
    arrivesAt = Math.floor(arrivesAt / SEC) * SEC;
    const deviationMinutes = Math.round((arrivesAt - plannedArrival) / MIN);
    const kind: TDemoAisStoryKind = Math.abs(deviationMinutes) <= 20 ? 'on_time' : deviationMinutes < 0 ? 'early' : 'delayed';

    const pbp = c.pbp_latitude !== null && c.pbp_longitude !== null ? { latitude: c.pbp_latitude, longitude: c.pbp_longitude } : null;
    const origin = c.previous_latitude !== null && c.previous_longitude !== null ? { latitude: c.previous_latitude, longitude: c.previous_longitude } : UNKNOWN_ORIGIN;
    const planned = planRoute({ from: origin, pilotBoardingPlace: pbp, berth: berth.point });
    const seaKnots = 12 + rng.next() * 6;
    const riverKnots = 8 + rng.next() * 2;
    const plannedPilotage = c.sailing_time_to_berth_minutes === null ? null : c.sailing_time_to_berth_minutes * (0.95 + rng.next() * 0.1);
    const pilotageMinutes = pbpActual !== null ? (arrivesAt - pbpActual) / MIN : plannedPilotage;
    const passage = timePassage({ legs: planned.legs, seaKnots, riverKnots, pilotageMinutes, arrivesAt });

    const voyage = voyageData(c, rng, plannedArrival, arrivesAt);
    const order = events.length;
    const firstFix = Math.max(nowMs - HISTORY_MS, passage.departsAt);
    const stepMs: [number, number] = berthsLive ? [60 * SEC, 90 * SEC] : [rng.int(60, 120) * SEC, rng.int(121, 180) * SEC];
    const lastUnderWay = pushUnderWay(events, order, voyage, passage, firstFix, arrivesAt, rng, stepMs);
    const mooredUntil = Math.min(new Date(c.berth_departure).getTime(), arrivesAt + (berthsLive ? 12 * H : 6 * H));
    // After berthing: every minute or two at first (the berthing detection needs a few minutes at rest), then sparser.
    pushMoored(events, order, voyage, berth.point, Math.max(lastUnderWay + 30 * SEC, arrivesAt), Math.min(arrivesAt + H, mooredUntil), rng, { everyMs: [60 * SEC, 120 * SEC] });
    pushMoored(events, order, voyage, berth.point, arrivesAt + H, mooredUntil, rng, { everyMs: [8 * MIN, 12 * MIN] });
    pushStatics(events, order, voyage, firstFix, mooredUntil, sequence);

    stories.set(c.id, { portcallId: c.id, mmsi: voyage.mmsi, kind, deviationMinutes, arrivesAt: new Date(arrivesAt), berthsLive, route: passage.points, berthPoint: berth.point, berthPolygon: berth.polygon });
  }

  events.sort((a, b) => a.ms - b.ms || a.order - b.order);
  const lines = events.flatMap((e) => e.lines.map((line) => withTagBlock(line, new Date(e.ms))));
  return { lines, stories, moored };
}

// ---- the vessel and what its crew types into AIS --------------------------------------------------------------

type TVoyageData = {
  mmsi: string;
  imo: string;
  name: string;
  callSign: string;
  shipType: number;
  dims: { dimA: number; dimB: number; dimC: number; dimD: number };
  draught: number;
  destination: string;
  /** The crew's ETA: rounded to the hour, and for most vessels the planned time they set once and never updated. */
  eta: Date;
};

/** AIS ship type (ITU-R M.1371 table 53) of a vessel type. */
function aisShipType(vesselType: string): number {
  if (/TANKER|LNG|LPG/.test(vesselType)) return 80;
  if (/PASSENGER|CRUISE|FERRY/.test(vesselType)) return 60;
  if (vesselType === 'TUG') return 52;
  if (vesselType === 'FISHING') return 30;
  if (vesselType === 'DREDGER') return 33;
  if (vesselType === 'RESEARCH' || vesselType === 'OTHER' || vesselType === 'ANTI_POLLUTION' || vesselType === 'OFFSHORE_SUPPLY') return 90;
  return 70;
}

function voyageData(c: TCallRow, rng: Rng, plannedArrival: number, actualArrival = plannedArrival): TVoyageData {
  const length = Math.round(Number(c.length_overall_m));
  const beam = Math.round(Number(c.beam_m));
  const dimA = Math.round(length * 0.22);
  const dimC = Math.floor(beam / 2);
  const hour = (ms: number) => new Date(Math.round(ms / H) * H);
  const isStale = rng.chance(0.6);
  return {
    mmsi: c.mmsi!,
    imo: c.imo_number,
    name: c.name,
    callSign: c.call_sign ?? '',
    shipType: aisShipType(c.vessel_type),
    dims: { dimA, dimB: length - dimA, dimC, dimD: beam - dimC },
    draught: Number((Number(c.max_draft_m) * (0.8 + rng.next() * 0.15)).toFixed(1)),
    destination: rng.pick(['DEHAM', 'HAMBURG']),
    eta: isStale ? hour(plannedArrival) : hour(actualArrival + rng.int(-60, 60) * MIN),
  };
}

function pushStatics(events: TEvent[], order: number, v: TVoyageData, fromMs: number, untilMs: number, sequence: { next: number }): void {
  const eta = { month: v.eta.getUTCMonth() + 1, day: v.eta.getUTCDate(), hour: v.eta.getUTCHours(), minute: v.eta.getUTCMinutes() };
  // Class A transponders send static and voyage data every six minutes.
  for (let t = fromMs; t <= untilMs; t += 6 * MIN) {
    const lines = encodeStaticVoyage({ mmsi: v.mmsi, imo: v.imo, callSign: v.callSign, name: v.name, shipType: v.shipType, ...v.dims, draught: v.draught, eta, destination: v.destination, sequenceId: sequence.next });
    sequence.next = (sequence.next + 1) % 10;
    events.push({ ms: t, order, lines });
  }
}

// ---- sailing the route ------------------------------------------------------------------------------------------

type TPiece = { fromNm: number; toNm: number; knots: number; isOpenSea: boolean; startMs: number; endMs: number };
type TPassage = { points: TLatLon[]; cumulativeNm: number[]; pieces: TPiece[]; departsAt: number };

const isRestricted = (p: TLatLon) => p.latitude >= RESTRICTED_WATERS.south && p.latitude <= RESTRICTED_WATERS.north && p.longitude >= RESTRICTED_WATERS.west && p.longitude <= RESTRICTED_WATERS.east;

/**
 * Speeds along the route, timed backwards from the berth arrival: the open sea at the vessel's sea speed, the Elbe
 * and the canal at river speed, the pilotage from the pilot boarding place at the speed that takes the PBP's
 * sailing time (what the plan and the terminal's history assume), and a slow last half mile onto the berth.
 */
function timePassage(args: { legs: { kind: 'sea' | 'fairway'; points: TLatLon[]; distanceNm: number }[]; seaKnots: number; riverKnots: number; pilotageMinutes: number | null; arrivesAt: number }): TPassage {
  const points: TLatLon[] = [];
  const segmentKnots: number[] = [];
  const segmentOpenSea: boolean[] = [];
  for (const leg of args.legs) {
    const pilotageKnots = leg.kind === 'fairway' && args.pilotageMinutes ? Math.min(16, Math.max(4, leg.distanceNm / (args.pilotageMinutes / 60))) : null;
    leg.points.forEach((p, i) => {
      if (i === 0 && points.length > 0) return;
      if (points.length > 0) {
        const prev = points[points.length - 1]!;
        const mid = { latitude: (prev.latitude + p.latitude) / 2, longitude: (prev.longitude + p.longitude) / 2 };
        const restricted = isRestricted(mid) || (isRestricted(prev) && isRestricted(p));
        segmentKnots.push(pilotageKnots ?? (restricted || leg.kind === 'fairway' ? args.riverKnots : args.seaKnots));
        segmentOpenSea.push(pilotageKnots === null && leg.kind === 'sea' && !restricted);
      }
      points.push(p);
    });
  }
  const cumulativeNm = [0];
  for (let i = 1; i < points.length; i++) cumulativeNm.push(cumulativeNm[i - 1]! + distanceNm(points[i - 1]!, points[i]!));
  const total = cumulativeNm[cumulativeNm.length - 1]!;

  // Cut the route at its vertices and at the slowdown steps of the last half mile.
  const cuts = new Set<number>(cumulativeNm);
  SLOWDOWN_FACTORS.forEach((_, i) => cuts.add(Math.max(0, total - SLOWDOWN_NM + (i * SLOWDOWN_NM) / SLOWDOWN_FACTORS.length)));
  const sorted = [...cuts].sort((a, b) => a - b);
  const pieces: TPiece[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const fromNm = sorted[i - 1]!;
    const toNm = sorted[i]!;
    if (toNm - fromNm < 1e-9) continue;
    const mid = (fromNm + toNm) / 2;
    const segment = Math.max(0, cumulativeNm.findIndex((d) => d > mid) - 1);
    let knots = segmentKnots[segment] ?? args.seaKnots;
    const intoSlowdown = mid - (total - SLOWDOWN_NM);
    if (intoSlowdown > 0) knots = Math.max(MIN_MANOEUVRING_KNOTS, knots * SLOWDOWN_FACTORS[Math.min(SLOWDOWN_FACTORS.length - 1, Math.floor((intoSlowdown / SLOWDOWN_NM) * SLOWDOWN_FACTORS.length))]!);
    pieces.push({ fromNm, toNm, knots, isOpenSea: (segmentOpenSea[segment] ?? false) && intoSlowdown <= 0, startMs: 0, endMs: 0 });
  }
  let t = args.arrivesAt;
  for (let i = pieces.length - 1; i >= 0; i--) {
    const piece = pieces[i]!;
    piece.endMs = t;
    t -= ((piece.toNm - piece.fromNm) / piece.knots) * H;
    piece.startMs = t;
  }
  return { points, cumulativeNm, pieces, departsAt: pieces[0]?.startMs ?? args.arrivesAt };
}

/** Where the passage is at an instant: position, course and speed through the water. */
function positionAt(passage: TPassage, ms: number): { point: TLatLon; course: number; knots: number; isOpenSea: boolean } {
  const { pieces, points, cumulativeNm } = passage;
  const piece = pieces.find((p) => ms <= p.endMs) ?? pieces[pieces.length - 1]!;
  const fraction = piece.endMs === piece.startMs ? 1 : Math.min(1, Math.max(0, (ms - piece.startMs) / (piece.endMs - piece.startMs)));
  const nm = piece.fromNm + fraction * (piece.toNm - piece.fromNm);
  let i = cumulativeNm.findIndex((d) => d > nm) - 1;
  if (i < 0) i = points.length - 2;
  const a = points[i]!;
  const b = points[i + 1]!;
  const course = bearingDeg(a, b);
  return { point: destinationPoint(a, course, (nm - cumulativeNm[i]!) * 1852), course, knots: piece.knots, isOpenSea: piece.isOpenSea };
}

function pushUnderWay(events: TEvent[], order: number, v: TVoyageData, passage: TPassage, fromMs: number, untilMs: number, rng: Rng, stepMs: [number, number]): number {
  const phase = rng.next() * Math.PI * 2;
  let t = fromMs;
  let last = fromMs;
  while (t < untilMs) {
    const at = positionAt(passage, t);
    // At sea a ship wanders a little about the lane (a slow swing of up to 150 m); in the river it keeps the fairway.
    const offsetM = at.isOpenSea ? 150 * Math.sin(phase + t / (40 * MIN)) : 0;
    const point = offsetM === 0 ? at.point : destinationPoint(at.point, (at.course + 90) % 360, offsetM);
    const course = (at.course + (rng.next() - 0.5) * 3 + 360) % 360;
    const sog = Math.max(0, at.knots + (rng.next() - 0.5) * (at.isOpenSea ? 0.8 : 0.3));
    events.push({ ms: t, order, lines: encodePositionReport({ mmsi: v.mmsi, navStatus: 0, sog: Math.round(sog * 10) / 10, cog: Math.round(course * 10) / 10, heading: Math.round(course + (rng.next() - 0.5) * 4 + 360) % 360, lat: point.latitude, lon: point.longitude, second: new Date(t).getUTCSeconds(), channel: rng.chance(0.5) ? 'A' : 'B' }) });
    last = t;
    t += rng.int(stepMs[0] / SEC, stepMs[1] / SEC) * SEC;
  }
  return last;
}

function pushMoored(events: TEvent[], order: number, v: TVoyageData, berth: TLatLon, fromMs: number, untilMs: number, rng: Rng, options: { everyMs: [number, number] }): void {
  for (let t = fromMs; t <= untilMs; t += rng.int(options.everyMs[0] / SEC, options.everyMs[1] / SEC) * SEC) {
    // A moored ship's antenna moves a metre or two with the ropes and the tide.
    const point = destinationPoint(berth, rng.next() * 360, rng.next() * 3);
    const nav: TAisNavStatus = 5;
    events.push({ ms: t, order, lines: encodePositionReport({ mmsi: v.mmsi, navStatus: nav, sog: rng.chance(0.7) ? 0 : 0.1, cog: null, heading: null, lat: point.latitude, lon: point.longitude, second: new Date(t).getUTCSeconds(), channel: rng.chance(0.5) ? 'A' : 'B' }) });
  }
}
