// "AIS detected times": what AIS saw for this call; terminal operators apply or dismiss the proposed ones.
import { useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconBroadcast, IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZPortcall, type TAisDetection, type TPortcall } from '@quayline/domain';
import { ConflictNotice, type TConflictRow } from '@/components/ui/conflict-notice';
import { SectionCard } from '@/components/ui/section-card';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useAisDetections, useDecideAisDetection, type TDetectionDecision } from '../api/ais-detections';
import { portcallKeys } from '../api/query-keys';
import { statusKey } from '@/entities/portcall/enum-labels';

const DETECTION_STATUS_COLOURS: Record<TAisDetection['status'], string> = { applied: 'teal', proposed: 'blue', dismissed: 'gray', kept_manual: 'orange' };
const TIME_FIELDS: Record<TAisDetection['time_type'], 'pilot_boarding_place_arrival' | 'berth_arrival' | 'berth_departure'> = {
  pilot_boarding_place_arrival: 'pilot_boarding_place_arrival',
  berth_arrival: 'berth_arrival',
  berth_departure: 'berth_departure',
};

type TPanelProps = { portcall: TPortcall; timeZone: string; isTerminal: boolean };

export function AisDetectionsPanel({ portcall, timeZone, isTerminal }: TPanelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const detections = useAisDetections(portcall.id);
  const decide = useDecideAisDetection(portcall.id);
  const [conflict, setConflict] = useState<{ theirs: TPortcall; timeType: TAisDetection['time_type'] } | null>(null);
  const when = (iso: string | null) => formatZonedDateTime(iso, timeZone, locale);

  if (!detections.data || detections.data.length === 0) return null;

  const onDecide = (detection: TAisDetection, decision: TDetectionDecision) => {
    setConflict(null);
    decide.mutate(
      { detectionId: detection.id, decision, version: portcall.version },
      {
        onError: (error) => {
          if (!isApiError(error) || error.httpStatus !== 409) return;
          const theirs = ZPortcall.safeParse(error.current);
          if (theirs.success) setConflict({ theirs: theirs.data, timeType: detection.time_type });
        },
      },
    );
  };

  const conflictRows = (theirs: TPortcall, timeType: TAisDetection['time_type']): TConflictRow[] => [
    { field: 'status', label: t('portcalls.list.status'), theirs: t(statusKey(theirs.status)) },
    { field: timeType, label: t(`portcalls.ais_detections.time_types.${timeType}`), theirs: when(theirs[TIME_FIELDS[timeType]]) },
  ];

  const loadLatest = () => {
    if (conflict) queryClient.setQueryData(portcallKeys.detail(portcall.id), conflict.theirs);
    setConflict(null);
    void detections.refetch();
  };

  const failure = decide.error && !(isApiError(decide.error) && decide.error.httpStatus === 409) ? errorText(decide.error) : null;

  return (
    <SectionCard id="ais-detections" title={t('portcalls.ais_detections.title')} icon={<IconBroadcast size={22} stroke={1.6} color="var(--mantine-color-harbor-7)" />} testId="ais-detections">
      {conflict && <ConflictNotice rows={conflictRows(conflict.theirs, conflict.timeType)} onLoadLatest={loadLatest} testId="ais-detection-conflict" />}
      {failure && (
        <Text role="alert" c="red.7" size="sm">
          {failure}
        </Text>
      )}
      <Table.ScrollContainer minWidth={480} type="native">
        <Table verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('portcalls.ais_detections.time_type')}</Table.Th>
              <Table.Th>{t('portcalls.ais_detections.detected_time')}</Table.Th>
              <Table.Th>{t('portcalls.ais_detections.status')}</Table.Th>
              {isTerminal && <Table.Th>{t('portcalls.ais_detections.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detections.data.map((d) => (
              <Table.Tr key={d.id} data-testid="ais-detection" data-status={d.status}>
                <Table.Td>{t(`portcalls.ais_detections.time_types.${d.time_type}`)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(d.date_time)}</Table.Td>
                <Table.Td>
                  <Badge color={DETECTION_STATUS_COLOURS[d.status]} variant="light" radius="sm" size="sm">
                    {t(`portcalls.ais_detections.statuses.${d.status}`)}
                  </Badge>
                </Table.Td>
                {isTerminal && (
                  <Table.Td>
                    {d.status === 'proposed' && (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => onDecide(d, 'apply')} loading={decide.isPending && decide.variables?.detectionId === d.id && decide.variables.decision === 'apply'} disabled={decide.isPending} data-testid="ais-detection-apply">
                          {t('portcalls.ais_detections.apply')}
                        </Button>
                        <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={() => onDecide(d, 'dismiss')} loading={decide.isPending && decide.variables?.detectionId === d.id && decide.variables.decision === 'dismiss'} disabled={decide.isPending} data-testid="ais-detection-dismiss">
                          {t('portcalls.ais_detections.dismiss')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        {t('portcalls.times_in_zone', { zone: timeZone })}
      </Text>
    </SectionCard>
  );
}
