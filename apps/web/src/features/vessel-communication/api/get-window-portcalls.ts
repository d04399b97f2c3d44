// GET /portcalls?from&to&q&page&per_page: the user's port calls of the current window (7 days back to 21 ahead, spec 9).
import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TPaged, TPortcall } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { messageKeys } from './query-keys';

const DAY_MS = 86_400_000;
export const WINDOW_DAYS_BEFORE = 7;
export const WINDOW_DAYS_AFTER = 21;
const PER_PAGE = 50;

export type TWindowPortcallsQuery = { from: string; to: string; q: string };

/** The window around now; fixed for the life of the screen, so its query key stays the same. */
export function useCurrentWindow(): { from: string; to: string } {
  const [range] = useState(() => {
    const now = Date.now();
    return { from: new Date(now - WINDOW_DAYS_BEFORE * DAY_MS).toISOString(), to: new Date(now + WINDOW_DAYS_AFTER * DAY_MS).toISOString() };
  });
  return range;
}

export const getWindowPortcalls = ({ from, to, q }: TWindowPortcallsQuery, page: number, signal?: AbortSignal): Promise<TPaged<TPortcall>> =>
  api.get<TPaged<TPortcall>>('/portcalls', { from, to, q: q || undefined, page, per_page: PER_PAGE }, signal);

export function useWindowPortcalls(query: TWindowPortcallsQuery) {
  return useInfiniteQuery({
    queryKey: messageKeys.portcalls(query),
    queryFn: ({ pageParam, signal }) => getWindowPortcalls(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}
