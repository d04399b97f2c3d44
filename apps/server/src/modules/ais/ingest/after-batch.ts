// Who wants to know about each committed batch of positions (predictions, geofences): a registry of listeners.
// A listener's failure is logged and never stops the ingest or the other listeners.
import type { AppContext } from '../../../app-context';
import type { TAisPositionMessage } from '../codec/decode';

/** The positions of one committed batch, in the decoder's shape without its message kind and type. */
export type TAisPositionBatch = Omit<TAisPositionMessage, 'kind' | 'type'>[];

export type TAisBatchListener = (ctx: AppContext, batch: TAisPositionBatch) => Promise<void>;

const listeners = new Set<TAisBatchListener>();

/** Registers a listener for every committed batch; returns a function that removes it again. */
export function onAisBatch(listener: TAisBatchListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function runAfterBatchListeners(ctx: AppContext, batch: TAisPositionBatch, log: { error(obj: unknown, msg?: string): void }): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(ctx, batch);
    } catch (err) {
      log.error({ err }, 'an AIS after-batch listener failed');
    }
  }
}
