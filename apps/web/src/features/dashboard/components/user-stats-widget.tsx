// user_stats: counts as cards, each opening the list that shows exactly what it counted.
import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChartDots } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TUserStats } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { statusKey } from '@/entities/portcall/enum-labels';
import { useUserStats } from '../api/get-user-stats';
import { formatDuration } from '@/lib/number-format';
import { WidgetFrame } from './widget-frame';

type TStatLink = TUserStats['in_port']['link'];

const VIEW_PATHS: Record<TStatLink['view'], string> = {
  portcall_planner: '/portcall-planner',
  tasks: '/portcall-tasks',
  vessel_communication: '/vessel-communication',
};

export function statLinkHref(locale: string, link: TStatLink): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(link.query)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, one);
  }
  const text = search.toString();
  return `/${locale}${VIEW_PATHS[link.view]}${text ? `?${text}` : ''}`;
}

function StatCard({ label, count, detail, href, testId, tone }: { label: string; count: number; detail?: ReactNode; href: string; testId: string; tone?: 'attention' }) {
  return (
    <Paper
      component={Link}
      to={href}
      withBorder
      radius="md"
      p="sm"
      data-testid={testId}
      style={{ textDecoration: 'none', color: 'inherit', minWidth: 0, borderColor: tone === 'attention' && count > 0 ? 'var(--mantine-color-orange-4)' : undefined }}
    >
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={3}>
          {label}
        </Text>
        <Text fz={28} fw={700} c="navy.9" data-testid={`${testId}-count`}>
          {count}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function UserStatsWidget() {
  const { t } = useTranslation();
  const locale = useLocale();
  const stats = useUserStats();
  const s = stats.data;
  return (
    <WidgetFrame widget="user_stats" icon={<IconChartDots size={20} />} state={{ isPending: stats.isPending, isError: stats.isError, retry: () => void stats.refetch() }}>
      {s && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <StatCard
              testId="stat-waiting_for_me"
              tone="attention"
              label={t('dashboard.stats.waiting_for_me')}
              count={s.waiting_for_me.count}
              href={statLinkHref(locale, s.waiting_for_me.link)}
              detail={
                <>
                  {t('dashboard.stats.waiting_explained')}
                  <br />
                  {t('dashboard.stats.waiting_detail', { requests: s.waiting_for_me.requests, proposals: s.waiting_for_me.proposals, cancellations: s.waiting_for_me.cancellations })}
                  {s.waiting_for_me.oldest_age_minutes !== null && <> · {t('dashboard.stats.oldest', { age: formatDuration(s.waiting_for_me.oldest_age_minutes, t, locale) })}</>}
                </>
              }
            />
            {/* Two figures that are often equal: each says what it counts, so equal numbers do not read as a repeat. */}
            <StatCard testId="stat-open_tasks" label={t('dashboard.stats.open_tasks')} count={s.open_tasks.count} href={statLinkHref(locale, s.open_tasks.link)} detail={t('dashboard.stats.open_tasks_explained')} />
            <StatCard testId="stat-in_port" label={t('dashboard.stats.in_port')} count={s.in_port.count} href={statLinkHref(locale, s.in_port.link)} />
            <StatCard
              testId="stat-unread_messages"
              label={t('dashboard.stats.unread_messages')}
              count={s.unread_messages.count}
              href={statLinkHref(locale, s.unread_messages.link)}
              detail={t('dashboard.stats.unread_detail', { count: s.unread_messages.portcalls })}
            />
            <StatCard
              testId="stat-without_accepted_time_48h"
              tone="attention"
              label={t('dashboard.stats.without_accepted_time_48h')}
              count={s.without_accepted_time_48h.count}
              href={statLinkHref(locale, s.without_accepted_time_48h.link)}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('dashboard.stats.next_72h')}
            </Text>
            <Group gap="xs" data-testid="stat-next_72h">
              {s.next_72h_by_status.map((entry) => (
                <Badge
                  key={entry.status}
                  component={Link}
                  to={statLinkHref(locale, entry.link)}
                  variant={entry.count > 0 ? 'light' : 'outline'}
                  color={entry.count > 0 ? 'harbor' : 'gray'}
                  size="lg"
                  radius="sm"
                  style={{ cursor: 'pointer', textTransform: 'none' }}
                  data-testid={`stat-status-${entry.status}`}
                >
                  {t(statusKey(entry.status))}: {entry.count}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Stack>
      )}
    </WidgetFrame>
  );
}
