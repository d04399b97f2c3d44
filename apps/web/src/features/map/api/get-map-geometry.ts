// GET /terminals/:id/map_geometry -> quay line, berth polygons, pilot boarding places and an optional tile server.
import { useQuery } from '@tanstack/react-query';
import type { TTerminalMapGeometry } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { mapKeys } from './query-keys';

export const getMapGeometry = (terminalId: number, signal?: AbortSignal): Promise<TTerminalMapGeometry> =>
  api.get<TTerminalMapGeometry>(`/terminals/${terminalId}/map_geometry`, undefined, signal);

export function useMapGeometry(terminalId: number | null) {
  return useQuery({
    queryKey: mapKeys.geometry(terminalId ?? 0),
    queryFn: ({ signal }) => getMapGeometry(terminalId!, signal),
    enabled: terminalId !== null,
    staleTime: 5 * 60_000,
  });
}
