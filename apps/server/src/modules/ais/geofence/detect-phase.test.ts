import { type TLatLon, berthPolygon, destinationPoint, quayPoint, waterBearing } from '@quayline/domain';
import { describe, expect, it } from 'vitest';
import { type TCallGeofences, type TTrackPosition, advanceTracking, advanceTrackingOver, circleEntryTime, initialTrackingState, isQuietBatch } from './detect-phase';

// The Hamburg demo quay: origin, bearing along the quay, water on the right.
const quay = { origin: { latitude: 53.5297, longitude: 9.9207 }, bearingDeg: 100, waterSide: 'right' as const };
const polygon = berthPolygon(quay, 200, 500);
const pbpCentre = { latitude: 53.5428, longitude: 9.8786 };
const fences: TCallGeofences = { pilotBoardingPlace: { centre: pbpCentre, radiusM: 2000 }, berth: polygon };
const t0 = Date.parse('2026-03-02T08:00:00Z');
const at = (minutes: number) => new Date(t0 + minutes * 60_000);
const berthSpot = destinationPoint(quayPoint(quay, 350), waterBearing(quay), 25);
const pos = (point: TLatLon, minutes: number, speed: number | null, nav: number | null = 0): TTrackPosition => ({ ...point, speed_knots: speed, nav_status: nav, received_at: at(minutes) });

/** A vessel lying at the berth, drifting a metre or two on its lines, reporting every 30 s. */
function lyingAtBerth(fromMin: number, toMin: number, speed: number, nav: number | null = 0): TTrackPosition[] {
  const out: TTrackPosition[] = [];
  for (let m = fromMin, i = 0; m <= toMin; m += 0.5, i += 1) out.push(pos(destinationPoint(berthSpot, (i * 37) % 360, (i % 3) * 1.5), m, speed, nav));
  return out;
}

describe('geofence detection', () => {
  it('detects a berthing of a vessel drifting at the quay at 0.2 kn: the berth arrival is the start of the slow stretch', () => {
    const approach = [pos(destinationPoint(berthSpot, 280, 1500), 0, 6), pos(destinationPoint(berthSpot, 280, 400), 5, 3), pos(berthSpot, 8, 1.2)];
    const { state, detected } = advanceTrackingOver(initialTrackingState(), [...approach, ...lyingAtBerth(9, 15, 0.2)], { ...fences, pilotBoardingPlace: null });
    expect(state.phase).toBe('moored');
    expect(detected).toEqual([{ time_type: 'berth_arrival', date_time: at(9) }]);
  });

  it('does not berth a vessel passing the berth at 6 kn', () => {
    const track: TTrackPosition[] = [];
    for (let i = 0; i <= 12; i += 1) track.push(pos(destinationPoint(quayPoint(quay, -200 + i * 80), waterBearing(quay), 40), i * 0.25, 6));
    const { state, detected } = advanceTrackingOver(initialTrackingState(), track, { ...fences, pilotBoardingPlace: null });
    expect(detected).toEqual([]);
    expect(state.phase).toBe('at_pilot_boarding_place');
    expect(state.moored_at).toBeNull();
  });

  it('keeps a vessel berthed through GPS jitter at the polygon edge and detects the departure once it really leaves', () => {
    const edge = destinationPoint(quayPoint(quay, 500 + 30), waterBearing(quay), 40); // the downstream edge of the polygon
    const inside = destinationPoint(edge, quay.bearingDeg, -8);
    const outside = destinationPoint(edge, quay.bearingDeg, 8);
    const jitter: TTrackPosition[] = [];
    for (let i = 0; i < 20; i += 1) jitter.push(pos(i % 4 === 2 ? outside : inside, i * 0.5, 0.1));
    const moored = advanceTrackingOver(initialTrackingState(), jitter, { ...fences, pilotBoardingPlace: null });
    expect(moored.state.phase).toBe('moored');
    expect(moored.detected).toEqual([{ time_type: 'berth_arrival', date_time: at(0) }]);
    // Leaving: still inside at minute 20, then two reports outside at manoeuvring speed.
    const leave = [pos(inside, 20, 0.3), pos(destinationPoint(edge, quay.bearingDeg, 60), 21, 2.5), pos(destinationPoint(edge, quay.bearingDeg, 200), 22, 4)];
    const left = advanceTrackingOver(moored.state, leave, fences);
    expect(left.state.phase).toBe('departed');
    expect(left.detected).toEqual([{ time_type: 'berth_departure', date_time: at(20) }]);
    // Nothing after departure detects anything again (no jump back).
    expect(advanceTrackingOver(left.state, lyingAtBerth(30, 40, 0.1), fences).detected).toEqual([]);
  });

  it('one slow position outside (jitter) is not a departure; two in a row are', () => {
    const moored = advanceTrackingOver(initialTrackingState(), lyingAtBerth(0, 5, 0.1), fences).state;
    const out = destinationPoint(berthSpot, waterBearing(quay), 150);
    const once = advanceTrackingOver(moored, [pos(out, 6, 0.4), pos(berthSpot, 6.5, 0.1)], fences);
    expect(once.state.phase).toBe('moored');
    const twice = advanceTrackingOver(once.state, [pos(out, 7, 0.4), pos(out, 7.5, 0.6)], fences);
    expect(twice.detected).toEqual([{ time_type: 'berth_departure', date_time: at(6.5) }]);
  });

  it('interpolates the crossing of the pilot boarding circle by a vessel reporting every 10 min at 15 kn', () => {
    // 15 kn for 10 min is 4.63 km: the first report is 3 km before the circle edge, the next already beyond the centre.
    const course = 90;
    const a = destinationPoint(pbpCentre, course + 180, 2000 + 3000);
    const b = destinationPoint(a, course, 15 * 1852 * (10 / 60));
    const { state, detected } = advanceTrackingOver(initialTrackingState(), [pos(a, 0, 15), pos(b, 10, 15)], fences);
    expect(state.phase).toBe('at_pilot_boarding_place');
    expect(detected).toHaveLength(1);
    // The edge is 3000 m along 4630 m travelled in 10 min: 6.48 min after the first report.
    expect(detected[0]!.date_time.getTime() / 60_000 - t0 / 60_000).toBeCloseTo((3000 / 4630) * 10, 1);
  });

  it('finds a segment that crosses the circle with both ends outside, and none that passes by', () => {
    const a = destinationPoint(pbpCentre, 270, 5000);
    const b = destinationPoint(pbpCentre, 90, 5000);
    const crossing = circleEntryTime(a, 0, b, 600_000, pbpCentre, 2000);
    expect(crossing).not.toBeNull();
    expect(crossing! / 1000).toBeCloseTo(180, 0); // 3 km of 10 km at constant speed
    const c = destinationPoint(destinationPoint(pbpCentre, 0, 2500), 270, 5000);
    const d = destinationPoint(destinationPoint(pbpCentre, 0, 2500), 90, 5000);
    expect(circleEntryTime(c, 0, d, 600_000, pbpCentre, 2000)).toBeNull();
  });

  it('trusts nav status 5 "moored" at 0.6 kn', () => {
    const { state, detected } = advanceTrackingOver(initialTrackingState(), lyingAtBerth(0, 4, 0.6, 5), fences);
    expect(state.phase).toBe('moored');
    expect(detected.map((d) => d.time_type)).toEqual(['berth_arrival']);
    // The same speed without the status is not moored.
    expect(advanceTrackingOver(initialTrackingState(), lyingAtBerth(0, 4, 0.6, 0), fences).state.phase).toBe('in_berth');
  });

  it('ignores positions older than the state and never goes back to approaching', () => {
    const inPbp = advanceTracking(initialTrackingState(), pos(pbpCentre, 10, 8), fences);
    expect(inPbp.detected).toEqual([{ time_type: 'pilot_boarding_place_arrival', date_time: at(10) }]);
    const older = advanceTracking(inPbp.state, pos(destinationPoint(pbpCentre, 0, 20_000), 5, 8), fences);
    expect(older.state).toBe(inPbp.state);
    const away = advanceTracking(inPbp.state, pos(destinationPoint(pbpCentre, 0, 20_000), 30, 8), fences);
    expect(away.state.phase).toBe('at_pilot_boarding_place');
    expect(away.detected).toEqual([]);
  });

  it('without a quay georeference only the pilot boarding place is detected', () => {
    const { state, detected } = advanceTrackingOver(initialTrackingState(), [pos(pbpCentre, 0, 8), ...lyingAtBerth(10, 20, 0.1)], { ...fences, berth: null });
    expect(state.phase).toBe('at_pilot_boarding_place');
    expect(detected.map((d) => d.time_type)).toEqual(['pilot_boarding_place_arrival']);
  });

  it('calls a batch quiet only when it and the last stored position are far from every geofence, recently, while approaching', () => {
    const farOut = destinationPoint(pbpCentre, 290, 60_000);
    const batch = [pos(farOut, 10, 14), pos(destinationPoint(farOut, 110, 500), 11, 14)];
    const fresh = initialTrackingState();
    expect(isQuietBatch(fresh, batch, fences)).toBe(true);
    const lastFar = { ...fresh, last_position_at: at(5), last_latitude: farOut.latitude, last_longitude: farOut.longitude };
    expect(isQuietBatch(lastFar, batch, fences)).toBe(true);
    // Near the pilot boarding place, after a long silence, or already past approaching: the full detection runs.
    expect(isQuietBatch(fresh, [...batch, pos(destinationPoint(pbpCentre, 290, 15_000), 12, 14)], fences)).toBe(false);
    expect(isQuietBatch({ ...lastFar, last_position_at: at(-60) }, batch, fences)).toBe(false);
    const lastNear = destinationPoint(pbpCentre, 290, 5_000);
    expect(isQuietBatch({ ...lastFar, last_latitude: lastNear.latitude, last_longitude: lastNear.longitude }, batch, fences)).toBe(false);
    expect(isQuietBatch({ ...lastFar, phase: 'at_pilot_boarding_place' }, batch, fences)).toBe(false);
    expect(isQuietBatch(fresh, [pos(destinationPoint(berthSpot, 0, 10_000), 10, 8)], { pilotBoardingPlace: null, berth: polygon })).toBe(false);
  });
});
