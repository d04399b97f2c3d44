// GET /tidal_data?terminal_id&from&to&step_minutes: water level curve and high/low waters (window of at most 45 days).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { plannerKeys } from './query-keys';

export type TTidalData = {
  station: { id: string; name: string; distance_km: number; datum: 'LAT' } | null;
  levels: { time: string; height: number }[];
  extremes: { time: string; height: number; type: 'high' | 'low' }[];
};

const MAX_WINDOW_MS = 45 * 86_400_000;
const STEP_MINUTES = 30;

export function tidalDataQuery(terminalId: number, from: string, to: string) {
  // The server takes 45 days at most; a longer window shows the tide of its first 45 days.
  const clippedTo = from && to ? new Date(Math.min(Date.parse(to), Date.parse(from) + MAX_WINDOW_MS)).toISOString() : to;
  return queryOptions({
    queryKey: plannerKeys.tide(terminalId, from, clippedTo),
    queryFn: ({ signal }) => api.get<TTidalData>('/tidal_data', { terminal_id: terminalId, from, to: clippedTo, step_minutes: STEP_MINUTES }, signal),
    staleTime: 30 * 60_000,
  });
}

export function useTidalData(terminalId: number | null, from: string, to: string) {
  return useQuery({ ...tidalDataQuery(terminalId ?? 0, from, to), enabled: terminalId !== null && from !== '' });
}
