// GET /dashboard/user_stats: counts of what needs the user, each with the list it opens.
import { useQuery } from '@tanstack/react-query';
import type { TUserStats } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export const getUserStats = (signal?: AbortSignal): Promise<TUserStats> => api.get<TUserStats>('/dashboard/user_stats', undefined, signal);

export function useUserStats() {
  return useQuery({ queryKey: dashboardKeys.userStats(undefined), queryFn: ({ signal }) => getUserStats(signal) });
}
