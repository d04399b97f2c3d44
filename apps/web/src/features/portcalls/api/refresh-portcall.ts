// After a write: the answered record replaces the cached one; lists, history and audit are fetched again.
import type { QueryClient } from '@tanstack/react-query';
import type { TPortcall } from '@quayline/domain';
import { portcallKeys } from './query-keys';

export function refreshPortcall(queryClient: QueryClient, portcall: TPortcall): void {
  queryClient.setQueryData(portcallKeys.detail(portcall.id), portcall);
  void queryClient.invalidateQueries({ queryKey: portcallKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: portcallKeys.timestamps(portcall.id) });
  void queryClient.invalidateQueries({ queryKey: portcallKeys.audits(portcall.id) });
}
