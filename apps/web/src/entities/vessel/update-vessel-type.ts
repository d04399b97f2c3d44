// PATCH /vessels/:id {vessel_type, vessel_type_detailed}: what the register says a vessel is. Every read that carries
// the vessel's calls (lists, details, the planner window, tasks) shows it, so every active query refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateVesselTypeRequest, TVessel } from '@quayline/domain';
import { api } from '@/lib/api-client';

export type TUpdateVesselTypeInput = { vesselId: number; changes: TUpdateVesselTypeRequest };

export const updateVesselType = ({ vesselId, changes }: TUpdateVesselTypeInput): Promise<TVessel> => api.patch<TVessel>(`/vessels/${vesselId}`, changes);

export function useUpdateVesselType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVesselType,
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}
