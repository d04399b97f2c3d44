// Realtime for the map: AIS positions go straight into the cached lists; new predictions are merged; changed calls refetch.
import { useQueryClient } from '@tanstack/react-query';
import { ZAisPositionsEvent, ZPredictedBerthArrival, type TAisPortcallsList } from '@quayline/domain';
import { z } from 'zod';
import { PORTCALL_UPDATED_EVENT, usePortcallEvents } from '@/lib/use-portcall-events';
import { mapKeys } from '../api/query-keys';
import { applyPositions } from '../utils/apply-positions';

export const AIS_POSITIONS_EVENT = 'ais.positions';
export const PREDICTION_UPDATED_EVENT = 'prediction.updated';

const ZPredictionUpdated = z.object({ terminal_id: z.number().int(), portcall_id: z.number().int(), predicted_berth_arrival: ZPredictedBerthArrival.nullable() });
const ZPortcallUpdated = z.object({ terminal_id: z.number().int().optional() }).loose();

/** Listens on the user's port-call channels (the terminal's, or the organisation's for vessel operators and agents). */
export function useLiveAis(terminalId: number | null): void {
  const queryClient = useQueryClient();
  usePortcallEvents((event) => {
    if (terminalId === null) return;
    switch (event.event) {
      case AIS_POSITIONS_EVENT: {
        const parsed = ZAisPositionsEvent.safeParse(event.payload);
        if (!parsed.success || parsed.data.terminal_id !== terminalId) return;
        queryClient.setQueriesData<TAisPortcallsList>({ queryKey: mapKeys.portcallLists(terminalId) }, (list) => applyPositions(list, parsed.data.positions));
        return;
      }
      case PREDICTION_UPDATED_EVENT: {
        const parsed = ZPredictionUpdated.safeParse(event.payload);
        if (!parsed.success || parsed.data.terminal_id !== terminalId) return;
        const { portcall_id: id, predicted_berth_arrival: prediction } = parsed.data;
        queryClient.setQueriesData<TAisPortcallsList>({ queryKey: mapKeys.portcallLists(terminalId) }, (list) =>
          list ? { ...list, portcalls: list.portcalls.map((c) => (c.portcall_id === id ? { ...c, predicted_berth_arrival: prediction } : c)) } : list,
        );
        void queryClient.invalidateQueries({ queryKey: mapKeys.route(id) });
        return;
      }
      case PORTCALL_UPDATED_EVENT: {
        const parsed = ZPortcallUpdated.safeParse(event.payload);
        if (parsed.success && parsed.data.terminal_id !== undefined && parsed.data.terminal_id !== terminalId) return;
        // Status, times or watch-list changes decide what is on the map; the list is small enough to ask again.
        void queryClient.invalidateQueries({ queryKey: mapKeys.portcallLists(terminalId) });
        return;
      }
      default:
        return;
    }
  });
}
