// How bad a call's predicted arrival is, for colouring a cluster by the worst call in it.
import type { TPredictedArrivalStatus, TPredictedBerthArrival } from '@quayline/domain';

export type TPredictionLevel = TPredictedArrivalStatus | 'none';

const RANK: Record<TPredictionLevel, number> = { none: 0, on_time: 1, early: 2, delayed: 3 };

export const PREDICTION_COLOURS: Record<TPredictionLevel, string> = {
  none: '#868e96',
  on_time: '#2f9e44',
  early: '#f08c00',
  delayed: '#e03131',
};

export const predictionLevelOf = (prediction: TPredictedBerthArrival | null): TPredictionLevel => prediction?.status ?? 'none';

export function worstPredictionLevel(levels: Iterable<TPredictionLevel>): TPredictionLevel {
  let worst: TPredictionLevel = 'none';
  for (const level of levels) if (RANK[level] > RANK[worst]) worst = level;
  return worst;
}
