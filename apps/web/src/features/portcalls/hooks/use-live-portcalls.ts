// Keeps the port-call screens current: a `portcall.updated` event refetches lists and, when newer, the call itself.
import { useQueryClient } from '@tanstack/react-query';
import type { TPortcall } from '@quayline/domain';
import { PORTCALL_UPDATED_EVENT, usePortcallEvents } from '@/lib/use-portcall-events';
import { portcallKeys } from '../api/query-keys';

export function useLivePortcalls(): void {
  const queryClient = useQueryClient();
  usePortcallEvents((event) => {
    if (event.event !== PORTCALL_UPDATED_EVENT) return;
    void queryClient.invalidateQueries({ queryKey: portcallKeys.lists() });
    const payload = (typeof event.payload === 'object' && event.payload !== null ? event.payload : {}) as { portcall_id?: unknown; version?: unknown };
    if (typeof payload.portcall_id !== 'number') return;
    const id = payload.portcall_id;
    const cached = queryClient.getQueryData<TPortcall>(portcallKeys.detail(id));
    // Our own write already put the answered version in the cache; only someone else's newer one needs a fetch.
    if (cached && typeof payload.version === 'number' && payload.version <= cached.version) return;
    void queryClient.invalidateQueries({ queryKey: portcallKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: portcallKeys.timestamps(id) });
    void queryClient.invalidateQueries({ queryKey: portcallKeys.audits(id) });
  });
}
