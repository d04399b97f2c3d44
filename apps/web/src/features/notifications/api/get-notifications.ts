// GET /notification_messages?page -> {items, meta: {page, per_page (10), total_count, total_pages, unread_count}}, newest first.
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { TNotificationMessage, TPageMeta } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export type TNotificationPage = { items: TNotificationMessage[]; meta: TPageMeta & { unread_count: number } };
export type TNotificationPages = InfiniteData<TNotificationPage>;

export const getNotifications = (page: number, signal?: AbortSignal): Promise<TNotificationPage> =>
  api.get<TNotificationPage>('/notification_messages', { page }, signal);

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined),
  });
}

/** The loaded notifications without the repeats a page boundary can produce when new ones arrive between pages. */
export function flattenNotifications(data: TNotificationPages | undefined): TNotificationMessage[] {
  const seen = new Set<number>();
  const out: TNotificationMessage[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** Writes a change into every loaded page (read flags, the unread count). */
export function updateNotificationPages(
  data: TNotificationPages | undefined,
  change: { unreadCount?: number | ((count: number) => number); markRead?: (item: TNotificationMessage) => boolean },
): TNotificationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      items: change.markRead ? page.items.map((item) => (!item.read && change.markRead!(item) ? { ...item, read: true } : item)) : page.items,
      meta: {
        ...page.meta,
        unread_count:
          change.unreadCount === undefined ? page.meta.unread_count : typeof change.unreadCount === 'function' ? change.unreadCount(page.meta.unread_count) : change.unreadCount,
      },
    })),
  };
}
