// One schedule provider of the terminal: fetch status, "Fetch now" with the run's result, and its settings (terminal operators only).
import { useState } from 'react';
import { Alert, Badge, Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudDownload, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_PROVIDER_NAMES, type TScheduleProvider, type TScheduleProviderKind, type TSyncRun } from '@quayline/domain';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useFetchVoyages } from '../api/fetch-voyages';
import { ChangeCounts } from './change-counts';
import { ProviderSettingsForm } from './provider-settings-form';

type TProviderCardProps = { kind: TScheduleProviderKind; provider: TScheduleProvider | null; terminalId: number; timeZone: string };

export function ProviderCard({ kind, provider, terminalId, timeZone }: TProviderCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const fetchMutation = useFetchVoyages();
  const [runs, setRuns] = useState<TSyncRun[] | null>(null);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const at = (iso: string | null) => (iso ? formatZonedDateTime(iso, timeZone, locale) : t('voyageCenter.providers.never'));
  const testId = `provider-${kind}`;

  const fetchNow = () => {
    setRuns(null);
    fetchMutation.mutate({ terminal_id: terminalId, provider: kind }, { onSuccess: setRuns });
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {SCHEDULE_PROVIDER_NAMES[kind]}
          </Title>
          <Badge color={provider?.is_enabled ? 'teal' : 'gray'} variant="light" data-testid={`${testId}-enabled`}>
            {provider ? (provider.is_enabled ? t('voyageCenter.providers.enabled') : t('voyageCenter.providers.disabled')) : t('voyageCenter.providers.not_configured')}
          </Badge>
        </Group>
        {/* One column: the card is half the section wide, and two columns broke German dates from their times. */}
        {provider && (
          <Stack gap={4}>
            <Text size="sm">
              <Text span c="dimmed">{t('voyageCenter.providers.last_success')}: </Text>
              <span data-testid={`${testId}-last-success`}>{at(provider.last_success_at)}</span>
            </Text>
            <Text size="sm">
              <Text span c="dimmed">{t('voyageCenter.providers.last_attempt')}: </Text>
              <span data-testid={`${testId}-last-attempt`}>{at(provider.last_attempt_at)}</span>
            </Text>
            <Text size="sm">
              <Text span c="dimmed">{t('voyageCenter.providers.failures')}: </Text>
              <span data-testid={`${testId}-failures`}>{provider.consecutive_failures}</span>
            </Text>
            <Text size="sm">
              <Text span c="dimmed">{t('voyageCenter.providers.next_attempt')}: </Text>
              <span data-testid={`${testId}-next-attempt`}>{provider.next_attempt_at ? at(provider.next_attempt_at) : '–'}</span>
            </Text>
          </Stack>
        )}
        {provider?.last_error && (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }} data-testid={`${testId}-last-error`}>
            {t('voyageCenter.providers.last_error')}: {provider.last_error}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="sm"
            leftSection={<IconCloudDownload size={16} />}
            onClick={fetchNow}
            loading={fetchMutation.isPending}
            disabled={!provider?.is_enabled}
            data-testid={`${testId}-fetch`}
          >
            {t('voyageCenter.providers.fetch_now')}
          </Button>
          <Button size="sm" variant="default" leftSection={<IconSettings size={16} />} onClick={() => setSettingsOpen((open) => !open)} aria-expanded={isSettingsOpen} data-testid={`${testId}-settings-toggle`}>
            {t('voyageCenter.providers.settings')}
          </Button>
        </Group>
        {fetchMutation.isError && (
          <Alert color="red" variant="light" role="alert" data-testid={`${testId}-fetch-error`}>
            {t('voyageCenter.providers.fetch_failed')} {fetchMutation.error.message && fetchMutation.error.message !== 'HTTP' ? fetchMutation.error.message : errorText(fetchMutation.error)}
          </Alert>
        )}
        {runs?.map((run) => (
          <Alert key={run.id} color={run.outcome === 'failed' ? 'red' : 'teal'} variant="light" data-testid={`${testId}-fetch-result`}>
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {run.outcome === 'failed' ? t('voyageCenter.providers.run_failed', { error: run.error ?? '' }) : t('voyageCenter.providers.run_done', { count: run.changes.length })}
              </Text>
              <ChangeCounts changes={run.changes} testId={`${testId}-fetch-counts`} />
            </Stack>
          </Alert>
        ))}
        <Collapse in={isSettingsOpen}>
          {isSettingsOpen && <ProviderSettingsForm kind={kind} provider={provider} terminalId={terminalId} onSaved={() => setSettingsOpen(false)} />}
        </Collapse>
      </Stack>
    </Paper>
  );
}
