// cargo_operation_progress: calls in Cargo Ops, 6 a page: done against planned volume and the projected end against the planned one.
import { useState } from 'react';
import { Anchor, Center, Group, Pagination, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCrane } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type TCargoProgressItem } from '@quayline/domain';
import { formatNumber } from '@/lib/number-format';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useCargoProgress } from '../api/get-cargo-progress';
import { formatDuration } from '@/lib/number-format';
import { WidgetFrame } from './widget-frame';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function CargoCard({ item }: { item: TCargoProgressItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zoneOf } = useTerminalTimeZones();
  const zone = zoneOf(item.terminal_id);
  const delay = item.projected_delay_minutes;
  const isLate = delay !== null && delay > 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="cargo-item" data-portcall-id={item.portcall_id}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={`/${locale}/portcall-planner/details?id=${item.portcall_id}`} fw={600} truncate>
            {item.vessel_name}
          </Anchor>
          <Text fw={700} data-testid="cargo-percentage">
            {formatNumber(item.cargo_progress_percentage, locale, 1)} %
          </Text>
        </Group>
        <Progress value={Math.min(100, item.cargo_progress_percentage)} color={isLate ? 'orange' : 'harbor'} size="lg" radius="xl" aria-label={t('dashboard.cargo.progress_label', { vessel: item.vessel_name, percent: formatNumber(item.cargo_progress_percentage, locale, 1) })} />
        <SimpleGrid cols={3} spacing="xs">
          <Figure label={t('dashboard.cargo.total')} value={formatNumber(item.total_volume, locale, 0)} testId="cargo-total" />
          <Figure label={t('dashboard.cargo.actual')} value={formatNumber(item.actual_volume, locale, 0)} testId="cargo-actual" />
          <Figure label={t('dashboard.cargo.remaining')} value={formatNumber(item.remaining_volume, locale, 0)} testId="cargo-remaining" />
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="xs">
          <Figure label={t('dashboard.cargo.projected_end')} value={item.projected_end ? formatZonedDateTime(item.projected_end, zone, locale) : t('dashboard.cargo.no_projection')} testId="cargo-projected" />
          <Figure label={t('dashboard.cargo.planned_end')} value={formatZonedDateTime(item.planned_end, zone, locale)} testId="cargo-planned" />
        </SimpleGrid>
        {delay !== null && (
          <Text size="xs" c={isLate ? 'orange.8' : 'teal.8'} fw={600} data-testid="cargo-delay">
            {delay === 0 ? t('dashboard.cargo.on_time') : isLate ? t('dashboard.cargo.late', { duration: formatDuration(delay, t, locale) }) : t('dashboard.cargo.early', { duration: formatDuration(delay, t, locale) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function CargoProgressWidget() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const progress = useCargoProgress(page);
  const meta = progress.data?.meta;
  return (
    <WidgetFrame widget="cargo_operation_progress" icon={<IconCrane size={20} />} state={{ isPending: progress.isPending, isError: progress.isError, retry: () => void progress.refetch() }}>
      {progress.data && progress.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="cargo-empty">
          {t('dashboard.cargo.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" style={{ opacity: progress.isPlaceholderData ? 0.7 : 1 }}>
          {progress.data?.items.map((item) => <CargoCard key={item.portcall_id} item={item} />)}
        </SimpleGrid>
      )}
      {meta && meta.total_pages > 1 && (
        <Center>
          <Pagination total={meta.total_pages} value={page} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': t(`tasks.page_${control}`) })} data-testid="cargo-pagination" />
        </Center>
      )}
    </WidgetFrame>
  );
}
