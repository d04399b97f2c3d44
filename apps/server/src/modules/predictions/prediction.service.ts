// Computes and stores the built-in AIS prediction of approaching calls (on new positions and every minute), learns
// pilotage times and approach speeds from the terminal's history, and turns stored predictions into the port
// call's predicted_berth_arrival at read time against the current reference arrival and threshold.
import { type TLatLon, distanceNm, realtimeChannels } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { berthPointOf } from '../ais/map-geometry';
import { planRoute } from '../ais/sea-lanes/plan-route';
import { publishEvent } from '../realtime/publish-event';
import { findPredictedBerthArrivals } from './predicted-arrival.read';
import {
  type TApproachingCall,
  type THistoryCallRow,
  deleteBerthedPredictions,
  findApproachSpeeds,
  deleteSupersededPredictions,
  findApproachingCalls,
  findArrivalSteps,
  findHistoryCalls,
  findReportsSince,
  upsertPrediction,
} from './prediction.repository';
import { type TArrivalStep, type TPilotageBasis, referenceBerthArrival, type TRobustSpeed, type TSpeedReport, SPEED_WINDOW_MS, isSimilarVessel, median, pilotageMinutes, predictArrival, robustSpeed } from './arrival-model';

type Db = Kysely<DB> | Transaction<DB>;

const MIN_MS = 60_000;
/** A busy feed reports every few seconds; a call's prediction is recomputed at most this often. */
export const RECOMPUTE_THROTTLE_MS = 30_000;
/** Pilotage longer than this is a waiting vessel at anchor, not pilotage; shorter than 5 minutes a data slip. */
const PILOTAGE_RANGE_MIN = { min: 5, max: 24 * 60 } as const;

// ---- learning from the terminal's history -------------------------------------------------------------

export type THistoryCall = {
  id: number;
  vesselId: number;
  vesselName: string;
  vesselType: string;
  lengthM: number;
  mmsi: string | null;
  pilotBoardingPlaceId: number | null;
  pilotBoardingPlaceName: string | null;
  pbpArrival: Date | null;
  berthArrival: Date;
  berthDeparture: Date | null;
  approachKnots: number | null;
};

export function toHistoryCall(row: THistoryCallRow, approachKnots: number | null): THistoryCall {
  return {
    id: row.id,
    vesselId: row.vessel_id,
    vesselName: row.vessel_name,
    vesselType: row.vessel_type,
    lengthM: Number(row.length_overall_m),
    mmsi: row.mmsi,
    pilotBoardingPlaceId: row.pilot_boarding_place_id,
    pilotBoardingPlaceName: row.pbp_name,
    pbpArrival: row.pbp_arrival ? new Date(row.pbp_arrival) : null,
    berthArrival: new Date(row.berth_arrival),
    berthDeparture: row.berth_departure ? new Date(row.berth_departure) : null,
    approachKnots,
  };
}

/** Minutes from the pilot boarding place to the berth, when both actuals are known and plausible. */
export function pilotageOf(call: Pick<THistoryCall, 'pbpArrival' | 'berthArrival'>): number | null {
  if (!call.pbpArrival) return null;
  const minutes = (call.berthArrival.getTime() - call.pbpArrival.getTime()) / MIN_MS;
  return minutes >= PILOTAGE_RANGE_MIN.min && minutes <= PILOTAGE_RANGE_MIN.max ? Math.round(minutes) : null;
}

export type TLearned = {
  pilotageMinutes: number;
  pilotageBasis: TPilotageBasis;
  approachKnots: number | null;
  sameVessel: THistoryCall[];
  similarVessels: THistoryCall[];
};

/** What the history teaches about one call: same vessel first, then similar vessels (same type, length within 15 %). */
export function learnFromHistory(args: { history: readonly THistoryCall[]; vessel: { id: number; type: string; lengthM: number }; pilotBoardingPlaceId: number | null; pilotBoardingPlaceMinutes: number }): TLearned {
  const sameVessel = args.history.filter((h) => h.vesselId === args.vessel.id);
  const similarVessels = args.history.filter((h) => h.vesselId !== args.vessel.id && isSimilarVessel(args.vessel, { type: h.vesselType, lengthM: h.lengthM }));
  const pilotages = (calls: THistoryCall[]) => calls.filter((c) => c.pilotBoardingPlaceId === args.pilotBoardingPlaceId).map(pilotageOf).filter((m): m is number => m !== null);
  const pilotage = pilotageMinutes({ sameVessel: pilotages(sameVessel), similarVessels: pilotages(similarVessels), pilotBoardingPlaceMinutes: args.pilotBoardingPlaceMinutes });
  const speeds = (calls: THistoryCall[]) => calls.map((c) => c.approachKnots).filter((s): s is number => s !== null);
  const approachKnots = median(speeds(sameVessel)) ?? median(speeds(similarVessels));
  return { pilotageMinutes: pilotage.minutes, pilotageBasis: pilotage.basis, approachKnots, sameVessel, similarVessels };
}

/** A terminal's completed calls with their approach speeds, loaded once per run. */
export async function loadHistory(db: Db, terminalId: number, before: Date): Promise<THistoryCall[]> {
  const rows = await findHistoryCalls(db, { terminalId, before });
  const speeds = await findApproachSpeeds(
    db,
    rows.filter((r) => r.pbp_arrival).map((r) => ({ id: r.id, mmsi: r.mmsi, pbpArrival: new Date(r.pbp_arrival!) })),
  );
  return rows.map((r) => toHistoryCall(r, speeds.get(r.id) ?? null));
}

// ---- geometry of a call ---------------------------------------------------------------------------------

export type TCallGeometry = { berth: TLatLon; pilotBoardingPlace: TLatLon | null; pilotBoardingPlaceRadiusM: number; fairwayLengthNm: number };

type TGeometryColumns = Pick<
  TApproachingCall,
  'quay_origin_latitude' | 'quay_origin_longitude' | 'quay_bearing_deg' | 'quay_water_side' | 'berth_start_position' | 'berth_end_position' | 'terminal_latitude' | 'terminal_longitude' | 'pbp_latitude' | 'pbp_longitude' | 'geofence_radius_m'
>;

/** The berth point (the quay georeference and the call's berth span, else the terminal's position) and the fairway. */
export function callGeometry(call: TGeometryColumns): TCallGeometry | null {
  const start = call.berth_start_position === null ? null : Number(call.berth_start_position);
  const end = call.berth_end_position === null ? null : Number(call.berth_end_position);
  const fromQuay = start !== null && end !== null ? berthPointOf(call, start, end) : null;
  const berth = fromQuay ?? (call.terminal_latitude !== null && call.terminal_longitude !== null ? { latitude: call.terminal_latitude, longitude: call.terminal_longitude } : null);
  if (!berth) return null;
  const pilotBoardingPlace = call.pbp_latitude !== null && call.pbp_longitude !== null ? { latitude: call.pbp_latitude, longitude: call.pbp_longitude } : null;
  const fairwayLengthNm = pilotBoardingPlace ? planRoute({ from: pilotBoardingPlace, pilotBoardingPlace: null, berth }).distanceNm : 0;
  return { berth, pilotBoardingPlace, pilotBoardingPlaceRadiusM: call.geofence_radius_m ?? 2000, fairwayLengthNm };
}

export type TRemaining = { seaNm: number; fairwayNm: number; hasPassedPilotBoardingPlace: boolean; route: ReturnType<typeof planRoute> };

/**
 * What is left of the passage from a position: inside the pilot boarding place's circle, or closer to the berth
 * along the lanes than the fairway is long, the vessel is on the fairway; otherwise at sea before the place.
 */
export function remainingFrom(from: TLatLon, geometry: TCallGeometry, phase: string | null): TRemaining {
  const direct = planRoute({ from, pilotBoardingPlace: null, berth: geometry.berth });
  if (!geometry.pilotBoardingPlace) return { seaNm: direct.distanceNm, fairwayNm: 0, hasPassedPilotBoardingPlace: false, route: direct };
  const isInCircle = distanceNm(from, geometry.pilotBoardingPlace) * 1852 <= geometry.pilotBoardingPlaceRadiusM;
  const isPast = phase !== null && phase !== 'approaching';
  if (isInCircle || isPast || direct.distanceNm < geometry.fairwayLengthNm) {
    return { seaNm: 0, fairwayNm: Math.min(direct.distanceNm, geometry.fairwayLengthNm), hasPassedPilotBoardingPlace: true, route: { legs: direct.legs.map((l) => ({ ...l, kind: 'fairway' as const })), distanceNm: direct.distanceNm } };
  }
  const route = planRoute({ from, pilotBoardingPlace: geometry.pilotBoardingPlace, berth: geometry.berth });
  return { seaNm: route.legs[0]?.distanceNm ?? 0, fairwayNm: geometry.fairwayLengthNm, hasPassedPilotBoardingPlace: false, route };
}

// ---- computing and storing ------------------------------------------------------------------------------

export type TCallPrediction = {
  portcallId: number;
  geometry: TCallGeometry;
  berthAt: Date;
  pilotBoardingPlaceAt: Date | null;
  speed: TRobustSpeed;
  learned: TLearned;
  remaining: TRemaining;
  positionAt: Date;
};

/** The prediction of one call from its vessel's last position and reports; null when AIS has not seen it or no berth point is known. */
export async function computeCallPrediction(db: Db, call: TApproachingCall, history: readonly THistoryCall[], reference: Date | null): Promise<TCallPrediction | null> {
  if (!call.mmsi || call.latitude === null || call.longitude === null || !call.position_received_at) return null;
  const positionAt = new Date(call.position_received_at);
  const reports = await findReportsSince(db, { mmsi: call.mmsi, since: new Date(positionAt.getTime() - SPEED_WINDOW_MS) });
  return predictFrom({
    call,
    history,
    origin: { latitude: call.latitude, longitude: call.longitude },
    positionAt,
    reports: reports.map((r) => ({ receivedAt: new Date(r.received_at), speedKnots: r.speed_knots, navStatus: r.nav_status })),
    reference,
  });
}

/** The model from any origin: an AIS position with its reports, or (the route screen) the previous port with none. */
export function predictFrom(args: { call: TApproachingCall; history: readonly THistoryCall[]; origin: TLatLon; positionAt: Date; reports: readonly TSpeedReport[]; reference: Date | null }): TCallPrediction | null {
  const { call, history, positionAt } = args;
  const geometry = callGeometry(call);
  if (!geometry) return null;
  const learned = learnFromHistory({
    history,
    vessel: { id: call.vessel_id, type: call.vessel_type, lengthM: Number(call.length_overall_m) },
    pilotBoardingPlaceId: call.pilot_boarding_place_id,
    pilotBoardingPlaceMinutes: call.sailing_time_to_berth_minutes ?? 0,
  });
  const speed = robustSpeed({ reports: args.reports, at: positionAt, historicalKnots: learned.approachKnots });
  const remaining = remainingFrom(args.origin, geometry, call.phase);
  const arrival = predictArrival({
    positionAt,
    speed,
    seaDistanceNm: remaining.seaNm,
    fairwayDistanceNm: remaining.fairwayNm,
    fairwayLengthNm: geometry.fairwayLengthNm,
    pilotageMinutes: geometry.pilotBoardingPlace ? learned.pilotageMinutes : 0,
    reference: args.reference,
    pilotBoardingPlaceEnteredAt: remaining.hasPassedPilotBoardingPlace && call.pbp_entered_at ? new Date(call.pbp_entered_at) : null,
    nominalSailingMinutes: call.sailing_time_to_berth_minutes,
  });
  return {
    portcallId: call.id,
    geometry,
    berthAt: arrival.berthAt,
    pilotBoardingPlaceAt: geometry.pilotBoardingPlace && !remaining.hasPassedPilotBoardingPlace ? arrival.pilotBoardingPlaceAt : null,
    speed,
    learned,
    remaining,
    positionAt,
  };
}

export type TPredictRunOptions = { mmsis?: readonly string[]; portcallIds?: readonly number[]; isThrottled: boolean };

/** Recomputes the given approaching calls, stores each, and publishes prediction.updated when one moved by a minute or more. */
async function predictCalls(ctx: AppContext, options: TPredictRunOptions): Promise<number> {
  const now = ctx.clock.now();
  const calls = await findApproachingCalls(ctx.db, { now, ...(options.mmsis ? { mmsis: options.mmsis } : {}), ...(options.portcallIds ? { portcallIds: options.portcallIds } : {}) });
  const due = calls.filter((c) => !options.isThrottled || !c.stored_at || now.getTime() - new Date(c.stored_at).getTime() >= RECOMPUTE_THROTTLE_MS);
  const references = await referencesOf(ctx.db, due);
  const histories = new Map<number, THistoryCall[]>();
  const changed: { call: TApproachingCall; predictedTime: Date }[] = [];
  let stored = 0;
  for (const call of due) {
    let history = histories.get(call.terminal_id);
    if (!history) {
      history = await loadHistory(ctx.db, call.terminal_id, now);
      histories.set(call.terminal_id, history);
    }
    const prediction = await computeCallPrediction(ctx.db, call, history, references.get(call.id) ?? null);
    if (!prediction) continue;
    await upsertPrediction(ctx.db, {
      portcallId: call.id,
      source: 'ais',
      predictedTime: prediction.berthAt,
      distanceNm: prediction.remaining.seaNm + prediction.remaining.fairwayNm,
      speedKnots: prediction.speed.speedKnots,
      pilotageMinutes: prediction.learned.pilotageMinutes,
      positionReceivedAt: prediction.positionAt,
      fetchedAt: now,
    });
    stored++;
    const before = call.stored_time ? new Date(call.stored_time).getTime() : null;
    if (before === null || Math.abs(prediction.berthAt.getTime() - before) >= MIN_MS) changed.push({ call, predictedTime: prediction.berthAt });
  }
  if (changed.length) await publishPredictionUpdates(ctx.db, changed.map((c) => c.call));
  return stored;
}

/** The reference berth arrival of each call: its chain's accepted, planned or requested value, else its berth arrival. */
export async function referencesOf(db: Db, calls: readonly { id: number; berth_arrival: Date | string }[]): Promise<Map<number, Date>> {
  const steps = await findArrivalSteps(db, calls.map((c) => c.id));
  const stepsOf = new Map<number, TArrivalStep[]>();
  for (const s of steps) stepsOf.set(s.portcall_id, [...(stepsOf.get(s.portcall_id) ?? []), s]);
  return new Map(calls.map((c) => [c.id, referenceBerthArrival(stepsOf.get(c.id) ?? []) ?? new Date(c.berth_arrival)]));
}

/** prediction.updated on the terminal's channel and the call's vessel operator and agent channels, with the read-time prediction. */
async function publishPredictionUpdates(db: Kysely<DB>, calls: readonly TApproachingCall[]): Promise<void> {
  const predictions = await findPredictedBerthArrivals(db, calls.map((c) => c.id));
  for (const call of calls) {
    const predicted = predictions.get(call.id) ?? null;
    const payload = { terminal_id: call.terminal_id, portcall_id: call.id, predicted_berth_arrival: predicted };
    const channels = [realtimeChannels.terminal(call.terminal_id), realtimeChannels.vesselOperator(call.vessel_operator_id), ...(call.agent_id ? [realtimeChannels.agent(call.agent_id)] : [])];
    await db.transaction().execute(async (trx) => {
      for (const channel of channels) await publishEvent(trx, { channel, event: 'prediction.updated', payload });
    });
  }
}

/**
 * Recomputes the approaching calls of these vessels (H1's after-batch hook calls it with the MMSIs of each
 * committed batch); a call recomputed less than 30 s ago waits for the next batch.
 */
export async function predictForVessels(ctx: AppContext, mmsis: string[]): Promise<void> {
  // A busy feed reports each vessel every few seconds; within the throttle the stored prediction stands, so such a
  // vessel costs no query at all (the stored rows still decide, e.g. after a restart or on another server).
  const now = ctx.clock.now().getTime();
  const lastRun = lastRunByContext.get(ctx) ?? new Map<string, number>();
  lastRunByContext.set(ctx, lastRun);
  const due = [...new Set(mmsis)].filter((m) => now - (lastRun.get(m) ?? -Infinity) >= RECOMPUTE_THROTTLE_MS);
  if (due.length === 0) return;
  for (const m of due) lastRun.set(m, now);
  await predictCalls(ctx, { mmsis: due, isThrottled: true });
}

/** When this process last recomputed each vessel's calls, per app. */
const lastRunByContext = new WeakMap<AppContext, Map<string, number>>();

/** The background job: every approaching call, and no predictions left on calls that berthed or were cancelled. Returns how many were stored. */
export async function predictAll(ctx: AppContext): Promise<number> {
  await deleteBerthedPredictions(ctx.db);
  await deleteSupersededPredictions(ctx.db, ctx.clock.now());
  return predictCalls(ctx, { isThrottled: true });
}

/** One call now, unthrottled (tests and the route screen). */
export async function predictCallsNow(ctx: AppContext, portcallIds: readonly number[]): Promise<number> {
  return predictCalls(ctx, { portcallIds, isThrottled: false });
}

