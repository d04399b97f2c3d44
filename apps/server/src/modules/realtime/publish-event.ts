// What services call to publish a realtime event. Call it inside the write transaction, as its last statement,
// so the event exists exactly when the change does (a rollback publishes nothing).
import { isRealtimeChannelName } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB, RealtimePayload } from '../../db/schema';
import { insertEventAndNotify } from './realtime.repository';

export type TPublishEventInput = {
  /** A channel name from realtimeChannels, e.g. realtimeChannels.terminal(terminalId). */
  channel: string;
  /** What happened, dotted and lower case, e.g. 'portcall.updated'. */
  event: string;
  payload: RealtimePayload;
};

/**
 * Stores the event and notifies every server (pg_notify, delivered on commit). Given a transaction it joins it;
 * given the plain database it opens a short transaction of its own. Publishing takes a lock until commit
 * (realtime.repository.ts explains why), so keep what follows the call in the transaction short.
 */
export async function publishEvent(db: Kysely<DB> | Transaction<DB>, input: TPublishEventInput): Promise<{ id: number }> {
  if (!isRealtimeChannelName(input.channel)) throw new Error(`publishEvent: unknown realtime channel ${JSON.stringify(input.channel)}`);
  if (input.event.length === 0) throw new Error('publishEvent: the event name is empty');
  const row = db.isTransaction ? await insertEventAndNotify(db, input) : await db.transaction().execute((tx) => insertEventAndNotify(tx, input));
  return { id: row.id };
}
