// watchlist: the pinned calls with their next time and what changed since the user last looked.
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPinned } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TWatchlistItem } from '@quayline/domain';
import { PinButton } from '@/components/pin-button';
import { useLocale } from '@/hooks/use-locale';
import { statusKey } from '@/entities/portcall/enum-labels';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { useWatchlist } from '@/lib/watchlist';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useMarkWatchlistSeen } from '../api/mark-watchlist-seen';
import { WidgetFrame } from './widget-frame';

function WatchlistEntry({ item }: { item: TWatchlistItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zoneOf } = useTerminalTimeZones();
  const markSeen = useMarkWatchlistSeen();
  const zone = zoneOf(item.terminal_id);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="watchlist-item" data-portcall-id={item.portcall_id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/${locale}/portcall-planner/details?id=${item.portcall_id}`} fw={600} data-testid="watchlist-open">
              {item.vessel_name}
            </Anchor>
            <Group gap="xs">
              <Badge variant="light" color="gray" radius="sm">
                {t(statusKey(item.status))}
              </Badge>
              {item.changes_count > 0 && (
                <Badge color="orange" radius="sm" data-testid="watchlist-changes-count">
                  {t('dashboard.watchlist.changes_count', { count: item.changes_count })}
                </Badge>
              )}
            </Group>
          </Stack>
          <PinButton portcallId={item.portcall_id} vesselName={item.vessel_name} variant="icon" />
        </Group>
        <Text size="sm" data-testid="watchlist-next">
          {item.next_time
            ? t('dashboard.watchlist.next_time', {
                time: t(`portcalls.times.${item.next_time.time_type}`),
                at: formatZonedDateTime(item.next_time.time, zone, locale),
                label: item.next_time.label ? t(`portcalls.time_labels.${item.next_time.label}`) : t('portcalls.not_set'),
              })
            : t('dashboard.watchlist.no_next_time')}
        </Text>
        {item.changes.length > 0 && (
          <Stack gap={2} data-testid="watchlist-changes">
            {item.changes.map((change) => (
              <Text key={`${change.field}-${change.at}`} size="xs" c="dimmed">
                {formatZonedDateTime(change.at, zone, locale)} · {t(`portcalls.fields.${change.field}`, { defaultValue: t(`portcalls.times.${change.field}`, { defaultValue: change.field }) })}:{' '}
                {change.old_value ?? t('portcalls.not_set')} → {change.new_value ?? t('portcalls.not_set')}
              </Text>
            ))}
            <Group>
              <Button variant="subtle" size="compact-xs" onClick={() => markSeen.mutate(item.portcall_id)} loading={markSeen.isPending} data-testid="watchlist-mark-seen">
                {t('dashboard.watchlist.mark_seen')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export function WatchlistWidget() {
  const { t } = useTranslation();
  const watchlist = useWatchlist();
  return (
    <WidgetFrame widget="watchlist" icon={<IconPinned size={20} />} state={{ isPending: watchlist.isPending, isError: watchlist.isError, retry: () => void watchlist.refetch() }}>
      {watchlist.data && watchlist.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="watchlist-empty">
          {t('dashboard.watchlist.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {watchlist.data?.items.map((item) => <WatchlistEntry key={item.portcall_id} item={item} />)}
        </Stack>
      )}
    </WidgetFrame>
  );
}
