// The map's filters and selection, kept in the address: statuses, "my calls", the vessel-name search and the selected call.
import { useMemo } from 'react';
import { PORTCALL_STATUSES, type TPortcallStatus } from '@quayline/domain';
import { useSearchParam } from '@/lib/search-params';

export type TMapFilters = {
  statuses: TPortcallStatus[];
  isMineOnly: boolean;
  search: string;
  selectedId: number | null;
  setStatuses: (statuses: TPortcallStatus[]) => void;
  setMineOnly: (isMineOnly: boolean) => void;
  setSearch: (search: string) => void;
  select: (portcallId: number | null) => void;
};

const isStatus = (value: string): value is TPortcallStatus => (PORTCALL_STATUSES as readonly string[]).includes(value);

export function useMapFilters(): TMapFilters {
  const [params, setParam] = useSearchParam();
  const statusText = params.get('status') ?? '';
  const statuses = useMemo(() => statusText.split(',').filter(isStatus), [statusText]);
  const selectedText = params.get('call');
  const selected = selectedText && /^\d+$/.test(selectedText) ? Number(selectedText) : null;
  return {
    statuses,
    isMineOnly: params.get('mine') === '1',
    search: params.get('q') ?? '',
    selectedId: selected,
    // Kept in the spec's display order whatever order they were picked in, so the same filter is one cache entry.
    setStatuses: (next) => setParam('status', next.length ? PORTCALL_STATUSES.filter((s) => next.includes(s)).join(',') : null),
    setMineOnly: (next) => setParam('mine', next ? '1' : null),
    setSearch: (next) => setParam('q', next ? next : null),
    select: (id) => setParam('call', id === null ? null : String(id)),
  };
}
