// GET /ais/predict_route -> the sea and fairway legs from the vessel to the pilot boarding place and the berth, with ETAs.
import { useQuery } from '@tanstack/react-query';
import type { TPredictedRoute } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { mapKeys } from './query-keys';

export const getPredictedRoute = (portcallId: number, signal?: AbortSignal): Promise<TPredictedRoute> =>
  api.get<TPredictedRoute>('/ais/predict_route', { portcall_id: portcallId }, signal);

export function usePredictedRoute(portcallId: number | null) {
  return useQuery({
    queryKey: mapKeys.route(portcallId ?? 0),
    queryFn: ({ signal }) => getPredictedRoute(portcallId!, signal),
    enabled: portcallId !== null,
    // The route moves with the vessel; a minute old is close enough and spares the server a graph search per click.
    staleTime: 60_000,
  });
}
