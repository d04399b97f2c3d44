// Puts a batch of realtime AIS positions into a cached list of calls: the vessel moves, its track grows, nothing is refetched.
import type { TAisPortcallsList, TAisPositionsEvent } from '@quayline/domain';

type TPositionUpdate = TAisPositionsEvent['positions'][number];

/** Track points older than this are dropped as new ones arrive, so a long session does not grow the trail forever. */
const MAX_TRACK_POINTS = 500;

/** Returns the same list when no call of it moved, so unrelated batches do not re-render the map. */
export function applyPositions(list: TAisPortcallsList | undefined, positions: readonly TPositionUpdate[]): TAisPortcallsList | undefined {
  if (!list || positions.length === 0) return list;
  const latest = new Map<number, TPositionUpdate>();
  for (const position of positions) {
    const known = latest.get(position.portcall_id);
    if (!known || Date.parse(known.received_at) <= Date.parse(position.received_at)) latest.set(position.portcall_id, position);
  }
  let isChanged = false;
  const portcalls = list.portcalls.map((call) => {
    const update = latest.get(call.portcall_id);
    // An older report than the one shown (a late batch) must not move the vessel back.
    if (!update || (call.position && Date.parse(call.position.received_at) >= Date.parse(update.received_at))) return call;
    isChanged = true;
    const { portcall_id: _portcallId, mmsi, ...position } = update;
    const track = [...call.track, [update.latitude, update.longitude, update.received_at] as [number, number, string]];
    return { ...call, mmsi: call.mmsi ?? mmsi, position, track: track.length > MAX_TRACK_POINTS ? track.slice(-MAX_TRACK_POINTS) : track };
  });
  return isChanged ? { ...list, portcalls } : list;
}
