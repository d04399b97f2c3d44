// Query keys of the notifications feature: the paged list carries the unread count the header badge shows.
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
