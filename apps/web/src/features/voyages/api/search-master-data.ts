// GET /vessels, /vessel_operators, /ports with ?q= (first page): the pickers of the voyage form. Same keys as the port-call pickers, so both share the cache.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TOrganisation, TPaged, TPort, TVessel } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageMasterDataKeys } from './query-keys';

export type TMasterDataKind = 'vessels' | 'vessel_operators' | 'ports';
export type TMasterDataItem = { vessels: TVessel; vessel_operators: TOrganisation; ports: TPort };

const PICKER_PAGE_SIZE = 20;

export const searchMasterData = <K extends TMasterDataKind>(kind: K, q: string, signal?: AbortSignal): Promise<TPaged<TMasterDataItem[K]>> =>
  api.get<TPaged<TMasterDataItem[K]>>(`/${kind}`, { q: q.trim() || undefined, per_page: PICKER_PAGE_SIZE }, signal);

export function useMasterDataSearch<K extends TMasterDataKind>(kind: K, q: string, isEnabled = true) {
  return useQuery({
    queryKey: voyageMasterDataKeys.search(kind, q.trim()),
    queryFn: ({ signal }) => searchMasterData(kind, q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: isEnabled,
  });
}
