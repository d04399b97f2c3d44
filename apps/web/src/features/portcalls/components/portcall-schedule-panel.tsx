// The schedule-sync part of a port call's details: its voyage, whether the schedule may move it, and the proposals waiting.
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_PROVIDER_NAMES, isScheduleProvider, type TLocale, type TPortcall, type TScheduleProposal, type TScheduleSyncState } from '@quayline/domain';
import { SectionCard } from '@/components/ui/section-card';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { formatDuration } from '@/lib/number-format';
import type { TFunction } from 'i18next';
import { useScheduleProposals } from '../api/get-schedule-proposals';
import { useResolveScheduleProposal } from '../api/resolve-schedule-proposal';
import { useUpdateScheduleSync } from '../api/update-schedule-sync';
import { timeKey } from '@/entities/portcall/enum-labels';

type TProps = { portcall: TPortcall; timeZone: string };

/** The call's sync state as the server states it; a call of a voyage without one is read from its flag. */
function syncStateOf(portcall: TPortcall): TScheduleSyncState | null {
  if (portcall.schedule_sync_state) return portcall.schedule_sync_state;
  if (portcall.voyage_id === null) return null;
  return portcall.schedule_syncable ? 'schedule_syncable' : 'schedule_syncable_inactive';
}

/** A signed duration: + later, − earlier than the call's time today. */
function differenceText(minutes: number, t: TFunction, locale: TLocale): string {
  return `${minutes < 0 ? '−' : '+'}${formatDuration(minutes, t, locale)}`;
}

function ProposalItem({ proposal, portcall, timeZone }: { proposal: TScheduleProposal; portcall: TPortcall; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const mutation = useResolveScheduleProposal();
  const decide = (decision: 'apply' | 'dismiss') => mutation.mutate({ proposalId: proposal.id, portcallId: portcall.id, decision, version: portcall.version });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="schedule-proposal" data-proposal-id={proposal.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t(timeKey(proposal.time))}
          </Text>
          <Badge size="sm" variant="light" color="blue" data-testid="schedule-proposal-source">
            {isScheduleProvider(proposal.source) ? SCHEDULE_PROVIDER_NAMES[proposal.source] : t(`voyageCenter.sources.${proposal.source}`)}
          </Badge>
        </Group>
        <Text size="sm" data-testid="schedule-proposal-times">
          <Text span c="dimmed">{t('voyageCenter.schedulePanel.current')}: </Text>
          {formatZonedDateTime(proposal.current_time, timeZone, locale)}
          <Text span c="dimmed"> · {t('voyageCenter.schedulePanel.proposed')}: </Text>
          <Text span fw={600}>{formatZonedDateTime(proposal.proposed_time, timeZone, locale)}</Text>
        </Text>
        <Text size="sm" c={proposal.difference_minutes > 0 ? 'orange.8' : 'teal.8'} data-testid="schedule-proposal-difference">
          {t('voyageCenter.schedulePanel.difference', { difference: differenceText(proposal.difference_minutes, t, locale) })}
        </Text>
        {mutation.isError && (
          <Text size="sm" c="red.8" role="alert">
            {isApiError(mutation.error) && mutation.error.code === 'CONFLICT' ? t('voyageCenter.schedulePanel.stale') : errorText(mutation.error)}
          </Text>
        )}
        <Group gap="xs">
          <Button size="compact-sm" onClick={() => decide('apply')} loading={mutation.isPending && mutation.variables.decision === 'apply'} disabled={mutation.isPending} data-testid="schedule-proposal-apply">
            {t('voyageCenter.schedulePanel.apply')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => decide('dismiss')} loading={mutation.isPending && mutation.variables.decision === 'dismiss'} disabled={mutation.isPending} data-testid="schedule-proposal-dismiss">
            {t('voyageCenter.schedulePanel.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function PortcallSchedulePanel({ portcall, timeZone }: TProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const syncState = syncStateOf(portcall);
  const hasVoyage = portcall.voyage_id !== null;
  const proposals = useScheduleProposals(portcall.id, hasVoyage);
  const syncMutation = useUpdateScheduleSync();
  if (!hasVoyage) return null;
  const isActive = syncState === 'schedule_syncable';
  const open = (proposals.data ?? []).filter((proposal) => proposal.status === 'open');
  const isCancelled = portcall.status === 'Cancelled';

  return (
    <SectionCard
      id="portcall-schedule-title"
      title={t('voyageCenter.schedulePanel.title')}
      icon={<IconRoute size={20} />}
      testId="portcall-schedule-panel"
    >
      {/* The toggle sits with the voyage rather than in the title row, where a phone cuts its label off. */}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('voyageCenter.schedulePanel.voyage')}:
          </Text>
          <Anchor component={Link} to={`/${locale}/voyage-center/voyages/edit?id=${portcall.voyage_id}`} size="sm" fw={600} data-testid="schedule-voyage-link">
            {portcall.voyage_name ?? t('voyageCenter.schedulePanel.voyage_fallback', { id: portcall.voyage_id })}
          </Anchor>
          {syncState && (
            <Badge size="sm" variant="light" color={isActive ? 'teal' : 'orange'} data-testid="schedule-sync-state" data-state={syncState}>
              {t(`voyageCenter.sync_states.${syncState}`)}
            </Badge>
          )}
        </Group>
        {!isCancelled && (
          <Button
            size="compact-sm"
            variant={isActive ? 'default' : 'light'}
            leftSection={isActive ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
            loading={syncMutation.isPending}
            onClick={() => syncMutation.mutate({ id: portcall.id, request: { version: portcall.version, active: !isActive } })}
            data-testid="schedule-sync-toggle"
          >
            {isActive ? t('voyageCenter.schedulePanel.stop_sync') : t('voyageCenter.schedulePanel.resume_sync')}
          </Button>
        )}
      </Group>
      {syncMutation.isError && (
        <Alert color="orange" variant="light" role="alert" data-testid="schedule-sync-error">
          {isApiError(syncMutation.error) && syncMutation.error.code === 'CONFLICT' ? t('voyageCenter.schedulePanel.stale') : errorText(syncMutation.error)}
        </Alert>
      )}
      {proposals.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {t('voyageCenter.schedulePanel.proposals_failed')}
        </Text>
      ) : open.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="schedule-proposals-none">
          {proposals.isPending ? '' : t('voyageCenter.schedulePanel.no_proposals')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="schedule-proposals">
          <Text size="sm" fw={600}>
            {t('voyageCenter.schedulePanel.open_proposals', { count: open.length })}
          </Text>
          {open.map((proposal) => (
            <ProposalItem key={proposal.id} proposal={proposal} portcall={portcall} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
