// Query keys of the tasks feature; a port-call change invalidates `all`, so lists and counts refresh together.
import type { TTaskListQuery } from './get-tasks';

export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TTaskListQuery) => [...taskKeys.all, 'list', query] as const,
  meta: () => [...taskKeys.all, 'meta'] as const,
  settings: () => ['task-settings'] as const,
};
