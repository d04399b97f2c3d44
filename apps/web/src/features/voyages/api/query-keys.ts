// Query keys of the voyage center in one place, so a write refreshes exactly what it changed.
import type { TVoyageListFilters } from './get-voyages';

export const voyageKeys = {
  all: ['voyages'] as const,
  lists: () => [...voyageKeys.all, 'list'] as const,
  list: (filters: TVoyageListFilters) => [...voyageKeys.lists(), filters] as const,
  detail: (id: number) => [...voyageKeys.all, 'detail', id] as const,
  templateCount: (terminalId: number | null) => ['voyage-templates', 'count', terminalId] as const,
};

export const scheduleProviderKeys = {
  all: ['schedule-providers'] as const,
  providers: (terminalId: number) => [...scheduleProviderKeys.all, 'providers', terminalId] as const,
  runs: (terminalId: number, page: number) => [...scheduleProviderKeys.all, 'runs', terminalId, page] as const,
  allRuns: () => [...scheduleProviderKeys.all, 'runs'] as const,
};
