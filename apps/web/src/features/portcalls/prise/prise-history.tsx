// The notice's history, newest first: what happened, when, and who (the port authority, a person, or one for another).
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPriseHistoryEntry } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { historyEventKey } from './prise-labels';

const EVENT_COLOURS: Record<TPriseHistoryEntry['event'], string> = {
  submitted: 'blue',
  approved: 'green',
  partially_approved: 'green',
  rejected: 'red',
  reopened: 'orange',
  edited: 'gray',
};

export function PriseHistory({ history, timeZone }: { history: TPriseHistoryEntry[]; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (history.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="prise-history-empty">
        {t('portcalls.prise.history_empty')}
      </Text>
    );
  }
  const whoOf = (entry: TPriseHistoryEntry): string => {
    if (entry.creator_type === 'automated') return t('portcalls.prise.by_port_authority');
    const actor = entry.by ?? t('notifications.someone');
    return entry.acting_for ? t('portcalls.prise.acting_for', { actor, person: entry.acting_for }) : actor;
  };
  const sorted = [...history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <Stack gap={6} data-testid="prise-history">
      {sorted.map((entry, i) => (
        <Stack key={`${entry.at}-${i}`} gap={2} data-testid="prise-history-entry" data-event={entry.event}>
          <Group gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatZonedDateTime(entry.at, timeZone, locale)}
            </Text>
            <Badge size="xs" variant="light" radius="sm" color={EVENT_COLOURS[entry.event]}>
              {t(historyEventKey(entry.event))}
            </Badge>
            <Text size="sm" data-testid="prise-history-who">
              {whoOf(entry)}
            </Text>
          </Group>
          {(entry.message || entry.code || entry.changed?.length) && (
            <Text size="xs" c="dimmed" pl="xs">
              {[
                entry.message,
                entry.code ? t('portcalls.prise.answer_code', { code: entry.code }) : null,
                entry.changed?.length ? t('portcalls.prise.reopened_changed', { fields: entry.changed.map((c) => t(`portcalls.prise.changed.${c}`)).join(', ') }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
