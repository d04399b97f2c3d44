// GET /portcalls/:id/ais_detections and POST /ais_detections/:id/apply|dismiss: the times AIS detected for a call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAisDetection, TPortcall } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export const aisDetectionKeys = { list: (portcallId: number) => [...portcallKeys.all, 'ais-detections', portcallId] as const };

export type TDetectionDecision = 'apply' | 'dismiss';

export const getAisDetections = (portcallId: number, signal?: AbortSignal): Promise<TAisDetection[]> =>
  api.get<TAisDetection[]>(`/portcalls/${portcallId}/ais_detections`, undefined, signal);
export const decideAisDetection = (args: { detectionId: number; decision: TDetectionDecision; version: number }): Promise<TPortcall> =>
  api.post<TPortcall>(`/ais_detections/${args.detectionId}/${args.decision}`, { version: args.version });

export function useAisDetections(portcallId: number) {
  return useQuery({ queryKey: aisDetectionKeys.list(portcallId), queryFn: ({ signal }) => getAisDetections(portcallId, signal) });
}

/** The answer is the port call after the decision: it replaces the cached one, and its chain and detections are asked again. */
export function useDecideAisDetection(portcallId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAisDetection,
    onSuccess: (portcall) => {
      queryClient.setQueryData(portcallKeys.detail(portcallId), portcall);
      void queryClient.invalidateQueries({ queryKey: aisDetectionKeys.list(portcallId) });
      void queryClient.invalidateQueries({ queryKey: portcallKeys.timestamps(portcallId) });
      void queryClient.invalidateQueries({ queryKey: portcallKeys.audits(portcallId) });
    },
  });
}
