// Filters of the port-call list, kept for the browser tab so coming back from a port call restores them.
import { useSessionStorage } from '@mantine/hooks';
import { addDays } from '@/lib/zoned-time';
import type { TPortcallStatus } from '@quayline/domain';

export type TPickedRecord = { id: number; label: string };
export type TPortcallFilters = {
  /** Calendar days in the terminal's zone; null means the default window (from now: calls still to come or alongside). */
  from: string | null;
  to: string | null;
  statuses: TPortcallStatus[];
  q: string;
  operator: TPickedRecord | null;
  agent: TPickedRecord | null;
  /** Only calls whose PRISE notice waits for someone (due, missing, rejected); absent in filters stored before it. */
  priseAction?: boolean;
  page: number;
};

/** The list opens on what comes next: calls not yet departed, up to 21 days ahead (the planners' look-ahead, spec section 9). */
export const DAYS_AFTER = 21;

export const EMPTY_FILTERS: TPortcallFilters = { from: null, to: null, statuses: [], q: '', operator: null, agent: null, priseAction: false, page: 1 };

export function defaultWindow(today: string): { from: string; to: string } {
  return { from: today, to: addDays(today, DAYS_AFTER) };
}

export function usePortcallFilters() {
  const [filters, setFilters] = useSessionStorage<TPortcallFilters>({ key: 'quayline.portcall-filters', defaultValue: EMPTY_FILTERS, getInitialValueInEffect: false });
  /** Any change of a filter goes back to the first page. */
  const update = (patch: Partial<Omit<TPortcallFilters, 'page'>>) => setFilters((current) => ({ ...current, ...patch, page: 1 }));
  const setPage = (page: number) => setFilters((current) => ({ ...current, page }));
  const reset = () => setFilters(EMPTY_FILTERS);
  return { filters, update, setPage, reset };
}
