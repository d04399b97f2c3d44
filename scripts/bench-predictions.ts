// `npm run bench:predictions`: a backtest of the built-in berth-arrival prediction over the seeded demo history.
// The demo is seeded into an in-memory PGlite at a fixed instant; every completed call there has actual pilot
// boarding place (PBP) and berth arrivals but no AIS track, so each call gets a SYNTHETIC approach track along the
// sea-lane route from its previous port to the PBP, timed so that it reaches the PBP at the recorded actual time:
// hourly speed noise, a slowdown on some calls, an anchorage wait at sea on others, and after the PBP the recorded
// wait (at anchor in the PBP area) and fairway passage up to the actual berth arrival. At 48, 24, 6 and 1 h before
// the actual berth arrival the model runs on the track's last 3 h of reports, with pilotage times and approach speeds
// learned only from calls that berthed before that instant (no peeking). Beside it: the crew's AIS ETA (typed at
// departure, rounded to the hour, updated once on a third of the calls) and the requested berth arrival.
// Prints mean absolute errors in minutes and sample counts. Deterministic: fixed seed instant and random seed.
// Then the cost of the per-minute job: predictAll over the demo's approaching calls, each vessel given 3 h of reports.
import { type TLatLon, createRng, distanceNm } from '@quayline/domain';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { DEMO_TERMINAL } from '../apps/server/src/demo/demo-data';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seed-demo';
import { createManualClock } from '../apps/server/src/lib/clock';
import { testConfig } from '../apps/server/src/test/test-app';
import { planRoute } from '../apps/server/src/modules/ais/sea-lanes/plan-route';
import { type TArrivalStep, type TSpeedReport, predictArrival, referenceBerthArrival, robustSpeed } from '../apps/server/src/modules/predictions/arrival-model';
import { findArrivalSteps, findHistoryCalls } from '../apps/server/src/modules/predictions/prediction.repository';
import { type THistoryCall, callGeometry, learnFromHistory, predictAll, remainingFrom, toHistoryCall } from '../apps/server/src/modules/predictions/prediction.service';
import { findApproachingCalls } from '../apps/server/src/modules/predictions/prediction.repository';

const MIN = 60_000;
const H = 60 * MIN;
const STEP_MS = 10 * MIN;
const HORIZONS_H = [48, 24, 6, 1] as const;
/** The seed instant: any fixed one gives the same figures run after run. */
const SEEDED_AT = new Date('2026-09-01T00:00:00Z');
const TRACK_SEED = 13;
/** How far back before the PBP each synthetic track is built (48 h before the berth at most, plus 3 h of reports). */
const TRACK_STEPS = (54 * H) / STEP_MS;

type TState = { position: TLatLon; speedKnots: number; navStatus: number };

const lerp = (a: TLatLon, b: TLatLon, f: number): TLatLon => ({ latitude: a.latitude + (b.latitude - a.latitude) * f, longitude: a.longitude + (b.longitude - a.longitude) * f });

/** The point `nm` along a polyline from its start (clamped to its ends). */
function pointAlong(points: readonly TLatLon[], nm: number): TLatLon {
  let left = Math.max(0, nm);
  for (let i = 1; i < points.length; i++) {
    const seg = distanceNm(points[i - 1]!, points[i]!);
    if (left <= seg) return lerp(points[i - 1]!, points[i]!, seg > 0 ? left / seg : 0);
    left -= seg;
  }
  return points[points.length - 1]!;
}

type TTrack = { stateAt(t: number): TState; departedAt: number; nominalKnots: number; approachKnots: number | null; seaNm: number };

/**
 * A synthetic approach: built backwards from the actual PBP arrival in 10-minute steps. Each hour the speed is the
 * vessel's nominal speed times (1 + AR(1) noise, sd about 6 %); 25 % of calls slow to 55-75 % for 4-10 h somewhere
 * in the last two days; 12 % wait 3-12 h at anchor 10-25 nm before the PBP. Past the start of the sea leg the vessel
 * lies moored in its previous port. After the PBP: the recorded wait at anchor there, then the fairway at constant
 * speed up to the actual berth arrival.
 */
function buildTrack(args: { rng: ReturnType<typeof createRng>; sea: readonly TLatLon[]; fairway: readonly TLatLon[]; pbpAt: number; berthAt: number; sailingMinutes: number; isContainer: boolean }): TTrack {
  const { rng } = args;
  const seaNm = planLength(args.sea);
  const fairwayNm = planLength(args.fairway);
  const nominalKnots = args.isContainer ? 14 + rng.next() * 4 : 11 + rng.next() * 3;
  const slowdown = rng.chance(0.25) ? { fromStep: rng.int(0, TRACK_STEPS - 60), steps: rng.int(24, 60), factor: 0.55 + rng.next() * 0.2 } : null;
  const wait = rng.chance(0.12) ? { atNm: 10 + rng.next() * 15, steps: rng.int(18, 72) } : null;
  const dist: number[] = [0];
  const speed: number[] = [nominalKnots];
  const nav: number[] = [0];
  let noise = 0;
  let waited = 0;
  for (let k = 1; k <= TRACK_STEPS; k++) {
    if (k % 6 === 1) noise = 0.7 * noise + (rng.next() - 0.5) * 0.14;
    const previous = dist[k - 1]!;
    if (wait && previous >= wait.atNm && waited < wait.steps) {
      waited++;
      dist.push(previous);
      speed.push(rng.next() * 0.4);
      nav.push(1);
      continue;
    }
    const slow = slowdown && k >= slowdown.fromStep && k < slowdown.fromStep + slowdown.steps ? slowdown.factor : 1;
    const knots = Math.max(4, nominalKnots * (1 + noise) * slow);
    const next = previous + (knots * STEP_MS) / H;
    if (previous >= seaNm) {
      dist.push(seaNm);
      speed.push(0);
      nav.push(5);
    } else {
      dist.push(Math.min(seaNm, next));
      speed.push(knots);
      nav.push(0);
    }
  }
  const leftAtStep = dist.findIndex((d) => d >= seaNm);
  const departedAt = leftAtStep >= 0 ? args.pbpAt - leftAtStep * STEP_MS : args.pbpAt - TRACK_STEPS * STEP_MS - ((seaNm - dist[TRACK_STEPS]!) / nominalKnots) * H;
  const lastDay = speed.slice(0, (24 * H) / STEP_MS).filter((s, k) => s > 1 && nav[k] === 0);
  const approachKnots = lastDay.length ? lastDay.reduce((a, b) => a + b, 0) / lastDay.length : null;
  // After the PBP: the part of the pilotage beyond the nominal sailing time is spent at anchor in the PBP area.
  const pilotageMs = args.berthAt - args.pbpAt;
  const waitMs = Math.max(0, pilotageMs - args.sailingMinutes * MIN);
  const fairwayMs = Math.max(MIN, pilotageMs - waitMs);
  const stateAt = (t: number): TState => {
    if (t >= args.pbpAt) {
      if (t < args.pbpAt + waitMs) return { position: args.fairway[0]!, speedKnots: rng.next() * 0.3, navStatus: 1 };
      const f = Math.min(1, (t - args.pbpAt - waitMs) / fairwayMs);
      return { position: pointAlong(args.fairway, f * fairwayNm), speedKnots: (fairwayNm / fairwayMs) * H, navStatus: 0 };
    }
    const k = Math.min(TRACK_STEPS, Math.round((args.pbpAt - t) / STEP_MS));
    const noisy = speed[k]! > 1 ? speed[k]! + (rng.next() - 0.5) * 0.6 : speed[k]!;
    return { position: pointAlong(args.sea, seaNm - dist[k]!), speedKnots: noisy, navStatus: nav[k]! };
  };
  return { stateAt, departedAt, nominalKnots, approachKnots, seaNm };
}

const planLength = (points: readonly TLatLon[]) => points.reduce((sum, p, i) => (i ? sum + distanceNm(points[i - 1]!, p) : 0), 0);
const roundToHour = (ms: number) => Math.round(ms / H) * H;

type TErrors = { model: number[]; aisEta: number[]; requested: number[]; modelStopped: number };

async function main(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrateToLatest(database.db as never);
    await seedDemoIfEmpty(database.db, SEEDED_AT);
    const db = database.db;
    const terminal = await db.selectFrom('terminals').selectAll().where('code', '=', DEMO_TERMINAL.code).executeTakeFirstOrThrow();
    const rows = (await findHistoryCalls(db, { terminalId: terminal.id, before: SEEDED_AT, limit: 100_000 })).filter((r) => r.pbp_arrival).reverse();
    const details = await db
      .selectFrom('portcalls')
      .leftJoin('pilot_boarding_places as pbp', 'pbp.id', 'portcalls.pilot_boarding_place_id')
      .leftJoin('ports as prev', 'prev.id', 'portcalls.previous_port_id')
      .select(['portcalls.id', 'portcalls.berth_start_position', 'portcalls.berth_end_position', 'pbp.latitude as pbp_latitude', 'pbp.longitude as pbp_longitude', 'pbp.sailing_time_to_berth_minutes', 'pbp.geofence_radius_m', 'prev.latitude as prev_latitude', 'prev.longitude as prev_longitude'])
      .where('portcalls.id', 'in', rows.map((r) => r.id))
      .execute();
    const detailOf = new Map(details.map((d) => [d.id, d]));
    const steps = await findArrivalSteps(db, rows.map((r) => r.id));
    const stepsOf = new Map<number, TArrivalStep[]>();
    for (const s of steps) stepsOf.set(s.portcall_id, [...(stepsOf.get(s.portcall_id) ?? []), s]);
    const rng = createRng(TRACK_SEED);

    // Tracks first: every past call's approach speed is then known to the calls after it, as AIS would have taught.
    type TCase = { history: THistoryCall; row: (typeof rows)[number]; track: TTrack; geometry: NonNullable<ReturnType<typeof callGeometry>>; reference: Date | null; requested: Date | null; aisEta: (t: number) => number };
    const cases: TCase[] = [];
    let skipped = 0;
    for (const row of rows) {
      const d = detailOf.get(row.id)!;
      const geometry = callGeometry({ ...terminal, terminal_latitude: terminal.latitude, terminal_longitude: terminal.longitude, berth_start_position: d.berth_start_position, berth_end_position: d.berth_end_position, pbp_latitude: d.pbp_latitude, pbp_longitude: d.pbp_longitude, geofence_radius_m: d.geofence_radius_m });
      if (!geometry?.pilotBoardingPlace || d.prev_latitude === null || d.prev_longitude === null) {
        skipped++;
        continue;
      }
      const route = planRoute({ from: { latitude: d.prev_latitude, longitude: d.prev_longitude }, pilotBoardingPlace: geometry.pilotBoardingPlace, berth: geometry.berth });
      const pbpAt = new Date(row.pbp_arrival!).getTime();
      const berthAt = new Date(row.berth_arrival).getTime();
      const track = buildTrack({ rng, sea: route.legs[0]!.points, fairway: route.legs[1]!.points, pbpAt, berthAt, sailingMinutes: d.sailing_time_to_berth_minutes ?? 120, isContainer: row.vessel_type === 'CONTAINER' });
      // The crew's ETA: typed at departure from the nominal speed, rounded to the hour; a third update it once, 12 h out.
      const typed = roundToHour(track.departedAt + (track.seaNm / track.nominalKnots) * H + (d.sailing_time_to_berth_minutes ?? 120) * MIN);
      const updateAt = rng.chance(1 / 3) ? pbpAt - 12 * H : null;
      const updated = updateAt === null ? null : (() => {
        const s = track.stateAt(updateAt);
        const left = distanceNm(s.position, geometry.pilotBoardingPlace!);
        return roundToHour(updateAt + (left / Math.max(4, s.speedKnots)) * H + (d.sailing_time_to_berth_minutes ?? 120) * MIN);
      })();
      const chain = stepsOf.get(row.id) ?? [];
      const firstRequest = chain.find((s) => s.label_after === 'requested' && s.date_time);
      cases.push({
        history: toHistoryCall(row, track.approachKnots),
        row,
        track,
        geometry,
        reference: referenceBerthArrival(chain),
        requested: firstRequest ? new Date(firstRequest.date_time!) : null,
        aisEta: (t) => (updateAt !== null && updated !== null && t >= updateAt ? updated : typed),
      });
    }

    const errors = new Map<number, TErrors>(HORIZONS_H.map((h) => [h, { model: [], aisEta: [], requested: [], modelStopped: 0 }]));
    for (const c of cases) {
      const berthAt = c.history.berthArrival.getTime();
      for (const h of HORIZONS_H) {
        const at = berthAt - h * H;
        const e = errors.get(h)!;
        const learnedFrom = cases.filter((o) => o.history.berthArrival.getTime() < at).map((o) => o.history);
        const learned = learnFromHistory({ history: learnedFrom, vessel: { id: c.history.vesselId, type: c.row.vessel_type, lengthM: Number(c.row.length_overall_m) }, pilotBoardingPlaceId: c.history.pilotBoardingPlaceId, pilotBoardingPlaceMinutes: detailOf.get(c.row.id)!.sailing_time_to_berth_minutes ?? 120 });
        const now = c.track.stateAt(at);
        const reports: TSpeedReport[] = Array.from({ length: 19 }, (_, j) => {
          const s = j === 0 ? now : c.track.stateAt(at - j * STEP_MS);
          return { receivedAt: new Date(at - j * STEP_MS), speedKnots: s.speedKnots, navStatus: s.navStatus };
        });
        const speed = robustSpeed({ reports, at: new Date(at), historicalKnots: learned.approachKnots });
        const pbpAt = c.history.pbpArrival!.getTime();
        const remaining = remainingFrom(now.position, c.geometry, at >= pbpAt ? 'at_pilot_boarding_place' : 'approaching');
        const predicted = predictArrival({ positionAt: new Date(at), speed, seaDistanceNm: remaining.seaNm, fairwayDistanceNm: remaining.fairwayNm, fairwayLengthNm: c.geometry.fairwayLengthNm, pilotageMinutes: learned.pilotageMinutes, reference: c.reference, pilotBoardingPlaceEnteredAt: at >= pbpAt ? new Date(pbpAt) : null, nominalSailingMinutes: detailOf.get(c.row.id)!.sailing_time_to_berth_minutes });
        if (speed.isStopped) e.modelStopped++;
        e.model.push(Math.abs(predicted.berthAt.getTime() - berthAt) / MIN);
        e.aisEta.push(Math.abs(c.aisEta(at) - berthAt) / MIN);
        if (c.requested) e.requested.push(Math.abs(c.requested.getTime() - berthAt) / MIN);
      }
    }

    const mean = (xs: readonly number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : NaN);
    const median = (xs: readonly number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length ? Math.round(s[Math.floor(s.length / 2)]!) : NaN;
    };
    console.log(`Backtest over ${cases.length} completed demo calls at ${DEMO_TERMINAL.code} (seeded at ${SEEDED_AT.toISOString()}; ${skipped} without PBP position or previous port skipped).`);
    console.log('Tracks are synthetic (see the header of scripts/bench-predictions.ts). Errors against the actual berth arrival, minutes.');
    console.log('');
    console.log('horizon | model MAE (median) | AIS ETA MAE (median) | requested MAE (median) | samples model/AIS/requested | model: vessel stopped');
    for (const h of HORIZONS_H) {
      const e = errors.get(h)!;
      console.log(
        `${String(h).padStart(4)} h  | ${String(mean(e.model)).padStart(6)} (${String(median(e.model)).padStart(5)})     | ${String(mean(e.aisEta)).padStart(6)} (${String(median(e.aisEta)).padStart(5)})       | ${String(mean(e.requested)).padStart(6)} (${String(median(e.requested)).padStart(5)})         | ${e.model.length}/${e.aisEta.length}/${e.requested.length}                 | ${e.modelStopped}`,
      );
    }

    // The per-minute job on the seeded demo: every approaching call's vessel 3 h out at sea with 19 reports.
    const clock = createManualClock(SEEDED_AT);
    const ctx = { db, dbKind: 'pglite' as const, clock, mailer: { send: async () => {} }, log: { error: (obj: object, msg: string) => console.error(msg, obj) }, config: testConfig({ kind: 'pglite', dataDir: null }) };
    const approaching = await findApproachingCalls(db, { now: SEEDED_AT });
    const vessels = await db.selectFrom('vessels').select(['id', 'mmsi']).where('id', 'in', approaching.map((c) => c.vessel_id).concat(-1)).where('mmsi', 'is not', null).execute();
    await db.deleteFrom('ais_positions').execute();
    await db.deleteFrom('ais_vessels').execute();
    for (const [i, v] of vessels.entries()) {
      const latitude = 54.0 + (i % 10) * 0.03;
      const reports = Array.from({ length: 19 }, (_, j) => ({ mmsi: v.mmsi!, received_at: new Date(SEEDED_AT.getTime() - (18 - j) * STEP_MS), latitude, longitude: 7.0 - ((18 - j) * 12) / 6 / 35.3, speed_knots: 12 + (j % 3) * 0.2, course_deg: 90, heading_deg: 90, nav_status: 0 }));
      await db.insertInto('ais_positions').values(reports).execute();
      const last = reports[18]!;
      await db.insertInto('ais_vessels').values({ mmsi: v.mmsi!, latitude: last.latitude, longitude: last.longitude, speed_knots: last.speed_knots, course_deg: 90, heading_deg: 90, nav_status: 0, position_received_at: last.received_at }).execute();
    }
    const runs: { ms: number; stored: number }[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      const started = performance.now();
      const stored = await predictAll(ctx);
      runs.push({ ms: Math.round(performance.now() - started), stored });
    }
    console.log('');
    console.log(`predictAll (the per-minute job) on PGlite: ${approaching.length} approaching calls, ${vessels.length} vessels with reports; runs: ${runs.map((r) => `${r.ms} ms (${r.stored} stored)`).join(', ')}`);
  } finally {
    await database.close();
  }
}

await main();
