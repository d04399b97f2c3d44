// After a batch commits: the positions of vessels with an active call go out on the realtime channels, to the
// terminal with every call and to each call's vessel operator and agent with only their own calls.
import { type TAisPositionsEvent, realtimeChannels } from '@quayline/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import { publishEvent } from '../../realtime/publish-event';
import { findActiveCallsOfMmsis } from '../ais.repository';
import type { TAisPositionMessage } from '../codec/decode';

export const AIS_POSITIONS_EVENT = 'ais.positions';

type TEventPosition = TAisPositionsEvent['positions'][number];

/** Publishes inside the batch transaction (publishEvent's rule: the event exists exactly when the rows do). Returns the number of events. */
export async function publishPositions(trx: Kysely<DB> | Transaction<DB>, positions: readonly TAisPositionMessage[], now: Date): Promise<number> {
  const byMmsi = new Map<string, TAisPositionMessage[]>();
  for (const p of positions) {
    const list = byMmsi.get(p.mmsi);
    if (list) list.push(p);
    else byMmsi.set(p.mmsi, [p]);
  }
  const calls = await findActiveCallsOfMmsis(trx, [...byMmsi.keys()], now);
  if (calls.length === 0) return 0;

  // channel -> terminal -> positions
  const outbox = new Map<string, Map<number, TEventPosition[]>>();
  const add = (channel: string, terminalId: number, items: TEventPosition[]) => {
    let perTerminal = outbox.get(channel);
    if (!perTerminal) outbox.set(channel, (perTerminal = new Map()));
    const list = perTerminal.get(terminalId);
    if (list) list.push(...items);
    else perTerminal.set(terminalId, [...items]);
  };
  for (const call of calls) {
    const items = (byMmsi.get(call.mmsi) ?? []).map((p) => ({
      portcall_id: call.portcall_id,
      mmsi: p.mmsi,
      latitude: p.latitude,
      longitude: p.longitude,
      speed_knots: p.speed_knots,
      course_deg: p.course_deg,
      heading_deg: p.heading_deg,
      nav_status: p.nav_status,
      received_at: p.received_at.toISOString(),
    }));
    add(realtimeChannels.terminal(call.terminal_id), call.terminal_id, items);
    add(realtimeChannels.vesselOperator(call.vessel_operator_id), call.terminal_id, items);
    if (call.agent_id !== null) add(realtimeChannels.agent(call.agent_id), call.terminal_id, items);
  }
  let count = 0;
  for (const [channel, perTerminal] of outbox) {
    for (const [terminalId, items] of perTerminal) {
      items.sort((a, b) => a.received_at.localeCompare(b.received_at));
      const payload: TAisPositionsEvent = { terminal_id: terminalId, positions: items };
      await publishEvent(trx, { channel, event: AIS_POSITIONS_EVENT, payload });
      count++;
    }
  }
  return count;
}
