// Where one port call stands against its geofences, advanced position by position. Pure: the service loads and
// saves the state; this file only decides. Phases only move forward (approaching -> at_pilot_boarding_place ->
// in_berth -> moored -> departed), except that a vessel passing through the berth polygon without stopping drops
// back from in_berth to at_pilot_boarding_place (it is in port waters, never "approaching" again).
import { type TLatLon, distanceMetres, isInsideCircle, isInsidePolygon } from '@quayline/domain';

export type TCallPhase = 'approaching' | 'at_pilot_boarding_place' | 'in_berth' | 'moored' | 'departed';
export type TDetectedTimeType = 'pilot_boarding_place_arrival' | 'berth_arrival' | 'berth_departure';

export type TTrackingState = {
  phase: TCallPhase;
  pilot_boarding_place_entered_at: Date | null;
  berth_entered_at: Date | null;
  slow_since: Date | null;
  moored_at: Date | null;
  departed_at: Date | null;
  last_position_at: Date | null;
  last_latitude: number | null;
  last_longitude: number | null;
  last_inside_at: Date | null;
  outside_count: number;
};

export type TTrackPosition = TLatLon & { speed_knots: number | null; nav_status: number | null; received_at: Date };
export type TCallGeofences = { pilotBoardingPlace: { centre: TLatLon; radiusM: number } | null; berth: TLatLon[] | null };
export type TDetectedTime = { time_type: TDetectedTimeType; date_time: Date };

/** Below this a vessel inside the berth polygon counts as stopped (drifting on its lines, not manoeuvring). */
export const MOORED_SPEED_KNOTS = 0.5;
/** Nav status 5 is "moored": trusted even when the speed over ground wobbles above the threshold. */
export const NAV_STATUS_MOORED = 5;
/** Stopped this long inside the polygon is moored, not a pause while turning in the basin. */
export const MOORED_AFTER_MS = 3 * 60_000;
/** Outside the polygon at this speed is leaving; slower, it takes two positions outside (one is GPS jitter). */
export const LEAVING_SPEED_KNOTS = 1;

/** Farther than this from every geofence, a batch can change nothing but a call's last position. */
export const QUIET_DISTANCE_M = 20_000;
/** ...provided the last stored position is this recent: a long gap could hide a crossing of the circle. */
const QUIET_GAP_MS = 30 * 60_000;

/**
 * Whether positions of an approaching call are far from all its geofences (and so was its last stored position, a
 * short while before): then nothing can be detected, and the service skips the locking transaction for it.
 */
export function isQuietBatch(state: Pick<TTrackingState, 'phase' | 'last_position_at' | 'last_latitude' | 'last_longitude'>, positions: readonly TTrackPosition[], fences: TCallGeofences): boolean {
  if (state.phase !== 'approaching' || positions.length === 0) return false;
  const isFar = (p: TLatLon) =>
    (!fences.pilotBoardingPlace || distanceMetres(p, fences.pilotBoardingPlace.centre) > fences.pilotBoardingPlace.radiusM + QUIET_DISTANCE_M) &&
    (!fences.berth || fences.berth.every((corner) => distanceMetres(p, corner) > QUIET_DISTANCE_M));
  if (!positions.every(isFar)) return false;
  if (state.last_position_at === null || state.last_latitude === null || state.last_longitude === null) return true;
  const first = Math.min(...positions.map((p) => p.received_at.getTime()));
  return first - state.last_position_at.getTime() <= QUIET_GAP_MS && isFar({ latitude: state.last_latitude, longitude: state.last_longitude });
}

export function initialTrackingState(): TTrackingState {
  return {
    phase: 'approaching',
    pilot_boarding_place_entered_at: null,
    berth_entered_at: null,
    slow_since: null,
    moored_at: null,
    departed_at: null,
    last_position_at: null,
    last_latitude: null,
    last_longitude: null,
    last_inside_at: null,
    outside_count: 0,
  };
}

const isSlow = (p: TTrackPosition) => p.nav_status === NAV_STATUS_MOORED || (p.speed_knots !== null && p.speed_knots < MOORED_SPEED_KNOTS);
const isLeaving = (p: TTrackPosition, outsideCount: number) => (p.speed_knots !== null && p.speed_knots >= LEAVING_SPEED_KNOTS) || outsideCount >= 2;

/**
 * When the straight segment from `from` (at fromMs) to `to` (at toMs) first enters the circle, or null if it never
 * does. A vessel reporting every few minutes at speed may cross a 2 km circle between two reports: the crossing
 * time is interpolated along the segment (linear in time, which is how a vessel on a steady course moves).
 */
export function circleEntryTime(from: TLatLon, fromMs: number, to: TLatLon, toMs: number, centre: TLatLon, radiusM: number): number | null {
  const at = (f: number): TLatLon => ({ latitude: from.latitude + (to.latitude - from.latitude) * f, longitude: from.longitude + (to.longitude - from.longitude) * f });
  const inside = (f: number) => distanceMetres(at(f), centre) <= radiusM;
  if (inside(0)) return fromMs;
  // Sample finely enough that a segment merely grazing the circle is found, then bisect to the edge.
  const steps = Math.max(8, Math.ceil(distanceMetres(from, to) / Math.max(1, radiusM / 4)));
  let hit = -1;
  for (let i = 1; i <= steps; i += 1) {
    if (inside(i / steps)) {
      hit = i;
      break;
    }
  }
  if (hit < 0) return null;
  let lo = (hit - 1) / steps;
  let hi = hit / steps;
  for (let i = 0; i < 30; i += 1) {
    const mid = (lo + hi) / 2;
    if (inside(mid)) hi = mid;
    else lo = mid;
  }
  return Math.round(fromMs + (toMs - fromMs) * hi);
}

function enteredPilotBoardingPlace(state: TTrackingState, p: TTrackPosition, pbp: NonNullable<TCallGeofences['pilotBoardingPlace']>): Date | null {
  if (isInsideCircle(p, pbp.centre, pbp.radiusM)) {
    // The previous report may have been outside while the vessel crossed the edge between the two: interpolate.
    if (state.last_position_at && state.last_latitude !== null && state.last_longitude !== null) {
      const entry = circleEntryTime({ latitude: state.last_latitude, longitude: state.last_longitude }, state.last_position_at.getTime(), p, p.received_at.getTime(), pbp.centre, pbp.radiusM);
      if (entry !== null) return new Date(entry);
    }
    return p.received_at;
  }
  if (!state.last_position_at || state.last_latitude === null || state.last_longitude === null) return null;
  const entry = circleEntryTime({ latitude: state.last_latitude, longitude: state.last_longitude }, state.last_position_at.getTime(), p, p.received_at.getTime(), pbp.centre, pbp.radiusM);
  return entry === null ? null : new Date(entry);
}

/** One position applied to the state: the new state and the times it detected (at most one per time type). */
export function advanceTracking(state: TTrackingState, p: TTrackPosition, fences: TCallGeofences): { state: TTrackingState; detected: TDetectedTime[] } {
  // Out of order or repeated: the state already reflects a later moment.
  if (state.last_position_at && p.received_at.getTime() <= state.last_position_at.getTime()) return { state, detected: [] };
  const next: TTrackingState = { ...state };
  const detected: TDetectedTime[] = [];
  const t = p.received_at;

  if (next.phase === 'approaching' && fences.pilotBoardingPlace) {
    const entry = enteredPilotBoardingPlace(state, p, fences.pilotBoardingPlace);
    if (entry) {
      next.phase = 'at_pilot_boarding_place';
      next.pilot_boarding_place_entered_at = entry;
      detected.push({ time_type: 'pilot_boarding_place_arrival', date_time: entry });
    }
  }

  const inBerth = fences.berth ? isInsidePolygon(p, fences.berth) : false;
  if (fences.berth && next.phase !== 'departed') {
    if (next.phase === 'approaching' || next.phase === 'at_pilot_boarding_place') {
      if (inBerth) {
        next.phase = 'in_berth';
        next.berth_entered_at = t;
        next.slow_since = isSlow(p) ? t : null;
        next.last_inside_at = t;
        next.outside_count = 0;
      }
    } else if (next.phase === 'in_berth') {
      if (inBerth) {
        next.outside_count = 0;
        next.last_inside_at = t;
        if (!isSlow(p)) next.slow_since = null;
        else next.slow_since ??= t;
      } else {
        next.outside_count += 1;
        if (isLeaving(p, next.outside_count)) {
          // Passed through without stopping: not berthed. Back in port waters, past the pilot boarding place.
          next.phase = 'at_pilot_boarding_place';
          next.berth_entered_at = null;
          next.slow_since = null;
          next.outside_count = 0;
        } else if (!isSlow(p)) next.slow_since = null;
      }
      if (next.phase === 'in_berth' && next.slow_since && t.getTime() - next.slow_since.getTime() >= MOORED_AFTER_MS) {
        // The berth arrival is when the vessel stopped, not when the three minutes had passed.
        next.phase = 'moored';
        next.moored_at = next.slow_since;
        detected.push({ time_type: 'berth_arrival', date_time: next.slow_since });
      }
    } else if (next.phase === 'moored') {
      if (inBerth) {
        next.outside_count = 0;
        next.last_inside_at = t;
      } else {
        next.outside_count += 1;
        if (isLeaving(p, next.outside_count)) {
          // The departure is the last moment seen at the berth: lines are off before the vessel clears the polygon
          // (it is 80 m deep), and a moored vessel reports only every few minutes, so the first position outside can
          // be minutes after it actually left; the last inside report is the closer, observed bound.
          const departedAt = next.last_inside_at ?? t;
          next.phase = 'departed';
          next.departed_at = departedAt;
          detected.push({ time_type: 'berth_departure', date_time: departedAt });
        }
      }
    }
  }

  next.last_position_at = t;
  next.last_latitude = p.latitude;
  next.last_longitude = p.longitude;
  return { state: next, detected };
}

/** A vessel's positions (any order) applied to the state in time order. */
export function advanceTrackingOver(state: TTrackingState, positions: readonly TTrackPosition[], fences: TCallGeofences): { state: TTrackingState; detected: TDetectedTime[] } {
  const sorted = [...positions].sort((a, b) => a.received_at.getTime() - b.received_at.getTime());
  let current = state;
  const detected: TDetectedTime[] = [];
  for (const p of sorted) {
    const step = advanceTracking(current, p, fences);
    current = step.state;
    detected.push(...step.detected);
  }
  return { state: current, detected };
}
