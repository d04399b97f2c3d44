// ais/predict_route: the predicted route of a call on the sea-lane graph, from the vessel's last AIS position (else
// its previous port) to the pilot boarding place and the berth, with each leg's duration from the model's speeds.
import type { TPredictedRoute } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { findPredictedBerthArrivals } from './predicted-arrival.read';
import { findReportsSince } from './prediction.repository';
import { SPEED_WINDOW_MS } from './arrival-model';
import { loadHistory, predictFrom, referencesOf } from './prediction.service';
import { loadVisiblePredictionCall } from './previous-portcall-data.service';

const MIN_MS = 60_000;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const round2 = (v: number) => Math.round(v * 100) / 100;

export async function predictRoute(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TPredictedRoute> {
  const call = await loadVisiblePredictionCall(ctx, session, portcallId);
  const now = ctx.clock.now();
  const hasPosition = call.mmsi !== null && call.latitude !== null && call.longitude !== null && call.position_received_at !== null;
  const origin = hasPosition
    ? { latitude: call.latitude!, longitude: call.longitude!, kind: 'ais_position' as const }
    : call.previous_port_latitude !== null && call.previous_port_longitude !== null
      ? { latitude: call.previous_port_latitude, longitude: call.previous_port_longitude, kind: 'previous_port' as const }
      : null;
  if (!origin) throw new AppError('NOT_FOUND', { message: 'AIS has not seen the vessel and its previous port has no position.' });
  // From the previous port the vessel has not been seen: the route runs from now at its historical approach speed.
  const positionAt = hasPosition ? new Date(call.position_received_at!) : now;
  const reports = hasPosition ? await findReportsSince(ctx.db, { mmsi: call.mmsi!, since: new Date(positionAt.getTime() - SPEED_WINDOW_MS) }) : [];
  const history = (await loadHistory(ctx.db, call.terminal_id, now)).filter((h) => h.id !== call.id);
  const references = await referencesOf(ctx.db, [call]);
  const prediction = predictFrom({
    call,
    history,
    origin,
    positionAt,
    reports: reports.map((r) => ({ receivedAt: new Date(r.received_at), speedKnots: r.speed_knots, navStatus: r.nav_status })),
    reference: references.get(call.id) ?? null,
  });
  if (!prediction) throw new AppError('NOT_FOUND', { message: 'The terminal has no position to route to.' });
  const { geometry, remaining, speed } = prediction;
  const pilotage = geometry.pilotBoardingPlace ? prediction.learned.pilotageMinutes : 0;
  const minutesOf = remaining.route.legs.map((leg) =>
    leg.kind === 'sea' ? (leg.distanceNm / speed.speedKnots) * 60 : geometry.fairwayLengthNm > 0 ? pilotage * Math.min(1, leg.distanceNm / geometry.fairwayLengthNm) : 0,
  );
  // The legs end at the model's arrival: a stopped vessel held to its agreed arrival spends the hold where it lies
  // (before its first leg); a vessel that already waited at the pilot boarding place has a shorter fairway time left.
  const difference = (prediction.berthAt.getTime() - positionAt.getTime()) / MIN_MS - minutesOf.reduce((a, b) => a + b, 0);
  if (difference >= 0 && minutesOf.length) minutesOf[0]! += difference;
  if (difference < 0) {
    const fairway = remaining.route.legs.reduce((sum, leg, i) => (leg.kind === 'fairway' ? sum + minutesOf[i]! : sum), 0);
    const factor = fairway > 0 ? Math.max(0, (fairway + difference) / fairway) : 1;
    remaining.route.legs.forEach((leg, i) => {
      if (leg.kind === 'fairway') minutesOf[i] = minutesOf[i]! * factor;
    });
  }
  let at = positionAt.getTime();
  const legs = remaining.route.legs.map((leg, i) => {
    const minutes = minutesOf[i]!;
    at += minutes * MIN_MS;
    return {
      kind: leg.kind,
      coordinates: leg.points.map((p): [number, number] => [round6(p.latitude), round6(p.longitude)]),
      distance_nm: round2(leg.distanceNm),
      duration_minutes: Math.round(minutes),
      ends_at: new Date(at).toISOString(),
    };
  });
  const stored = await findPredictedBerthArrivals(ctx.db, [call.id]);
  return {
    portcall_id: call.id,
    computed_at: now.toISOString(),
    origin: { latitude: round6(origin.latitude), longitude: round6(origin.longitude), kind: origin.kind },
    pilot_boarding_place:
      call.pbp_id !== null && call.pbp_name !== null && geometry.pilotBoardingPlace
        ? { id: call.pbp_id, name: call.pbp_name, latitude: geometry.pilotBoardingPlace.latitude, longitude: geometry.pilotBoardingPlace.longitude }
        : null,
    berth: { latitude: round6(geometry.berth.latitude), longitude: round6(geometry.berth.longitude) },
    legs,
    distance_nm: round2(remaining.route.distanceNm),
    speed_knots: round2(speed.speedKnots),
    eta_pilot_boarding_place: prediction.pilotBoardingPlaceAt?.toISOString() ?? null,
    eta_berth: prediction.berthAt.toISOString(),
    predicted_berth_arrival: stored.get(call.id) ?? null,
  };
}
