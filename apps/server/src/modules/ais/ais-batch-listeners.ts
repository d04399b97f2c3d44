// What follows every committed batch of AIS positions: the geofences first (a berthing ends a call's prediction),
// then the arrival predictions of the vessels' next calls.
import { detectAisTimes } from './geofence/geofence.service';
import { onAisBatch } from './ingest/after-batch';
import { predictForVessels } from '../predictions/prediction.service';

let isListening = false;

/** One listener pair serves every app in the process: each batch carries the context of the app that ingested it. */
export function listenToAisBatches(): void {
  if (isListening) return;
  isListening = true;
  onAisBatch(async (ctx, batch) => {
    await detectAisTimes(ctx, batch);
    await predictForVessels(ctx, [...new Set(batch.map((p) => p.mmsi))]);
  });
}
