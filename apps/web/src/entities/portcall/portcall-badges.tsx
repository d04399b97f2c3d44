// Small coloured markers: the port-call status, a time's label with its change label, and the open-task flag.
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TChangeLabel, TPortcallStatus, TTimeLabel } from '@quayline/domain';
import { changeLabelHintKey, changeLabelKey, STATUS_COLOURS, statusKey, TIME_LABEL_COLOURS, timeLabelKey } from './enum-labels';

export function StatusBadge({ status }: { status: TPortcallStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" radius="sm" miw="max-content" data-testid="status-badge" data-status={status}>
      {t(statusKey(status))}
    </Badge>
  );
}

export function TimeLabelBadge({ label, change, testId }: { label: TTimeLabel | null; change?: TChangeLabel | null; testId?: string }) {
  const { t } = useTranslation();
  if (!label) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid={testId}>
      <Badge color={TIME_LABEL_COLOURS[label]} variant="dot" radius="sm" size="sm" miw="max-content" data-label={label}>
        {t(timeLabelKey(label))}
      </Badge>
      {change && (
        <Tooltip label={t(changeLabelHintKey(change))} multiline maw={280}>
          <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-change-label={change}>
            {t(changeLabelKey(change))}
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}

/** The call waits for the user's side on at least one time (is_open_task). */
export function OpenTaskBadge() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('portcalls.open_task_hint')}>
      <Badge color="orange" variant="filled" radius="sm" size="sm" miw="max-content" leftSection={<IconBellRinging size={12} stroke={2} />} data-testid="open-task-badge">
        {t('portcalls.open_task')}
      </Badge>
    </Tooltip>
  );
}
