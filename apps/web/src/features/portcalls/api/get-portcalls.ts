// GET /portcalls?terminal_id&from&to&status&vessel_operator_id&agent_id&q&prise_action&page&per_page -> {items, meta}.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaged, TPortcall, TPortcallStatus } from '@quayline/domain';
import { api, toQueryString, type TQueryValue } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export type TPortcallListQueryInput = {
  terminal_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  statuses?: TPortcallStatus[] | undefined;
  vessel_operator_id?: number | undefined;
  agent_id?: number | undefined;
  q?: string | undefined;
  prise_action?: 'true' | undefined;
  page: number;
  per_page: number;
};

export const getPortcalls = ({ statuses, ...rest }: TPortcallListQueryInput, signal?: AbortSignal): Promise<TPaged<TPortcall>> => {
  // Several statuses travel as a repeated parameter (?status=Berthed&status=Departed).
  const params: Record<string, TQueryValue> = { ...rest };
  const base = toQueryString(params);
  const repeated = (statuses ?? []).map((s) => `status=${encodeURIComponent(s)}`).join('&');
  const suffix = repeated ? `${base ? '&' : '?'}${repeated}` : '';
  return api.get<TPaged<TPortcall>>(`/portcalls${base}${suffix}`, undefined, signal);
};

export function usePortcalls(query: TPortcallListQueryInput, isEnabled = true) {
  return useQuery({
    queryKey: portcallKeys.list(query),
    queryFn: ({ signal }) => getPortcalls(query, signal),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}
