// Registered after every committed AIS batch: advances each affected call's geofence state and records the times
// it detects. One transaction per call, with its tracking row locked, so two servers never record an event twice;
// calls far from all their geofences only get their last position updated, together.
import { type TLatLon, berthPolygon } from '@quayline/domain';
import type { AppContext } from '../../../app-context';
import type { TAisPositionBatch } from '../ingest/after-batch';
import { type TCallGeofences, advanceTrackingOver, initialTrackingState, isQuietBatch } from './detect-phase';
import { type TActiveCall, findActiveCallsOfVessels, findTrackingRows, lockTracking, saveTracking, updateLastPositions } from './geofence.repository';
import { recordAisTime } from './record-ais-time';

/** The call's geofences: the pilot boarding circle if placed, the berth polygon if the quay is georeferenced. */
export function geofencesOf(call: TActiveCall): TCallGeofences {
  const pilotBoardingPlace =
    call.pbp_latitude !== null && call.pbp_longitude !== null && call.pbp_radius_m !== null ? { centre: { latitude: call.pbp_latitude, longitude: call.pbp_longitude }, radiusM: call.pbp_radius_m } : null;
  let berth: TLatLon[] | null = null;
  if (call.quay_origin_latitude !== null && call.quay_origin_longitude !== null && call.quay_bearing_deg !== null && call.berth_start_position !== null && call.berth_end_position !== null) {
    const quay = { origin: { latitude: call.quay_origin_latitude, longitude: call.quay_origin_longitude }, bearingDeg: call.quay_bearing_deg, waterSide: call.quay_water_side };
    const [a, b] = [Number(call.berth_start_position), Number(call.berth_end_position)].sort((x, y) => x - y) as [number, number];
    berth = berthPolygon(quay, a, b);
  }
  return { pilotBoardingPlace, berth };
}

export async function detectAisTimes(ctx: AppContext, batch: TAisPositionBatch): Promise<void> {
  if (batch.length === 0) return;
  const byMmsi = new Map<string, TAisPositionBatch>();
  for (const p of batch) byMmsi.set(p.mmsi, [...(byMmsi.get(p.mmsi) ?? []), p]);
  const now = ctx.clock.now();
  const calls = await findActiveCallsOfVessels(ctx.db, [...byMmsi.keys()], now);
  const tracking = new Map((await findTrackingRows(ctx.db, calls.map((c) => c.id))).map((r) => [r.portcall_id, r]));
  const quiet: { portcallId: number; at: Date; latitude: number; longitude: number }[] = [];
  for (const call of calls) {
    const positions = byMmsi.get(call.ais_mmsi) ?? [];
    const fences = geofencesOf(call);
    if (positions.length === 0 || (!fences.berth && !fences.pilotBoardingPlace)) continue;
    // Most positions of a busy feed are far out at sea: they only move the last position, in one statement for all.
    const stored = tracking.get(call.id);
    const known = stored ? { ...stored, last_position_at: stored.last_position_at === null ? null : new Date(stored.last_position_at) } : initialTrackingState();
    if (isQuietBatch(known, positions, fences)) {
      const last = positions.reduce((a, b) => (b.received_at > a.received_at ? b : a));
      if (stored) quiet.push({ portcallId: call.id, at: last.received_at, latitude: last.latitude, longitude: last.longitude });
      continue;
    }
    await ctx.db.transaction().execute(async (trx) => {
      const before = await lockTracking(trx, call.id);
      const { state, detected } = advanceTrackingOver(before, positions, fences);
      await saveTracking(trx, call.id, state);
      for (const d of detected) await recordAisTime(trx, { portcallId: call.id, mode: call.ais_actuals_mode, detected: d, now });
    });
  }
  await updateLastPositions(ctx.db, quiet, now);
}
