// The daily digest as it would go out now (GET /daily_task_summary), under the mail settings.
import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { useDailyTaskSummary } from '../api/get-daily-task-summary';

/** The preview shows the first calls of each group; the mail lists them all. */
const PREVIEW_CALLS_PER_GROUP = 8;

export function DigestPreview() {
  const { t } = useTranslation();
  const locale = useLocale();
  const summary = useDailyTaskSummary();

  return (
    <Stack gap="xs" data-testid="settings-email-preview">
      <Title order={5}>{t('settings.email.preview_title')}</Title>
      {summary.isPending ? <Loader size="sm" /> : null}
      {summary.isError ? <Text c="red" size="sm">{t('settings.email.preview_failed')}</Text> : null}
      {summary.data && summary.data.counts.total === 0 ? <Text size="sm" c="dimmed">{t('settings.email.preview_empty')}</Text> : null}
      {summary.data && summary.data.counts.total > 0 ? (
        <>
          <Text size="sm">{t('settings.email.preview_intro', { count: summary.data.counts.total, date: summary.data.local_date })}</Text>
          {summary.data.groups
            .filter((g) => g.count > 0)
            .map((g) => (
              <Stack key={g.group} gap={4}>
                <Text size="sm" fw={600}>{`${t(g.group === 'upcoming' ? 'settings.email.preview_upcoming' : 'settings.email.preview_departed')} (${g.count})`}</Text>
                {g.calls.slice(0, PREVIEW_CALLS_PER_GROUP).map((c) => (
                  <Text key={c.portcall_id} size="sm" data-testid="settings-email-preview-call">
                    <Anchor component={Link} to={`/${locale}/portcall-planner/details?id=${c.portcall_id}`} fw={600}>
                      {c.vessel_name}
                    </Anchor>
                    {` · ${c.terminal_name} · ${t('settings.email.preview_arrival', { time: c.berth_arrival_local, zone: c.terminal_time_zone })} · ${c.reasons.map((r) => t(`tasks.reasons.${r}`)).join(', ')}`}
                  </Text>
                ))}
                {g.calls.length > PREVIEW_CALLS_PER_GROUP && (
                  <Text size="sm" c="dimmed" data-testid="settings-email-preview-more">
                    {t('settings.email.preview_more', { count: g.calls.length - PREVIEW_CALLS_PER_GROUP })}
                  </Text>
                )}
              </Stack>
            ))}
        </>
      ) : null}
    </Stack>
  );
}
