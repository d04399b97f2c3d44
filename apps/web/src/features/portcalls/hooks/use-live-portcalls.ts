// Keeps the port-call screens current: a `portcall.updated` event refetches lists and, when newer, the call itself;
// a `prediction.updated` event puts the new predicted berth arrival into the cached call and lists.
import { useQueryClient } from '@tanstack/react-query';
import { ZPredictedBerthArrival, type TPortcall } from '@quayline/domain';
import { z } from 'zod';
import { PORTCALL_UPDATED_EVENT, usePortcallEvents } from '@/lib/use-portcall-events';
import { aisDetectionKeys } from '../api/ais-detections';
import { portcallKeys } from '../api/query-keys';

const PREDICTION_UPDATED_EVENT = 'prediction.updated';
const ZPredictionUpdated = z.object({ portcall_id: z.number().int(), predicted_berth_arrival: ZPredictedBerthArrival.nullable() });
type TPagedPortcalls = { items: TPortcall[] };

export function useLivePortcalls(): void {
  const queryClient = useQueryClient();
  usePortcallEvents((event) => {
    if (event.event === PREDICTION_UPDATED_EVENT) {
      const parsed = ZPredictionUpdated.safeParse(event.payload);
      if (!parsed.success) return;
      const { portcall_id: id, predicted_berth_arrival: prediction } = parsed.data;
      queryClient.setQueryData<TPortcall>(portcallKeys.detail(id), (call) => (call ? { ...call, predicted_berth_arrival: prediction } : call));
      queryClient.setQueriesData<TPagedPortcalls>({ queryKey: portcallKeys.lists() }, (page) =>
        page?.items.some((c) => c.id === id) ? { ...page, items: page.items.map((c) => (c.id === id ? { ...c, predicted_berth_arrival: prediction } : c)) } : page,
      );
      return;
    }
    if (event.event !== PORTCALL_UPDATED_EVENT) return;
    void queryClient.invalidateQueries({ queryKey: portcallKeys.lists() });
    const payload = (typeof event.payload === 'object' && event.payload !== null ? event.payload : {}) as { portcall_id?: unknown; version?: unknown };
    if (typeof payload.portcall_id !== 'number') return;
    const id = payload.portcall_id;
    // A proposed AIS time changes no version of the call, so its list is asked again whatever the version says.
    void queryClient.invalidateQueries({ queryKey: aisDetectionKeys.list(id) });
    const cached = queryClient.getQueryData<TPortcall>(portcallKeys.detail(id));
    // Our own write already put the answered version in the cache; only someone else's newer one needs a fetch.
    if (cached && typeof payload.version === 'number' && payload.version <= cached.version) return;
    void queryClient.invalidateQueries({ queryKey: portcallKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: portcallKeys.timestamps(id) });
    void queryClient.invalidateQueries({ queryKey: portcallKeys.audits(id) });
  });
}
