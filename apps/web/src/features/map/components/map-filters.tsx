// Filters of the map: port-call statuses, only the user's watched calls, and a vessel-name search.
import { MultiSelect, Stack, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PORTCALL_STATUSES, type TPortcallStatus } from '@quayline/domain';
import { statusKey } from '@/entities/portcall/enum-labels';
import type { TMapFilters } from '../hooks/use-map-filters';

export function MapFilters({ filters }: { filters: TMapFilters }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="map-filters">
      <TextInput
        label={t('map.filters.search')}
        placeholder={t('map.filters.search_placeholder')}
        leftSection={<IconSearch size={16} />}
        value={filters.search}
        onChange={(event) => filters.setSearch(event.currentTarget.value)}
        data-testid="map-filter-search"
      />
      <MultiSelect
        label={t('map.filters.status')}
        placeholder={filters.statuses.length ? undefined : t('map.filters.all_statuses')}
        data={PORTCALL_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) }))}
        value={filters.statuses}
        onChange={(values) => filters.setStatuses(values as TPortcallStatus[])}
        clearable
        data-testid="map-filter-status"
        comboboxProps={{ withinPortal: true, zIndex: 1000 }}
      />
      <Switch label={t('map.filters.mine_only')} checked={filters.isMineOnly} onChange={(event) => filters.setMineOnly(event.currentTarget.checked)} data-testid="map-filter-mine" />
    </Stack>
  );
}
