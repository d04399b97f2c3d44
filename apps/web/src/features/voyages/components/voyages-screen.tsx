// /voyage-center/voyages (voyages_view): current and departed voyages, 10 a page, filters kept in the URL.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Center, Grid, Loader, Pagination, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconListDetails, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { partyOf, VOYAGE_SOURCES, VOYAGES_PAGE_SIZE, type TVoyageSource } from '@quayline/domain';
import { EntitySelect } from '@/components/entity-select';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { useUserDetails } from '@/lib/user';
import { useVoyages, type TVoyageListFilters } from '../api/get-voyages';
import { usePickerTexts } from '../hooks/use-picker-texts';
import { sourceLabel } from '../utils/labels';
import { VoyageCard } from './voyage-card';

const STATES = ['current', 'departed'] as const;
type TState = (typeof STATES)[number];
const SYNC_FILTERS = ['active', 'inactive'] as const;
type TSync = (typeof SYNC_FILTERS)[number];

const positiveInt = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? '') ? (value as T) : undefined);

function readFilters(params: URLSearchParams): TVoyageListFilters {
  return {
    state: oneOf(STATES, params.get('state')) ?? 'current',
    page: positiveInt(params.get('page')) ?? 1,
    service: params.get('service')?.trim() || undefined,
    vessel_id: positiveInt(params.get('vessel_id')),
    vessel_operator_id: positiveInt(params.get('vessel_operator_id')),
    source: oneOf(VOYAGE_SOURCES, params.get('source')),
    sync: oneOf(SYNC_FILTERS, params.get('sync')),
  };
}

export function VoyagesScreen() {
  const { t } = useTranslation();
  const pickerTexts = usePickerTexts();
  const locale = useLocale();
  const { zoneOf } = useTerminalTimeZones();
  const { data: user } = useUserDetails();
  const isVesselSide = user ? partyOf(user.user_type) === 'vessel_side' : false;
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const voyages = useVoyages(filters);
  const [serviceText, setServiceText] = useState(filters.service ?? '');
  const [debouncedService] = useDebouncedValue(serviceText, 300);
  const [labels, setLabels] = useState<{ vessel: string | null; operator: string | null }>({ vessel: null, operator: null });

  const change = (next: Partial<TVoyageListFilters>) => {
    const merged: TVoyageListFilters = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.state !== 'current') search.set('state', merged.state);
    if (merged.service) search.set('service', merged.service);
    if (merged.vessel_id) search.set('vessel_id', String(merged.vessel_id));
    if (merged.vessel_operator_id) search.set('vessel_operator_id', String(merged.vessel_operator_id));
    if (merged.source) search.set('source', merged.source);
    if (merged.sync) search.set('sync', merged.sync);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };

  useEffect(() => {
    const next = debouncedService.trim() || undefined;
    if (next !== filters.service) change({ service: next });
    // Only the typed text drives this; the other filters are read fresh when it fires.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedService]);

  const meta = voyages.data?.meta;
  const first = meta && meta.total_count > 0 ? (meta.page - 1) * VOYAGES_PAGE_SIZE + 1 : 0;
  const last = meta ? Math.min(meta.page * VOYAGES_PAGE_SIZE, meta.total_count) : 0;
  const vesselLabel = labels.vessel ?? voyages.data?.items.find((v) => v.vessel_id === filters.vessel_id)?.vessel_name ?? null;
  const operatorLabel = labels.operator ?? voyages.data?.items.find((v) => v.vessel_operator_id === filters.vessel_operator_id)?.vessel_operator ?? null;

  const panel = (
    <Stack gap="md">
      {/* Phones get the search on its own row and the pickers two by two, so the list starts within the first screen. */}
      <Grid columns={10} gutter="sm" data-testid="voyage-filters">
        <Grid.Col span={{ base: 10, md: 2 }}>
          <TextInput
            size="sm"
            label={t('voyageCenter.voyages.filter_service')}
            leftSection={<IconSearch size={16} />}
            value={serviceText}
            onChange={(e) => setServiceText(e.currentTarget.value)}
            data-testid="voyage-filter-service"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: 2 }}>
          <EntitySelect
            searchTexts={pickerTexts}
            kind="vessels"
            label={t('voyageCenter.voyages.filter_vessel')}
            value={filters.vessel_id ?? null}
            selectedLabel={vesselLabel}
            optionLabel={(vessel) => `${vessel.name} (${vessel.imo_number})`}
            onChange={(id, item) => {
              setLabels((l) => ({ ...l, vessel: item ? `${item.name} (${item.imo_number})` : null }));
              change({ vessel_id: id ?? undefined });
            }}
            testId="voyage-filter-vessel"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: 2 }}>
          <EntitySelect
            searchTexts={pickerTexts}
            kind="vessel_operators"
            label={t('voyageCenter.voyages.filter_operator')}
            value={filters.vessel_operator_id ?? null}
            selectedLabel={operatorLabel}
            optionLabel={(org) => org.name}
            onChange={(id, item) => {
              setLabels((l) => ({ ...l, operator: item?.name ?? null }));
              change({ vessel_operator_id: id ?? undefined });
            }}
            testId="voyage-filter-operator"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: 2 }}>
          <Select
            label={t('voyageCenter.voyages.filter_source')}
            placeholder={t('voyageCenter.voyages.all')}
            clearable
            value={filters.source ?? null}
            onChange={(value) => change({ source: (value as TVoyageSource | null) ?? undefined })}
            data={VOYAGE_SOURCES.map((value) => ({ value, label: sourceLabel(t, value) }))}
            data-testid="voyage-filter-source"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: 2 }}>
          <Select
            label={t('voyageCenter.voyages.filter_sync')}
            placeholder={t('voyageCenter.voyages.all')}
            clearable
            value={filters.sync ?? null}
            onChange={(value) => change({ sync: (value as TSync | null) ?? undefined })}
            data={SYNC_FILTERS.map((value) => ({ value, label: t(`voyageCenter.voyages.sync_${value}`) }))}
            data-testid="voyage-filter-sync"
          />
        </Grid.Col>
      </Grid>
      {meta && meta.total_count > 0 && (
        <Text size="sm" c="dimmed" data-testid="voyages-range">
          {t('voyageCenter.voyages.count_range', { first, last, count: meta.total_count })}
        </Text>
      )}
      {voyages.isPending ? (
        <Center py="xl">
          <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
        </Center>
      ) : voyages.isError ? (
        <Alert color="orange" variant="light" title={t('voyageCenter.voyages.load_failed')} role="alert">
          <Button variant="light" size="compact-sm" mt="xs" onClick={() => void voyages.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : voyages.data.items.length === 0 ? (
        <EmptyState icon={<IconListDetails size={32} stroke={1.5} />} title={t(`voyageCenter.voyages.empty_${filters.state}`)} description={t('voyageCenter.voyages.empty_description')} testId="voyages-empty" />
      ) : (
        <Stack gap="sm" data-testid="voyages-list" aria-busy={voyages.isPlaceholderData}>
          {voyages.data.items.map((voyage) => (
            <VoyageCard key={voyage.id} voyage={voyage} timeZone={zoneOf(voyage.terminal_id)} />
          ))}
        </Stack>
      )}
      {meta && meta.total_pages > 1 && (
        <Center>
          <Pagination
            total={meta.total_pages}
            value={filters.page}
            onChange={(page) => change({ page })}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': t(`voyageCenter.voyages.page_${control}`) })}
            data-testid="voyages-pagination"
          />
        </Center>
      )}
    </Stack>
  );

  return (
    <Stack gap={0} data-testid="screen-voyages_view">
      <PageHeader
        title={t('navigation.voyages')}
        description={isVesselSide ? t('voyageCenter.voyages.description_vessel_side') : t('voyageCenter.voyages.description')}
        actions={
          <Button component={Link} to={`/${locale}/voyage-center/voyages/edit`} leftSection={<IconPlus size={18} />} data-testid="voyage-new">
            {t('voyageCenter.voyages.new')}
          </Button>
        }
      />
      <Tabs value={filters.state} onChange={(value) => value && change({ state: value as TState })} keepMounted={false}>
        <Tabs.List mb="md">
          {STATES.map((state) => (
            <Tabs.Tab
              key={state}
              value={state}
              data-testid={`voyages-tab-${state}`}
              rightSection={
                state === filters.state && meta ? (
                  <Badge size="sm" radius="xl" variant="filled" color="navy" data-testid={`voyages-count-${state}`}>
                    {meta.total_count}
                  </Badge>
                ) : undefined
              }
            >
              {t(`voyageCenter.voyages.tab_${state}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STATES.map((state) => (
          <Tabs.Panel key={state} value={state}>
            {state === filters.state && panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
