// Filters of the port-call list, kept for the browser tab so coming back from a port call restores them.
import { useSessionStorage } from '@mantine/hooks';
import { addDays } from '@/lib/zoned-time';
import type { TPortcallStatus } from '@quayline/domain';

export type TPickedRecord = { id: number; label: string };
export type TPortcallFilters = {
  /** Calendar days in the terminal's zone; null means the default window. */
  from: string | null;
  to: string | null;
  statuses: TPortcallStatus[];
  q: string;
  operator: TPickedRecord | null;
  agent: TPickedRecord | null;
  page: number;
};

/** Spec section 9: the planners look 7 days back and 21 days ahead. */
export const DAYS_BEFORE = 7;
export const DAYS_AFTER = 21;

export const EMPTY_FILTERS: TPortcallFilters = { from: null, to: null, statuses: [], q: '', operator: null, agent: null, page: 1 };

export function defaultWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -DAYS_BEFORE), to: addDays(today, DAYS_AFTER) };
}

export function usePortcallFilters() {
  const [filters, setFilters] = useSessionStorage<TPortcallFilters>({ key: 'quayline.portcall-filters', defaultValue: EMPTY_FILTERS, getInitialValueInEffect: false });
  /** Any change of a filter goes back to the first page. */
  const update = (patch: Partial<Omit<TPortcallFilters, 'page'>>) => setFilters((current) => ({ ...current, ...patch, page: 1 }));
  const setPage = (page: number) => setFilters((current) => ({ ...current, page }));
  const reset = () => setFilters(EMPTY_FILTERS);
  return { filters, update, setPage, reset };
}
