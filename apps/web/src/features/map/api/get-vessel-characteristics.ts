// GET /ais/vessel_characteristics -> what the vessel's AIS static and voyage messages say about it.
import { useQuery } from '@tanstack/react-query';
import type { TAisVesselCharacteristics } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { mapKeys } from './query-keys';

export const getVesselCharacteristics = (vesselId: number, signal?: AbortSignal): Promise<TAisVesselCharacteristics> =>
  api.get<TAisVesselCharacteristics>('/ais/vessel_characteristics', { vessel_id: vesselId }, signal);

export function useVesselCharacteristics(vesselId: number | null) {
  return useQuery({
    queryKey: mapKeys.characteristics(vesselId ?? 0),
    queryFn: ({ signal }) => getVesselCharacteristics(vesselId!, signal),
    enabled: vesselId !== null,
    staleTime: 5 * 60_000,
  });
}
