// /portcall-planner (portcall_planner_list): the current terminal's port calls in a time window, filtered, paged, by arrival.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Collapse, Group, Loader, MultiSelect, Pagination, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconAlertCircle, IconFilterOff, IconPlus, IconSearch, IconShip } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE, MOBILE_BREAKPOINT_PX, STATUS_DISPLAY_ORDER, type TPortcallStatus } from '@quayline/domain';
import { EntitySelect } from '@/components/entity-select';
import { ExportMenu } from '@/components/export-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { organisationLabel } from '@/lib/record-labels';
import { useCurrentTerminal } from '@/lib/terminals';
import { addDays, startOfZonedDay, zonedDay } from '@/lib/zoned-time';
import { usePortcalls } from '../api/get-portcalls';
import { useLivePortcalls } from '../hooks/use-live-portcalls';
import { portcallServerDownloads, usePortcallExport } from '../hooks/use-portcall-export';
import { defaultWindow, usePortcallFilters } from '../hooks/use-portcall-filters';
import { statusKey } from '@/entities/portcall/enum-labels';
import { PortcallTable } from './portcall-table';
import { DateField } from '@/components/date-inputs';

export const PORTCALL_PAGE_SIZE = 25;

export function PortcallListScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const terminalQuery = useCurrentTerminal();
  const terminal = terminalQuery.data;
  const timeZone = terminal?.time_zone ?? DEFAULT_TIMEZONE;
  const { filters, update, setPage, reset } = usePortcallFilters();
  useLivePortcalls();

  // Read once per visit, so the query's key stays put while the page is open.
  const [openedAt] = useState(() => Date.now());
  const defaultDays = defaultWindow(zonedDay(openedAt, timeZone));
  const from = filters.from ?? defaultDays.from;
  const to = filters.to ?? defaultDays.to;
  const isWindowValid = to >= from;

  const [searchText, setSearchText] = useState(filters.q);
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  useEffect(() => {
    if (debouncedSearch.trim() !== filters.q) update({ q: debouncedSearch.trim() });
    // Only the typed text drives this; the stored filters follow it.
  }, [debouncedSearch]);

  // A link from elsewhere (the dashboard's counts) may carry `status`, `from` and `to` (instants): they become the filters once.
  const [linkParams, setLinkParams] = useSearchParams();
  useEffect(() => {
    if (!terminal) return;
    const statuses = STATUS_DISPLAY_ORDER.filter((s) => linkParams.getAll('status').includes(s)) as TPortcallStatus[];
    const dayOf = (key: string) => {
      const ms = Date.parse(linkParams.get(key) ?? '');
      return Number.isNaN(ms) ? null : zonedDay(ms, timeZone);
    };
    if (!statuses.length && !linkParams.has('from') && !linkParams.has('to')) return;
    update({ statuses, from: dayOf('from'), to: dayOf('to'), q: '', operator: null, agent: null });
    setSearchText('');
    setLinkParams({}, { replace: true });
  }, [terminal, linkParams]);

  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [areFiltersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const activeFilterCount = [filters.from !== null || filters.to !== null, filters.statuses.length > 0, filters.operator !== null, filters.agent !== null, !!filters.priseAction].filter(Boolean).length;

  const listFilters = {
    terminal_id: terminal?.id,
    // Without a chosen start the list begins now: a call departed this morning is done, one alongside is still work.
    from: filters.from === null ? new Date(openedAt).toISOString() : (startOfZonedDay(from, timeZone) ?? undefined),
    // The window includes its last day.
    to: startOfZonedDay(addDays(to, 1), timeZone) ?? undefined,
    statuses: filters.statuses.length ? filters.statuses : undefined,
    q: filters.q || undefined,
    vessel_operator_id: filters.operator?.id,
    agent_id: filters.agent?.id,
    prise_action: filters.priseAction ? ('true' as const) : undefined,
  };
  const list = usePortcalls({ ...listFilters, page: filters.page, per_page: PORTCALL_PAGE_SIZE }, !!terminal && isWindowValid);
  const exportTable = usePortcallExport(list.data?.items ?? [], timeZone);

  const fromField = (
    <DateField clearable
      size="sm"
      label={t('portcalls.list.from')}
      value={from}
      onChange={(next) => update({ from: next || null })}
      data-testid="filter-from"
    />
  );
  const toField = (
    <DateField clearable
      size="sm"
      label={t('portcalls.list.to')}
      value={to}
      onChange={(next) => update({ to: next || null })}
      error={isWindowValid ? undefined : t('portcalls.list.window_invalid')}
      data-testid="filter-to"
    />
  );
  const statusField = (
    <MultiSelect
      size="sm"
      label={t('portcalls.list.status')}
      placeholder={filters.statuses.length ? undefined : t('portcalls.list.all_statuses')}
      data={STATUS_DISPLAY_ORDER.map((status) => ({ value: status, label: t(statusKey(status)) }))}
      value={filters.statuses}
      onChange={(values) => update({ statuses: STATUS_DISPLAY_ORDER.filter((s) => values.includes(s)) as TPortcallStatus[] })}
      clearable
      data-testid="filter-status"
    />
  );
  const priseField = (
    <Select
      size="sm"
      label={t('portcalls.list.prise_filter')}
      data={[
        { value: 'any', label: t('portcalls.list.any') },
        { value: 'action', label: t('portcalls.list.prise_filter_action') },
      ]}
      value={filters.priseAction ? 'action' : 'any'}
      onChange={(value) => update({ priseAction: value === 'action' })}
      allowDeselect={false}
      data-testid="filter-prise"
    />
  );
  const searchField = (
    <TextField
      size="sm"
      label={t('portcalls.list.search')}
      placeholder={t('portcalls.list.search_placeholder')}
      leftSection={<IconSearch size={16} />}
      value={searchText}
      maxLength={100}
      onChange={(event) => setSearchText(event.currentTarget.value)}
      data-testid="filter-search"
    />
  );
  const operatorField = (
    <EntitySelect
      kind="vessel_operators"
      size="sm"
      label={t('portcalls.fields.vessel_operator_id')}
      placeholder={t('portcalls.list.any')}
      value={filters.operator?.id ?? null}
      selectedLabel={filters.operator?.label ?? null}
      optionLabel={(o) => organisationLabel({ code: o.code, name: o.name })}
      onChange={(id, item) => update({ operator: id === null ? null : { id, label: item ? organisationLabel({ code: item.code, name: item.name }) : (filters.operator?.label ?? String(id)) } })}
      testId="filter-operator"
    />
  );
  const agentField = (
    <EntitySelect
      kind="agents"
      size="sm"
      label={t('portcalls.fields.agent_id')}
      placeholder={t('portcalls.list.any')}
      value={filters.agent?.id ?? null}
      selectedLabel={filters.agent?.label ?? null}
      optionLabel={(o) => organisationLabel({ code: o.code, name: o.name })}
      onChange={(id, item) => update({ agent: id === null ? null : { id, label: item ? organisationLabel({ code: item.code, name: item.name }) : (filters.agent?.label ?? String(id)) } })}
      testId="filter-agent"
    />
  );

  const addButton = (
    <Button component={Link} to={`/${locale}/portcall-planner/portcall/add`} leftSection={<IconPlus size={18} />} data-testid="portcall-add">
      {t('portcalls.list.add')}
    </Button>
  );

  if (terminalQuery.isError) {
    return (
      <Stack gap={0} data-testid="screen-portcall_planner_list">
        <PageHeader title={t('navigation.portcall_planner')} />
        <EmptyState icon={<IconShip size={32} stroke={1.5} />} title={t('portcalls.list.no_terminal_title')} description={t('portcalls.list.no_terminal_description')} testId="portcall-no-terminal" />
      </Stack>
    );
  }

  const meta = list.data?.meta;
  const items = list.data?.items ?? [];
  const firstShown = meta && meta.total_count > 0 ? (meta.page - 1) * meta.per_page + 1 : 0;
  const lastShown = meta ? Math.min(meta.page * meta.per_page, meta.total_count) : 0;
  const hasFilters = filters.from !== null || filters.to !== null || filters.statuses.length > 0 || filters.q !== '' || filters.operator !== null || filters.agent !== null || !!filters.priseAction;

  return (
    <Stack gap="md" data-testid="screen-portcall_planner_list">
      <PageHeader
        title={t('navigation.portcall_planner')}
        description={terminal ? t('portcalls.list.description', { terminal: terminal.name, zone: timeZone }) : undefined}
        actions={
          <Group gap="sm">
            {/* The page on screen from the browser; every matching call from the server's download. */}
            <ExportMenu
              rows={exportTable.rows}
              columns={exportTable.columns}
              tableLabel={t('navigation.portcall_planner')}
              fileName="portcalls"
              serverDownloads={terminal && isWindowValid && list.data ? portcallServerDownloads(listFilters, timeZone, list.data.meta.total_count, locale) : undefined}
              testId="portcall-export"
            />
            {addButton}
          </Group>
        }
      />

      <Paper withBorder radius="lg" p="md" component="section" aria-label={t('portcalls.list.filters')}>
        {isMobile ? (
          <Stack gap="sm">
            {searchField}
            <Button
              variant="light"
              size="sm"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={toggleFilters}
              aria-expanded={areFiltersOpen}
              data-testid="filter-toggle"
            >
              {activeFilterCount > 0 ? `${t('portcalls.list.more_filters')} · ${t('portcalls.list.active_filters', { count: activeFilterCount })}` : t('portcalls.list.more_filters')}
            </Button>
            <Collapse in={areFiltersOpen}>
              <Stack gap="sm">
                {fromField}
                {toField}
                {statusField}
                {operatorField}
                {agentField}
                {priseField}
              </Stack>
            </Collapse>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4, xl: 7 }} spacing="sm" verticalSpacing="sm">
            {fromField}
            {toField}
            {statusField}
            {searchField}
            {operatorField}
            {agentField}
            {priseField}
          </SimpleGrid>
        )}
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="sm" c="dimmed" data-testid="portcall-count" aria-live="polite">
            {meta ? t('portcalls.list.count', { count: meta.total_count, first: firstShown, last: lastShown }) : null}
            {meta && filters.from === null ? ` · ${t('portcalls.list.from_now')}` : null}
          </Text>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={14} />}
            disabled={!hasFilters}
            onClick={() => {
              setSearchText('');
              reset();
            }}
            data-testid="filter-reset"
          >
            {t('portcalls.list.reset_filters')}
          </Button>
        </Group>
      </Paper>

      {list.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid="portcall-list-error">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorText(list.error)}</Text>
            <Anchor component="button" type="button" size="sm" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Anchor>
          </Group>
        </Alert>
      )}

      {(terminalQuery.isPending || (list.isPending && list.fetchStatus !== 'idle')) && (
        <Group justify="center" p="xl">
          <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
        </Group>
      )}

      {list.isSuccess && items.length === 0 && (
        <EmptyState icon={<IconShip size={32} stroke={1.5} />} title={t('portcalls.list.empty_title')} description={t('portcalls.list.empty_description')} testId="portcall-list-empty">
          {addButton}
        </EmptyState>
      )}

      {/* Dimmed only while the rows are another filter's: a live update's refetch keeps current rows readable. */}
      {items.length > 0 && <PortcallTable portcalls={items} timeZone={timeZone} isStale={list.isPlaceholderData} />}

      {meta && meta.total_pages > 1 && (
        <Group justify="center">
          <Pagination
            total={meta.total_pages}
            value={meta.page}
            onChange={setPage}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': t(`portcalls.list.page_${control}`) })}
            data-testid="portcall-pagination"
          />
        </Group>
      )}
    </Stack>
  );
}
