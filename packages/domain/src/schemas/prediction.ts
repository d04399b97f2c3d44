// The predicted berth arrival of a call (spec sections 3 and 4), shared by the port-call record and the map.
import { z } from 'zod';

/** Where a prediction of the berth arrival came from: the built-in AIS model, an ETA provider, or the vessel's own estimate. */
export const PREDICTION_SOURCES = ['ais', 'portcast', 'arrival_by_vessel'] as const;
export const ZPredictionSource = z.enum(PREDICTION_SOURCES);
export type TPredictionSource = z.infer<typeof ZPredictionSource>;

export const PREDICTED_ARRIVAL_STATUSES = ['on_time', 'delayed', 'early'] as const;
export const ZPredictedArrivalStatus = z.enum(PREDICTED_ARRIVAL_STATUSES);
export type TPredictedArrivalStatus = z.infer<typeof ZPredictedArrivalStatus>;

/** Spec section 3: predicted_berth_arrival; difference is predicted minus reference berth arrival, in minutes. */
export const ZPredictedBerthArrival = z.object({
  predicted_time: z.string(),
  difference: z.number().int(),
  status: ZPredictedArrivalStatus,
  source: ZPredictionSource,
  last_fetched_at: z.string(),
});
export type TPredictedBerthArrival = z.infer<typeof ZPredictedBerthArrival>;
