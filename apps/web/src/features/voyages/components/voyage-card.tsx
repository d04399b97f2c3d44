// One voyage of the list: service, vessel, operator, voyage numbers, source and sync state, its schedule and our terminal's calls.
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TVoyage, TVoyagePortcall } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { statusKey } from '@/entities/portcall/enum-labels';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { SOURCE_COLOURS, sourceLabel, SYNC_STATE_COLOURS, syncStateKey } from '../utils/labels';
import { VoyageTimeline } from './voyage-timeline';

function PortcallLine({ portcall, timeZone }: { portcall: TVoyagePortcall; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const labelOf = (state: TVoyagePortcall['berth_arrival_state']) => (state.label ? t(`portcalls.time_labels.${state.label}`) : '');
  return (
    <Group gap="xs" data-testid="voyage-portcall" wrap="wrap">
      <Anchor component={Link} to={`/${locale}/portcall-planner/details?id=${portcall.id}`} size="sm" fw={600} data-testid="voyage-portcall-link">
        {t('voyageCenter.voyages.portcall', { id: portcall.id })}
      </Anchor>
      <Badge size="sm" variant="light" color="navy">
        {t(statusKey(portcall.status))}
      </Badge>
      <Text size="sm" data-testid="voyage-portcall-arrival">
        <Text span c="dimmed">{t('voyageCenter.voyages.berth_arrival')} </Text>
        {formatZonedDateTime(portcall.berth_arrival, timeZone, locale)}
        {portcall.berth_arrival_state.label && <Text span c="dimmed"> ({labelOf(portcall.berth_arrival_state)})</Text>}
      </Text>
      <Text size="sm" data-testid="voyage-portcall-departure">
        <Text span c="dimmed">{t('voyageCenter.voyages.berth_departure')} </Text>
        {formatZonedDateTime(portcall.berth_departure, timeZone, locale)}
        {portcall.berth_departure_state.label && <Text span c="dimmed"> ({labelOf(portcall.berth_departure_state)})</Text>}
      </Text>
      {portcall.open_schedule_proposals > 0 && (
        <Badge size="sm" color="orange" variant="filled" data-testid="voyage-portcall-proposals">
          {t('voyageCenter.voyages.open_proposals', { count: portcall.open_schedule_proposals })}
        </Badge>
      )}
    </Group>
  );
}

export function VoyageCard({ voyage, timeZone }: { voyage: TVoyage; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const syncState = voyage.schedule_syncable ? 'schedule_syncable' : 'schedule_syncable_inactive';
  const proposals = voyage.portcalls.reduce((sum, call) => sum + call.open_schedule_proposals, 0);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="voyage-card" data-voyage-id={voyage.id} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        {/* The edit button keeps its corner however long the vessel's name is. */}
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={700} c="navy.9" data-testid="voyage-service">
              {voyage.service_name}
              {voyage.service_code ? ` (${voyage.service_code})` : ''}
            </Text>
            <Text size="sm" data-testid="voyage-vessel">
              {voyage.vessel_name} · IMO{'\u00a0'}{voyage.imo_number}
            </Text>
            <Text size="sm" c="dimmed" data-testid="voyage-operator">
              {voyage.vessel_operator}
            </Text>
          </Stack>
          <Button component={Link} to={`/${locale}/voyage-center/voyages/edit?id=${voyage.id}`} size="compact-sm" variant="light" leftSection={<IconPencil size={14} />} style={{ flexShrink: 0 }} data-testid="voyage-edit">
            {t('voyageCenter.voyages.edit')}
          </Button>
        </Group>
        <Group gap="xs">
          <Text size="sm" data-testid="voyage-numbers">
            <Text span c="dimmed">{t('voyageCenter.voyages.voyage_numbers')}: </Text>
            {voyage.voyage_number_import}
            {voyage.voyage_number_export ? ` / ${voyage.voyage_number_export}` : ''}
          </Text>
          <Badge size="sm" variant="light" color={SOURCE_COLOURS[voyage.source]} data-testid="voyage-source">
            {sourceLabel(t, voyage.source)}
          </Badge>
          <Badge size="sm" variant="light" color={SYNC_STATE_COLOURS[syncState]} data-testid="voyage-sync">
            {t(syncStateKey(syncState))}
          </Badge>
          {proposals > 0 && (
            <Badge size="sm" variant="filled" color="orange" data-testid="voyage-proposals">
              {t('voyageCenter.voyages.open_proposals', { count: proposals })}
            </Badge>
          )}
        </Group>
        {voyage.schedule.length > 0 && <VoyageTimeline schedule={voyage.schedule} portcalls={voyage.portcalls} timeZone={timeZone} testId="voyage-timeline" />}
        {voyage.portcalls.length > 0 && (
          <Stack gap={4}>
            {voyage.portcalls.map((portcall) => (
              <PortcallLine key={portcall.id} portcall={portcall} timeZone={timeZone} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
