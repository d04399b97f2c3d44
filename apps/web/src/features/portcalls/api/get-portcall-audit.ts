// GET /portcall_audit?portcall_id=&page=&per_page= -> paged audit events (created, revised, accepted), oldest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditEvent, TPaged } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export const AUDIT_PAGE_SIZE = 20;

export const getPortcallAudit = (args: { portcallId: number; page: number }, signal?: AbortSignal): Promise<TPaged<TAuditEvent>> =>
  api.get<TPaged<TAuditEvent>>('/portcall_audit', { portcall_id: args.portcallId, page: args.page, per_page: AUDIT_PAGE_SIZE }, signal);

export function usePortcallAudit(portcallId: number, page: number) {
  return useQuery({
    queryKey: portcallKeys.audit(portcallId, page),
    queryFn: ({ signal }) => getPortcallAudit({ portcallId, page }, signal),
    placeholderData: keepPreviousData,
  });
}
