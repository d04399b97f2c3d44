// What services call to publish a realtime event. Call it inside the write transaction, as its last statement,
// so the event exists exactly when the change does (a rollback publishes nothing).
import { eventTerminalId, isRealtimeChannelName, isTerminalScopedChannel } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB, RealtimePayload } from '../../db/schema';
import { insertEventAndNotify, insertEventsAndNotify } from './realtime.repository';

export type TPublishEventInput = {
  /** A channel name from realtimeChannels, e.g. realtimeChannels.terminal(terminalId). */
  channel: string;
  /** What happened, dotted and lower case, e.g. 'portcall.updated'. */
  event: string;
  /** On Agent and VesselOperator channels it must hold `terminal_id`: users get only events of their linked terminals. */
  payload: RealtimePayload;
};

/**
 * Stores the event and notifies every server (pg_notify, delivered on commit). Given a transaction it joins it;
 * given the plain database it opens a short transaction of its own. Publishing takes a lock until commit
 * (realtime.repository.ts explains why), so keep what follows the call in the transaction short.
 */
export async function publishEvent(db: Kysely<DB> | Transaction<DB>, input: TPublishEventInput): Promise<{ id: number }> {
  assertPublishable(input);
  const row = db.isTransaction ? await insertEventAndNotify(db, input) : await db.transaction().execute((tx) => insertEventAndNotify(tx, input));
  return { id: row.id };
}

/** Several events of one writing transaction at once (one insert, one notification), in the order given; as its last statement. */
export async function publishEvents(trx: Transaction<DB>, inputs: readonly TPublishEventInput[]): Promise<{ id: number }[]> {
  for (const input of inputs) assertPublishable(input);
  return (await insertEventsAndNotify(trx, inputs)).map((row) => ({ id: row.id }));
}

function assertPublishable(input: TPublishEventInput): void {
  if (!isRealtimeChannelName(input.channel)) throw new Error(`publishEvent: unknown realtime channel ${JSON.stringify(input.channel)}`);
  if (input.event.length === 0) throw new Error('publishEvent: the event name is empty');
  // Without it the event would reach no one: organisation channels deliver by the user's linked terminals.
  if (isTerminalScopedChannel(input.channel) && eventTerminalId(input.payload) === null) {
    throw new Error(`publishEvent: an event on ${input.channel} needs a numeric payload.terminal_id`);
  }
}
