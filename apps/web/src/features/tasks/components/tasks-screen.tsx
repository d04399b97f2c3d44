// The port-call tasks view (task_view): open and closed tasks with counts, a filter, 10 a page, downloads and settings.
import { useEffect } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Pagination, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconChecklist, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { partyOf, TASK_FILTERS, TASKS_PAGE_SIZE, type TTaskFilter } from '@quayline/domain';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { PORTCALL_UPDATED_EVENT, usePortcallEvents } from '@/lib/use-portcall-events';
import { useUserDetails } from '@/lib/user';
import { TASK_TYPES, type TTaskType, useTasks } from '../api/get-tasks';
import { countOf, useTasksMeta } from '../api/get-tasks-meta';
import { taskKeys } from '../api/query-keys';
import { TaskCard } from './task-card';
import { TaskDownloads } from './task-downloads';
import { TaskSettingsPopover } from './task-settings-popover';

function readQuery(params: URLSearchParams): { type: TTaskType; filter: TTaskFilter; page: number } {
  const type = params.get('type');
  const filter = params.get('filter');
  const page = Number(params.get('page'));
  return {
    type: (TASK_TYPES as readonly string[]).includes(type ?? '') ? (type as TTaskType) : 'open',
    filter: (TASK_FILTERS as readonly string[]).includes(filter ?? '') ? (filter as TTaskFilter) : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function TasksScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { data: user } = useUserDetails();
  const { zoneOf, defaultZone } = useTerminalTimeZones();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const tasks = useTasks(query);
  const meta = useTasksMeta();

  // Whatever changed on a port call may open or close a task: counts and the page are asked for again.
  usePortcallEvents((event) => {
    if (event.event === PORTCALL_UPDATED_EVENT) void queryClient.invalidateQueries({ queryKey: taskKeys.all });
  });

  const change = (next: Partial<typeof query>) => {
    const merged = { ...query, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.type !== 'open') search.set('type', merged.type);
    if (merged.filter !== 'all') search.set('filter', merged.filter);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };

  // A page that no longer exists (tasks were closed meanwhile) falls back to the last one there is.
  const totalPages = tasks.data?.meta.total_pages;
  useEffect(() => {
    if (totalPages !== undefined && !tasks.isPlaceholderData && query.page > Math.max(1, totalPages)) change({ page: Math.max(1, totalPages) });
  });

  const counts = meta.data?.[query.type];
  const pageMeta = tasks.data?.meta;
  const first = pageMeta && pageMeta.total_count > 0 ? (pageMeta.page - 1) * TASKS_PAGE_SIZE + 1 : 0;
  const last = pageMeta ? Math.min(pageMeta.page * TASKS_PAGE_SIZE, pageMeta.total_count) : 0;

  const panel = (
    <>
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <SegmentedControl
          value={query.filter}
          onChange={(value) => change({ filter: value as TTaskFilter })}
          aria-label={t('tasks.filter_label')}
          data-testid="tasks-filter"
          data={TASK_FILTERS.map((filter) => ({
            value: filter,
            label: (
              <span data-testid={`tasks-filter-${filter}`}>
                {t(`tasks.filters.${filter}`)}
                <Text span size="xs" c="dimmed" ml={6} data-testid={`tasks-filter-count-${filter}`}>
                  {countOf(counts, filter) ?? ''}
                </Text>
              </span>
            ),
          }))}
        />
        {pageMeta && pageMeta.total_count > 0 && (
          <Text size="sm" c="dimmed" data-testid="tasks-range">
            {t('tasks.count_range', { first, last, count: pageMeta.total_count })}
          </Text>
        )}
      </Group>

      {tasks.isPending ? (
        <Center py="xl">
          <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
        </Center>
      ) : tasks.isError ? (
        <Alert color="orange" variant="light" title={t('tasks.load_failed')} role="alert">
          <Button variant="light" size="compact-sm" mt="xs" onClick={() => void tasks.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : tasks.data.items.length === 0 ? (
        <EmptyState
          icon={query.type === 'open' ? <IconCircleCheck size={32} stroke={1.5} /> : <IconChecklist size={32} stroke={1.5} />}
          title={t(`tasks.empty.${query.type}_title`)}
          description={t(`tasks.empty.${query.type}_description`)}
          testId="tasks-empty"
        />
      ) : (
        <Stack gap="sm" data-testid="tasks-list" aria-busy={tasks.isPlaceholderData}>
          {tasks.data.items.map((task) => (
            <TaskCard key={task.portcall.id} task={task} timeZone={zoneOf(task.portcall.terminal_id)} locale={locale} />
          ))}
        </Stack>
      )}

      {pageMeta && pageMeta.total_pages > 1 && (
        <Center mt="lg">
          <Pagination
            total={pageMeta.total_pages}
            value={query.page}
            onChange={(page) => change({ page })}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': t(`tasks.page_${control}`) })}
            data-testid="tasks-pagination"
          />
        </Center>
      )}
    </>
  );

  return (
    <Stack gap={0} data-testid="screen-task_view">
      <PageHeader
        title={t('navigation.tasks')}
        description={t('tasks.description', { zone: defaultZone })}
        actions={
          <Group gap="xs">
            {user && <TaskSettingsPopover party={partyOf(user.user_type)} />}
            <TaskDownloads type={query.type} filter={query.filter} timeZone={defaultZone} />
          </Group>
        }
      />

      <Tabs value={query.type} onChange={(value) => value && change({ type: value as TTaskType })} keepMounted={false}>
        <Tabs.List mb="md">
          {TASK_TYPES.map((type) => (
            <Tabs.Tab
              key={type}
              value={type}
              leftSection={type === 'open' ? <IconChecklist size={16} /> : <IconCircleCheck size={16} />}
              rightSection={
                <Badge size="sm" variant={query.type === type ? 'filled' : 'light'} color={type === 'open' ? 'orange' : 'gray'} radius="xl" data-testid={`tasks-count-${type}`}>
                  {meta.data ? meta.data[type].total : '–'}
                </Badge>
              }
              data-testid={`tasks-tab-${type}`}
            >
              {t(`tasks.types.${type}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TASK_TYPES.map((type) => (
          <Tabs.Panel key={type} value={type}>
            {type === query.type && panel}
          </Tabs.Panel>
        ))}
      </Tabs>

    </Stack>
  );
}
