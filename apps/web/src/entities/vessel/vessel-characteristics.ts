// GET /ais/vessel_characteristics -> what the vessel's AIS static and voyage messages say about it: the map's card
// shows it, and the details' plausibility checks hold the declared draft against its draught.
import { useQuery } from '@tanstack/react-query';
import type { TAisVesselCharacteristics } from '@quayline/domain';
import { api } from '@/lib/api-client';

/** Under the map's 'ais' keys, so whatever refreshes the map's AIS data refreshes this too. */
export const vesselCharacteristicsKey = (vesselId: number) => ['ais', 'characteristics', vesselId] as const;

export const getVesselCharacteristics = (vesselId: number, signal?: AbortSignal): Promise<TAisVesselCharacteristics> =>
  api.get<TAisVesselCharacteristics>('/ais/vessel_characteristics', { vessel_id: vesselId }, signal);

export function useVesselCharacteristics(vesselId: number | null) {
  return useQuery({
    queryKey: vesselCharacteristicsKey(vesselId ?? 0),
    queryFn: ({ signal }) => getVesselCharacteristics(vesselId!, signal),
    enabled: vesselId !== null,
    staleTime: 5 * 60_000,
  });
}
