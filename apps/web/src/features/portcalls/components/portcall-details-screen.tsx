// /portcall-planner/details?id=N (portcall_planner_view): the whole port call, its negotiation, history and audit trail.
import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconFileUnknown, IconPencil } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE } from '@quayline/domain';
import { EmptyState } from '@/components/ui/empty-state';
import { PinButton } from '@/components/pin-button';
import { PageHeader } from '@/components/ui/page-header';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useCan } from '@/lib/permissions';
import { useTerminal } from '@/lib/terminals';
import { usePortcall } from '../api/get-portcall';
import { usePortcallTimestamps } from '../api/get-portcall-timestamps';
import { useLivePortcalls } from '../hooks/use-live-portcalls';
import { useParty } from '../hooks/use-party';
import { portcallIdOf } from '../utils/portcall-id';
import { NegotiationPanel } from './negotiation-panel';
import { PortcallAuditTrail } from './portcall-audit-trail';
import { OpenTaskBadge, StatusBadge } from '@/entities/portcall/portcall-badges';
import { PortcallHistory } from './portcall-history';
import { PortcallJitTimeline } from './portcall-jit-timeline';
import { PortcallSchedulePanel } from './portcall-schedule-panel';
import { AisDetectionsPanel } from './ais-detections-panel';
import { PlausibilityAlert } from './plausibility-alert';
import { PortcallSummary } from './portcall-summary';
import { PriseStatusBadge } from '../prise/prise-badges';
import { PrisePanel } from '../prise/prise-panel';

export function PortcallNotFound() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={0}>
      <PageHeader title={t('navigation.portcall_details')} />
      <EmptyState icon={<IconFileUnknown size={32} stroke={1.5} />} title={t('portcalls.details.not_found_title')} description={t('portcalls.details.not_found_description')} testId="portcall-not-found">
        <Anchor component={Link} to={`/${locale}/portcall-planner`}>
          {t('portcalls.details.back_to_list')}
        </Anchor>
      </EmptyState>
    </Stack>
  );
}

export function PortcallDetailsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const id = portcallIdOf(params.get('id'));
  const portcallQuery = usePortcall(id);
  const chainQuery = usePortcallTimestamps(id);
  const who = useParty();
  const can = useCan();
  const portcall = portcallQuery.data;
  const terminalQuery = useTerminal(portcall?.terminal_id ?? null);
  useLivePortcalls();

  if (id === null || (isApiError(portcallQuery.error) && portcallQuery.error.httpStatus === 404)) return <PortcallNotFound />;
  if (portcallQuery.isError) {
    return (
      <Stack gap="md">
        <PageHeader title={t('navigation.portcall_details')} />
        <Text role="alert">{errorText(portcallQuery.error)}</Text>
        <Button variant="light" onClick={() => void portcallQuery.refetch()} w="fit-content">
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  // Times are shown in the terminal's zone, so the screen waits for the terminal (or its failure) before showing any.
  if (!portcall || !who || terminalQuery.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
      </Group>
    );
  }
  const timeZone = terminalQuery.data?.time_zone ?? DEFAULT_TIMEZONE;
  const isCancelled = portcall.status === 'Cancelled';

  return (
    <Stack gap="md" data-testid="screen-portcall_planner_view" data-portcall-id={portcall.id} data-version={portcall.version}>
      <PageHeader
        title={portcall.vessel_name}
        description={t('portcalls.details.subtitle', { imo: portcall.imo_number, terminal: portcall.terminal_name })}
        actions={
          <Group gap="sm">
            <Button component={Link} to={`/${locale}/portcall-planner`} variant="default" leftSection={<IconArrowLeft size={18} />} data-testid="portcall-back">
              {t('portcalls.details.back_to_list')}
            </Button>
            <PinButton portcallId={portcall.id} vesselName={portcall.vessel_name} />
            {!isCancelled && (
              <Button component={Link} to={`/${locale}/portcall-planner/portcall/edit?id=${portcall.id}`} leftSection={<IconPencil size={18} />} data-testid="portcall-edit">
                {t('portcalls.details.edit')}
              </Button>
            )}
          </Group>
        }
      />
      <Group gap="xs" mt={-8}>
        <StatusBadge status={portcall.status} />
        {portcall.prise_status && <PriseStatusBadge status={portcall.prise_status} />}
        {portcall.is_open_task && <OpenTaskBadge />}
      </Group>
      <PlausibilityAlert portcall={portcall} timeZone={timeZone} />
      <NegotiationPanel portcall={portcall} chain={chainQuery.data} party={who.party} timeZone={timeZone} />
      <PortcallSchedulePanel portcall={portcall} timeZone={timeZone} />
      <PrisePanel portcall={portcall} timeZone={timeZone} />
      <AisDetectionsPanel portcall={portcall} timeZone={timeZone} isTerminal={can('decide_ais_detections')} />
      <PortcallSummary portcall={portcall} terminal={terminalQuery.data} timeZone={timeZone} />
      <PortcallJitTimeline portcallId={portcall.id} timeZone={timeZone} />
      <PortcallHistory chain={chainQuery.data} timeZone={timeZone} terminalId={portcall.terminal_id} />
      <PortcallAuditTrail portcall={portcall} timeZone={timeZone} />
    </Stack>
  );
}
