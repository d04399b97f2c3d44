// Keeps an open notice current: the port authority's answer (and anyone's change of the call) arrives as `portcall.updated`.
import { useQueryClient } from '@tanstack/react-query';
import { PORTCALL_UPDATED_EVENT, usePortcallEvents } from '@/lib/use-portcall-events';
import { portcallKeys } from '../api/query-keys';
import { priseNoticeKey } from './prise-notice-api';

export function useLivePriseNotice(portcallId: number): void {
  const queryClient = useQueryClient();
  usePortcallEvents((event) => {
    if (event.event !== PORTCALL_UPDATED_EVENT) return;
    const payload = (typeof event.payload === 'object' && event.payload !== null ? event.payload : {}) as { portcall_id?: unknown; field?: unknown };
    if (payload.portcall_id !== portcallId) return;
    // Any change of the call may change what is missing or reopen the notice, so the notice is always asked again.
    void queryClient.invalidateQueries({ queryKey: priseNoticeKey(portcallId) });
    // The port authority's answer need not move the call's version, which the call's own refresh waits for.
    if (payload.field === 'prise_status') void queryClient.invalidateQueries({ queryKey: portcallKeys.detail(portcallId) });
  });
}
