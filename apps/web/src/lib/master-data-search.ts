// GET /vessels, /vessel_operators, /agents, /ports with ?q= (paged, first page): the master-data pickers of every feature.
// One query key per kind and text, so the port-call and voyage-center pickers share the cache.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TOrganisation, TPaged, TPort, TVessel } from '@quayline/domain';
import { api } from './api-client';

export type TMasterDataKind = 'vessels' | 'vessel_operators' | 'agents' | 'ports';
export type TMasterDataItem = { vessels: TVessel; vessel_operators: TOrganisation; agents: TOrganisation; ports: TPort };

const PICKER_PAGE_SIZE = 20;

export const masterDataSearchKey = (kind: TMasterDataKind, q: string) => ['master-data', kind, q] as const;

export const searchMasterData = <K extends TMasterDataKind>(kind: K, q: string, signal?: AbortSignal): Promise<TPaged<TMasterDataItem[K]>> =>
  api.get<TPaged<TMasterDataItem[K]>>(`/${kind}`, { q: q.trim() || undefined, per_page: PICKER_PAGE_SIZE }, signal);

export function useMasterDataSearch<K extends TMasterDataKind>(kind: K, q: string, isEnabled = true) {
  return useQuery({
    queryKey: masterDataSearchKey(kind, q.trim()),
    queryFn: ({ signal }) => searchMasterData(kind, q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: isEnabled,
  });
}
