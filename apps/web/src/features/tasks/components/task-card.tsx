// One task: the vessel with its status, the berth window in the terminal's zone, why it waits, and a way to the details.
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TLocale } from '@quayline/domain';
import { formatZonedDateTime } from '@/lib/zoned-time';
import type { TTask } from '../api/get-tasks';
import { useVesselTypeText } from '@/entities/portcall/use-vessel-type-text';
import { STATUS_COLOURS, statusKey } from '@/entities/portcall/enum-labels';
import { REASON_COLOURS, reasonKey } from '../utils/task-labels';

type TTaskCardProps = { task: TTask; timeZone: string; locale: TLocale };

export function TaskCard({ task: { portcall, reasons }, timeZone, locale }: TTaskCardProps) {
  const { t } = useTranslation();
  const detailsPath = `/${locale}/portcall-planner/details?id=${portcall.id}`;
  const vesselTypeText = useVesselTypeText();
  return (
    <Paper withBorder radius="md" p="md" data-testid="task-card" data-portcall-id={portcall.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={detailsPath} fw={650} c="navy.9" size="md" style={{ overflowWrap: 'anywhere' }} data-testid="task-vessel">
              {portcall.vessel_name}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('tasks.vessel_meta', { imo: portcall.imo_number, type: vesselTypeText(portcall.vessel_type), terminal: portcall.terminal_name })}
            </Text>
          </Stack>
          <Badge color={STATUS_COLOURS[portcall.status]} variant="light" radius="sm" miw="max-content" data-testid="task-status">
            {t(statusKey(portcall.status))}
          </Badge>
        </Group>

        <Group gap="xl" style={{ rowGap: 4 }}>
          <div>
            <Text size="xs" c="dimmed">
              {t('tasks.berth_arrival')}
            </Text>
            <Text size="sm" fw={500} data-testid="task-arrival">
              {formatZonedDateTime(portcall.berth_arrival, timeZone, locale)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('tasks.berth_departure')}
            </Text>
            <Text size="sm" fw={500} data-testid="task-departure">
              {formatZonedDateTime(portcall.berth_departure, timeZone, locale)}
            </Text>
          </div>
        </Group>

        <Group align="flex-end" gap="xs">
          <Group gap={6} aria-label={t('tasks.reasons_label')} role="list">
            {reasons.length === 0 ? (
              <Badge color="teal" variant="light" radius="sm" leftSection={<IconCircleCheck size={12} />} role="listitem" data-testid="task-reason" data-reason="handled">
                {t('tasks.handled')}
              </Badge>
            ) : (
              reasons.map((reason) => (
                <Badge key={reason} color={REASON_COLOURS[reason]} variant="light" radius="sm" tt="none" role="listitem" data-testid="task-reason" data-reason={reason}>
                  {t(reasonKey(reason))}
                </Badge>
              ))
            )}
          </Group>
          <Button
            component={Link}
            to={detailsPath}
            variant="light"
            size="compact-sm"
            ml="auto"
            rightSection={<IconArrowRight size={14} />}
            data-testid="task-open-details"
          >
            {/* Named "Details, VESSEL": the visible word first, so it is part of the name in every language. */}
            {t('tasks.open_details')}
            <span className="visually-hidden">{`, ${portcall.vessel_name}`}</span>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
