// GET /dashboard/cargo_operation_progress?page&per_page=6: calls in Cargo Ops with done, left and the projected end.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CARGO_PROGRESS_PAGE_SIZE, type TCargoProgressItem, type TPageMeta } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export type TCargoProgressPage = { items: TCargoProgressItem[]; meta: TPageMeta };

export const getCargoProgress = (page: number, signal?: AbortSignal): Promise<TCargoProgressPage> =>
  api.get<TCargoProgressPage>('/dashboard/cargo_operation_progress', { page, per_page: CARGO_PROGRESS_PAGE_SIZE }, signal);

export function useCargoProgress(page: number) {
  return useQuery({ queryKey: dashboardKeys.cargoProgress(page), queryFn: ({ signal }) => getCargoProgress(page, signal), placeholderData: keepPreviousData });
}
