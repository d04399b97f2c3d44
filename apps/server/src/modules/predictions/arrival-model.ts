// The built-in berth-arrival model, pure: remaining sea distance over a robust recent speed,
// plus the pilotage time this terminal's history teaches, compared with the call's reference berth arrival.
import type { TPredictedArrivalStatus } from '@quayline/domain';

const MIN_MS = 60_000;
const HOUR_MS = 60 * MIN_MS;

/** Reports slower than this are a vessel drifting, turning or at anchor, not its passage speed. */
export const MOVING_KNOTS = 1;
/** The plausible passage speeds of a merchant vessel; a faster or slower figure is a bad report or a manoeuvre. */
export const PLAUSIBLE_KNOTS = { min: 4, max: 25 } as const;
/** How far the recent speed may stray from the vessel's own historical approach speed (weather, slow steaming). */
export const HISTORY_BAND = { min: 0.6, max: 1.15 } as const;
/** Without any history a container vessel in the German Bight makes about this. */
export const DEFAULT_APPROACH_KNOTS = 12;
/** The window of reports the recent speed is taken from. */
export const SPEED_WINDOW_MS = 3 * HOUR_MS;
/** A vessel with no report over MOVING_KNOTS in this window is stopped. */
export const STOPPED_WINDOW_MS = HOUR_MS;
/** AIS navigational status 1: at anchor; 5: moored. */
const NAV_AT_ANCHOR = 1;
const NAV_MOORED = 5;
/** Pilotage history needs this many calls of similar vessels before it beats the pilot boarding place's own figure. */
export const MIN_SIMILAR_CALLS = 3;
/** Similar vessels: same type, length within this fraction. */
export const SIMILAR_LENGTH_FRACTION = 0.15;

export type TSpeedReport = { receivedAt: Date; speedKnots: number | null; navStatus: number | null };

export type TRobustSpeed = {
  speedKnots: number;
  /** reports: the recent reports; history: stopped or no reports, the vessel's (or the default) approach speed. */
  basis: 'reports' | 'history' | 'default';
  isStopped: boolean;
};

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The speed the vessel will keep: the median speed over ground of the last 3 h of reports above 1 kn (a median
 * ignores the odd spike and a short slowdown for a pilot or traffic), held within [0.6, 1.15] x its historical
 * approach speed when known and within 4..25 kn. A stopped or anchored vessel says nothing about its passage speed,
 * so it gets the historical one and the flag.
 */
export function robustSpeed(args: { reports: readonly TSpeedReport[]; at: Date; historicalKnots: number | null }): TRobustSpeed {
  const at = args.at.getTime();
  const recent = args.reports.filter((r) => r.receivedAt.getTime() <= at && r.receivedAt.getTime() > at - SPEED_WINDOW_MS);
  const lastHour = recent.filter((r) => r.receivedAt.getTime() > at - STOPPED_WINDOW_MS);
  const latest = recent.reduce<TSpeedReport | null>((a, b) => (!a || b.receivedAt > a.receivedAt ? b : a), null);
  const isAnchored = latest !== null && (latest.navStatus === NAV_AT_ANCHOR || latest.navStatus === NAV_MOORED);
  const isStopped = isAnchored || (lastHour.length > 0 && lastHour.every((r) => (r.speedKnots ?? 0) < MOVING_KNOTS));
  const fallback = (): TRobustSpeed =>
    args.historicalKnots !== null
      ? { speedKnots: clamp(args.historicalKnots, PLAUSIBLE_KNOTS.min, PLAUSIBLE_KNOTS.max), basis: 'history', isStopped }
      : { speedKnots: DEFAULT_APPROACH_KNOTS, basis: 'default', isStopped };
  if (isStopped) return fallback();
  const sog = median(recent.map((r) => r.speedKnots).filter((s): s is number => s !== null && s > MOVING_KNOTS));
  if (sog === null) return fallback();
  let speed = sog;
  if (args.historicalKnots !== null) speed = clamp(speed, HISTORY_BAND.min * args.historicalKnots, HISTORY_BAND.max * args.historicalKnots);
  return { speedKnots: clamp(speed, PLAUSIBLE_KNOTS.min, PLAUSIBLE_KNOTS.max), basis: 'reports', isStopped: false };
}

export type TPilotageBasis = 'same_vessel' | 'similar_vessels' | 'pilot_boarding_place';

/** Pilotage minutes (PBP to berth): the vessel's own previous calls, else >= 3 similar vessels' calls, else the place's figure. */
export function pilotageMinutes(args: { sameVessel: readonly number[]; similarVessels: readonly number[]; pilotBoardingPlaceMinutes: number }): { minutes: number; basis: TPilotageBasis } {
  const own = median(args.sameVessel);
  if (own !== null) return { minutes: own, basis: 'same_vessel' };
  if (args.similarVessels.length >= MIN_SIMILAR_CALLS) return { minutes: median(args.similarVessels)!, basis: 'similar_vessels' };
  return { minutes: args.pilotBoardingPlaceMinutes, basis: 'pilot_boarding_place' };
}

/** Same type and length within 15 % of the vessel's. */
export function isSimilarVessel(vessel: { type: string; lengthM: number }, other: { type: string; lengthM: number }): boolean {
  return vessel.type === other.type && Math.abs(other.lengthM - vessel.lengthM) <= SIMILAR_LENGTH_FRACTION * vessel.lengthM;
}

export type TArrivalInput = {
  /** When the position was received: the prediction runs from there. */
  positionAt: Date;
  speed: TRobustSpeed;
  /** Sea distance left to the pilot boarding place (0 once the vessel is inside its geofence or on the fairway). */
  seaDistanceNm: number;
  /** Fairway distance left to the berth, and the whole fairway's length (PBP to berth). */
  fairwayDistanceNm: number;
  fairwayLengthNm: number;
  pilotageMinutes: number;
  /**
   * The agreed arrival: a stopped vessel (still alongside in its previous port, or at anchor) gives no evidence of
   * when it will move, so it is expected no earlier than agreed; a moving vessel's speed is evidence and wins.
   */
  reference?: Date | null;
  /**
   * When the vessel entered the pilot boarding place (geofence or recorded actual) and the place's nominal sailing
   * time to the berth: past the place, a vessel at anchor gets the learned pilotage time from its entry (so one that
   * has already waited is not given the typical wait again), and never less than the sailing time of the fairway
   * left; a vessel under way on the fairway has finished waiting and gets the sailing time left.
   */
  pilotBoardingPlaceEnteredAt?: Date | null;
  nominalSailingMinutes?: number | null;
};

export type TArrivalPrediction = { pilotBoardingPlaceAt: Date; berthAt: Date; seaMinutes: number; fairwayMinutes: number };

/**
 * Sea time at the robust speed, then the pilotage time scaled by how much of the fairway is left: the fairway
 * speed is the one the history teaches (fairway length over pilotage time), not the vessel's sea speed.
 */
export function predictArrival(input: TArrivalInput): TArrivalPrediction {
  const seaMinutes = input.seaDistanceNm > 0 ? (input.seaDistanceNm / input.speed.speedKnots) * 60 : 0;
  const share = input.fairwayLengthNm > 0 ? clamp(input.fairwayDistanceNm / input.fairwayLengthNm, 0, 1) : 1;
  const fairwayMinutes = input.pilotageMinutes * share;
  let pbp = input.positionAt.getTime() + seaMinutes * MIN_MS;
  let berth = pbp + fairwayMinutes * MIN_MS;
  if (input.seaDistanceNm <= 0 && input.pilotBoardingPlaceEnteredAt && input.nominalSailingMinutes != null) {
    const sailing = input.positionAt.getTime() + input.nominalSailingMinutes * share * MIN_MS;
    // Under way on the fairway the wait is over: the sailing time left is what remains. At anchor the learned time runs.
    berth = input.speed.isStopped ? Math.max(input.pilotBoardingPlaceEnteredAt.getTime() + input.pilotageMinutes * MIN_MS, sailing) : sailing;
  }
  const hold = input.speed.isStopped && input.reference ? Math.max(0, input.reference.getTime() - berth) : 0;
  // The hold is spent where the vessel lies: before the sea passage when at sea, before the fairway when inside.
  if (seaMinutes > 0) pbp += hold;
  return { pilotBoardingPlaceAt: new Date(pbp), berthAt: new Date(berth + hold), seaMinutes, fairwayMinutes };
}

export type TArrivalStep = { label_after: string | null; action: string; date_time: Date | string | null };

const REFERENCE_LABELS = ['accepted', 'planned', 'requested'] as const;

/**
 * The berth arrival a prediction is compared with: the latest accepted, else planned, else requested value of the
 * arrival chain (steps in order). An accept carries no time of its own: it agrees to the value on the table.
 * Estimates and schedule proposals are predictions themselves, never references.
 */
export function referenceBerthArrival(steps: readonly TArrivalStep[]): Date | null {
  let onTable: Date | null = null;
  const latest: Partial<Record<(typeof REFERENCE_LABELS)[number], Date>> = {};
  for (const step of steps) {
    if (step.action === 'estimate' || step.action === 'schedule_proposal') continue;
    if (step.date_time) onTable = new Date(step.date_time);
    const label = step.label_after as (typeof REFERENCE_LABELS)[number] | null;
    if (label && REFERENCE_LABELS.includes(label) && onTable) latest[label] = onTable;
  }
  return latest.accepted ?? latest.planned ?? latest.requested ?? null;
}

/** Predicted minus reference in whole minutes; within the threshold (inclusive) is on time. */
export function compareWithReference(predicted: Date, reference: Date, thresholdMinutes: number): { difference: number; status: TPredictedArrivalStatus } {
  const difference = Math.round((predicted.getTime() - reference.getTime()) / MIN_MS);
  return { difference, status: Math.abs(difference) <= thresholdMinutes ? 'on_time' : difference > 0 ? 'delayed' : 'early' };
}
